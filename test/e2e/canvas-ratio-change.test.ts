/**
 * The canvas adapter redraws sharp when `devicePixelRatio` changes while an offer is on screen: the
 * player drags the window to a screen of another density, or zooms. The canvas keeps its CSS size,
 * so no resize is observed: only the adapter's `(resolution: …dppx)` media query sees the change.
 *
 * In a top-level page (not vitest's iframe), through CDP's device-metrics override. Headless
 * Chromium re-evaluates media queries on such an override only when the viewport changes too, so
 * each step also changes the viewport's width by one pixel; the canvas's CSS box does not move.
 */
import type { CDPSession, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { useFixtureInChromium } from '../support/fixture-in-chromium.js';

const FIXTURE = `
import { createCanvasAdapter } from './src/ui/canvas/canvas-adapter.ts';
import { recordingView } from './test/support/views.ts';
import { aiBody } from './test/fixtures/spec-samples.ts';

// Without its image: pixels drawn at once, whatever the network.
const body = structuredClone(aiBody);
for (const texts of Object.values(body.display_parameters)) texts.background_url = null;

/** A canvas of a fixed CSS size, with the spec's AI offer drawn by its own adapter. */
const mount = () => {
  const canvas = document.createElement('canvas');
  canvas.style.cssText = 'display:block;width:300px;height:480px';
  document.body.append(canvas);
  const adapter = createCanvasAdapter({ context: canvas.getContext('2d'), theme: { font: 'DejaVu Sans, sans-serif' } });
  adapter.present(recordingView(body).view);
  return { canvas, adapter };
};
let shown;
Object.assign(window, {
  show: () => void (shown = mount()),
  close: () => shown.adapter.close(),
  backing: () => [shown.canvas.width, shown.canvas.height],
  /** Whether the shown canvas holds the very pixels of a canvas the offer is first shown on now. */
  sameAsFresh: () => {
    const fresh = mount();
    const same = fresh.canvas.toDataURL() === shown.canvas.toDataURL();
    fresh.adapter.close();
    fresh.canvas.remove();
    return same;
  },
});
`;

const fixture = useFixtureInChromium(FIXTURE);
let page: Page;
let cdp: CDPSession;

async function open(ratio: number): Promise<void> {
  page = await fixture.page({ viewport: { width: 800, height: 600 }, deviceScaleFactor: ratio });
  await page.setContent('<!doctype html><html><head><meta charset="utf-8"></head><body style="margin:0"></body></html>');
  await page.addScriptTag({ content: fixture.script });
  cdp = await page.context().newCDPSession(page);
}

/** The page moves to a screen of `ratio` device pixels per CSS pixel; resolves after two frames. */
async function moveTo(ratio: number, width: number): Promise<void> {
  await cdp.send('Emulation.setDeviceMetricsOverride', { width, height: 600, deviceScaleFactor: ratio, mobile: false });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

const call = <T>(name: string): Promise<T> => page.evaluate((n) => (window as unknown as Record<string, () => T>)[n]!(), name);

it('redraws sharp at each new devicePixelRatio while the offer is on screen, as if first shown there', async () => {
  await open(1);
  await call('show');
  expect(await call('backing')).toEqual([300, 480]);

  await moveTo(2, 801);
  expect(await page.evaluate(() => devicePixelRatio)).toBe(2);
  expect(await call('backing')).toEqual([600, 960]);
  expect(await call('sameAsFresh')).toBe(true);

  // And again: the adapter watches the ratio it now draws at, not the first one.
  await moveTo(1.5, 802);
  expect(await call('backing')).toEqual([450, 720]);
  expect(await call('sameAsFresh')).toBe(true);

  await moveTo(1, 803);
  expect(await call('backing')).toEqual([300, 480]);
  expect(await call('sameAsFresh')).toBe(true);
});

it('stops watching the ratio once the offer is closed: the canvas is left as the close left it', async () => {
  await open(2);
  await call('show');
  expect(await call('backing')).toEqual([600, 960]);
  await call('close');
  await moveTo(1, 801);
  expect(await call('backing')).toEqual([600, 960]);
});
