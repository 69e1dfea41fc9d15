export type { EntryRef, KeySet, QueueEntry, QueueStore, StoredEntry } from './types.js';
export { createMemoryStore } from './memory-store.js';
export { byKey, QUEUE_KEY } from './keys.js';
export { createIndexedDbStore, hasIndexedDb } from './idb-store.js';
export { RecordQueue } from './queue.js';
export { DEFAULT_HEAD_LIMIT, type DropInfo, type RecordQueueOptions } from './options.js';
export { memoryFallback } from './memory-fallback.js';
export {
  createIndexedDbDeadLetterStore,
  createMemoryDeadLetterStore,
  withDeadLetterFallback,
  type DeadLetter,
  type DeadLetterReason,
  type DeadLetterStore,
} from './dead-letter-store.js';
export { createLocalRescue, RESCUE_MAX_CHARS, type RescueStore } from './rescue.js';
export { createLocalLedger, LEDGER_MAX_CHARS, type SentLedger } from './sent-ledger.js';
