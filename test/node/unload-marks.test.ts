/**
 * What the uploader decides as the page goes, for a request whose answer it may never see
 * (docs/decisions.md, "Delivery: exactly once on reload and close"): every request that fits the
 * keepalive budget leaves as a keepalive request, so the one on the wire finishes by itself; with
 * the service answering its records are handed off (sent keys, for the next page to delete);
 * otherwise they are marked unseen, and no later unload upload takes them until a page sees an
 * answer for them. Over real HTTP to a scripted service, with the uploader and a memory queue.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { gate, goingPage as setUp } from '../support/going-page.js';
import { startScriptedServer, type ScriptedAnswer, type ScriptedServer } from '../support/scripted-server.js';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A server whose first answer waits for `first.open()`, then answers from `script` (200 after it). */
async function heldServer(script: ScriptedAnswer[] = []) {
  const first = gate();
  server = await startScriptedServer(script, undefined, (index) => (index === 0 ? first.promise : undefined));
  return first;
}

describe('a request on the wire as the page goes', () => {
  it('a batch that fits the keepalive budget leaves as a keepalive request; one over it does not', async () => {
    server = await startScriptedServer([]);
    const small = await setUp(server.baseUrl, { count: 2 });
    await small.uploader.flush();
    // About 200 KiB of JSON that barely compresses: over the 60 KiB budget.
    const big = await setUp(server.baseUrl, { count: 2, bytes: 0 });
    const noise = Array.from({ length: 20_000 }, (_, i) => ((i * 2654435761) >>> 0).toString(36)).join('');
    big.queue.enqueue({ objectName: 'players_login', record: { app_version: noise }, enqueuedAt: 9 });
    await big.uploader.flush();
    expect({ small: small.keepalive, big: big.keepalive }).toEqual({ small: [true], big: [false] });
  });

  it('with the service answering, its records are handed off until it settles: the next page deletes them, none sent twice', async () => {
    const first = await heldServer();
    const { uploader, keys, pageGoes, queue } = await setUp(server!.baseUrl, { trusted: true });
    const flushed = uploader.flush().catch(() => undefined);
    await expect.poll(() => server!.requests.length).toBe(1);
    pageGoes();
    expect(uploader.sentKeys().sort()).toEqual(keys); // synchronously, as the page goes
    expect(server!.requests).toHaveLength(1); // nothing left for an unload upload
    first.open();
    await flushed;
    await expect.poll(() => queue.length).toBe(0);
    expect(uploader.sentKeys()).toEqual([]);
  });

  it('rejected in the page as it unloads (the browser still sends it): its records stay handed off and out of the next unload upload', async () => {
    server = await startScriptedServer([]);
    const cutOff = gate();
    const { uploader, keys, pageGoes, queue, background } = await setUp(server.baseUrl, { trusted: true, cutOff: cutOff.promise });
    const flushed = uploader.flush().catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 50));
    pageGoes(); // pagehide: the batch on the wire is handed off
    cutOff.open(); // Chromium rejects the request in the page ...
    expect(await flushed).toMatchObject({ name: 'NetworkError' });
    uploader.unload(false); // ... and then the page is hidden: nothing to send again
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.requests).toHaveLength(0);
    expect(uploader.sentKeys().sort()).toEqual(keys); // the next page deletes them
    expect(background).toEqual([]);
    uploader.pageShown(); // back from the back/forward cache: they go with the next upload
    expect(uploader.sentKeys()).toEqual([]);
    expect(queue.length).toBe(4);
  });

  it('with the service failing, its records are marked unseen, and the unload upload leaves them alone', async () => {
    const first = await heldServer();
    const { uploader, keys, pageGoes } = await setUp(server!.baseUrl, { trusted: false, maxBatchRecords: 2 });
    const flushed = uploader.flush().catch((e: unknown) => e);
    await expect.poll(() => server!.requests.length).toBe(1);
    pageGoes();
    expect(uploader.sentKeys()).toEqual([]);
    // The batch on the wire (2) and the unload upload (the other 2) are both unseen.
    expect(uploader.unseenKeys().sort()).toEqual(keys);
    await expect.poll(() => server!.requests.length).toBe(2);
    pageGoes(); // hidden, then unloaded: the second unload upload finds nothing to send
    // Unloading, the batch on the wire was cut off: nothing counts on its answer.
    expect(await flushed).toMatchObject({ name: 'NetworkError' });
    first.open();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server!.requests).toHaveLength(2);
  });
});

describe('records marked unseen by an earlier page', () => {
  it('no unload upload takes them; an upload whose answer is seen delivers them and lifts the marks', async () => {
    server = await startScriptedServer([]);
    const { uploader, keys, pageGoes, queue, comeBack } = await setUp(server.baseUrl);
    uploader.markUnseen(keys.slice(0, 3)); // the unseen notes the last page left
    pageGoes();
    await uploader.flush().catch(() => undefined);
    await expect.poll(() => queue.length).toBe(3); // the unload upload took the fourth record alone
    expect(server.requests).toHaveLength(1);
    comeBack();
    expect(await uploader.flush()).toMatchObject({ records: 3 });
    expect(uploader.unseenKeys()).toEqual([]);
  });

  it('an answer this page saw (a 503) lifts the marks it made as it went; no answer keeps them', async () => {
    const first = await heldServer([{ status: 503, body: { status: 503, reason: 'Service Unavailable' } }]);
    const { uploader, keys, background } = await setUp(server!.baseUrl, { maxBatchRecords: 2 });
    uploader.markUnseen(keys.slice(2)); // marked by an earlier page: they stay marked after a 503
    const flushed = uploader.flush().catch((e: unknown) => e);
    await expect.poll(() => server!.requests.length).toBe(1);
    uploader.unload(false); // the page is hidden (not unloaded), and comes back
    expect(uploader.unseenKeys().sort()).toEqual(keys);
    expect(server!.requests).toHaveLength(1); // no unload upload: the rest was marked
    first.open();
    expect(await flushed).toMatchObject({ name: 'ServiceError', status: 503 });
    expect(uploader.unseenKeys().sort()).toEqual(keys.slice(2));
    expect(background).toEqual([]);
  });
});
