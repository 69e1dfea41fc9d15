/**
 * What the reference service received, kept in files under its data folder so a restart loses
 * nothing:
 *
 * - `uploads.ndjson`: one line per accepted POST /logs request (sequence, time, content type,
 *   size, and the decoded body);
 * - `offers.json`: every player's offers, `first_opened_at` included, and the first-open updates
 *   received per offer.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface StoredUpload {
  readonly seq: number;
  /** True when the 200 for it did not fully reach the client (its records may come again). */
  unseen?: boolean;
  readonly received_at: string;
  readonly content_type: string;
  readonly bytes: number;
  readonly body: Record<string, Array<Record<string, unknown>>>;
}

export interface StoredOffer {
  offer_id: number;
  player_slug: string;
  offer: string;
  create_datetime: string;
  valid_until: string | number | null;
  valid_for: string | number | null;
  valid_open_count: string | number | null;
  first_opened_at: string | null;
  is_offer_active: number;
  /** Not sent to clients: how many first-open updates arrived for this offer. */
  first_open_updates: number;
}

interface OffersFile {
  next_offer_id: number;
  offers: StoredOffer[];
}

export class DataStore {
  private readonly uploadsPath: string;
  private readonly unseenPath: string;
  private readonly offersPath: string;
  private readonly uploadList: StoredUpload[] = [];
  /** Every first-open update that arrived (in memory only): what a test prints when one came twice. */
  readonly firstOpenArrivals: Array<{ offer_id: number; received_at: number; opened_at: string; remote_port: number | undefined }> = [];
  private offersFile: OffersFile = { next_offer_id: 1001, offers: [] };

  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true });
    this.uploadsPath = join(dir, 'uploads.ndjson');
    this.offersPath = join(dir, 'offers.json');
    this.unseenPath = join(dir, 'unseen-200s.ndjson');
    for (const line of readLines(this.uploadsPath)) this.uploadList.push(JSON.parse(line) as StoredUpload);
    if (existsSync(this.offersPath)) this.offersFile = JSON.parse(readFileSync(this.offersPath, 'utf8')) as OffersFile;
    for (const line of readLines(this.unseenPath)) {
      const upload = this.uploadList[(JSON.parse(line) as { seq: number }).seq - 1];
      if (upload) upload.unseen = true;
    }
  }

  get uploads(): readonly StoredUpload[] {
    return this.uploadList;
  }

  addUpload(upload: Omit<StoredUpload, 'seq' | 'received_at'>): StoredUpload {
    const stored: StoredUpload = { seq: this.uploadList.length + 1, received_at: new Date().toISOString(), ...upload };
    appendFileSync(this.uploadsPath, `${JSON.stringify(stored)}\n`);
    this.uploadList.push(stored);
    return stored;
  }

  /** Records that the 200 for upload `seq` never fully reached the client. */
  markUnseen(seq: number): void {
    const upload = this.uploadList[seq - 1];
    if (!upload || upload.unseen) return;
    upload.unseen = true;
    appendFileSync(this.unseenPath, `${JSON.stringify({ seq })}\n`);
  }

  offersOf(playerSlug: string): StoredOffer[] {
    return this.offersFile.offers.filter((o) => o.player_slug === playerSlug);
  }

  allOffers(): readonly StoredOffer[] {
    return this.offersFile.offers;
  }

  findOffer(offerId: number): StoredOffer | undefined {
    return this.offersFile.offers.find((o) => o.offer_id === offerId);
  }

  addOffers(make: (nextId: () => number) => StoredOffer[]): StoredOffer[] {
    const created = make(() => this.offersFile.next_offer_id++);
    this.offersFile.offers.push(...created);
    this.saveOffers();
    return created;
  }

  /** Persists a change made to an offer returned by this store. */
  saveOffers(): void {
    const tmp = `${this.offersPath}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.offersFile, null, 2));
    renameSync(tmp, this.offersPath);
  }
}

/**
 * The lines of an append-only `.ndjson` file (none when it does not exist). A last line without its
 * newline was cut by a crash in the middle of its append: its request was never answered (the
 * service answers after the append), so the client sends it again. It is cut off the file, so
 * that the next append starts on a line of its own.
 */
function readLines(path: string): string[] {
  if (!existsSync(path)) return [];
  const text = readFileSync(path, 'utf8');
  const end = text.lastIndexOf('\n') + 1;
  if (end < text.length) {
    console.warn(`${path}: dropped a line cut off by a crash (${text.length - end} bytes)`);
    truncateSync(path, Buffer.byteLength(text.slice(0, end)));
  }
  return text.slice(0, end).split('\n').filter((line) => line.trim());
}
