/**
 * The queue's caps and eviction: past `maxRecords` or `maxBytes`, or out of the browser's storage
 * quota, the oldest records are dropped (counted, and reported through `onDropped`), passing over
 * the records in a request right now.
 *
 * @module
 */
import { forget } from './counts.js';
import type { DropReason } from './options.js';
import type { QueueState } from './state.js';
import type { StoredEntry } from './types.js';

/** True for the browser's "storage is full" failure (QuotaExceededError, by name or legacy code 22). */
export function isQuotaError(error: unknown): boolean {
  const e = error as { name?: unknown; code?: unknown } | null;
  return e?.name === 'QuotaExceededError' || e?.code === 22;
}

/**
 * How many records and bytes the stored ones are over `maxRecords` and `maxBytes` (zero or less:
 * within them). The records in flight (`protected`) are about to leave: the caps count the others,
 * so the queue is over them by at most the batch on the wire, until its answer.
 */
export function overCaps(q: Pick<QueueState, 'stored' | 'storedBytes' | 'protected'>, maxRecords: number, maxBytes: number): [records: number, bytes: number] {
  let leaving = 0;
  for (const bytes of q.protected.values()) leaving += bytes;
  return [q.stored - q.protected.size - maxRecords, q.storedBytes - leaving - maxBytes];
}

/**
 * The entries of `oldest` (stored entries, in key order) to drop, passing over the keys in
 * `keep`, until `records` records and `bytes` bytes are dropped, `dropped` and `freed` being
 * dropped already. Returns them, and the bytes freed in all.
 */
export function pickOldest(
  oldest: readonly StoredEntry[],
  keep: Pick<ReadonlyMap<string, unknown>, 'has'>,
  [records, bytes]: readonly [records: number, bytes: number],
  dropped: number,
  freed: number,
): [take: StoredEntry[], freed: number] {
  const take: StoredEntry[] = [];
  for (const e of oldest) {
    if (dropped + take.length >= records && freed >= bytes) break;
    if (keep.has(e.key)) continue;
    take.push(e);
    freed += e.bytes ?? 0;
  }
  return [take, freed];
}

/** Drops the oldest records past `maxRecords` and `maxBytes`, in the tab that enforces them. */
export async function enforceCaps(q: QueueState): Promise<void> {
  const { maxRecords = Infinity, maxBytes = Infinity, enforcesCaps } = q.options;
  const [overRecords, overBytes] = overCaps(q, maxRecords, maxBytes);
  // Records in memory are this tab's alone (its storage failed): it keeps their caps itself.
  if ((enforcesCaps?.() !== false || q.storage.store.kind === 'memory') && (overRecords > 0 || overBytes > 0)) {
    await evict(q, Math.max(0, overRecords), Math.max(0, overBytes), 'queue-full');
  }
}

/**
 * Writes `entries` (`append`: new; `restore`: rescued, by their keys). Out of quota, makes room
 * from the oldest records (counted as dropped) and tries once more; a store that still fails is
 * left for memory, and the entries are written there: never lost.
 */
export function writeMakingRoom(q: QueueState, operation: 'append' | 'restore', entries: StoredEntry[]): Promise<void> {
  return q.storage.run(operation, async () => {
    try {
      await q.storage.store[operation](entries);
    } catch (cause) {
      if (!isQuotaError(cause)) throw cause;
      await evict(q, Math.max(entries.length, Math.ceil(q.stored / 10)), 0, 'quota');
      await q.storage.store[operation](entries);
    }
  });
}

/**
 * Drops at least `records` records and `bytes` bytes, oldest first, passing over those in flight
 * (their request decides: the cap holds again once it ends), and says so.
 */
async function evict(q: QueueState, records: number, bytes: number, reason: DropReason): Promise<void> {
  let dropped = 0;
  let freed = 0;
  let after: string | undefined;
  while (dropped < records || freed < bytes) {
    const oldest = await q.storage.store.read(Math.min(1000, Math.max(records - dropped, 100)), after);
    if (oldest.length === 0) break;
    after = oldest[oldest.length - 1]!.key;
    let take: StoredEntry[];
    [take, freed] = pickOldest(oldest, q.protected, [records, bytes], dropped, freed);
    await q.storage.store.remove(take);
    forget(q, take);
    dropped += take.length;
  }
  if (dropped === 0) return;
  await q.storage.store.addDropped(dropped).catch(() => undefined);
  q.options.onDropped?.({ records: dropped, reason });
}
