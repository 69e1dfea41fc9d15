/**
 * What a retired consented half may still write after the erasing, in Chromium.
 * An upload on the wire when consent is withdrawn ends in the background; its answer must not
 * write the namespace's localStorage keys again (the service-health key, `<prefix>/failed-at`).
 */
import { afterEach, expect, it } from 'vitest';
import { storedNames } from '../support/full-session.js';
import { clearNamespace, storedClient } from '../support/stored-client.js';

const namespace = `late-${crypto.randomUUID().slice(0, 8)}`;

afterEach(async () => {
  await clearNamespace(namespace);
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

// The new tab reads the old id from localStorage before the erase and never hears the 'forget'
// posted before it opened: it hears the 'forgotten' posted after the erase, and lets go then.
it('a tab opened while another tab forgets does not go on with the erased device id', async () => {
  const deviceKey = `tp-web-sdk:${namespace}:device-id`;
  const ids: unknown[] = [];
  const a = storedClient(namespace, () => undefined);
  await expect.poll(() => a.stats().leader).toBe(true);
  const old = localStorage.getItem(deviceKey);
  expect(old).toMatch(/\S/);
  // A slow tab: holds the storage lock shared, so the erasing waits (at most 3 s) before it erases.
  let letGo: () => void = () => undefined;
  void navigator.locks.request(`tp-web-sdk/${namespace}/storage`, { mode: 'shared' }, () => new Promise<void>((r) => (letGo = r)));
  const forgetting = a.forget();
  await new Promise((r) => setTimeout(r, 100));
  const c = storedClient(namespace, (body) => {
    for (const r of (body.players_login ?? []) as Array<{ device_unique_id: string }>) ids.push(r.device_unique_id);
  });
  try {
    await forgetting;
    letGo();
    await new Promise((r) => setTimeout(r, 50)); // the 'forgotten' message reaches the new tab
    c.track('players_login', {});
    await c.flush();
    expect(ids.length).toBe(1);
    expect(ids[0]).not.toBe(old);
    // Nor does it save it again (a move back to pending and granted saves the id it has).
    c.setConsent('pending');
    c.setConsent('granted');
    c.track('players_login', {});
    await c.flush();
    expect(localStorage.getItem(deviceKey)).not.toBe(old);
  } finally {
    await a.shutdown();
    await c.shutdown();
  }
}, 10_000);

it('denied: flush() resolves at once with nothing sent, even while the erasing waits for a slow tab', async () => {
  const tp = storedClient(namespace, () => undefined);
  await expect.poll(() => tp.stats().leader).toBe(true);
  let letGo: () => void = () => undefined;
  void navigator.locks.request(`tp-web-sdk/${namespace}/storage`, { mode: 'shared' }, () => new Promise<void>((r) => (letGo = r)));
  tp.setConsent('denied');
  const start = performance.now();
  expect(await tp.flush()).toEqual({ records: 0, batches: 0, deadLettered: 0 });
  expect(performance.now() - start).toBeLessThan(1000);
  letGo();
  await tp.shutdown();
}, 10_000);
