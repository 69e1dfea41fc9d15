/**
 * A live session replayed: the demo in real Chromium, on the reference service, plays three
 * `showAt('game-over')`, two cleared stages (the demo's trigger asks for `stage-clear` at each
 * break), a Buy through the DOM dialog (the demo's fake store: `interact`, then `purchased`) and a
 * reload in the middle. The inspector's rehearsal script, carried across the reload and passed
 * through JSON to Node, replayed by `rehearseOffers` with the demo's rules (its trigger's `when`
 * given again), gives the live decisions of both pages: placement, outcome, offer or reason,
 * trigger and time.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { rehearseOffers, type OfferRules, type RehearsalDecision, type RehearsalInput } from '../../src/index.js';
import type { DecisionRow, InspectorHandle } from '../../src/inspector.js';
import { openDemo, useDemoInChromium } from './harness.js';

const harness = useDemoInChromium();

interface DemoWindow {
  demo: { tp: import('../../src/index.js').TpClient; inspector: InspectorHandle };
}

/** The demo's offer rules at `?sessionGraceMs=0&minIntervalMs=0` (demo/game/main.ts). */
const DEMO_RULES: OfferRules = {
  minIntervalMs: 0,
  sessionGraceMs: 0,
  maxPerSession: 10,
  maxPerDay: 30,
  placements: { 'stage-clear': {}, 'game-over': {} },
  triggers: [{ on: 'characters_stages', when: (r) => r.stage_result === 'clear', placement: 'stage-clear' }],
};

/** The page's decisions, oldest first. */
const decisions = async (page: Page): Promise<DecisionRow[]> =>
  [...(await page.evaluate(() => (window as unknown as DemoWindow).demo.inspector.report().decisions))].reverse();

/** What is compared of a decision: the live list's row, or the replay's decision, in one shape. */
const live = (row: DecisionRow) => ({
  at: row.at,
  placement: row.placement,
  outcome: row.outcome,
  ...(row.offerId !== undefined && row.outcome !== 'skipped' && { offerId: row.offerId }),
  ...(row.reason !== undefined && { reason: row.reason }),
  ...(row.cap !== undefined && { cap: row.cap }),
  ...(row.trigger !== undefined && { trigger: row.trigger }),
});
const replayed = (d: RehearsalDecision) => ({
  at: d.at,
  placement: d.placement,
  outcome: d.outcome,
  ...(d.outcome === 'shown' ? { offerId: d.offerId } : { reason: d.reason, ...(d.cap !== undefined && { cap: d.cap }) }),
  ...(d.trigger && { trigger: d.trigger.on }),
});

/**
 * Waits for the page's next decision (after `before` of them) and, when it put an offer on
 * screen, answers it: `buy` presses the dialog's first Buy and waits for the fake store's answer,
 * else the close button dismisses it. The decision's row.
 */
async function answer(page: Page, before: number, buy = false): Promise<DecisionRow> {
  await expect.poll(async () => (await decisions(page)).length, { timeout: 10_000 }).toBe(before + 1);
  const row = (await decisions(page))[before]!;
  if (row.outcome === 'skipped') return row;
  const dialog = page.locator(`[data-tp-offer="${row.offerId}"] [role="dialog"]`);
  await dialog.waitFor();
  await expect.poll(async () => (await decisions(page))[before]!.outcome, { timeout: 10_000 }).toBe('shown');
  if (buy) {
    await dialog.locator('.buy').first().click();
    await expect.poll(() => page.locator('#log').innerText(), { timeout: 10_000 }).toMatch(new RegExp(`offer ${row.offerId}: purchase of \\S+ purchased`));
  } else {
    await dialog.locator('.close').click();
  }
  await expect.poll(() => page.locator('[data-tp-offer]').count(), { timeout: 10_000 }).toBe(0);
  return (await decisions(page))[before]!;
}

/** The game's own `showAt('game-over')` (not awaited: it ends when the offer closes). */
const showAt = (page: Page): Promise<void> => page.evaluate(() => void (window as unknown as DemoWindow).demo.tp.offers.showAt('game-over'));

describe('a live session replayed in Node', () => {
  it('3 showAt, 2 triggers, a Buy and a reload: the copied script gives the live decisions', async () => {
    const page = await harness.page();
    const player = `e2e-replay-${randomUUID().slice(0, 8)}`;
    const params = { player, flushIntervalMs: '0', stageResult: 'clear', sessionGraceMs: '0', minIntervalMs: '0', store: 'purchased', storeDelayMs: '100', lang: 'en' };
    await openDemo(page, harness.stack, params);
    await page.locator('#offers li[data-verdict="usable"]').first().waitFor();

    // Before the reload: a showAt answered with a Buy, a cleared stage's trigger, a showAt.
    await showAt(page);
    const bought = await answer(page, 0, true);
    expect(bought).toMatchObject({ placement: 'game-over', outcome: 'shown' });
    await page.click('#play');
    expect(await answer(page, 1)).toMatchObject({ placement: 'stage-clear', trigger: 'characters_stages' });
    await showAt(page);
    await answer(page, 2);
    const beforeReload = await decisions(page);
    const sessionBefore = await page.evaluate(() => (window as unknown as DemoWindow).demo.tp.session?.id);

    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    await page.locator('#offers li').first().waitFor();
    expect(await page.evaluate(() => (window as unknown as DemoWindow).demo.tp.session?.id)).toBe(sessionBefore);

    // After it: a showAt and a cleared stage's trigger, on the same session.
    await showAt(page);
    await answer(page, 0);
    await page.click('#play');
    expect(await answer(page, 1)).toMatchObject({ placement: 'stage-clear', trigger: 'characters_stages' });
    const afterReload = await decisions(page);

    const copied = JSON.parse(await page.evaluate(() => JSON.stringify((window as unknown as DemoWindow).demo.inspector.rehearsalScript()))) as RehearsalInput;
    expect(copied.notes).toBeUndefined();
    expect(copied.playerSlug).toBe(player);
    expect(copied.script.filter((s) => s.step === 'showAt')).toHaveLength(3);
    expect(copied.script).toContainEqual({ step: 'react', action: 'interact', purchase: expect.objectContaining({ status: 'purchased', tracked: true }) });

    const liveDecisions = [...beforeReload, ...afterReload].map(live);
    expect(liveDecisions.map((d) => `${d.placement} ${d.outcome}`)).toEqual([
      'game-over shown',
      'stage-clear shown',
      'game-over shown',
      expect.stringMatching(/^game-over /),
      expect.stringMatching(/^stage-clear /),
    ]);
    expect(rehearseOffers({ ...copied, rules: DEMO_RULES }).map(replayed)).toEqual(liveDecisions);
    // The offer bought is not offered again in the session, on either page.
    expect(liveDecisions.slice(1).filter((d) => 'offerId' in d && d.offerId === bought.offerId)).toEqual([]);
  });
});
