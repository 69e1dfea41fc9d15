/**
 * The queue's write side. `enqueue` puts an entry in a buffer and draws its key's counter; one
 * microtask later the buffer becomes one batch (with what is buffered until an earlier write
 * finished), written in one store transaction, then counted, given to the head, and held to the caps. Writes run in order, one after the other, and every
 * store operation that must see this tab's writes (a count, a restore) runs in the same chain.
 *
 * @module
 */
import { StorageError, type StorageOperation } from '../errors/index.js';
import { jsonBytes } from '../records/index.js';
import { enforceCaps, writeMakingRoom } from './caps.js';
import { countWritten, lengthChanged } from './counts.js';
import { headWritten } from './head.js';
import type { PendingEntry, QueueState } from './state.js';
import type { QueueEntry, StoredEntry } from './types.js';

/** Buffers one entry; the buffer is written one microtask later. */
export function enqueue(q: QueueState, entry: QueueEntry): void {
  // The key's counter is drawn now, not at the write: a rescued copy and the original then share
  // a key (idempotent). Its string is made later, off the `track()` path.
  q.buffer.push({ entry, counter: q.keys.nextCounter(entry.enqueuedAt) });
  if (!q.flushing) {
    q.flushing = true;
    queueMicrotask(() => startWrite(q));
  }
}

/** Resolves once every entry buffered before the call went through the chain. */
export function settled(q: QueueState): Promise<void> {
  if (q.buffer.length > 0) startWrite(q);
  return q.writes;
}

/**
 * Runs `run` after the pending links. Its failure is reported as a storage error of `operation`
 * (unless it is one already), and does not stop the ones after it (a rejected link would skip
 * every later one).
 */
export function afterWrites(q: QueueState, operation: StorageOperation, run: () => Promise<void>): Promise<void> {
  return (q.writes = q.writes
    .then(run)
    .catch((cause: unknown) => q.options.onStorageError(cause instanceof StorageError ? cause : new StorageError(operation, cause))));
}

/**
 * The store's greatest key is `last` (at open, after a restore): keys drawn from now on come
 * after it, and entries keyed before, at or below it, get new keys at their write.
 */
export function seedKeys(q: QueueState, last: string | undefined): void {
  q.keys.seed(last);
  q.floorKey = last;
  q.lastKey = last;
  // Entries waiting to be written get their new keys now, not at their write: one key per record
  // from here on, for an unload upload or a rescue copy made before the write too.
  for (const pending of [...q.writing.flat(), ...q.buffer]) renew(q, pending, q.options.clock());
}

/** Gives `pending` a new key when its key is at or below the store's greatest key at open; returns its key. */
function renew(q: QueueState, pending: PendingEntry, now: number): string {
  const key = pending.key ?? q.keys.format(pending.counter);
  if (q.floorKey === undefined || key > q.floorKey) return key;
  return (pending.key = q.keys.next(now));
}

/** The entries whose write has not finished, oldest first, keyed: for a rescue, or the unload upload. */
export const unfinished = (q: QueueState): StoredEntry[] => [...q.writing.flat(), ...q.buffer].map((p) => keyed(q, p));

function startWrite(q: QueueState): void {
  q.flushing = false;
  if (q.buffer.length === q.announced) return; // nothing buffered since the last call
  q.announced = q.buffer.length;
  lengthChanged(q);
  // One append waits in the chain at a time and takes, when its turn comes, everything buffered
  // by then: while the store is slower than the game tracks (a throttled phone, a record each
  // frame), the records of many frames go in one write, instead of a write each piling up in the
  // chain, which every peek and flush waits for (uploads stopped until the game stopped tracking).
  if (q.appendWaiting) return;
  q.appendWaiting = true;
  void afterWrites(q, 'append', () => {
    q.appendWaiting = false;
    const batch = q.buffer;
    if (batch.length === 0) return Promise.resolve();
    q.buffer = [];
    q.announced = 0;
    // No spread into push(): a batch can be larger than the engine's argument limit.
    q.writing.push(batch);
    q.writingCount += batch.length;
    return persist(q, batch);
  });
}

/** Writes the oldest batch, then counts it, gives it to the head, keeps the caps, and says so. */
async function persist(q: QueueState, batch: PendingEntry[]): Promise<void> {
  const now = q.options.clock();
  // Keyed before the store was opened, at or below a stored key (the clock went back, or another
  // tab tracked in the same millisecond): renewed, and the new key kept on the entry.
  const entries = batch.map((p): StoredEntry => ({ ...keyed(q, p), key: renew(q, p, now) }));
  await writeMakingRoom(q, 'append', entries);
  q.writing.shift();
  q.writingCount -= batch.length;
  countWritten(q, entries);
  q.lastKey = entries[entries.length - 1]!.key;
  headWritten(q, entries);
  await enforceCaps(q);
  q.options.onWritten?.();
}

/** The stored form of a pending entry: its key made from its counter, its size measured if missing. */
function keyed(q: QueueState, { entry, counter, key }: PendingEntry): StoredEntry {
  return {
    objectName: entry.objectName,
    record: entry.record,
    enqueuedAt: entry.enqueuedAt,
    bytes: entry.bytes ?? jsonBytes(entry.record),
    key: key ?? q.keys.format(counter),
  };
}
