/**
 * One demo stack and one Chromium per e2e file; page console errors fail the test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { closeServer, listen } from '../../demo/service/server.js';
import { startDemoStack, type DemoStack } from '../../demo/stack.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH, freshUserDataDir } from '../support/chromium.js';

export interface Harness {
  stack: DemoStack;
  context: BrowserContext;
  /**
   * A new page whose console errors, warnings and uncaught exceptions fail the test. It is closed
   * after the test, passed or failed, so a failed test leaves no tab holding the upload lock.
   */
  page(): Promise<Page>;
  /** Console messages matching `pattern` do not fail the current test (expected failures). */
  allowConsole(pattern: RegExp): void;
}

export function useDemoInChromium(): Harness {
  const harness = {} as Harness;
  const problems: string[] = [];
  let allowed: RegExp[] = [];
  const opened = new Set<Page>();
  let dataDir = '';
  let userDataDir = '';
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tp-e2e-'));
    userDataDir = freshUserDataDir();
    harness.stack = await startDemoStack({ dataDir, port: 0, skipBuild: true });
    harness.context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      headless: true,
      viewport: { width: 1280, height: 800 },
    });
    harness.page = async () => {
      const page = await harness.context.newPage();
      opened.add(page);
      page.on('console', (m) => {
        if ((m.type() === 'error' || m.type() === 'warning') && !allowed.some((p) => p.test(m.text()))) problems.push(`${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
      return page;
    };
  });
  harness.allowConsole = (pattern) => {
    allowed.push(pattern);
  };
  afterEach(async () => {
    await Promise.all([...opened].map((page) => page.close().catch(() => undefined)));
    opened.clear();
    allowed = [];
    const seen = problems.splice(0);
    expect(seen, 'page console').toEqual([]);
  });
  afterAll(async () => {
    await harness.context?.close();
    await harness.stack?.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(userDataDir, { recursive: true, force: true });
  });
  return harness;
}

/**
 * A game page of its own origin: a loopback server of the test file serving `html(harness)` (made
 * once the demo stack runs, so it can load the script-tag build from the demo's site, as a game
 * would from a CDN) as `url`, set before the file's tests start. Stops after them.
 */
export function useGamePage(harness: Harness, html: (harness: Harness) => string): { url: string } {
  const game = { url: '' };
  let server: Parameters<typeof closeServer>[0] | undefined;
  beforeAll(async () => {
    const page = html(harness);
    const started = await listen(() => new Response(page, { headers: { 'Content-Type': 'text/html', 'Cache-Control': 'no-store' } }), 0);
    server = started.server;
    game.url = `http://127.0.0.1:${started.port}/game.html`;
  });
  afterAll(async () => {
    if (server) await closeServer(server);
  });
  return game;
}

/** Opens the demo for `player` and waits until the game is ready. */
export async function openDemo(page: Page, stack: DemoStack, params: Record<string, string>): Promise<void> {
  await page.goto(`${stack.url}?${new URLSearchParams(params)}`);
  await page.waitForSelector('body[data-ready="true"]');
}

export interface ServiceUpload {
  seq: number;
  body: Record<string, Array<Record<string, unknown>>>;
}

export async function serviceUploads(stack: DemoStack): Promise<ServiceUpload[]> {
  return (await (await fetch(`${stack.service.origin}/_tp/uploads`)).json()) as ServiceUpload[];
}

/**
 * Records in the SDK's IndexedDB queue of the default namespace (every tab's), read with the raw
 * IndexedDB API: what the pages' writes have stored so far. With `run`, only records whose
 * `e2e_run` field is `run`.
 */
export function storedInIndexedDb(page: Page, run?: string): Promise<number> {
  return page.evaluate(
    async (run) => {
      // The default namespace's queue: tp-web-sdk/default.<hash of service and key>/queue.
      const name = (await indexedDB.databases()).find((d) => /^tp-web-sdk\/default\.\w+\/queue$/.test(d.name ?? ''))?.name;
      if (name === undefined) throw new Error('the SDK has no queue database here');
      return new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('entries')) return resolve(0);
          // Entries are keyed from '0' up; the store's own bookkeeping (tombstones, counts) sorts below.
          const all = db.transaction('entries').objectStore('entries').getAll(IDBKeyRange.lowerBound('0'));
          all.onsuccess = () => {
            // Many records per stored value (src/queue/idb-chunks.ts); a value without `entries` is one record.
            type Entry = { record?: { e2e_run?: string } };
            const records = (all.result as Array<Entry & { entries?: Entry[] }>).flatMap((v) => v.entries ?? [v]);
            resolve(records.filter((e) => run === undefined || e.record?.e2e_run === run).length);
            db.close();
          };
        };
      });
    },
    run,
  );
}
