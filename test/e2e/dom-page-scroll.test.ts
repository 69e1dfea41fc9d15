/**
 * The page behind an open DOM dialog does not scroll: not from a mouse wheel over the backdrop or
 * the card (also once the card's own content has scrolled to its end), not from a finger dragged
 * on either, not from a scrolling key pressed while the dialog has focus, and not when the dialog
 * is in a game-given `container`. A regression shows in Chromium as each wheel notch over the
 * dialog scrolling a tall page by 400 px while it is open (research list, in-app messaging item 10).
 *
 * In a top-level page (not vitest's iframe: the iframe's own scroll would chain to the runner's
 * page), with Chromium's own input pipeline: Playwright's mouse wheel and keyboard, and touches
 * through CDP's `Input.dispatchTouchEvent`. Each check first shows that the same input scrolls the
 * page when no dialog is open, so a pass is not input that did nothing.
 */
import type { CDPSession, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { useFixtureInChromium } from '../support/fixture-in-chromium.js';

const FIXTURE = `
import { createDomAdapter } from './src/ui/dom/dom-adapter.ts';
import { recordingView } from './test/support/views.ts';
import { aiBody } from './test/fixtures/spec-samples.ts';

// Without its image: the card's size does not wait for the network.
const body = structuredClone(aiBody);
for (const texts of Object.values(body.display_parameters)) texts.background_url = null;
const story = Array.from({ length: 40 }, (_, i) => 'Chapter ' + (i + 1) + ': the forge burns hotter than ever.').join('\\n');
let ui;
Object.assign(window, {
  show: (long, inContainer) => {
    const offer = structuredClone(body);
    if (long) offer.display_parameters.en.message = story;
    ui = createDomAdapter(inContainer ? { container: document.getElementById('stage') } : {});
    ui.present(recordingView(offer).view);
  },
  hide: () => ui.close(),
});
`;

/** A page 5,000 px tall, with a 400 px "stage" 1,000 px down for the container case. */
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>
<body style="margin:0"><div style="height:1000px"></div><div id="stage" style="position:relative;height:400px"></div><div style="height:3600px"></div></body></html>`;

const fixture = useFixtureInChromium(FIXTURE);
let page: Page;
let cdp: CDPSession;

async function open(): Promise<void> {
  // A phone: 360×640 with touch, so that touches scroll as a finger would.
  page = await fixture.page({ viewport: { width: 360, height: 640 }, hasTouch: true, reducedMotion: 'reduce' });
  await page.setContent(PAGE);
  await page.addScriptTag({ content: fixture.script });
  cdp = await page.context().newCDPSession(page);
}

/** Waits until nothing scrolls any more (a fling after a touch drag goes on for a while). */
async function settled(): Promise<void> {
  let last = '';
  for (let i = 0; i < 50; i++) {
    await page.waitForTimeout(100);
    const now = JSON.stringify(await positions());
    if (now === last) return;
    last = now;
  }
}

/** The page's scroll position and the card's (–1 with no dialog open). */
const positions = () =>
  page.evaluate(() => {
    const card = document.querySelector('[data-tp-offer]')?.shadowRoot?.querySelector('.dialog');
    return { page: Math.round(scrollY), card: card ? Math.round(card.scrollTop) : -1 };
  });

const wheel = async (x: number, y: number, times = 3): Promise<void> => {
  for (let i = 0; i < times; i++) {
    await page.mouse.move(x, y);
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(50);
  }
  await settled();
};

/** A finger dragged 300 px up from (x, y): the content under it would move up, as in a flick. */
const drag = async (x: number, y: number): Promise<void> => {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let i = 1; i <= 10; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y - i * 30 }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await settled();
};

const keys = async (): Promise<void> => {
  for (const key of ['Space', 'PageDown', 'End', 'ArrowDown']) await page.keyboard.press(key);
  await settled();
};

const show = (long: boolean, inContainer = false) => page.evaluate(([l, c]) => (window as unknown as { show: (l: boolean, c: boolean) => void }).show(l!, c!), [long, inContainer]);

/** The page's scroll position after each input, in turn (not put back in between). */
async function pageAfterEach(inputs: Record<string, () => Promise<void>>): Promise<Record<string, number>> {
  const after: Record<string, number> = {};
  for (const [name, input] of Object.entries(inputs)) {
    await input();
    after[name] = (await positions()).page;
  }
  return after;
}

/** The input scrolls the page with no dialog open (so the test's input is real); back to `y` after. */
async function scrollsWithoutDialog(input: () => Promise<void>, y: number): Promise<void> {
  await input();
  expect((await positions()).page).toBeGreaterThan(y);
  await page.evaluate((to) => scrollTo(0, to), y);
  await settled();
}

it('over the viewport: a wheel, a finger or a key on the backdrop or the card leaves the page where it was', async () => {
  await open();
  const backdrop: [number, number] = [6, 600]; // the backdrop's bottom-left corner, beside the card
  const card: [number, number] = [180, 320];
  await scrollsWithoutDialog(() => wheel(...card), 0);
  await scrollsWithoutDialog(() => drag(...card), 0);
  await show(false);
  const moved = await pageAfterEach({
    'wheel on the backdrop': () => wheel(...backdrop),
    'wheel on the card': () => wheel(...card),
    'finger on the backdrop': () => drag(...backdrop),
    'finger on the card': () => drag(...card),
    'Space, PageDown, End, ArrowDown on the dialog': keys, // it has focus, as at open
  });
  // A regression scrolls the page 1,200 px after the three wheel notches on the backdrop, and on from there.
  expect(moved).toEqual({ 'wheel on the backdrop': 0, 'wheel on the card': 0, 'finger on the backdrop': 0, 'finger on the card': 0, 'Space, PageDown, End, ArrowDown on the dialog': 0 });
  expect((await positions()).card).toBe(0);
});

it('a long offer scrolls inside its card to the end, and further wheels or drags leave the page where it was', async () => {
  await open();
  await show(true);
  await wheel(180, 320, 6);
  const { card } = await positions();
  const end = await page.evaluate(() => {
    const el = document.querySelector('[data-tp-offer]')!.shadowRoot!.querySelector('.dialog')!;
    return el.scrollHeight - el.clientHeight;
  });
  expect(end).toBeGreaterThan(400);
  expect(card).toBe(end); // the card itself scrolled, to its end
  const moved = await pageAfterEach({
    'wheel on the card at its end': () => wheel(180, 320),
    'finger on the card at its end': () => drag(180, 500),
    'keys on the dialog at its end': keys,
  });
  expect(moved).toEqual({ 'wheel on the card at its end': 0, 'finger on the card at its end': 0, 'keys on the dialog at its end': 0 });
  expect((await positions()).card).toBe(end);
  // Closed, the page scrolls again: nothing was changed on it.
  await page.evaluate(() => (window as unknown as { hide: () => void }).hide());
  await wheel(180, 320, 1);
  expect((await positions()).page).toBeGreaterThan(0);
});

it('the card alone holds a scroll at its end, where the backdrop cannot (Safari, Chrome before 144, Firefox before 150)', async () => {
  // Those engines ignore overscroll-behavior on a scroll container with nothing to scroll, as the
  // backdrop always is; here the backdrop's is switched off, so only the card's rule is tested.
  await open();
  await show(true);
  await page.evaluate(() => {
    const root = document.querySelector('[data-tp-offer]')!.shadowRoot!;
    const off = new CSSStyleSheet();
    off.replaceSync('.backdrop{overscroll-behavior:auto}');
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, off];
  });
  await wheel(180, 320, 6);
  const moved = await pageAfterEach({
    'wheel on the card at its end': () => wheel(180, 320),
    'finger on the card at its end': () => drag(180, 500),
  });
  expect(moved).toEqual({ 'wheel on the card at its end': 0, 'finger on the card at its end': 0 });
  expect((await positions()).card).toBeGreaterThan(400);
});

it('in a container: a wheel or a finger on the dialog leaves the container’s page where it was', async () => {
  await open();
  // The page scrolled so that the 400 px stage fills the middle of the screen (its top at 120 px).
  await page.evaluate(() => scrollTo(0, 880));
  await settled();
  const backdrop: [number, number] = [6, 500];
  const card: [number, number] = [180, 320];
  await scrollsWithoutDialog(() => wheel(...card), 880);
  await scrollsWithoutDialog(() => drag(...card), 880);
  await show(false, true);
  const moved = await pageAfterEach({
    'wheel on the backdrop': () => wheel(...backdrop),
    'wheel on the card': () => wheel(...card),
    'finger on the backdrop': () => drag(...backdrop),
    'finger on the card': () => drag(...card),
  });
  expect(moved).toEqual({ 'wheel on the backdrop': 880, 'wheel on the card': 880, 'finger on the backdrop': 880, 'finger on the card': 880 });
});
