/**
 * `rehearseOffers`: a session's offer decisions replayed on a virtual clock, from GET /offers
 * records, the rules and a script. Pure, so each row is an input and the decisions it gives.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, rehearseOffers, type OfferRules, type RehearsalDecision, type RehearsalStep } from '../../../src/index.js';
import { aiBody, NOW_MS, offerRecord, personalizedBody } from '../../fixtures/spec-samples.js';

const START = NOW_MS + 10 * 3_600_000; // 10:00 UTC
const OFFERS = [offerRecord(1, personalizedBody), offerRecord(2, personalizedBody)];
const FREE = { sessionGraceMs: 0, minIntervalMs: 0 } as const;
const SHOW_AT = { step: 'showAt', placement: 'game-over' } as const;
const DISMISS = { step: 'react', action: 'dismiss' } as const;
const MINUTE = 60_000;

const rehearse = (rules: OfferRules | undefined, script: readonly RehearsalStep[], offers: readonly unknown[] = OFFERS): RehearsalDecision[] =>
  rehearseOffers({ offers, ...(rules && { rules }), playerSlug: 'p-1', platform: 'web', start: START, script });
/** Each decision as `outcome offerId` or `skipped reason[/cap]`, with its time from the start and the trigger's index. */
const brief = (decisions: readonly RehearsalDecision[]): string[] =>
  decisions.map((d) => {
    const what = d.outcome === 'shown' ? `shown ${d.offerId}` : `skipped ${d.reason}${d.cap ? `/${d.cap}` : ''}`;
    return `${(d.at - START) / 1000}s ${d.placement} ${what}${d.trigger ? ` t${d.trigger.index}` : ''}`;
  });

describe('rehearseOffers', () => {
  it('decides as showAt does: the first offer shown, a second showAt busy while it is on screen, then capped per session', () => {
    const decisions = rehearse({ ...FREE, maxPerSession: 1 }, [SHOW_AT, SHOW_AT, DISMISS, SHOW_AT]);
    expect(brief(decisions)).toEqual(['0s game-over shown 1', '0s game-over skipped busy', '0s game-over skipped capped/max-per-session']);
    expect(decisions[2]).toMatchObject({ candidates: [{ offerId: 1, reason: 'dismissed-this-session' }, { offerId: 2, reason: 'capped' }] });
  });

  it.each<[string, OfferRules, RehearsalStep[], string[]]>([
    ['the grace of a session, counted from its start', { sessionGraceMs: MINUTE }, [SHOW_AT, { step: 'advance', ms: MINUTE }, SHOW_AT], ['0s game-over skipped capped/session-grace', '60s game-over shown 1']],
    [
      'a new session: its grace again, the session cap reset',
      { ...FREE, maxPerSession: 1, sessionGraceMs: 1_000 },
      [{ step: 'advance', ms: 1_000 }, SHOW_AT, DISMISS, SHOW_AT, { step: 'newSession' }, SHOW_AT, { step: 'advance', ms: 1_000 }, SHOW_AT],
      ['1s game-over shown 1', '1s game-over skipped capped/max-per-session', '1s game-over skipped capped/session-grace', '2s game-over shown 2'],
    ],
    [
      'the daily cap, reset by a day on the clock',
      { ...FREE, maxPerDay: 1 },
      [SHOW_AT, DISMISS, { step: 'newSession' }, SHOW_AT, { step: 'advance', ms: 86_400_000 }, SHOW_AT],
      ['0s game-over shown 1', '0s game-over skipped capped/max-per-day', '86400s game-over shown 2'],
    ],
    ['the least interval between opens', { sessionGraceMs: 0, minIntervalMs: MINUTE }, [SHOW_AT, DISMISS, SHOW_AT, { step: 'advance', ms: MINUTE }, SHOW_AT], ['0s game-over shown 1', '0s game-over skipped capped/min-interval', '60s game-over shown 2']],
    ['a bought offer, not picked again in the session', FREE, [SHOW_AT, { step: 'react', action: 'interact', purchase: { status: 'purchased' } }, SHOW_AT], ['0s game-over shown 1', '0s game-over shown 2']],
    ['in gameplay and hidden', FREE, [{ step: 'gameplayStart' }, SHOW_AT, { step: 'gameplayStop' }, { step: 'hide' }, SHOW_AT, { step: 'show' }, SHOW_AT], ['0s game-over skipped in-gameplay', '0s game-over skipped hidden', '0s game-over shown 1']],
    ['an unknown placement', { ...FREE, placements: { shop: {} } }, [SHOW_AT], ['0s game-over skipped unknown-placement']],
  ])('%s', (_, rules, script, expected) => {
    expect(brief(rehearse(rules, script))).toEqual(expected);
  });

  it('leaves out offers of another platform or player, as usability does', () => {
    const offers = [offerRecord(1, aiBody), offerRecord(2, personalizedBody, { player_slug: 'p-2' })];
    const [decision] = rehearseOffers({ offers, rules: FREE, playerSlug: 'p-1', platform: 'nintendo', start: START, script: [SHOW_AT] });
    expect(decision).toMatchObject({ outcome: 'skipped', reason: 'no-offer', candidates: [{ offerId: 1, reason: 'no-store-for-platform' }, { offerId: 2, reason: 'wrong-player' }] });
  });

  it('starts at the first offer’s create_datetime by default', () => {
    const [decision] = rehearseOffers({ offers: OFFERS, rules: FREE, playerSlug: 'p-1', platform: 'web', script: [SHOW_AT] });
    expect(decision?.at).toBe(Date.parse('2025-12-31T12:00:00Z'));
  });

  describe('triggers', () => {
    const rules = (placements: string[]): OfferRules => ({ ...FREE, triggers: placements.map((placement) => ({ on: 'characters_stages', placement })) });
    const LEVEL_UP = { step: 'track', kind: 'characters_stages', record: { stage: 2 } } as const;

    it.each<[string, OfferRules, RehearsalStep[], string[]]>([
      ['out of gameplay: at once', rules(['level-up']), [LEVEL_UP], ['0s level-up shown 1 t0']],
      ['during gameplay: at gameplayStop', rules(['level-up']), [{ step: 'gameplayStart' }, LEVEL_UP, { step: 'advance', ms: 5_000 }, { step: 'gameplayStop' }], ['5s level-up shown 1 t0']],
      ['while hidden: at show', rules(['level-up']), [{ step: 'hide' }, LEVEL_UP, { step: 'advance', ms: 5_000 }, { step: 'show' }], ['5s level-up shown 1 t0']],
      [
        'a newer request at the same placement supersedes the older',
        rules(['level-up']),
        [{ step: 'gameplayStart' }, LEVEL_UP, { step: 'advance', ms: 1_000 }, LEVEL_UP, { step: 'gameplayStop' }],
        ['1s level-up skipped superseded t0', '1s level-up shown 1 t0'],
      ],
      ['stale after 30 s of waiting', rules(['level-up']), [{ step: 'gameplayStart' }, LEVEL_UP, { step: 'advance', ms: 45_000 }, { step: 'gameplayStop' }], ['30s level-up skipped stale t0']],
      [
        'two placements asked at once: the later finds the first deciding',
        rules(['a', 'b']),
        [LEVEL_UP],
        ['0s b skipped busy t1', '0s a shown 1 t0'],
      ],
      ['a when that refuses the record', { ...FREE, triggers: [{ on: 'characters_stages', when: () => false, placement: 'x' }] }, [LEVEL_UP], []],
    ])('%s', (_, rules, script, expected) => {
      expect(brief(rehearse(rules, script))).toEqual(expected);
    });
  });

  describe('bad input', () => {
    it.each<[string, string, Record<string, unknown>]>([
      ['an unknown step', 'script[1].step', { script: [SHOW_AT, { step: 'jump' }] }],
      ['a step field missing', 'script[0].ms', { script: [{ step: 'advance' }] }],
      ['a step field unknown', 'script[0].ms', { script: [{ step: 'hide', ms: 1 }] }],
      ['a record kind unknown', 'script[0].kind', { script: [{ step: 'track', kind: 'players_flying', record: {} }] }],
      ['a react without its action', 'script[0].action', { script: [{ step: 'react' }] }],
      ['a malformed offer', 'offers[1]', { offers: [OFFERS[0], { ...OFFERS[1], offer: '{' }] }],
      ['rules createClient refuses', 'offerRules.maxPerDay', { rules: { maxPerDay: -1 } }],
      ['no start and no offer', 'start', { offers: [], start: undefined }],
      ['notes that are not strings', 'notes', { notes: [1] }],
    ])('%s: a ConfigError naming %s', (_, path, change) => {
      const input = { offers: OFFERS, playerSlug: 'p-1', platform: 'web', start: START, script: [], ...change };
      const error = (() => {
        try {
          rehearseOffers(input as never);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).option).toBe(path);
    });

    it("the recorder's notes are read by no one: the same decisions with them", () => {
      const input = { offers: OFFERS, rules: FREE, playerSlug: 'p-1', platform: 'web', start: START, script: [SHOW_AT] } as const;
      expect(rehearseOffers({ ...input, notes: ['kept in memory only'] })).toEqual(rehearseOffers(input));
    });
  });
});
