/**
 * The in-game inspector on a phone: a 360×640 touch screen (Playwright's `isMobile` and
 * `hasTouch`, real taps), in a page of its own (the floating button) and in the demo against the
 * reference service (its "Open inspector" button, a real upload, the service's offers). axe-core
 * finds no violation in it, open or closed.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDemoStack, type DemoStack } from '../../demo/stack.js';
import { useFixtureInChromium } from '../support/fixture-in-chromium.js';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const PHONE = { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true } as const;

/** A game page: a client whose service a local `fetch` answers (one usable offer, one inactive), and the inspector with its button. */
const FIXTURE = `
import { createClient } from './src/index.ts';
import { attachInspector } from './src/inspector.ts';
import { aiBody, offerRecord, personalizedBody } from './test/fixtures/spec-samples.ts';
import { memoryClientOptions, okEnvelope } from './test/support/memory-client.ts';
const tp = createClient(memoryClientOptions(async (url, init) =>
  new URL(String(url)).pathname.endsWith('/offers') && (init?.method ?? 'GET') === 'GET'
    ? okEnvelope([offerRecord(1, personalizedBody), offerRecord(2, aiBody, { is_offer_active: 0 })])
    : okEnvelope({})));
const inspector = attachInspector(tp);
Object.assign(window, { tp, inspector });
`;
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>game</title></head>
<body style="margin:0"><main><canvas id="game" width="360" height="640" style="display:block;width:100vw;height:100vh"></canvas></main></body></html>`;

const fixture = useFixtureInChromium(FIXTURE);
let stack: DemoStack;
let dataDir = '';
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tp-e2e-inspector-'));
  stack = await startDemoStack({ dataDir, port: 0, skipBuild: true });
});
afterAll(async () => {
  await stack?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const inShadow = (page: Page, selector: string) => page.locator(`[data-tp-inspector] ${selector}`);
const sectionText = (page: Page, title: string) => inShadow(page, `section[aria-labelledby="tp-inspector-${title}"]`).textContent();

/** Every violation axe-core finds in the inspector, as `rule: help`, and how many checks passed. */
async function axeOnInspector(page: Page): Promise<{ violations: string[]; passes: number }> {
  await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: Array<{ id: string; help: string; nodes: unknown[] }>; passes: unknown[] }> } }).axe;
    const r = await axe.run({ include: [['[data-tp-inspector]']] }, {});
    return { violations: r.violations.map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes)}`), passes: r.passes.length };
  });
}

/** The boxes of the panel and of every visible button inside it. */
const boxes = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('[data-tp-inspector]')!.shadowRoot!;
    const box = (e: Element) => {
      const r = e.getBoundingClientRect();
      return { name: e.getAttribute('aria-label') ?? e.textContent ?? '', left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height };
    };
    const body = root.querySelector('.body')!;
    return {
      panel: box(root.querySelector('[role="dialog"]')!),
      buttons: [...root.querySelectorAll('button')].filter((b) => !b.hidden && b.getClientRects().length > 0).map(box),
      scrolls: body.scrollHeight > body.clientHeight && getComputedStyle(body).overflowY === 'auto',
    };
  });

it('at 360×640 by touch: the button opens the panel, which fits the screen and scrolls inside; Flush now shows the upload; Close gives focus back', async () => {
  const page = await fixture.page(PHONE);
  await page.setContent(PAGE);
  await page.addScriptTag({ content: fixture.script });
  await page.evaluate(async () => {
    const tp = (window as unknown as { tp: import('../../src/index.js').TpClient }).tp;
    await tp.offers.refresh();
    for (let i = 0; i < 30; i++) tp.track('players_stages', { stage_slug: `stage_${i}`, stage_result: 'clear', stage_score: i });
    tp.track('players_login', { device_unique_id: 42 } as never); // invalid
  });
  const fab = inShadow(page, 'button[aria-controls="tp-inspector-panel"]');
  const fabBox = (await fab.boundingBox())!;
  expect(fabBox.width).toBeGreaterThanOrEqual(44);
  expect(fabBox.height).toBeGreaterThanOrEqual(44);
  await fab.tap();
  await expect.poll(() => inShadow(page, '[role="dialog"]').isVisible()).toBe(true);

  await inShadow(page, 'button:text("Flush now")').tap();
  await expect.poll(() => sectionText(page, 'uploads')).toMatch(/delivered.*players_stages × 30/);
  expect(await sectionText(page, 'invalid')).toMatch(/players_login: device_unique_id: invalid_type/);
  expect(await sectionText(page, 'offers')).toMatch(/1 \(personalized\)usable/);

  const { panel, buttons, scrolls } = await boxes(page);
  expect(panel.left).toBeGreaterThanOrEqual(0);
  expect(panel.top).toBeGreaterThanOrEqual(0);
  expect(panel.right).toBeLessThanOrEqual(360);
  expect(panel.bottom).toBeLessThanOrEqual(640);
  expect(scrolls).toBe(true); // the content is taller than the screen: it scrolls inside the panel
  expect(buttons.length).toBeGreaterThanOrEqual(3);
  for (const b of buttons) {
    expect(b.width, b.name).toBeGreaterThanOrEqual(44);
    expect(b.height, b.name).toBeGreaterThanOrEqual(44);
  }

  await inShadow(page, 'button[aria-label="Close the inspector"]').tap();
  await expect.poll(() => inShadow(page, '[role="dialog"]').isVisible()).toBe(false);
  expect(await page.evaluate(() => document.querySelector('[data-tp-inspector]')!.shadowRoot!.activeElement?.getAttribute('aria-controls'))).toBe('tp-inspector-panel');
});

it('axe-core finds no violation in the inspector, closed and open with rows in every list', async () => {
  const page = await fixture.page(PHONE);
  await page.setContent(PAGE);
  await page.addScriptTag({ content: fixture.script });
  const closed = await axeOnInspector(page);
  expect(closed.violations).toEqual([]);
  await page.evaluate(async () => {
    const { tp, inspector } = window as unknown as { tp: import('../../src/index.js').TpClient; inspector: import('../../src/inspector.js').InspectorHandle };
    await tp.offers.refresh();
    tp.track('players_login', { device_unique_id: 'd-1', region: 'KR' });
    tp.track('players_login', { device_unique_id: 42 } as never);
    await tp.flush();
    await tp.offers.showAt('game-over'); // skipped in the session's first minute: a decision with its candidates
    inspector.open();
  });
  await expect.poll(() => sectionText(page, 'uploads')).toContain('delivered');
  expect(await sectionText(page, 'decisions')).toMatch(/game-over: skipped: capped/);
  const open = await axeOnInspector(page);
  expect(open.violations).toEqual([]);
  expect(open.passes).toBeGreaterThan(10); // it did look at the panel
});

it('the demo opens the inspector from its button: a real upload to the reference service, its offers with their verdicts, no axe violation', async () => {
  const page = await fixture.page(PHONE);
  const player = `e2e-inspector-${randomUUID().slice(0, 8)}`;
  await page.goto(`${stack.url}?${new URLSearchParams({ player, flushIntervalMs: '0' })}`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.locator('#offers li').first().waitFor();
  const opener = page.locator('#inspector');
  await opener.scrollIntoViewIfNeeded();
  await opener.tap();
  await expect.poll(() => inShadow(page, '[role="dialog"]').isVisible()).toBe(true);
  await inShadow(page, 'button:text("Flush now")').tap();
  await expect.poll(() => sectionText(page, 'uploads')).toMatch(/delivered.*players_login × 1/);
  expect(await sectionText(page, 'offers')).toMatch(/\(ai\)usable/);
  expect((await axeOnInspector(page)).violations).toEqual([]);
  await page.keyboard.press('Escape');
  await expect.poll(() => inShadow(page, '[role="dialog"]').isVisible()).toBe(false);
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('inspector');
});
