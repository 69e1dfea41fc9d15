/**
 * The input of a rehearsal (rehearse.ts): the offers as GET /offers sends them, the rules, the
 * player, the platform, the virtual clock's start and the script of steps, with the checks that
 * refuse a malformed one (a `ConfigError` naming the path at fault, such as `script[3].step`).
 *
 * @module
 */
import { ConfigError } from '../errors/index.js';
import { isNonNegative, parseDateTime, type PlatformStore } from '../internal/index.js';
import { isObjectName, type ObjectName } from '../records/index.js';
import type { CapName } from './caps.js';
import { decodeOffer } from './decode.js';
import type { SkipReason } from './events.js';
import type { OfferRules, OfferTriggerRef } from './offer-rules.js';
import { checkOfferRules } from './offer-rules-check.js';
import type { PickCandidate } from './pick-offer.js';
import type { Offer } from './types.js';

/**
 * One step of a rehearsal's script, run in order on the virtual clock:
 *
 * - `advance`: `ms` milliseconds pass (waiting triggers go stale, a new UTC day starts a session);
 * - `track`: the game tracked a record of kind `kind` (the triggers on that kind are asked);
 * - `showAt`: the game called `offers.showAt(placement)`;
 * - `gameplayStart`, `gameplayStop`: the game's natural breaks;
 * - `hide`, `show`: the page became hidden, or visible again;
 * - `react`: the player answered the offer on screen (`dismiss` or `interact`; `purchase`, the
 *   purchase that followed, is kept for the record: an `interact` marks the offer bought);
 *   with no offer on screen it does nothing;
 * - `newSession`: a new session starts now (a reload after the session timed out, for example).
 */
export type RehearsalStep =
  | { readonly step: 'advance'; readonly ms: number }
  | { readonly step: 'track'; readonly kind: ObjectName; readonly record: Readonly<Record<string, unknown>> }
  | { readonly step: 'showAt'; readonly placement: string }
  | { readonly step: 'gameplayStart' }
  | { readonly step: 'gameplayStop' }
  | { readonly step: 'hide' }
  | { readonly step: 'show' }
  | { readonly step: 'react'; readonly action: 'dismiss' | 'interact'; readonly purchase?: Readonly<Record<string, unknown>> }
  | { readonly step: 'newSession' };

/** The names of the steps of {@link RehearsalStep}. */
export type RehearsalStepName = RehearsalStep['step'];

/** What {@link rehearseOffers} replays. */
export interface RehearsalInput<P extends string = string> {
  /** The records of GET /offers `data`, as the service sends them (the `offer` field a JSON string). */
  readonly offers: readonly unknown[];
  /** The `offerRules` option, checked as `createClient` checks it. @default the defaults of every rule */
  readonly rules?: OfferRules<P>;
  /** The identified player: offers of another player are not usable (`wrong-player`). */
  readonly playerSlug: string;
  /** The `platform` option: the store whose AI recommendations apply (`'web'`, `'ios'`, `'android'`…). */
  readonly platform: PlatformStore;
  /** The virtual clock's start, in milliseconds since the epoch. @default the first offer's `create_datetime` */
  readonly start?: number;
  /** The steps, in order. */
  readonly script: readonly RehearsalStep[];
  /**
   * What the recording could not keep, in words (the inspector's copy: kept in memory only, so a
   * reload lost what came before it; the oldest steps dropped). Not read by the replay.
   * @default undefined
   */
  readonly notes?: readonly string[];
}

/**
 * One decision of a rehearsal: an offer shown at a placement, or why none (the reasons, caps and
 * candidates of `showAt`'s `offer:skipped`; `superseded` and `stale` for a trigger that waited).
 */
export type RehearsalDecision = {
  /** Virtual time of the decision, in milliseconds since the epoch. */
  readonly at: number;
  /** The placement asked for. */
  readonly placement: string;
  /** The trigger that asked; undefined for a `showAt` step. */
  readonly trigger?: OfferTriggerRef;
} & (
  | { readonly outcome: 'shown'; readonly offerId: number }
  | {
      readonly outcome: 'skipped';
      readonly reason: SkipReason;
      /** With `capped`: the first cap that held. */
      readonly cap?: CapName;
      /** Each known offer, with why it was passed over (empty for `superseded` and `stale`). */
      readonly candidates: readonly PickCandidate[];
    }
);

/** A rehearsal's input, checked: the offers decoded, the start known. */
export interface CheckedRehearsal {
  readonly offers: readonly Offer[];
  readonly rules: OfferRules | undefined;
  readonly playerSlug: string;
  readonly platform: PlatformStore;
  readonly start: number;
  readonly script: readonly RehearsalStep[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The keys each step may have besides `step`, and the check of each (undefined: optional and absent). */
const STEPS: Readonly<Record<RehearsalStepName, Readonly<Record<string, readonly [(v: unknown) => boolean, string, boolean?]>>>> = {
  advance: { ms: [isNonNegative, 'a number of milliseconds >= 0'] },
  track: { kind: [isObjectName, 'a record kind (an object name of the spec)'], record: [isObject, 'a record (an object)'] },
  showAt: { placement: [(v) => typeof v === 'string', 'a placement name'] },
  gameplayStart: {},
  gameplayStop: {},
  hide: {},
  show: {},
  react: { action: [(v) => v === 'dismiss' || v === 'interact', "'dismiss' or 'interact'"], purchase: [isObject, 'an object', true] },
  newSession: {},
};

function checkStep(step: unknown, index: number): RehearsalStep {
  const path = `script[${index}]`;
  if (!isObject(step)) throw new ConfigError(path, 'expected a step object { step, … }');
  const name = step.step;
  if (typeof name !== 'string' || !Object.hasOwn(STEPS, name)) throw new ConfigError(`${path}.step`, `expected one of ${Object.keys(STEPS).join(', ')}`);
  const fields = STEPS[name as RehearsalStepName];
  for (const key of Object.keys(step)) {
    if (key !== 'step' && !Object.hasOwn(fields, key)) throw new ConfigError(`${path}.${key}`, `unknown field of a ${name} step`);
  }
  for (const [key, [check, expected, optional]] of Object.entries(fields)) {
    if (optional && step[key] === undefined) continue;
    if (!check(step[key])) throw new ConfigError(`${path}.${key}`, `expected ${expected}`);
  }
  return step as RehearsalStep;
}

/**
 * Checks a rehearsal's input and decodes its offers with the client's decoder.
 * @throws {ConfigError} naming the path at fault: `offers[2]`, `script[3].step`, `offerRules.maxPerDay`…
 */
export function checkRehearsal(input: unknown): CheckedRehearsal {
  if (!isObject(input)) throw new ConfigError('rehearsal', 'expected { offers, rules?, playerSlug, platform, start?, script }');
  const { offers, rules, playerSlug, platform, start, script } = input;
  for (const key of Object.keys(input)) {
    if (!['offers', 'rules', 'playerSlug', 'platform', 'start', 'script', 'notes'].includes(key)) throw new ConfigError(key, 'unknown field of a rehearsal');
  }
  const { notes } = input;
  if (notes !== undefined && !(Array.isArray(notes) && notes.every((n) => typeof n === 'string'))) throw new ConfigError('notes', 'expected an array of strings');
  if (rules !== undefined) checkOfferRules(rules);
  if (typeof playerSlug !== 'string' || playerSlug === '') throw new ConfigError('playerSlug', 'expected a non-empty string');
  if (typeof platform !== 'string' || platform === '') throw new ConfigError('platform', "expected a store name ('web', 'ios', 'android'…)");
  if (!Array.isArray(offers)) throw new ConfigError('offers', 'expected the records of GET /offers data (an array)');
  const decoded = offers.map((raw, index) => {
    const result = decodeOffer(raw);
    if (!result.ok) throw new ConfigError(`offers[${index}]`, result.error.message);
    return result.offer;
  });
  if (!Array.isArray(script)) throw new ConfigError('script', 'expected an array of steps');
  const steps = script.map(checkStep);
  if (start !== undefined && !(typeof start === 'number' && Number.isFinite(start))) throw new ConfigError('start', 'expected Unix milliseconds');
  const from = start ?? (decoded[0] && parseDateTime(decoded[0].create_datetime));
  if (from === undefined) throw new ConfigError('start', "expected Unix milliseconds: there is no offer's create_datetime to start from");
  return { offers: decoded, rules, playerSlug, platform, start: from, script: steps };
}
