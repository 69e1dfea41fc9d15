/**
 * Review of issue 27 in Chromium: what a retired consented half may still write after the erasing.
 * An upload on the wire when consent is withdrawn ends in the background; its answer must not
 * write the namespace's localStorage keys again (the service-health key, `<prefix>/failed-at`).
 */
import { afterEach, expect, it } from 'vitest';
import { storedNames } from '../support/full-session.js';
import { storedClient } from '../support/stored-client.js';

const namespace = `late-${crypto.randomUUID().slice(0, 8)}`;

afterEach(async () => {
  for (const key of Object.keys(localStorage).filter((k) => k.includes(namespace))) localStorage.removeItem(key);
  for (const { name } of await indexedDB.databases()) {
    if (name?.includes(namespace)) indexedDB.deleteDatabase(name);
  }
});

for (const outcome of ['accepted', 'failed'] as const) {
  it(`an upload on the wire at a withdrawal, ${outcome} after the erase, writes no key of the namespace again`, async () => {
    let answer: (ok: boolean) => void = () => undefined;
    let started = false;
    const tp = storedClient(namespace, async () => {
      started = true;
      if (!(await new Promise<boolean>((resolve) => (answer = resolve)))) throw new TypeError('Failed to fetch');
    });
    tp.on('error', () => undefined);
    await expect.poll(() => tp.stats().leader).toBe(true);
    tp.track('players_login', {});
    const flushed = tp.flush().catch(() => undefined);
    await expect.poll(() => started).toBe(true);
    tp.setConsent('denied');
    await expect.poll(() => storedNames(namespace)).toEqual({ databases: [], keys: [] });
    answer(outcome === 'accepted');
    await flushed;
    await new Promise((r) => setTimeout(r, 100));
    expect(await storedNames(namespace)).toEqual({ databases: [], keys: [] });
    await tp.shutdown();
  });
}
