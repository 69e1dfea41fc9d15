import { createMemoryStore } from '../../../src/queue/index.js';
import { queueStoreContract } from '../../contract/queue-store.contract.js';
import { recordQueueContract } from '../../contract/record-queue.contract.js';

queueStoreContract('memory', createMemoryStore);
recordQueueContract('memory', createMemoryStore);
