/**
 * A page whose localStorage is full, or refuses every write (research list, analytics item 5:
 * `QuotaExceededError` thrown by an SDK's localStorage queue into the game). The SDK writes
 * localStorage in two places: the device id at `createClient`, and the copy of unfinished writes
 * at `pagehide`. Neither may throw into the game. (A storage that refuses a write at start sends
 * them to IndexedDB: test/browser/local-storage-refused.test.ts.) Real client, IndexedDB and
 * localStorage in Chromium, `Storage.prototype.setItem` made to throw as a full storage does.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { storedClient } from '../support/stored-client.js';

afterEach(() => {
  dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })); // back to what the test page is
});

it('createClient, track and pagehide throw nothing; the device id is made anyway; the records are delivered', async () => {
  const thrown: unknown[] = [];
  const onError = (event: ErrorEvent): void => void thrown.push(event.error);
  addEventListener('error', onError);
  const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  });
  try {
    const received: Array<{ app_version: string; device_unique_id: string }> = [];
    const tp = storedClient(`full-ls-${crypto.randomUUID().slice(0, 8)}`, (body) => void received.push(...(body.players_login as typeof received)), {
      region: 'KR',
    });
    await expect.poll(() => tp.stats().leader).toBe(true);
    // The queue's head read (a busy machine may still be reading it at start): the unload upload
    // sends from it, and what it does not hold waits for the next page.
    await tp.flush();
    tp.track('players_login', { app_version: 'v0' });
    await expect.poll(() => tp.stats().queued).toBe(1);
    tp.track('players_login', { app_version: 'v1' }); // its write has not finished: the rescue copy is tried
    dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
    expect(setItem).toHaveBeenCalled(); // refused at start: the device id and the rescue copy went to IndexedDB
    await expect.poll(() => received.map((r) => r.app_version)).toEqual(['v0', 'v1']);
    expect(received[0]!.device_unique_id).toMatch(/^\S+$/);
    await tp.shutdown();
  } finally {
    setItem.mockRestore();
    removeEventListener('error', onError);
  }
  expect(thrown).toEqual([]);
});
