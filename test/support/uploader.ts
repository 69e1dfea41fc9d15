/**
 * An uploader for tests that drive it directly (a queue and a transport of their own): the
 * client's limits, callbacks that do nothing, and storage or background failures that fail the
 * test. `overrides` sets what a test watches or changes.
 */
import { expect } from 'vitest';
import { createSendGate, Uploader, type Transport, type UploaderOptions } from '../../src/delivery/index.js';
import type { ServiceError } from '../../src/errors/index.js';
import { createMemoryDeadLetterStore, type RecordQueue } from '../../src/queue/index.js';

/** What a test may set of the send gate the uploader is given. */
interface GateHooks {
  /** Asked before every request (the tab lock). @default async () => true */
  readonly mayUpload?: () => Promise<boolean>;
  /** The page is being unloaded. @default () => false */
  readonly isUnloading?: () => boolean;
  /** Hears the first pause. */
  readonly onPause?: (error: ServiceError) => void;
}

export function testUploader(queue: RecordQueue, transport: Transport, overrides: Partial<UploaderOptions> & GateHooks = {}): Uploader {
  const { mayUpload = async () => true, isUnloading = () => false, onPause = () => undefined, ...options } = overrides;
  const gate = createSendGate({ consented: () => true, online: () => true, leader: () => true, confirmLeader: mayUpload, onPause });
  // Each question (and the state) reads the page's unloading from `isUnloading` as it is asked.
  const asked = new Proxy(gate, {
    get(target, property, receiver) {
      target.setUnloading(isUnloading());
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
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
    onStorageError: (e) => expect.fail(String(e)),
    clock: Date.now,
    gate: asked,
    ...options,
  });
}
