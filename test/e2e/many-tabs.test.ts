/**
 * Three tabs of the demo share one IndexedDB queue in real Chromium: one uploads, the others ask it
 * to; no record goes out twice; when the uploading tab closes or crashes, another takes over.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openDemo, serviceUploads, storedInIndexedDb, useDemoInChromium } from './harness.js';

const harness = useDemoInChromium();

interface DemoWindow {
  demo: { tp: { track(k: string, r: object): boolean; flush(): Promise<unknown>; stats(): { leader: boolean; queued: number }; on(e: string, l: () => void): void } };
  uploads: number;
}

const isLeader = (page: Page) => page.evaluate(() => (window as unknown as DemoWindow).demo.tp.stats().leader);
const track = (page: Page, run: string, tab: number, from: number, count: number) =>
  page.evaluate(
    ({ run, tab, from, count }) => {
      const { tp } = (window as unknown as DemoWindow).demo;
      for (let n = from; n < from + count; n++) tp.track('characters_stages', { character_slug: 'knight', stage_slug: `s${n}`, e2e_run: run, tab, n });
    },
    { run, tab, from, count },
  );
const flush = (page: Page) => page.evaluate(() => (window as unknown as DemoWindow).demo.tp.flush());
const countUploads = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as DemoWindow;
    w.uploads = 0;
    w.demo.tp.on('upload', () => {
      w.uploads += 1;
    });
  });
const uploadsFrom = (page: Page) => page.evaluate(() => (window as unknown as DemoWindow).uploads);

async function held(run: string) {
  const copies = new Map<string, number>();
  for (const upload of await serviceUploads(harness.stack)) {
    for (const r of upload.body.characters_stages ?? []) {
      if (r.e2e_run === run) copies.set(`${r.tab}:${r.n}`, (copies.get(`${r.tab}:${r.n}`) ?? 0) + 1);
    }
  }
  return copies;
}

const leaderCount = (list: Page[]) => Promise.all(list.map(isLeader)).then((l) => l.filter(Boolean).length);

/** `count` tabs of the demo for `player`, their uploads counted; resolves once one of them leads. */
async function openTabs(count: number, player: string): Promise<Page[]> {
  const pages: Page[] = [];
  for (let i = 0; i < count; i++) {
    const page = await harness.page();
    await openDemo(page, harness.stack, { player, flushIntervalMs: '0' });
    await countUploads(page);
    pages.push(page);
  }
  await expect.poll(() => leaderCount(pages)).toBe(1);
  return pages;
}

describe('many tabs', () => {
  it('one tab uploads for all; records of every tab go out once; a closed or crashed leader is replaced', async () => {
    const run = randomUUID();
    const pages = await openTabs(3, `tabs-${run.slice(0, 8)}`);

    // 100 records in each tab; a follower's flush() has the leader upload all of them, once.
    for (let tab = 0; tab < 3; tab++) await track(pages[tab]!, run, tab, 0, 100);
    // flush() sends what is stored when it is called: each tab's write has landed by then.
    await expect.poll(() => storedInIndexedDb(pages[0]!, run)).toBe(300);
    const leaderIndex = (await Promise.all(pages.map(isLeader))).indexOf(true);
    await flush(pages[(leaderIndex + 1) % 3]!);
    const afterFirst = await held(run);
    expect(afterFirst.size).toBe(300);
    expect([...afterFirst.values()].every((n) => n === 1)).toBe(true);
    const counts = await Promise.all(pages.map(uploadsFrom));
    expect(counts.filter((n) => n > 0)).toHaveLength(1);
    expect(counts[leaderIndex]).toBeGreaterThan(0);

    // The leader's tab closes: one of the two others takes over.
    await pages[leaderIndex]!.close({ runBeforeUnload: true });
    const left = pages.filter((_, i) => i !== leaderIndex);
    await expect.poll(() => leaderCount(left)).toBe(1);
    for (const [i, page] of left.entries()) await track(page, run, 10 + i, 0, 50);
    await flush(left[0]!);
    await flush(left[1]!);
    expect((await held(run)).size).toBe(400);

    // The new leader's renderer crashes: the last tab takes over.
    const crashed = (await isLeader(left[0]!)) ? left[0]! : left[1]!;
    const last = crashed === left[0] ? left[1]! : left[0]!;
    await track(last, run, 20, 0, 20);
    const cdp = await harness.context.newCDPSession(crashed);
    void cdp.send('Page.crash').catch(() => undefined); // never answered: the renderer that would answer is gone
    await expect.poll(() => isLeader(last), { timeout: 10_000 }).toBe(true);
    await flush(last);
    const final = await held(run);
    expect(final.size).toBe(420);
    expect([...final.values()].every((n) => n === 1)).toBe(true);
    for (const page of harness.context.pages()) await page.close();
  });
});

describe('offline', () => {
  it("a follower's flush() rejects at once, as the leader's does: no request is asked of the uploading tab", async () => {
    const pages = await openTabs(2, `offline-${randomUUID().slice(0, 8)}`);
    const follower = (await isLeader(pages[0]!)) ? pages[1]! : pages[0]!;
    await track(follower, 'offline', 0, 0, 1);
    await pages[0]!.context().setOffline(true);
    const outcome = await follower.evaluate(() =>
      (window as unknown as DemoWindow).demo.tp.flush().then(
        () => 'delivered',
        (e: Error) => `${e.name}: ${e.message}`,
      ),
    );
    expect(outcome).toMatch(/^NetworkError: .*the browser is offline/);
    expect(await Promise.all(pages.map(uploadsFrom))).toEqual([0, 0]);
    await pages[0]!.context().setOffline(false);
    for (const page of pages) await page.close();
  });
});

describe('a tab reloaded right after tracking', () => {
  it('keeps its records: unfinished writes are rescued at pagehide and restored by key, once', async () => {
    const run = randomUUID();
    const pages = await openTabs(2, `rescue-${run.slice(0, 8)}`);
    const follower = (await isLeader(pages[0]!)) ? pages[1]! : pages[0]!;
    for (let trial = 0; trial < 10; trial++) {
      await track(follower, run, trial, trial * 50, 50); // then at once, before the write can finish:
      await follower.reload();
      await follower.waitForSelector('body[data-ready="true"]');
    }
    await flush(follower);
    const copies = await held(run);
    expect(copies.size).toBe(500);
    expect([...copies.values()].every((n) => n === 1)).toBe(true);
    for (const page of pages) await page.close();
  });
});
