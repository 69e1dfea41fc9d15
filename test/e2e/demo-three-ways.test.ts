/**
 * One offer, three ways, in real Chromium: the demo presents each offer to the DOM adapter, the
 * canvas adapter and a Phaser scene drawing the headless view, side by side. All three draw the
 * same offer; acting in any one panel reports once and closes all three; the offer is opened once.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import type { PhaserControlInfo, PhaserTextInfo } from '../../demo/game/phaser-view.js';
import { DEFAULT_PHASER_THEME as PHASER_THEME } from '../../src/phaser.js';
import { parseRichText } from '../../src/richtext/index.js';
import { openDemo, serviceUploads, useDemoInChromium } from './harness.js';

const harness = useDemoInChromium();
const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

interface DemoHooks {
  demo: { phaserReady: Promise<boolean>; phaserTexts(): PhaserTextInfo[]; phaserControls(): PhaserControlInfo[]; phaserImages(): string[] };
}
const phaserReady = (page: Page) => page.evaluate(() => (window as unknown as DemoHooks).demo.phaserReady);
const phaserTexts = (page: Page) => page.evaluate(() => (window as unknown as DemoHooks).demo.phaserTexts());
const phaserControls = (page: Page) => page.evaluate(() => (window as unknown as DemoHooks).demo.phaserControls());
const phaserImages = (page: Page) => page.evaluate(() => (window as unknown as DemoHooks).demo.phaserImages());

/** The Phaser panel's buttons once its card is laid out for good: with the offer's image, when it has one (it loads after the first draw). */
async function settledControls(page: Page, offerId: number): Promise<PhaserControlInfo[]> {
  const body = JSON.parse(harness.stack.service.store.findOffer(offerId)!.offer) as { display_parameters?: { en: { background_url?: string } }; message?: { en: { image?: string } } };
  const image = body.display_parameters?.en.background_url ?? body.message?.en.image;
  if (image) await expect.poll(() => phaserImages(page)).toEqual([image]);
  return phaserControls(page);
}

/** Pixels of the canvas panel in the card's color (read from a screenshot: the canvas holds a cross-origin image, so it cannot be read back). */
async function cardPixels(page: Page): Promise<number> {
  const png = PNG.sync.read(await page.locator('#view-canvas canvas').screenshot());
  const card = [0x1d, 0x23, 0x30];
  let count = 0;
  for (let i = 0; i < png.data.length; i += 4) {
    if (card.every((c, k) => Math.abs(png.data[i + k]! - c) <= 2)) count += 1;
  }
  return count;
}

async function reactionsOf(player: string, offerId: number): Promise<string[]> {
  return (await serviceUploads(harness.stack))
    .flatMap((u) => u.body.players_offers ?? [])
    .filter((r) => r.player_slug === player && r.offer_id === offerId)
    .map((r) => `${r.message_status}${r.message_detail ? `:${r.message_detail}` : ''}`);
}

/** Opens the demo (Phaser running) and shows its first usable offer of `kind`; returns the offer's id and English title. */
async function showOffer(page: Page, player: string, kind: 'ai' | 'personalized'): Promise<{ offerId: number; title: string }> {
  await openDemo(page, harness.stack, { player, flushIntervalMs: '0', lang: 'en' });
  expect(await phaserReady(page)).toBe(true);
  const item = page.locator(`#offers li[data-kind="${kind}"][data-verdict="usable"]`).first();
  const offerId = Number(await item.getAttribute('data-offer-id'));
  await item.locator('button').click();
  await expect.poll(() => page.locator('#view-dom [data-tp-offer] [role="dialog"]').count()).toBe(1);
  return { offerId, title: await page.locator('#view-dom [data-tp-offer] #tp-offer-title').innerText() };
}

/** Nothing of an offer is left in any panel. */
async function expectAllClosed(page: Page, title: string): Promise<void> {
  await expect.poll(() => page.locator('[data-tp-offer]').count()).toBe(0);
  await expect.poll(() => cardPixels(page)).toBe(0);
  await expect.poll(async () => (await phaserTexts(page)).map((t) => t.text)).toContain('No offer on screen');
  expect((await phaserTexts(page)).map((t) => t.text)).not.toContain(title);
  expect(await phaserControls(page)).toEqual([]);
  expect(await phaserImages(page)).toEqual([]);
  expect(await page.locator('#three-ways').getAttribute('data-offer')).toBeNull();
}

describe('one offer, three ways', () => {
  it('the DOM, canvas and Phaser panels draw the one offer; Buy in the Phaser panel interacts once and closes all three', async () => {
    const page = await harness.page();
    const player = `e2e-three-${randomUUID().slice(0, 8)}`;
    await openDemo(page, harness.stack, { player, flushIntervalMs: '0', lang: 'en' });
    expect(await phaserReady(page)).toBe(true);
    expect(await cardPixels(page)).toBe(0);
    expect((await phaserTexts(page)).map((t) => t.text)).toContain('No offer on screen');

    const item = page.locator('#offers li[data-kind="ai"][data-verdict="usable"]').first();
    const offerId = Number(await item.getAttribute('data-offer-id'));
    const display = JSON.parse(harness.stack.service.store.findOffer(offerId)!.offer).display_parameters.en as { title: string; message: string };
    const spans = parseRichText(display.message).lines.flat().filter((s) => s.text.length > 0);
    expect(spans.filter((s) => s.color !== undefined).length).toBeGreaterThanOrEqual(2); // the offer does carry colors
    await item.locator('button').click();

    // DOM: the adapter's dialog, inside its panel.
    const dialog = page.locator('#view-dom [data-tp-offer] [role="dialog"]');
    await expect.poll(() => dialog.count()).toBe(1);
    expect(await dialog.locator('#tp-offer-title').innerText()).toBe(display.title);
    // Canvas: the card is painted.
    await expect.poll(() => cardPixels(page)).toBeGreaterThan(10_000);
    // Phaser: a Text object for the title and for each span, in the span's color and weight.
    await expect.poll(async () => (await phaserTexts(page)).map((t) => t.text)).toContain(display.title);
    const texts = await phaserTexts(page);
    expect(texts.find((t) => t.text === display.title)).toMatchObject({ bold: true, color: PHASER_THEME.fg });
    for (const span of spans) {
      expect(texts, JSON.stringify(span)).toContainEqual(
        expect.objectContaining({ text: span.text, color: span.color ?? PHASER_THEME.fg, bold: span.bold, italic: span.italic }),
      );
    }

    const controls = await settledControls(page, offerId);
    expect(controls.map((c) => c.id)).toEqual(['buy:0', 'buy:1', 'toggle', 'close']);
    const buy = controls[0]!;
    expect(buy.label).toBe('Buy: golden_sword');
    await page.locator('#view-phaser canvas').click({ position: { x: buy.x + buy.width / 2, y: buy.y + buy.height / 2 } });
    await expectAllClosed(page, display.title);

    await page.click('#flush');
    // Drawn three times, opened once; one purchase.
    await expect.poll(() => reactionsOf(player, offerId)).toEqual(['impress', 'open', 'interact:golden_sword']);
    await page.close();
  });

  it('keyboard in the Phaser panel: with the panel focused, Enter presses the first Buy button (Phaser keyboard plugin)', async () => {
    const page = await harness.page();
    const player = `e2e-three-keys-${randomUUID().slice(0, 8)}`;
    const { offerId, title } = await showOffer(page, player, 'personalized');
    await expect.poll(async () => (await phaserControls(page)).map((c) => c.id)).toEqual(['buy:0', 'close']);
    const panel = page.locator('#view-phaser .view-stage');
    await panel.focus();
    await expect.poll(async () => (await phaserControls(page))[0]?.focused).toBe(true); // the focus ring, on Buy
    expect(await panel.getAttribute('aria-label')).toBe(`Phaser panel: ${title}. Buy: Gem Pack x100; arrow keys move, Enter presses`);
    await page.keyboard.press('ArrowDown'); // to Close, and round to Buy again
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await phaserControls(page))[0]?.focused).toBe(true);
    await page.keyboard.press('Enter');
    await expectAllClosed(page, title);

    await page.click('#flush');
    await expect.poll(() => reactionsOf(player, offerId)).toEqual(['impress', 'open', 'interact:gem_pack_100']);
    await page.close();
  });

  it('the toggle set in the Phaser panel, Escape in the canvas panel: one dismiss, "do not show again", all three closed', async () => {
    const page = await harness.page();
    const player = `e2e-three-canvas-${randomUUID().slice(0, 8)}`;
    const { offerId, title } = await showOffer(page, player, 'ai');
    await expect.poll(() => cardPixels(page)).toBeGreaterThan(10_000);
    const toggle = (await settledControls(page, offerId)).find((c) => c.id === 'toggle')!;
    await page.locator('#view-phaser canvas').click({ position: { x: toggle.x + 10, y: toggle.y + toggle.height / 2 } });
    await expect.poll(async () => (await phaserTexts(page)).map((t) => t.text)).toContain('✓');
    await page.locator('#view-canvas canvas').focus(); // the canvas adapter made it focusable
    await page.keyboard.press('Escape');
    await expectAllClosed(page, title);

    await page.click('#flush');
    await expect.poll(() => reactionsOf(player, offerId)).toEqual(['impress', 'open', 'dismiss:do_not_show_again']);
    await page.close();
  });

  it('three equal panels side by side on a wide screen, stacked on a narrow one', async () => {
    const page = await harness.page();
    await openDemo(page, harness.stack, { player: `e2e-three-layout-${randomUUID().slice(0, 8)}`, flushIntervalMs: '0' });
    // In one go: the page above the panels still grows while the offers and the log fill in.
    const boxes = () =>
      page.evaluate(() =>
        ['#view-dom', '#view-canvas', '#view-phaser'].map((id) => {
          const { x, y, width, height } = document.querySelector(id)!.getBoundingClientRect();
          return { x, y, width, height };
        }),
      );

    const [dom, canvas, phaser] = await boxes();
    expect(canvas!.y).toBe(dom!.y);
    expect(phaser!.y).toBe(dom!.y);
    expect(dom!.x + dom!.width).toBeLessThan(canvas!.x);
    expect(canvas!.x + canvas!.width).toBeLessThan(phaser!.x);
    expect(Math.abs(canvas!.width - dom!.width)).toBeLessThanOrEqual(1);
    expect(Math.abs(phaser!.width - dom!.width)).toBeLessThanOrEqual(1);
    expect(dom!.width).toBeGreaterThan(300);

    await page.setViewportSize({ width: 360, height: 640 });
    const stacked = await boxes();
    expect(stacked.map((b) => b.x)).toEqual([stacked[0]!.x, stacked[0]!.x, stacked[0]!.x]);
    expect(stacked[0]!.y + stacked[0]!.height).toBeLessThan(stacked[1]!.y);
    expect(stacked[1]!.y + stacked[1]!.height).toBeLessThan(stacked[2]!.y);
    await page.close();
  });

  it('Phaser is a chunk of its own, imported on demand: not in the page\'s entry, nor anywhere in the SDK', async () => {
    const sources = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    expect(sources.length).toBeGreaterThan(10);
    // Import statements only: the Phaser plugin's TSDoc shows a game importing Phaser.
    expect(sources.filter((f) => /^\s*(import|export)\b[^\n]*from ['"]phaser['"]|import\(['"]phaser['"]\)/m.test(readFileSync(`${SRC}${f}`, 'utf8')))).toEqual([]);
    const pkg = JSON.parse(readFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8')) as Record<string, Record<string, string> | undefined>;
    expect(pkg.devDependencies?.phaser).toBeDefined();
    expect(pkg.dependencies?.phaser ?? pkg.peerDependencies?.phaser).toBeUndefined();

    const entry = await (await fetch(`${harness.stack.url}build/game.js`)).text();
    expect(entry).toMatch(/import\("\.\/chunks\/phaser-view-[\w-]+\.js"\)/);
    expect(entry).not.toMatch(/from "\.\/chunks\/phaser-view/);
    expect(entry.length).toBeLessThan(400_000); // Phaser alone is over 1 MB
    const page = await harness.page();
    await openDemo(page, harness.stack, { player: `e2e-three-chunk-${randomUUID().slice(0, 8)}`, flushIntervalMs: '0' });
    expect(await phaserReady(page)).toBe(true);
    const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));
    expect(loaded).toContainEqual(expect.stringMatching(/^\/build\/chunks\/phaser-view-[\w-]+\.js$/));
    await page.close();
  });
});
