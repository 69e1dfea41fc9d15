/**
 * What the reference service received, kept in files under its data folder so a restart loses
 * nothing:
 *
 * - `uploads.ndjson`: one line per accepted POST /logs request (sequence, time, content type,
 *   size, and the decoded body);
 * - `offers.ndjson`: one line per change to the offers, a JSON array of the offers it created or
 *   changed, each in full (`first_opened_at` and the first-open updates received included); the
 *   last line that holds an offer has it as it is. A new player costs one line, whatever the
 *   number of players before. An `offers.json` of an older service (`{ next_offer_id, offers }`)
 *   is read once at start, written as one line, and removed.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
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

/** The first `offer_id` of a service that holds no offers. */
const FIRST_OFFER_ID = 1001;

export class DataStore {
  private readonly uploadsPath: string;
  private readonly unseenPath: string;
  private readonly offersPath: string;
  private readonly uploadList: StoredUpload[] = [];
  /** Every offer by `offer_id`, in the order they were created. */
  private readonly offers = new Map<number, StoredOffer>();
  private readonly offersByPlayer = new Map<string, StoredOffer[]>();
  private nextOfferId = FIRST_OFFER_ID;
  /** Every first-open update that arrived (in memory only): what a test prints when one came twice. */
  readonly firstOpenArrivals: Array<{ offer_id: number; received_at: number; opened_at: string; remote_port: number | undefined }> = [];

  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true });
    this.uploadsPath = join(dir, 'uploads.ndjson');
    this.offersPath = join(dir, 'offers.ndjson');
    this.unseenPath = join(dir, 'unseen-200s.ndjson');
    for (const line of readLines(this.uploadsPath)) this.uploadList.push(JSON.parse(line) as StoredUpload);
    migrateOffersJson(join(dir, 'offers.json'), this.offersPath);
    for (const line of readLines(this.offersPath)) for (const offer of JSON.parse(line) as StoredOffer[]) this.keep(offer);
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

  /** The offers of `playerSlug`, in the order they were created (the same array each time). */
  offersOf(playerSlug: string): readonly StoredOffer[] {
    return this.offersByPlayer.get(playerSlug) ?? [];
  }

  /** Every offer, in the order they were created. */
  allOffers(): readonly StoredOffer[] {
    return [...this.offers.values()];
  }

  findOffer(offerId: number): StoredOffer | undefined {
    return this.offers.get(offerId);
  }

  /** Creates the offers `make` returns (`nextId` numbers them) and appends them as one line. */
  addOffers(make: (nextId: () => number) => StoredOffer[]): StoredOffer[] {
    const created = make(() => this.nextOfferId++);
    appendFileSync(this.offersPath, `${JSON.stringify(created)}\n`);
    for (const offer of created) this.keep(offer);
    return created;
  }

  /** Persists a change made to `offer`, an offer returned by this store: one line. */
  saveOffer(offer: StoredOffer): void {
    appendFileSync(this.offersPath, `${JSON.stringify([offer])}\n`);
  }

  /** Holds `offer` as it is now (a later line replaces an earlier one of the same `offer_id`). */
  private keep(offer: StoredOffer): void {
    const before = this.offers.get(offer.offer_id);
    if (before) {
      Object.assign(before, offer);
      return;
    }
    this.offers.set(offer.offer_id, offer);
    const ofPlayer = this.offersByPlayer.get(offer.player_slug);
    if (ofPlayer) ofPlayer.push(offer);
    else this.offersByPlayer.set(offer.player_slug, [offer]);
    this.nextOfferId = Math.max(this.nextOfferId, offer.offer_id + 1);
  }
}

/**
 * Moves the offers of an older service's `offers.json` to `offers.ndjson`, one line, once: written
 * whole under another name and renamed (a crash leaves the old file or the new one, never a part),
 * then the old file removed. When both are there (a crash between the two steps), the new one holds it all.
 */
function migrateOffersJson(jsonPath: string, ndjsonPath: string): void {
  if (!existsSync(jsonPath)) return;
  if (!existsSync(ndjsonPath)) {
    const { offers } = JSON.parse(readFileSync(jsonPath, 'utf8')) as { offers: StoredOffer[] };
    const tmp = `${ndjsonPath}.tmp`;
    writeFileSync(tmp, offers.length > 0 ? `${JSON.stringify(offers)}\n` : '');
    renameSync(tmp, ndjsonPath);
  }
  rmSync(jsonPath);
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
