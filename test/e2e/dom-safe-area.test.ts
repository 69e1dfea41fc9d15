/**
 * On a notched phone, in a page with `viewport-fit=cover` (a game added to the home screen, or in
 * fullscreen), the DOM dialog over the viewport keeps its card, and × with it, inside the safe
 * area: the backdrop pads it by `max(16px, env(safe-area-inset-*))` on each side, and still dims the
 * whole screen. Padded 16 px whatever the insets, × could sit under the notch or the status bar
 * (research list, in-app messaging item 10).
 *
 * The insets are Chromium's own `env(safe-area-inset-*)` values, set through CDP's
 * `Emulation.setSafeAreaInsetsOverride`, in a top-level page (not vitest's iframe).
 */
import { expect, it } from 'vitest';
import { useFixtureInChromium } from '../support/fixture-in-chromium.js';

const FIXTURE = `
import { createDomAdapter } from './src/ui/dom/dom-adapter.ts';
import { recordingView } from './test/support/views.ts';
import { aiBody } from './test/fixtures/spec-samples.ts';

// Without its image: the card's size does not wait for the network. A long message: the card
// takes all the height it is given.
const body = structuredClone(aiBody);
for (const texts of Object.values(body.display_parameters)) texts.background_url = null;
body.display_parameters.en.message = Array.from({ length: 40 }, (_, i) => 'Chapter ' + (i + 1) + ': the forge burns.').join('\\n');
Object.assign(window, {
  show: (inContainer) => createDomAdapter(inContainer ? { container: document.getElementById('stage') } : {}).present(recordingView(body).view),
  /** The rectangles of the backdrop, the card and ×, as [left, top, right, bottom]. */
  boxes: () => {
    const root = document.querySelector('[data-tp-offer]').shadowRoot;
    const box = (s) => { const r = root.querySelector(s).getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom].map(Math.round); };
    return { backdrop: box('.backdrop'), card: box('.dialog'), close: box('.close') };
  },
});
`;

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover"></head>
<body style="margin:0"><div id="stage" style="position:absolute;left:40px;top:100px;width:300px;height:300px"></div></body></html>`;

interface Insets {
  top: number;
  right: number;
  bottom: number;
  left: number;
}
type Box = [number, number, number, number];

const fixture = useFixtureInChromium(FIXTURE);

/** A page of `width`×`height` whose safe-area insets are `insets`; shows the long offer over the viewport or in the 300×300 stage. */
async function shown(width: number, height: number, insets: Insets, inContainer = false): Promise<{ backdrop: Box; card: Box; close: Box }> {
  const page = await fixture.page({ viewport: { width, height }, reducedMotion: 'reduce' });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setSafeAreaInsetsOverride', { insets });
  await page.setContent(PAGE);
  // The override is Chromium's own env() values: the page reads them as a notched phone's.
  const env = await page.evaluate(() => {
    const probe = document.createElement('div');
    probe.style.cssText = 'position:fixed;padding:env(safe-area-inset-top) env(safe-area-inset-right) env(safe-area-inset-bottom) env(safe-area-inset-left)';
    document.body.append(probe);
    const s = getComputedStyle(probe);
    const got = [s.paddingTop, s.paddingRight, s.paddingBottom, s.paddingLeft].map((v) => parseFloat(v));
    probe.remove();
    return got;
  });
  expect(env).toEqual([insets.top, insets.right, insets.bottom, insets.left]);
  await page.addScriptTag({ content: fixture.script });
  await page.evaluate((c) => (window as unknown as { show: (c: boolean) => void }).show(c), inContainer);
  return page.evaluate(() => (window as unknown as { boxes: () => { backdrop: Box; card: Box; close: Box } }).boxes());
}

it('portrait, notch and home indicator (390×844, top 47, bottom 34): the card and × stay below the notch and above the indicator', async () => {
  const { backdrop, card, close } = await shown(390, 844, { top: 47, right: 0, bottom: 34, left: 0 });
  expect(backdrop).toEqual([0, 0, 390, 844]); // it still dims the whole screen, notch included
  expect(card).toEqual([16, 47, 374, 810]); // a regression gives [16, 16, 374, 828], × 16 px into the notch's 47
  expect(close[1]).toBe(47 + 8);
});

it('landscape, notch at the left (844×390, left 47, right 47, bottom 21): the card stays clear of both sides and the indicator', async () => {
  const { card, close } = await shown(844, 390, { top: 0, right: 47, bottom: 21, left: 47 });
  expect([card[1], card[3]]).toEqual([16, 390 - 21]); // a regression puts the bottom at 374, over the indicator
  expect([card[0] >= 47, card[2] <= 844 - 47, close[2] <= 844 - 47]).toEqual([true, true, true]);
});

it('a narrow landscape screen (480×320, left and right 44): the card, as wide as it may be, is inset 44 px on both sides, not 16', async () => {
  const { card, close } = await shown(480, 320, { top: 0, right: 44, bottom: 0, left: 44 });
  expect(card).toEqual([44, 16, 480 - 44, 320 - 16]); // a regression gives [20, 16, 460, 304], × 16 px into the right inset
  expect(close[2]).toBe(480 - 44 - 8);
});

it('no insets (a page without a notch, or without viewport-fit=cover): 16 px all around', async () => {
  const { card } = await shown(390, 844, { top: 0, right: 0, bottom: 0, left: 0 });
  expect(card).toEqual([16, 16, 374, 828]);
});

it('in a container: 16 px inside the container, whatever the screen’s insets (the game places its stage)', async () => {
  const { backdrop, card } = await shown(390, 844, { top: 47, right: 0, bottom: 34, left: 47 }, true);
  expect(backdrop).toEqual([40, 100, 340, 400]);
  expect(card).toEqual([56, 116, 324, 384]);
});
