/**
 * A RecordQueue's state record over a memory store, for tests of the queue's parts
 * (src/queue/state.ts): as after an open of an empty store, with `fields` set.
 */
import { newQueueState, type QueueState } from '../../src/queue/state.js';
import { createMemoryStore, type RecordQueueOptions, type StoredEntry } from '../../src/queue/index.js';

export function queueState(options: Partial<RecordQueueOptions> = {}, fields: Partial<QueueState> = {}): QueueState {
  const all: RecordQueueOptions = { store: createMemoryStore(), tabId: 't', clock: () => 0, onStorageError: () => undefined, ...options };
  return Object.assign(newQueueState(all, all.onStorageError), { headComplete: true }, fields);
}

/** A stored entry with key `<n, 11 digits>:t` (key order is `n` order) and `bytes` bytes. */
export const stored = (n: number, bytes = 10): StoredEntry => ({
  key: `${String(n).padStart(11, '0')}:t`,
  objectName: 'players_login',
  record: { n },
  enqueuedAt: n,
  bytes,
});
