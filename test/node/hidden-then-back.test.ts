/**
 * A page hidden, then shown again without unloading (the player switched tabs and came back), or
 * one whose unload upload the browser rejected in the page as it unloaded: what the uploader held,
 * handed off or marked as the page went must not outlive the page's going. Over real HTTP to a
 * scripted service, with the uploader and a memory queue.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gate, goingPage as setUp } from '../support/going-page.js';
import { startScriptedServer, type ScriptedServer } from '../support/scripted-server.js';

let server: ScriptedServer | undefined;
afterEach(async () => {
  vi.unstubAllGlobals();
  await server?.close();
  server = undefined;
});

/** `promise`, or 'hangs' when it has not settled within `ms`. */
async function within<T>(promise: Promise<T>, ms = 2_000): Promise<T | 'hangs'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'hangs'>((resolve) => (timer = setTimeout(() => resolve('hangs'), ms)));
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A service worker of the game's own controls the page, and the browser has `fetchLater`. */
function foreignWorkerWithFetchLater(): void {
  vi.stubGlobal('navigator', { serviceWorker: { controller: {} } });
  vi.stubGlobal('fetchLater', (url: string, init: RequestInit) => {
    void globalThis.fetch(url, init).catch(() => undefined);
    return { activated: false };
  });
}

describe('a page hidden, then back without unloading', () => {
  it('a request on the wire handed off as it was hidden, that then fails: nothing stays held or handed off', async () => {
    server = await startScriptedServer([]);
    const cutOff = gate();
    const { uploader, queue, keys } = await setUp(server.baseUrl, { trusted: true, cutOff: cutOff.promise });
    const flushed = uploader.flush().catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 50));
    uploader.unload(false); // hidden: the batch on the wire is handed off
    expect(uploader.sentKeys().sort()).toEqual(keys);
    cutOff.open(); // the network fails while the page is only hidden: the page is there to see it
    expect(await flushed).toMatchObject({ name: 'NetworkError' });
    // The next page must not delete them: this one saw the request fail.
    expect(uploader.sentKeys()).toEqual([]);
    // The player is back: the next upload delivers them.
    expect(await within(uploader.flush())).toMatchObject({ records: 4 });
    expect(queue.length).toBe(0);
  });

  it('an unload upload made through fetchLater as the page was hidden, trusted: counts as delivered, and flush() settles', async () => {
    server = await startScriptedServer([]);
    foreignWorkerWithFetchLater();
    const { uploader, queue } = await setUp(server.baseUrl, { trusted: true });
    uploader.unload(false); // hidden: the records go through fetchLater
    await expect.poll(() => server!.requests.length).toBe(1);
    // The player is back: flush() settles, and nothing is sent a second time.
    expect(await within(uploader.flush())).not.toBe('hangs');
    await expect.poll(() => queue.length).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(uploader.sentKeys()).toEqual([]);
  });

  it('an unload upload made through fetchLater as the page was hidden, not trusted: flush() sends them again and settles', async () => {
    server = await startScriptedServer([]);
    foreignWorkerWithFetchLater();
    const { uploader, queue } = await setUp(server.baseUrl, { trusted: false });
    uploader.unload(false);
    await expect.poll(() => server!.requests.length).toBe(1);
    expect(await within(uploader.flush())).toMatchObject({ records: 4 });
    expect(queue.length).toBe(0);
    expect(server.requests).toHaveLength(2); // at most twice: once unseen, once seen
    expect(uploader.unseenKeys()).toEqual([]);
  });
});

describe('an unload upload rejected in the page as it unloads', () => {
  it('trusted: its keys stay handed off (the browser still sends it), so the next page deletes them', async () => {
    server = await startScriptedServer([]);
    const cutOff = gate();
    const { uploader, keys, setUnloading } = await setUp(server.baseUrl, { trusted: true, cutOff: cutOff.promise });
    uploader.unload(false); // visibilitychange: the unload upload, handed off
    setUnloading(true);
    uploader.unload(true); // pagehide: nothing more to send
    cutOff.open(); // Chromium rejects it in the page
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(uploader.sentKeys().sort()).toEqual(keys);
    uploader.unload(true); // nothing of it goes a second time from this page
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.requests).toHaveLength(0);
  });
});

describe('the unseen notes a page leaves', () => {
  it('a batch that carries records marked unseen is not handed off as the page goes: they stay marked, none in the ledger', async () => {
    server = await startScriptedServer([], undefined, () => new Promise<void>(() => undefined)); // no answer before the page goes
    const { uploader, keys, setUnloading } = await setUp(server.baseUrl, { trusted: true });
    uploader.markUnseen(keys); // the unseen notes an earlier page left
    void uploader.flush().catch(() => undefined); // an upload whose answer a page would see
    await expect.poll(() => server!.requests.length).toBe(1);
    setUnloading(true);
    uploader.unload(true); // pagehide, the service answering: the batch on the wire is no keepalive request
    expect(uploader.sentKeys()).toEqual([]);
    expect(uploader.unseenKeys().sort()).toEqual(keys);
  });

  it('leave out keys the sent ledger keeps: a record accepted, its deletion pending, is not carried on as a mark', async () => {
    server = await startScriptedServer([]);
    const { uploader, keys, queue } = await setUp(server.baseUrl, { trusted: true });
    uploader.markUnseen(keys);
    let deleting!: () => void;
    const removed = new Promise<void>((resolve) => (deleting = resolve));
    const remove = queue.remove.bind(queue);
    queue.remove = async (entries) => {
      await removed;
      return remove(entries);
    };
    const flushed = uploader.flush();
    await expect.poll(() => uploader.sentKeys().length).toBe(keys.length); // accepted, deletion pending
    expect(uploader.unseenKeys()).toEqual([]);
    deleting();
    await flushed;
  });
});
