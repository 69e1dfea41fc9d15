/**
 * The chaos suite, in real Chromium: 2,000 records tracked across 3 tabs of the demo while the
 * reference service injects faults into 30% of uploads (500, 503, 429, 413, slow answers, dropped
 * connections, cut-off 200s) and tabs are reloaded and killed at random; then faults stop and the
 * queue drains. No record may be missing, except one tracked less than a second before its tab
 * was killed. Every extra copy must be explained by a request whose answer no page saw while the
 * service was failing (docs/decisions.md, "Delivery: exactly once on reload and close"): a
 * request carrying the record that its page never saw confirmed (a 200 cut off or too late, a
 * page reloaded or killed while it waited, a keepalive upload of an unloading page that did not
 * count as delivered: one that did, because the service had been answering, explains no copy; the pages
 * report each request and each confirmation through the demo's `tpObserver` hook), or an upload
 * whose 200 the service logged as never reaching the client (this also covers a request the
 * browser's network stack resent by itself, which no page sees). Seeded: the same run every time,
 * up to timing.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ALL_FAULTS, mulberry32 } from '../../demo/service/faults.js';
import { openDemo, serviceUploads, storedInIndexedDb, useDemoInChromium } from './harness.js';

const harness = useDemoInChromium();
const TOTAL = 2000;
const TABS = 3;

interface DemoWindow {
  demo: {
    tp: { track(k: string, r: object): boolean; flush(): Promise<unknown>; stats(): { queued: number; deadLettered: number; dropped: number } };
    previousUnloadUploads: Array<{ record: Record<string, unknown>; page: string; requestId: number; trusted?: boolean }>;
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('chaos', () => {
  it(`${TOTAL} records, ${TABS} tabs, faults, reloads and kills: none missing, every duplicate explained`, async () => {
    const random = mulberry32(20261122);
    const run = randomUUID();
    const params = {
      player: `chaos-${run.slice(0, 8)}`,
      flushIntervalMs: '200',
      requestTimeoutMs: '800',
      maxBatchRecords: '20',
      retryBaseMs: '100',
      retryCapMs: '1000',
    };
    harness.stack.service.setFaults({ rate: 0.3, slowMs: 1500, seed: 7 });
    // The browser logs every failed request; with faults on, those are expected.
    harness.allowConsole(/Failed to load resource|net::ERR_/);

    // Every request as it leaves, and every confirmation, from every page (reloaded and new ones too).
    const sends = new Map<string, number[]>();
    const sendLog: string[] = [];
    const confirmed = new Set<string>();
    /** Keepalive uploads that counted as delivered as they left (the service had been answering). */
    const trustedSends = new Set<string>();
    await harness.context.exposeFunction('tpObserver', (event: string, page: string, requestId: number, records?: Array<Record<string, unknown>>) => {
      const id = `${page}#${requestId}`;
      if (event === 'upload-keepalive-trusted') trustedSends.add(id);
      if (event.startsWith('upload')) {
        sends.set(id, (records ?? []).filter((r) => r.e2e_run === run).map((r) => r.n as number));
        const ns = (records ?? []).filter((r) => r.e2e_run === run).map((r) => r.n as number);
        sendLog.push(`${Date.now()} ${event} ${id} ${(records ?? []).length} records: ${ns.length ? `${Math.min(...ns)}..${Math.max(...ns)} (${ns.length})` : '-'}`);
      } else confirmed.add(id);
    });

    const open = async (): Promise<Page> => {
      const page = await harness.page();
      await openDemo(page, harness.stack, params);
      return page;
    };
    const tabs: Page[] = [];
    for (let i = 0; i < TABS; i++) tabs.push(await open());

    const trackedAt = new Map<number, { tab: number; at: number }>();
    const atRisk = new Set<number>();
    const sentWhileUnloading = new Map<number, number>();
    let reloads = 0;
    let kills = 0;
    const steps: string[] = [];
    const noteUnloadUploads = async (page: Page) => {
      const noted = await page.evaluate(() => (window as unknown as DemoWindow).demo.previousUnloadUploads);
      const bySend = new Map<string, number[]>();
      for (const { record, page: token, requestId, trusted } of noted) {
        if (record.e2e_run !== run) continue;
        sentWhileUnloading.set(record.n as number, (sentWhileUnloading.get(record.n as number) ?? 0) + 1);
        const id = `${token}#${requestId}`;
        if (trusted) trustedSends.add(id);
        bySend.set(id, [...(bySend.get(id) ?? []), record.n as number]);
      }
      // The same sends as the observer's, when its message from the dying page did arrive.
      for (const [id, ns] of bySend) sends.set(id, ns);
    };

    for (let n = 0; n < TOTAL; ) {
      const tab = Math.floor(random() * TABS);
      const count = Math.min(TOTAL - n, 1 + Math.floor(random() * 25));
      await tabs[tab]!.evaluate(
        ({ run, from, count }) => {
          const { tp } = (window as unknown as DemoWindow).demo;
          for (let i = from; i < from + count; i++) tp.track('characters_stages', { character_slug: 'knight', stage_slug: `s${i % 10}`, e2e_run: run, n: i });
        },
        { run, from: n, count },
      );
      const at = Date.now();
      steps.push(`${at} tab${tab} tracked ${n}..${n + count - 1}`);
      for (let i = n; i < n + count; i++) trackedAt.set(i, { tab, at });
      n += count;

      const roll = random();
      if (roll < 0.04) {
        reloads += 1;
        steps.push(`${Date.now()} tab${tab} reload`);
        await tabs[tab]!.reload();
        await tabs[tab]!.waitForSelector('body[data-ready="true"]');
        await noteUnloadUploads(tabs[tab]!);
      } else if (roll < 0.07) {
        kills += 1;
        const killedAt = Date.now();
        steps.push(`${killedAt} tab${tab} killed`);
        for (const [i, t] of trackedAt) if (t.tab === tab && t.at > killedAt - 1000) atRisk.add(i);
        const cdp = await harness.context.newCDPSession(tabs[tab]!);
        void cdp.send('Page.crash').catch(() => undefined); // never answered: the renderer is gone
        await expect.poll(() => tabs[tab]!.evaluate(() => 1).then(() => false, () => true), { timeout: 5000 }).toBe(true);
        await tabs[tab]!.close().catch(() => undefined);
        tabs[tab] = await open();
      }
      await sleep(Math.floor(random() * 120));
    }

    // Faults off; the queue drains (the leader's own schedule, helped by flush() calls).
    harness.stack.service.setFaults(undefined);
    for (let attempt = 0; attempt < 60; attempt++) {
      await Promise.all(tabs.map((t) => t.evaluate(() => (window as unknown as DemoWindow).demo.tp.flush().catch(() => undefined))));
      if ((await storedInIndexedDb(tabs[0]!)) === 0) break;
      await sleep(250);
    }
    expect(await storedInIndexedDb(tabs[0]!)).toBe(0);

    const uploads = await serviceUploads(harness.stack);
    const copies = new Map<number, number>();
    const unseen = new Map<number, number>();
    let unseenUploads = 0;
    for (const upload of uploads as Array<{ unseen?: boolean; body: Record<string, Array<Record<string, unknown>>> }>) {
      const mine = (upload.body.characters_stages ?? []).filter((r) => r.e2e_run === run);
      if (upload.unseen && mine.length > 0) unseenUploads += 1;
      for (const r of mine) {
        copies.set(r.n as number, (copies.get(r.n as number) ?? 0) + 1);
        if (upload.unseen) unseen.set(r.n as number, (unseen.get(r.n as number) ?? 0) + 1);
      }
    }
    const unconfirmed = new Map<number, number>();
    let trustedRecords = 0;
    for (const [id, ns] of sends) {
      if (trustedSends.has(id)) trustedRecords += ns.length;
      // A trusted keepalive upload is no excuse for a copy: its records count as delivered.
      if (!confirmed.has(id) && !trustedSends.has(id)) for (const n of ns) unconfirmed.set(n, (unconfirmed.get(n) ?? 0) + 1);
    }
    const missing = [...trackedAt.keys()].filter((n) => !copies.has(n));
    const missingNotAtRisk = missing.filter((n) => !atRisk.has(n));
    let duplicates = 0;
    const unexplained: number[] = [];
    /**
     * Copies of each record beyond the service's own unseen 200s (an answer cut off on the wire):
     * at most two, one unload upload whose answer no page saw and one upload a page saw answered.
     */
    const overTwo: number[] = [];
    let maxCopies = 0;
    for (const [n, c] of copies) {
      maxCopies = Math.max(maxCopies, c);
      if (c - (unseen.get(n) ?? 0) > 2) overTwo.push(n);
      duplicates += c - 1;
      if (c - 1 > (unconfirmed.get(n) ?? 0) + (unseen.get(n) ?? 0)) unexplained.push(n);
    }
    const sum = (m: Map<number, number>) => [...m.values()].reduce((a, b) => a + b, 0);
    const allowed = sum(unconfirmed) + sum(unseen);
    const deadLettered = await Promise.all(tabs.map((t) => t.evaluate(() => (window as unknown as DemoWindow).demo.tp.stats().deadLettered)));
    const faults = Object.fromEntries(harness.stack.service.faultCounts);

    console.info(
      [
        `chaos: tracked ${TOTAL} in ${TABS} tabs; ${reloads} reloads, ${kills} kills; faults ${JSON.stringify(faults)}`,
        `service holds ${copies.size} distinct (${[...copies.values()].reduce((a, b) => a + b, 0)} copies)`,
        `most copies of one record ${maxCopies}; records with more than two beyond the unseen 200s ${overTwo.length}`,
        `missing ${missing.length} (${missingNotAtRisk.length} tracked over a second before a kill; ${atRisk.size} were at risk)`,
        `duplicates ${duplicates}, at most ${allowed} allowed: records in requests their page never saw confirmed ` +
          `${sum(unconfirmed)} (of them sent by unloading pages ${sum(sentWhileUnloading)}), records in ${unseenUploads} ` +
          `uploads the service logged as a 200 that never reached the client ${sum(unseen)}; ` +
          `${trustedSends.size} keepalive uploads (${trustedRecords} records) counted as delivered as they left`,
      ].join('\n'),
    );

    if (unexplained.length > 0 || overTwo.length > 0) {
      // What the failure needs to be understood: every copy, every send, and the steps around it.
      const n = (unexplained[0] ?? overTwo[0])!;
      const held = (uploads as Array<{ seq: number; received_at: string; unseen?: boolean; body: Record<string, Array<Record<string, unknown>>> }>)
        .filter((u) => (u.body.characters_stages ?? []).some((r) => r.e2e_run === run && r.n === n))
        .map((u) => {
          const ns = (u.body.characters_stages ?? []).filter((r) => r.e2e_run === run).map((r) => r.n as number);
          return `upload #${u.seq} at ${u.received_at}${u.unseen ? ' (unseen 200)' : ''}: ${Math.min(...ns)}..${Math.max(...ns)} (${ns.length})`;
        });
      const sent = [...sends].filter(([, ns]) => ns.includes(n)).map(([id]) => `${id}${confirmed.has(id) ? ' confirmed' : ' unconfirmed'}`);
      const i = steps.findIndex((x) => new RegExp(`tracked (\\d+)\\.\\.(\\d+)`).test(x) && (() => { const [, a, b] = /tracked (\d+)\.\.(\d+)/.exec(x)!; return +a! <= n && n <= +b!; })());
      const until = Date.parse(held.length ? (held.at(-1)!.split(' at ')[1]!.split(' ')[0]!) : '') || Infinity;
      const around = steps.filter((x, j) => j >= i - 2 && Number(x.split(' ')[0]) <= until + 200);
      const from = Number(around[0]?.split(' ')[0] ?? 0);
      console.info([`record ${n}:`, ...held, ...sent, ...around, '-- sends:', ...sendLog.filter((x) => Number(x.split(' ')[0]) >= from - 500 && Number(x.split(' ')[0]) <= until + 500)].join('\n  '));
    }
    expect(missingNotAtRisk).toEqual([]);
    expect(unexplained).toEqual([]);
    expect(overTwo).toEqual([]);
    expect(duplicates).toBeLessThanOrEqual(allowed);
    expect(deadLettered.reduce((a, b) => a + b, 0)).toBe(0);
    expect(Object.keys(faults).sort()).toEqual([...ALL_FAULTS].sort());
  }, 300_000);
});
