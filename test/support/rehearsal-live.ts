/**
 * A rehearsal script run through a live memory client (happy-dom, fake timers already installed by
 * the caller, the headless adapter): each step as the game or the player would make it, and the
 * client's decisions read from `offer:placed` and `offer:skipped`, in the shape `rehearseOffers`
 * gives them.
 */
import { vi } from 'vitest';
import { createClient, createHeadlessAdapter, type ClientOptions, type OfferRules, type RehearsalDecision, type RehearsalStep, type TpClient } from '../../src/index.js';
import { NOW_MS, offerRecord, personalizedBody } from '../fixtures/spec-samples.js';
import { memoryClientOptions, okEnvelope } from './memory-client.js';

/** A sample session: three offers, caps, two triggers on one kind, and a script that meets each rule. */
export const START = NOW_MS + 10 * 3_600_000;
export const OFFERS = [offerRecord(1, personalizedBody), offerRecord(2, personalizedBody), offerRecord(3, personalizedBody)];
export const RULES: OfferRules = {
  sessionGraceMs: 10_000,
  minIntervalMs: 30_000,
  maxPerSession: 2,
  placements: { 'game-over': {}, 'stage-clear': {}, shop: {} },
  triggers: [
    { on: 'characters_stages', when: (r) => r.stage_result === 'clear', placement: 'stage-clear' },
    { on: 'characters_stages', placement: 'shop' },
  ],
};
const CLEAR = { character_slug: 'knight', stage_slug: 's-1', stage_result: 'clear' };
const FAIL = { ...CLEAR, stage_result: 'fail' };
const at = (placement: string) => ({ step: 'showAt', placement }) as const;
const track = (record: Record<string, unknown>) => ({ step: 'track', kind: 'characters_stages', record }) as const;
const advance = (ms: number) => ({ step: 'advance', ms }) as const;

export const SCRIPT: RehearsalStep[] = [
  at('game-over'), // grace
  advance(10_000),
  at('game-over'), // shown
  at('game-over'), // busy
  { step: 'react', action: 'dismiss' },
  { step: 'gameplayStart' },
  track(FAIL), // shop waits
  advance(20_000),
  track(CLEAR), // stage-clear waits, shop superseded
  advance(25_000),
  { step: 'gameplayStop' }, // both run: the second finds the first deciding
  { step: 'react', action: 'interact' },
  advance(60_000),
  at('game-over'), // capped per session
  { step: 'gameplayStart' },
  track(FAIL),
  advance(31_000), // stale
  { step: 'gameplayStop' },
  { step: 'hide' },
  at('shop'), // hidden
  advance(1_800_000), // the session times out
  { step: 'show' },
  at('game-over'), // a new session: its grace
  advance(10_000),
  at('game-over'),
];

/** A live client of `offers` under `rules` (and `options`), refreshed, with its decisions collected; `run` plays steps. */
export async function liveSession(offers: readonly unknown[], rules: OfferRules, options: Partial<ClientOptions> = {}) {
  const ui = createHeadlessAdapter();
  const tp = createClient({ ...memoryClientOptions(async () => okEnvelope(offers)), ui, offerRules: rules, ...options }) as TpClient;
  const decisions: RehearsalDecision[] = [];
  tp.on('offer:placed', ({ placement, offer, trigger }) => void decisions.push({ at: Date.now(), placement, ...(trigger && { trigger }), outcome: 'shown', offerId: offer.offer_id }));
  tp.on('offer:skipped', ({ placement, reason, cap, candidates, trigger }) =>
    void decisions.push({ at: Date.now(), placement, ...(trigger && { trigger }), outcome: 'skipped', reason, ...(cap && { cap }), candidates }),
  );
  await tp.offers.refresh();
  const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
  const visible = (state: 'visible' | 'hidden'): void => {
    visibility.mockReturnValue(state);
    document.dispatchEvent(new Event('visibilitychange'));
  };
  const run = async (script: readonly RehearsalStep[]): Promise<void> => {
    for (const step of script) {
      if (step.step === 'advance') await vi.advanceTimersByTimeAsync(step.ms);
      else if (step.step === 'track') tp.track(step.kind, step.record as never);
      else if (step.step === 'showAt') void tp.offers.showAt(step.placement).catch(() => undefined);
      else if (step.step === 'gameplayStart') tp.gameplayStart();
      else if (step.step === 'gameplayStop') tp.gameplayStop();
      else if (step.step === 'hide') visible('hidden');
      else if (step.step === 'show') visible('visible');
      else if (step.step === 'react') ui.current?.[step.action === 'dismiss' ? 'dismiss' : 'interact']();
      else throw new Error(`no live equivalent of ${step.step}`);
      await vi.advanceTimersByTimeAsync(0);
    }
  };
  return { tp, decisions, run };
}
