/**
 * An uploader for tests that drive it directly (a queue and a transport of their own): the
 * client's limits, callbacks that do nothing, and storage or background failures that fail the
 * test. `overrides` sets what a test watches or changes.
 */
import { expect } from 'vitest';
import { Uploader, type Transport, type UploaderOptions } from '../../src/delivery/index.js';
import { createMemoryDeadLetterStore, type RecordQueue } from '../../src/queue/index.js';

export function testUploader(queue: RecordQueue, transport: Transport, overrides: Partial<UploaderOptions> = {}): Uploader {
  return new Uploader({
    queue,
    transport,
    compression: 'gzip',
    maxBatchRecords: 500,
    maxBatchBytes: 1_048_576,
    maxBatchCompressedBytes: 262_144,
    keepaliveBudgetBytes: 60 * 1024,
    onDelivered: () => undefined,
    onUpload: () => undefined,
    onBackgroundError: (e) => expect.fail(String(e)),
    deadLetters: createMemoryDeadLetterStore(),
    checkEntry: () => undefined,
    onDeadLetter: () => undefined,
    onPause: () => undefined,
    onStorageError: (e) => expect.fail(String(e)),
    clock: Date.now,
    mayUpload: async () => true,
    ...overrides,
  });
}
