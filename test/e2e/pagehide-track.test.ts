/**
 * A "session end" record the game tracks in its own `pagehide` listener (research list, analytics
 * item 2: events lost when the tab closes), added before or after `createClient`: after, it runs
 * after the SDK's own listener has made its last upload and saved its rescue. Real Chromium, the
 * script-tag build, the reference service; the player closes the tab 20 times, then comes back.
 */
import { expect, it } from 'vitest';
import { DEFAULT_AUTH_MODE, DEFAULT_CLIENT_KEY } from '../../demo/service/config.js';
import { serviceUploads, useDemoInChromium } from './harness.js';

const harness = useDemoInChromium();
const ROUNDS = 20;
type Game = { tp: { stats(): { leader: boolean }; flush(): Promise<unknown> } };

/** The game's page: with `?before` or `?after`, its pagehide listener is added before or after createClient. */
function gamePage(player: string, search: string, round: number): string {
  const { baseUrl } = harness.stack.service;
  return `<!doctype html><title>game</title><script>
    const sessionEnd = () => tp.track('characters_stages', { character_slug: 'c', stage_slug: 'session-end-${round}' });
    if ('${search}' === '?before') addEventListener('pagehide', sessionEnd);
  </script><script src="/build/tp-web-sdk.iife.js"></script><script>
    window.tp = TPSDK.createClient({ baseUrl: '${baseUrl}', clientKey: '${DEFAULT_CLIENT_KEY}', authMode: '${DEFAULT_AUTH_MODE}',
      playerSlug: '${player}', region: 'KR', flushIntervalMs: 0, ui: null });
    if ('${search}' === '?after') addEventListener('pagehide', sessionEnd);
  </script>`;
}

it.each(['before', 'after'])("the record tracked in the game's pagehide listener added %s createClient reaches the service, every time", async (when) => {
  const { stack } = harness;
  const player = `session-end-${when}`;
  /**
   * The game, written into a page the demo's site served (so it is on loopback as the service is:
   * a page fulfilled by the test would count as public, and Chromium would refuse its requests).
   */
  const open = async (search: string, round = -1) => {
    const page = await harness.page();
    harness.allowConsole(/404 \(Not Found\)/);
    await page.goto(`${stack.url}game${search}`);
    await page.setContent(gamePage(player, search, round));
    await page.waitForFunction(() => (window as unknown as Game).tp.stats().leader);
    return page;
  };
  for (let i = 0; i < ROUNDS; i++) await (await open(`?${when}`, i)).close({ runBeforeUnload: true }); // the player closes the tab
  const next = await open('?again'); // and comes back
  await next.evaluate(() => (window as unknown as Game).tp.flush());
  await next.close();
  const held = (await serviceUploads(stack)).flatMap((u) => u.body.characters_stages ?? []).filter((r) => r.player_slug === player);
  // Each round's record, at least once (a copy sent again is the at-least-once window).
  const rounds = new Set(held.map((r) => r.stage_slug));
  expect([...Array(ROUNDS).keys()].filter((i) => !rounds.has(`session-end-${i}`)), 'rounds whose record was lost').toEqual([]);
});
