/**
 * The head of the queue: the oldest stored entries, in key order, kept in memory (at most
 * `headLimit`). The unload upload reads it synchronously, and a drain takes its next batches from
 * it while a background read extends it (the read-ahead), instead of reading the store for each.
 *
 * @module
 */
import type { QueueState } from './state.js';
import type { EntryRef, KeySet, StoredEntry } from './types.js';

const NOTHING: KeySet = new Set();

/** The head's entries whose keys are not in `skip`, oldest first. */
export const freeInHead = (q: QueueState, skip: KeySet): StoredEntry[] => q.head.filter((e) => !skip.has(e.key));

/**
 * The head becomes the first `want` of `items`, the oldest stored entries (read one more than
 * `want`: it is whole when no more came).
 */
export function fillHead(q: QueueState, items: StoredEntry[], want: number): void {
  q.headComplete = items.length <= want;
  q.head = items.slice(0, want);
}

/** Empties the head; `complete`: the store holds nothing either (a new memory store). */
export function resetHead(q: QueueState, complete: boolean): void {
  q.head = [];
  q.headComplete = complete;
}

/** The head may miss stored entries: other pages' records were written into the store. */
export function headMayMiss(q: QueueState): void {
  q.headComplete = false;
}

/**
 * The `limit` oldest stored entries whose keys are not in `skip`, once `written` (this tab's
 * pending writes) settled; see `RecordQueue.peek`. With `fromHead`, from the head when it
 * holds them (or every stored entry), after the background read when one runs and the head is
 * short, starting the next one when it runs low; else read from the store, which fills the head.
 */
export async function peekHead(
  q: QueueState,
  written: Promise<void>,
  limit: number,
  options: { readonly fromHead?: boolean; readonly skip?: KeySet },
): Promise<StoredEntry[]> {
  const skip = options.skip ?? NOTHING;
  await written;
  if (options.fromHead) {
    let free = freeInHead(q, skip);
    if (free.length < limit && !q.headComplete && q.refill) {
      await q.refill;
      free = freeInHead(q, skip);
    }
    if (free.length >= limit || q.headComplete) {
      if (!q.headComplete && q.refill === undefined && free.length - limit < q.headLimit / 2) startRefill(q, free.length);
      return free.slice(0, limit);
    }
  }
  await q.refill;
  const want = Math.max(limit, q.headLimit) + skip.size;
  fillHead(q, await q.storage.run('read', () => q.storage.store.read(want + 1)), want);
  return freeInHead(q, skip).slice(0, limit);
}

/**
 * Entries this tab just wrote, after every stored one. When the head held every stored entry, it
 * takes what fits of them (a write larger than its room still gives the unload upload its oldest
 * records), and stays whole if all fit.
 */
export function headWritten(q: QueueState, entries: readonly StoredEntry[]): void {
  if (!q.headComplete) return;
  const room = Math.max(0, q.headLimit - q.head.length);
  for (let i = 0; i < Math.min(room, entries.length); i++) q.head.push(entries[i]!);
  q.headComplete = entries.length <= room;
}

/** Entries deleted from the store: out of the head, and out of what a background read brings. */
export function forgetInHead(q: QueueState, entries: readonly EntryRef[]): void {
  const gone = new Set(entries.map((e) => e.key));
  for (const key of gone) q.forgotten?.add(key);
  q.head = q.head.filter((e) => !gone.has(e.key));
}

/**
 * Appends to the head, in the background, the entries after its last key, up to `headLimit`
 * entries not skipped (`free` of them are there). Entries removed while the read runs are left
 * out of what it brings.
 */
function startRefill(q: QueueState, free: number): void {
  const after = q.head.at(-1)?.key;
  if (after === undefined) return;
  const room = q.headLimit - free;
  const forgotten = new Set<string>();
  q.forgotten = forgotten;
  q.refill = q.storage.store
    .read(room + 1, after)
    .then((items) => {
      const last = q.head.at(-1)?.key ?? after;
      for (const e of items.slice(0, room)) if (e.key > last && !forgotten.has(e.key)) q.head.push(e);
      q.headComplete = items.length <= room;
    })
    // A failed read changes nothing: the next full read reports it.
    .catch(() => undefined)
    .finally(() => {
      q.refill = undefined;
      q.forgotten = undefined;
    });
}
