/**
 * What the queue finds in its store: at open, the store's count, greatest key and unreported
 * drops, and the head; and what other pages left behind: the records they rescued at unload,
 * written back by key (at open, and when another tab saved a rescue), and the keys they noted in
 * their sent ledgers, deleted (when this tab starts uploading).
 *
 * @module
 */
import { writeMakingRoom } from './caps.js';
import { forget, lengthChanged, setCount } from './counts.js';
import { fillHead, headMayMiss } from './head.js';
import { NO_RESCUE } from './rescue.js';
import { NO_LEDGER } from './sent-ledger.js';
import type { QueueState } from './state.js';
import { seedKeys } from './write-chain.js';

/**
 * Opens the queue on its store: reads its count, greatest key and the drops earlier pages did not
 * report, adopts the rescues, and fills the head. A failure moves the queue to memory. The first
 * link of the write chain: every later operation waits for it.
 */
export async function openQueue(q: QueueState): Promise<void> {
  const { storage } = q;
  if (q.options.ready) await q.options.ready;
  try {
    const { store } = storage;
    const [last, count, bytes, dropped] = await Promise.all([store.lastKey(), store.count(), store.bytes(), store.takeDropped()]);
    seedKeys(q, last);
    setCount(q, count, bytes);
    if (dropped > 0) q.options.onEarlierDrops?.(dropped);
    await adoptRescues(q);
    fillHead(q, await storage.store.read(q.headLimit + 1), q.headLimit);
  } catch (cause) {
    storage.fallBack('open', cause);
  }
  lengthChanged(q);
}

/** Writes what pages saved at unload (their unfinished writes) into the store by key, then forgets those copies. */
export async function adoptRescues(q: QueueState): Promise<void> {
  const { items: rescued, forget: forgetCopies } = (q.options.rescue ?? NO_RESCUE).readAll();
  if (rescued.length === 0) return forgetCopies(); // copies with nothing readable in them go too
  // Forgotten only once written: a page killed during the write leaves them to the next one
  // (restored by key, and not at all if delivered since: the tombstones).
  await writeMakingRoom(q, 'restore', rescued);
  forgetCopies();
  const { store } = q.storage;
  const [count, bytes, last] = await Promise.all([store.count(), store.bytes(), store.lastKey()]);
  setCount(q, count, bytes);
  seedKeys(q, last);
  headMayMiss(q);
  q.options.onWritten?.();
  lengthChanged(q);
}

/**
 * Deletes the records earlier uploading tabs noted in their sent ledgers (handed to the service
 * as they went away), then forgets those notes. After open's rescue: a rescued copy of such a
 * record was written back and is deleted here (its key is then remembered, as for any removal).
 */
export async function settleLedgers(q: QueueState): Promise<void> {
  const { items: keys, forget: forgetNotes } = (q.options.ledger ?? NO_LEDGER).readAll();
  if (keys.length === 0) return forgetNotes();
  const refs = keys.sort().map((key) => ({ key }));
  await q.storage.store.remove(refs);
  forgetNotes();
  forget(q, refs);
  // Exact again: some keys may have been gone already (delivered and deleted after all).
  const { store } = q.storage;
  const [count, bytes] = await Promise.all([store.count(), store.bytes()]);
  setCount(q, count, bytes);
}
