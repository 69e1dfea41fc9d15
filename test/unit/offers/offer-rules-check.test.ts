/**
 * The `offerRules` option checked at `createClient`: each malformed value is a `ConfigError`
 * naming its path, as a table; well-formed rules are taken; the logging entry refuses the option
 * (with every offer option, test/unit/client/offer-options.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, createClient } from '../../../src/index.js';

const offline: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));
const base = { baseUrl: 'https://api.example.com/v2021.4/web', clientKey: 'k', authMode: 'client', storage: 'memory', flushIntervalMs: 0, autoLogin: false, fetch: offline } as const;

function refusal(offerRules: unknown): ConfigError {
  try {
    void createClient({ ...base, offerRules: offerRules as never }).shutdown();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

const LONG = 'a'.repeat(200);

/** [what, offerRules, the path named, the message]. */
const REFUSED: ReadonlyArray<readonly [string, unknown, string, RegExp]> = [
  ['not an object', 'often', 'offerRules', /expected an object/],
  ['an array', [], 'offerRules', /expected an object/],
  ['an unknown key', { maxPerHour: 2 }, 'offerRules.maxPerHour', /unknown option/],
  ['a negative interval', { minIntervalMs: -1 }, 'offerRules.minIntervalMs', /milliseconds >= 0/],
  ['an interval that is not a number', { minIntervalMs: '180000' }, 'offerRules.minIntervalMs', /milliseconds >= 0/],
  ['an infinite grace', { sessionGraceMs: Infinity }, 'offerRules.sessionGraceMs', /milliseconds >= 0/],
  ['a negative cap per session', { maxPerSession: -1 }, 'offerRules.maxPerSession', /integer >= 0/],
  ['a fractional cap per day', { maxPerDay: 2.5 }, 'offerRules.maxPerDay', /integer >= 0/],
  ['a negative wait', { waitMs: -5 }, 'offerRules.waitMs', /milliseconds >= 0/],
  ['priority not a function', { priority: 'newest' }, 'offerRules.priority', /function \(a, b\)/],
  ['placements not an object', { placements: ['game-over'] }, 'offerRules.placements', /expected an object/],
  ['a 200-character placement name', { placements: { [LONG]: {} } }, 'offerRules.placements', /placement name "a{64}…": expected 1-64 letters/],
  ['a placement name with a space', { placements: { 'game over': {} } }, 'offerRules.placements', /"game over": expected 1-64/],
  ['an empty placement name', { placements: { '': {} } }, 'offerRules.placements', /"": expected 1-64/],
  ['a placement that is not an object', { placements: { 'game-over': true } }, 'offerRules.placements.game-over', /expected \{ kinds\?/],
  ['an unknown key of a placement', { placements: { 'game-over': { kind: ['ai'] } } }, 'offerRules.placements.game-over.kind', /unknown option/],
  ['a negative cap of a placement', { placements: { 'game-over': { maxPerSession: -1 } } }, 'offerRules.placements.game-over.maxPerSession', /integer >= 0/],
  ['a negative interval of a placement', { placements: { shop: { minIntervalMs: -1 } } }, 'offerRules.placements.shop.minIntervalMs', /milliseconds >= 0/],
  ['an unknown kind', { placements: { shop: { kinds: ['ads'] } } }, 'offerRules.placements.shop.kinds', /'ai' or 'personalized'/],
  ['no kind', { placements: { shop: { kinds: [] } } }, 'offerRules.placements.shop.kinds', /non-empty array/],
  ['kinds not an array', { placements: { shop: { kinds: 'ai' } } }, 'offerRules.placements.shop.kinds', /non-empty array/],
  ['accept not a function', { placements: { shop: { accept: true } } }, 'offerRules.placements.shop.accept', /function \(offer\)/],
  ['triggers not an array', { triggers: { on: 'players_login', placement: 'x' } }, 'offerRules.triggers', /an array/],
  ['a trigger that is not an object', { triggers: ['players_login'] }, 'offerRules.triggers[0]', /expected \{ on, when\?, placement \}/],
  ['a trigger on an unknown kind', { triggers: [{ on: 'stage_clear', placement: 'x' }] }, 'offerRules.triggers[0].on', /record kind/],
  ['a trigger without a kind', { triggers: [{ placement: 'x' }] }, 'offerRules.triggers[0].on', /record kind/],
  ['a trigger without a placement', { triggers: [{ on: 'characters_stages' }] }, 'offerRules.triggers[0].placement', /placement name/],
  ['a trigger with a malformed placement name', { triggers: [{ on: 'characters_stages', placement: LONG }] }, 'offerRules.triggers[0].placement', /placement name/],
  ['a trigger whose when is not a function', { triggers: [{ on: 'characters_stages', when: 'clear', placement: 'x' }] }, 'offerRules.triggers[0].when', /function \(record\)/],
  ['an unknown key of a trigger', { triggers: [{ on: 'characters_stages', placement: 'x', delayMs: 5 }] }, 'offerRules.triggers[0].delayMs', /unknown option/],
  [
    'a trigger naming a placement not in the map',
    { placements: { 'stage-clear': {} }, triggers: [{ on: 'characters_stages', placement: 'stage-clear' }, { on: 'characters_stages', placement: 'stage_clear' }] },
    'offerRules.triggers[1].placement',
    /no placement "stage_clear" in offerRules.placements/,
  ],
  ['a trigger naming an Object.prototype member with a map', { placements: { shop: {} }, triggers: [{ on: 'characters_stages', placement: 'constructor' }] }, 'offerRules.triggers[0].placement', /no placement "constructor"/],
];

describe('offerRules at createClient', () => {
  it.each(REFUSED)('refuses %s, naming the path', (_, rules, path, message) => {
    const error = refusal(rules);
    expect(error.option).toBe(path);
    expect(error.message).toMatch(message);
  });

  it('takes well-formed rules, zero caps included', () => {
    const tp = createClient({
      ...base,
      offerRules: {
        minIntervalMs: 0,
        sessionGraceMs: 0,
        maxPerSession: 0,
        maxPerDay: 10,
        waitMs: 1500,
        priority: (a, b) => a.offer.offer_id - b.offer.offer_id,
        placements: {
          'game-over': {},
          'stage-clear': { kinds: ['ai'], accept: (offer) => offer.offer_id > 0, minIntervalMs: 60_000, maxPerSession: 1 },
          'menu.shop:v2': { kinds: ['ai', 'personalized'], maxPerSession: undefined },
        },
        triggers: [{ on: 'characters_stages', when: (record) => record.stage_result === 'clear', placement: 'stage-clear' }],
      },
    });
    void tp.shutdown();
  });

  it('without a map, a trigger may name any well-formed placement', () => {
    void createClient({ ...base, offerRules: { triggers: [{ on: 'players_login', placement: 'welcome' }] } }).shutdown();
  });
});
