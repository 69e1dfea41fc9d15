/**
 * The demo game in real Chromium tells its natural breaks: a stage played from the Play button is
 * gameplay (`gameplayStart()`), and its end is a break (`gameplayStop()`), one `gameplay` event each.
 * A game over asks for its placement (`showAt('game-over')`): an offer of the reference service is
 * shown and the inspector lists the decision; the next game over within the demo's interval is
 * skipped `capped`, with the reason in the demo's log and the inspector. A cleared stage asks for
 * `stage-clear` through the demo's trigger: nothing during the stage, the offer at its break.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openDemo, useDemoInChromium } from './harness.js';

const harness = useDemoInChromium();

interface DemoWindow {
  demo: {
    tp: { inGameplay: boolean; on(event: 'gameplay', listener: (e: { inGameplay: boolean }) => void): () => void };
    inspector: { report(): { decisions: Array<{ placement: string; outcome: string; offerId?: number; reason?: string; cap?: string; trigger?: string }> } };
  };
  gameplayEvents: boolean[];
}

const decisions = (page: import('playwright-core').Page) => page.evaluate(() => (window as unknown as DemoWindow).demo.inspector.report().decisions);

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

  it('a game over shows the offer of its placement, listed in the inspector; the next one within the interval is skipped capped', async () => {
    const { stack } = harness;
    const page = await harness.page();
    await openDemo(page, stack, { player: `e2e-game-over-${randomUUID().slice(0, 8)}`, flushIntervalMs: '0', stageResult: 'fail', sessionGraceMs: '0', lang: 'en' });
    await page.locator('#offers li[data-verdict="usable"]').first().waitFor();

    await page.click('#play');
    await expect.poll(() => page.locator('[data-tp-offer] [role="dialog"]').count()).toBe(1);
    const offerId = Number(await page.locator('[data-tp-offer]').getAttribute('data-tp-offer'));
    await expect.poll(() => decisions(page)).toEqual([expect.objectContaining({ placement: 'game-over', outcome: 'shown', offerId })]);
    await page.locator('[data-tp-offer] .close').click();
    await expect.poll(() => page.locator('[data-tp-offer]').count()).toBe(0);

    await page.click('#play');
    await expect.poll(() => page.locator('#log').innerText()).toContain('offer at game-over: skipped (capped: min-interval)');
    expect((await decisions(page))[0]).toMatchObject({ placement: 'game-over', outcome: 'skipped', reason: 'capped', cap: 'min-interval' });
    await page.close();
  });

  it('a cleared stage sets off the stage-clear trigger: nothing during the stage, its offer at the break', async () => {
    const { stack } = harness;
    const page = await harness.page();
    await openDemo(page, stack, { player: `e2e-stage-clear-${randomUUID().slice(0, 8)}`, flushIntervalMs: '0', stageResult: 'clear', sessionGraceMs: '0', lang: 'en' });
    await page.locator('#offers li[data-verdict="usable"]').first().waitFor();
    // Whether a dialog was on screen while the stage was being played.
    await page.evaluate(() => {
      const w = window as unknown as DemoWindow & { drawnInGameplay: boolean };
      w.drawnInGameplay = false;
      const watch = (): void => {
        if (w.demo.tp.inGameplay && document.querySelector('[data-tp-offer]')) w.drawnInGameplay = true;
        requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });

    await page.click('#play');
    await expect.poll(() => page.locator('[data-tp-offer] [role="dialog"]').count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as DemoWindow).demo.tp.inGameplay)).toBe(false);
    expect(await page.evaluate(() => (window as unknown as { drawnInGameplay: boolean }).drawnInGameplay)).toBe(false);
    const offerId = Number(await page.locator('[data-tp-offer]').getAttribute('data-tp-offer'));
    expect(await decisions(page)).toEqual([expect.objectContaining({ placement: 'stage-clear', outcome: 'shown', offerId, trigger: 'characters_stages' })]);
    await page.close();
  });
});
