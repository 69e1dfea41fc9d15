/**
 * The checks `createClient` makes of the `offerRules` option (offer-rules.ts): each refusal is a
 * `ConfigError` naming the path of the value at fault, such as
 * `offerRules.placements.game-over.maxPerSession` or `offerRules.triggers[0].on`.
 *
 * @module
 */
import { ConfigError } from '../errors/index.js';
import { isFunction, isNonNegative } from '../internal/index.js';
import { isObjectName } from '../records/index.js';
import type { OfferRules, PlacementRule } from './offer-rules.js';

/** What a placement name may be. */
export const PLACEMENT_NAME = /^[\w.:-]{1,64}$/;
const NAME_WORDS = '1-64 letters, digits, "-", "_", "." or ":"';

const isCountOrZero = (v: unknown): boolean => isNonNegative(v) && Number.isInteger(v);
const MS = [isNonNegative, 'a number of milliseconds >= 0'] as const;
const COUNT = [isCountOrZero, 'an integer >= 0'] as const;

const RULE_KEYS = ['minIntervalMs', 'sessionGraceMs', 'maxPerSession', 'maxPerDay', 'waitMs', 'placements', 'priority', 'triggers'] as const;
const CAPS = { minIntervalMs: MS, sessionGraceMs: MS, maxPerSession: COUNT, maxPerDay: COUNT, waitMs: MS } as const;
const PLACEMENT_CAPS = { minIntervalMs: MS, maxPerSession: COUNT } as const;
const KINDS: readonly unknown[] = ['ai', 'personalized'];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A name as an error message quotes it: at most 64 characters. */
const quoted = (name: string): string => JSON.stringify(name.length > 64 ? `${name.slice(0, 64)}…` : name);

/** Refuses a key of `value` not in `known`, naming its path under `path`. */
function refuseUnknownKeys(value: Record<string, unknown>, known: readonly string[], path: string): void {
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) throw new ConfigError(`${path}.${key}`, 'unknown option');
  }
}

/** Checks the values of `value` named in `rules` (left out or undefined: not given). */
function checkValues(value: Record<string, unknown>, rules: Readonly<Record<string, readonly [(v: unknown) => boolean, string]>>, path: string): void {
  for (const [key, [check, expected]] of Object.entries(rules)) {
    if (value[key] !== undefined && !check(value[key])) throw new ConfigError(`${path}.${key}`, `expected ${expected}`);
  }
}

function checkPlacement(name: string, rule: unknown): void {
  const path = `offerRules.placements.${name}`;
  if (!isObject(rule)) throw new ConfigError(path, 'expected { kinds?, accept?, minIntervalMs?, maxPerSession? }');
  refuseUnknownKeys(rule, ['kinds', 'accept', 'minIntervalMs', 'maxPerSession'] satisfies Array<keyof PlacementRule>, path);
  const { kinds, accept } = rule;
  if (kinds !== undefined && !(Array.isArray(kinds) && kinds.length > 0 && kinds.every((kind) => KINDS.includes(kind)))) {
    throw new ConfigError(`${path}.kinds`, "expected a non-empty array of 'ai' or 'personalized'");
  }
  if (accept !== undefined && !isFunction(accept)) throw new ConfigError(`${path}.accept`, 'expected a function (offer) => boolean');
  checkValues(rule, PLACEMENT_CAPS, path);
}

function checkTrigger(trigger: unknown, index: number, placements: Record<string, unknown> | undefined): void {
  const path = `offerRules.triggers[${index}]`;
  if (!isObject(trigger)) throw new ConfigError(path, 'expected { on, when?, placement }');
  refuseUnknownKeys(trigger, ['on', 'when', 'placement'], path);
  const { on, when, placement } = trigger;
  if (!isObjectName(on)) throw new ConfigError(`${path}.on`, 'expected a record kind (an object name of the spec)');
  if (when !== undefined && !isFunction(when)) throw new ConfigError(`${path}.when`, 'expected a function (record) => boolean');
  if (typeof placement !== 'string' || !PLACEMENT_NAME.test(placement)) throw new ConfigError(`${path}.placement`, `expected a placement name: ${NAME_WORDS}`);
  if (placements && !Object.hasOwn(placements, placement)) throw new ConfigError(`${path}.placement`, `no placement ${quoted(placement)} in offerRules.placements`);
}

/**
 * Checks the `offerRules` option.
 * @throws {ConfigError} naming the path of the first value at fault and what was expected.
 */
export function checkOfferRules(value: unknown): asserts value is OfferRules {
  if (!isObject(value)) throw new ConfigError('offerRules', 'expected an object');
  refuseUnknownKeys(value, RULE_KEYS, 'offerRules');
  checkValues(value, CAPS, 'offerRules');
  const { placements, priority, triggers } = value;
  if (placements !== undefined) {
    if (!isObject(placements)) throw new ConfigError('offerRules.placements', 'expected an object: placement name → { kinds?, accept?, minIntervalMs?, maxPerSession? }');
    for (const [name, rule] of Object.entries(placements)) {
      if (!PLACEMENT_NAME.test(name)) throw new ConfigError('offerRules.placements', `placement name ${quoted(name)}: expected ${NAME_WORDS}`);
      checkPlacement(name, rule);
    }
  }
  if (priority !== undefined && !isFunction(priority)) throw new ConfigError('offerRules.priority', 'expected a function (a, b) => number');
  if (triggers !== undefined) {
    if (!Array.isArray(triggers)) throw new ConfigError('offerRules.triggers', 'expected an array of { on, when?, placement }');
    triggers.forEach((trigger, index) => checkTrigger(trigger, index, placements as Record<string, unknown> | undefined));
  }
}
