import { createIndexedDbStore } from '../../src/queue/index.js';
import { queueStoreContract } from '../contract/queue-store.contract.js';
import { recordQueueContract } from '../contract/record-queue.contract.js';

const fresh = () => createIndexedDbStore(`tp-test-${crypto.randomUUID()}`);

queueStoreContract('IndexedDB (real, Chromium)', fresh);
recordQueueContract('IndexedDB (real, Chromium)', fresh);
