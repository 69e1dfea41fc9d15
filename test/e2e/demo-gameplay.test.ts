/**
 * The demo game in real Chromium tells its natural breaks: a stage played from the Play button is
 * gameplay (`gameplayStart()`), and its end is a break (`gameplayStop()`), one `gameplay` event each.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openDemo, useDemoInChromium } from './harness.js';

const harness = useDemoInChromium();

interface DemoWindow {
  demo: { tp: { inGameplay: boolean; on(event: 'gameplay', listener: (e: { inGameplay: boolean }) => void): () => void } };
  gameplayEvents: boolean[];
}

describe('the demo’s stages', () => {
  it('a stage is gameplay from the Play button to its result; then a break', async () => {
    const { stack } = harness;
    const page = await harness.page();
    await openDemo(page, stack, { player: `e2e-gameplay-${randomUUID().slice(0, 8)}`, flushIntervalMs: '0' });
    expect(await page.evaluate(() => {
      const w = window as unknown as DemoWindow;
      w.gameplayEvents = [];
      w.demo.tp.on('gameplay', (e) => w.gameplayEvents.push(e.inGameplay));
      return w.demo.tp.inGameplay;
    })).toBe(false);

    await page.click('#play');
    expect(await page.evaluate(() => (window as unknown as DemoWindow).gameplayEvents)).toEqual([true]);
    await expect.poll(() => page.evaluate(() => (window as unknown as DemoWindow).demo.tp.inGameplay)).toBe(false);
    expect(await page.evaluate(() => (window as unknown as DemoWindow).gameplayEvents)).toEqual([true, false]);
  });
});
