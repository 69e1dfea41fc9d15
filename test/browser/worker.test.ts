/// <reference types="vite/client" />
/**
 * The SDK in a Web Worker (a game that runs its logic off the main thread), real Chromium: workers
 * have IndexedDB and Web Locks, so the queue is stored as in a page, and the worker uploads.
 */
import { expect, it } from 'vitest';
import SdkWorker from '../support/sdk-worker.ts?worker';

it('a record tracked in a worker is stored in IndexedDB and delivered by flush()', async () => {
  const namespace = `worker-${crypto.randomUUID().slice(0, 8)}`;
  const worker = new SdkWorker();
  const seen = await new Promise<unknown>((resolve) => {
    worker.onmessage = (e) => resolve(e.data);
    worker.postMessage({ namespace });
  });
  worker.terminate();
  expect(seen).toEqual({ flush: { records: 1, batches: 1, deadLettered: 0 }, sent: ['in-worker'], warnings: [], storage: 'indexeddb', leader: true });
  expect((await indexedDB.databases()).map((d) => d.name)).toContain(`tp-web-sdk/${namespace}/queue`);
});
