/**
 * Sessions and automatic logins in real pages: Chromium, real localStorage, Web Locks
 * and IndexedDB, the reference service, default options (`autoLogin: 'session'`). The game is a
 * page of its own origin loading the script-tag build, as in reload-exactly-once.test.ts.
 *
 * Headless Chromium keeps every page visible, so "hidden" is the page's `visibilityState` made
 * `hidden` and a `visibilitychange` dispatched, which is what the SDK listens to; and the UTC day
 * is moved with the client's `now` option (the page's clock plus an offset the test sets).
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DEFAULT_AUTH_MODE, DEFAULT_CLIENT_KEY } from '../../demo/service/config.js';
import { serviceUploads, useDemoInChromium, useGamePage } from './harness.js';

const harness = useDemoInChromium();

interface Session {
  id: string;
  index: number;
  startedAt: number;
}
interface Game {
  tp: { session: Session | undefined; flush(): Promise<unknown>; stats(): { leader: boolean }; identify(player: string): void };
  starts: number[];
  ends: string[];
  clockOffset: number;
  hide(hidden: boolean): void;
}

/** The game: default options but for the session timeout (`?timeout=` ms) and a clock it can move. */
function gameHtml(sdkUrl: string, baseUrl: string): string {
  return `<!doctype html><meta charset="utf-8"><title>game</title><script src="${sdkUrl}"></script><script>
    const q = new URLSearchParams(location.search);
    window.clockOffset = Number(sessionStorage.getItem('clockOffset') ?? 0);
    window.starts = []; window.ends = [];
    let hidden = false;
    Object.defineProperty(document, 'visibilityState', { get: () => (hidden ? 'hidden' : 'visible') });
    window.hide = (h) => { hidden = h; document.dispatchEvent(new Event('visibilitychange')); };
    window.tp = TPSDK.createClient({ baseUrl: '${baseUrl}', clientKey: '${DEFAULT_CLIENT_KEY}', authMode: '${DEFAULT_AUTH_MODE}',
      playerSlug: q.get('later') ? undefined : q.get('player'), region: 'KR', ui: null, now: () => Date.now() + window.clockOffset,
      ...(q.get('timeout') ? { sessionTimeoutMs: Number(q.get('timeout')) } : {}),
      ...(q.get('autoLogin') ? { autoLogin: q.get('autoLogin') } : {}) });
    tp.on('session:start', (s) => starts.push(s.index));
    tp.on('session:end', (e) => ends.push(e.session.index + ' ' + e.reason));
  </script>`;
}

const site = useGamePage(harness, (h) => gameHtml(`${h.stack.url}build/tp-web-sdk.iife.js`, h.stack.service.baseUrl));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** `read` run in the page on its window. */
const game = <T>(page: Page, read: (g: Game) => T): Promise<T> => page.evaluate(`(${read.toString()})(window)`) as Promise<T>;
const session = (page: Page): Promise<Session | undefined> => game(page, (g) => g.tp.session);

async function openGame(page: Page, player: string, query = ''): Promise<void> {
  await page.goto(`${site.url}?player=${player}${query}`);
  await page.waitForFunction(() => (window as unknown as Game).tp.session !== undefined);
}

/** The logins the service holds for `player`, after every page flushed. */
async function loginsOf(player: string, ...pages: Page[]): Promise<number> {
  await sleep(300); // the login is decided under the lock, just after start
  for (const page of pages) await page.evaluate(() => (window as unknown as Game).tp.flush());
  return (await serviceUploads(harness.stack)).flatMap((u) => u.body.players_login ?? []).filter((r) => r.player_slug === player).length;
}

it('a reload within the timeout keeps the session and sends no second login', async () => {
  const page = await harness.page();
  await openGame(page, 'session-reload');
  const first = await session(page);
  expect(await loginsOf('session-reload', page)).toBe(1);
  await page.reload();
  await page.waitForFunction(() => (window as unknown as Game).tp.session !== undefined);
  expect(await session(page)).toEqual(first);
  expect(await game(page, (g) => g.starts)).toEqual([]); // carried on, not started
  expect(await loginsOf('session-reload', page)).toBe(1);
});

it('two tabs share one session and one login', async () => {
  const [a, b] = [await harness.page(), await harness.page()];
  await Promise.all([openGame(a, 'session-tabs'), openGame(b, 'session-tabs')]);
  await sleep(300);
  expect(await session(a)).toEqual(await session(b));
  expect(await loginsOf('session-tabs', a, b)).toBe(1);
});

it('hidden past the timeout: the session ends, and the return starts the next with a login', async () => {
  const page = await harness.page();
  await openGame(page, 'session-hidden', '&timeout=1500');
  expect(await loginsOf('session-hidden', page)).toBe(1);
  await page.evaluate(() => (window as unknown as Game).hide(true));
  await sleep(2500);
  expect(await game(page, (g) => g.ends)).toEqual(['1 timeout']);
  await page.evaluate(() => (window as unknown as Game).hide(false));
  await page.waitForFunction(() => (window as unknown as Game).tp.session?.index === 2);
  expect(await loginsOf('session-hidden', page)).toBe(2);
});

it('a new UTC day starts a session while the page stays open', async () => {
  const page = await harness.page();
  // Five seconds before the next UTC midnight, by the page's clock.
  await page.goto(`${site.url}?player=none`);
  await page.evaluate(() => sessionStorage.setItem('clockOffset', String(Math.ceil(Date.now() / 86_400_000) * 86_400_000 - 5_000 - Date.now())));
  await openGame(page, 'session-day');
  const before = await session(page);
  await page.waitForFunction((id) => (window as unknown as Game).ends.length > 0 && ![undefined, id].includes((window as unknown as Game).tp.session?.id), before!.id, { timeout: 15_000 });
  expect(await game(page, (g) => g.ends)).toEqual([`${before!.index} day`]);
  expect((await session(page))!.index).toBe(before!.index + 1);
  expect(await loginsOf('session-day', page)).toBe(2);
});

it("autoLogin 'day': sessions that day send one login, and the next UTC day one more", async () => {
  const page = await harness.page();
  await page.goto(`${site.url}?player=none`);
  await page.evaluate(() => sessionStorage.setItem('clockOffset', '0'));
  await openGame(page, 'session-daily', '&autoLogin=day&timeout=1000');
  for (let i = 0; i < 2; i++) {
    // Hidden past the timeout, then back: a new session, the same day.
    await page.evaluate(() => (window as unknown as Game).hide(true));
    await sleep(1500);
    await page.evaluate(() => (window as unknown as Game).hide(false));
    await sleep(300);
  }
  expect((await session(page))!.index).toBeGreaterThanOrEqual(3);
  expect(await loginsOf('session-daily', page)).toBe(1);
  // The next UTC day, by the page's clock: the reload finds the session over and logs in again.
  await page.evaluate(() => sessionStorage.setItem('clockOffset', String(86_400_000)));
  await page.reload();
  await page.waitForFunction(() => (window as unknown as Game).tp.session !== undefined);
  expect(await loginsOf('session-daily', page)).toBe(2);
});

it('a session started before identify() sends its login at identify(), for that player', async () => {
  const page = await harness.page();
  await page.goto(`${site.url}?player=none`);
  await page.evaluate(() => sessionStorage.setItem('clockOffset', String(2 * 86_400_000))); // a day of its own: a new session
  await openGame(page, 'session-later', '&later=1');
  await sleep(500);
  expect(await loginsOf('session-later', page)).toBe(0);
  await page.evaluate(() => (window as unknown as Game).tp.identify('session-later'));
  expect(await loginsOf('session-later', page)).toBe(1);
});
