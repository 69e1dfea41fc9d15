/**
 * `createClient` options: their checks and defaults (the TSDoc of each is in logging-options.ts,
 * and offers/options.ts for the offer options).
 *
 * @module
 */
import { ConfigError } from '../errors/index.js';
import { DEFAULT_RETRY, type RetryPolicy } from '../delivery/index.js';
import { DEFAULT_MAX_RECORD_BYTES } from '../records/index.js';
import { baseUrlOf, HEADER_VALUE, isBoolean, isCount, isFunction, isNonNegative, isPositive, isText, LOG_LEVELS, MAX_TIMER_MS, DEFAULT_SESSION_TIMEOUT_MS, shortHash, STORAGE_TIMEOUT_MS, TEXT, type Logger, type Rule } from '../internal/index.js';
import { OFFER_DEFAULTS, OFFER_RULES, type OfferOptions, type ResolvedOfferOptions } from '../offers/options.js';
import type { LoggingOptions } from './logging-options.js';

/** The default of `maxBatchRecords`. */
export const DEFAULT_MAX_BATCH_RECORDS = 2000;

/**
 * Options of `createClient` (`tp-web-sdk`): the logging options of both entries and the offer
 * options. Only `baseUrl`, `clientKey` and `authMode` are required; `createClient` throws a
 * `ConfigError` naming the first option it refuses (or does not know).
 *
 * Times are in milliseconds, sizes in bytes. A time over 2147483647 (about 24.8 days, the longest
 * wait `setTimeout` honours) counts as 2147483647.
 *
 * `P` is the placement names of `offerRules.placements`, inferred from the object given.
 */
export interface ClientOptions<P extends string = string> extends LoggingOptions, OfferOptions<P> {}

/** Options with defaults applied (those that have one), and the names made from them. */
export type ResolvedOptions = Required<Omit<LoggingOptions, OptionalKeys | 'retry'>> & Pick<LoggingOptions, OptionalKeys> & { retry: RetryPolicy } & ResolvedOfferOptions & ResolvedNames;
type OptionalKeys = 'beforeSend' | 'playerSlug' | 'deviceId' | 'region' | 'appVersion' | 'storage';

/** Names made from the options, once. */
interface ResolvedNames {
  /**
   * The namespace of the stored data (`tp-web-sdk/<storageNamespace>` starts the name of every
   * database, key, lock and channel): `namespace` as given, else `default.` and a hash of `baseUrl`
   * and `clientKey`, so clients that send elsewhere never share a queue. `namespace` itself
   * resolves to `'default'` when left out: the device id's.
   */
  readonly storageNamespace: string;
}

const oneOf = (...values: unknown[]) => (v: unknown): boolean => values.includes(v);
const BOOLEAN: Rule = [isBoolean, 'true or false'];
const HEADER: Rule = [(v) => typeof v === 'string' && HEADER_VALUE.test(v), 'printable ASCII without leading or trailing spaces (it is sent as an HTTP header)'];

/** Every logging option and its rule; an option not listed here or in `OFFER_RULES` is unknown. */
const RULES: Readonly<Record<keyof LoggingOptions, Rule>> = {
  baseUrl: [(v) => baseUrlOf(v) !== undefined, 'an absolute http: or https: URL without query or fragment'],
  clientKey: HEADER,
  authMode: HEADER,
  playerSlug: [(v) => isText(v) && HEADER_VALUE.test(v as string), 'printable ASCII of at most 256 characters, without leading or trailing spaces (it is sent as the TPPlayerId header)'],
  storage: [oneOf('indexeddb', 'memory'), "'indexeddb' or 'memory'"],
  compression: [oneOf('gzip', 'none'), "'gzip' or 'none'"],
  flushIntervalMs: [isNonNegative, 'a number of milliseconds >= 0'],
  flushAt: [isCount, 'an integer >= 1'],
  maxBatchRecords: [isCount, 'an integer >= 1'],
  maxBatchBytes: [isCount, 'an integer number of bytes >= 1'],
  maxBatchCompressedBytes: [isCount, 'an integer number of bytes >= 1'],
  maxRecordBytes: [isCount, 'an integer number of bytes >= 1'],
  requestTimeoutMs: [isPositive, 'a number of milliseconds > 0'],
  retry: [isRetryPolicy, '{ baseMs > 0, factor >= 1, capMs >= baseMs } (any of them)'],
  flushOnHide: BOOLEAN,
  serviceWorkerRelay: BOOLEAN,
  maxQueueRecords: [isCount, 'an integer >= 1'],
  maxQueueBytes: [isCount, 'an integer number of bytes >= 1'],
  fetch: [isFunction, 'a function'],
  debug: BOOLEAN,
  logLevel: [oneOf(...LOG_LEVELS), "'silent', 'error', 'warn', 'info' or 'debug'"],
  logger: [isLogger, 'an object with error, warn, info and debug methods'],
  childDirected: BOOLEAN,
  consent: [oneOf('granted', 'pending', 'denied'), "'granted', 'pending' or 'denied'"],
  respectGlobalPrivacyControl: BOOLEAN,
  sessionTimeoutMs: [isPositive, 'a number of milliseconds > 0'],
  storageTimeoutMs: [isPositive, 'a number of milliseconds > 0'],
  autoLogin: [oneOf('session', 'day', false), "'session', 'day' or false"],
  autoJoin: BOOLEAN,
  invalidRecords: [oneOf('throw', 'drop'), "'throw' or 'drop'"],
  beforeSend: [isFunction, 'a function (objectName, record) => record | null | undefined'],
  namespace: [(v) => typeof v === 'string' && /^[\w.-]{1,64}$/.test(v), '1-64 letters, digits, "-", "_" or "."'],
  deviceId: TEXT,
  region: [(v) => typeof v === 'string' && /^[A-Za-z]{2}$/.test(v), 'a two-letter country code'],
  appVersion: TEXT,
  now: [isFunction, 'a function returning milliseconds'],
};

const REQUIRED = ['baseUrl', 'clientKey', 'authMode'] as const;

/** Options renamed in 0.x, by their old name: refused, naming the new one. */
const RENAMED: Readonly<Record<string, string>> = { store: 'platform' };
const renamedTo = (option: string): string | undefined => (Object.hasOwn(RENAMED, option) ? RENAMED[option] : undefined);

/**
 * Validates one option's value (also used by `identify` and `setClientKey`).
 * @throws {ConfigError} naming the option and what was expected.
 */
export function checkOption<K extends keyof ClientOptions>(option: K, value: unknown): ClientOptions[K] {
  const renamed = renamedTo(option);
  if (renamed) throw new ConfigError(option, `renamed \`${renamed}\``);
  // Own rules only: an option named like an Object.prototype member ('constructor') is unknown.
  const rule = Object.hasOwn(RULES, option) ? RULES[option as keyof LoggingOptions] : Object.hasOwn(OFFER_RULES, option) ? OFFER_RULES[option as keyof OfferOptions] : undefined;
  if (!rule) throw new ConfigError(option, 'unknown option');
  if (!rule[0](value)) throw new ConfigError(option, `expected ${rule[1]}`);
  return value as ClientOptions[K];
}

/**
 * Refuses the offer options, for `tp-web-sdk/logging` (which has no offers), before
 * `resolveOptions`.
 * @throws {ConfigError} naming the first offer option given, and the entry that has it.
 */
export function refuseOfferOptions(input: LoggingOptions): void {
  if (typeof input !== 'object' || input === null) return;
  for (const [option, value] of Object.entries(input)) {
    // A renamed offer option gets the same advice under its old name.
    if (value !== undefined && Object.hasOwn(OFFER_RULES, renamedTo(option) ?? option)) throw new ConfigError(option, "an offer option: import createClient from 'tp-web-sdk'");
  }
}

/**
 * Validates options and applies defaults.
 * @throws {ConfigError} naming the first option at fault.
 */
export function resolveOptions(input: ClientOptions): ResolvedOptions {
  if (typeof input !== 'object' || input === null) throw new ConfigError('options', 'expected an object');
  for (const option of REQUIRED) {
    if (input[option] === undefined || input[option] === null || input[option] === '') throw new ConfigError(option, 'required');
  }
  const given: Partial<ClientOptions> = {};
  for (const [option, value] of Object.entries(input) as Array<[keyof ClientOptions, unknown]>) {
    if (value !== undefined) (given as Record<string, unknown>)[option] = checkOption(option, value);
  }
  const debug = given.debug ?? false;
  const baseUrl = baseUrlOf(input.baseUrl)!;
  return {
    ...OFFER_DEFAULTS,
    compression: 'gzip',
    flushAt: 50,
    maxBatchRecords: DEFAULT_MAX_BATCH_RECORDS,
    maxBatchBytes: 1_048_576,
    maxBatchCompressedBytes: 262_144,
    maxRecordBytes: DEFAULT_MAX_RECORD_BYTES,
    flushOnHide: true,
    serviceWorkerRelay: false,
    maxQueueRecords: 100_000,
    maxQueueBytes: 52_428_800,
    debug,
    logLevel: debug ? 'warn' : 'silent',
    logger: globalThis.console,
    childDirected: false,
    consent: 'granted',
    respectGlobalPrivacyControl: false,
    autoLogin: 'session',
    autoJoin: false,
    invalidRecords: debug ? 'throw' : 'drop',
    namespace: 'default',
    now: () => Date.now(),
    ...given,
    retry: { ...DEFAULT_RETRY, ...given.retry },
    // setTimeout fires at once past 2^31 - 1 ms: a longer wait is the longest it honours.
    flushIntervalMs: Math.min(given.flushIntervalMs ?? 10_000, MAX_TIMER_MS),
    requestTimeoutMs: Math.min(given.requestTimeoutMs ?? 30_000, MAX_TIMER_MS),
    sessionTimeoutMs: Math.min(given.sessionTimeoutMs ?? DEFAULT_SESSION_TIMEOUT_MS, MAX_TIMER_MS),
    storageTimeoutMs: Math.min(given.storageTimeoutMs ?? STORAGE_TIMEOUT_MS, MAX_TIMER_MS),
    fetch: given.fetch ?? globalFetch(),
    baseUrl,
    clientKey: input.clientKey,
    storageNamespace: given.namespace ?? `default.${shortHash(`${baseUrl} ${input.clientKey}`)}`,
    authMode: input.authMode,
    region: given.region?.toUpperCase(),
  };
}

function isRetryPolicy(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { baseMs = DEFAULT_RETRY.baseMs, factor = DEFAULT_RETRY.factor, capMs = DEFAULT_RETRY.capMs, ...rest } = value as Partial<RetryPolicy>;
  return Object.keys(rest).length === 0 && isPositive(baseMs) && isPositive(factor) && factor >= 1 && isPositive(capMs) && capMs >= baseMs;
}

function isLogger(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (['error', 'warn', 'info', 'debug'] as const).every((method) => isFunction((value as Logger)[method]));
}

function globalFetch(): typeof fetch {
  if (typeof globalThis.fetch !== 'function') throw new ConfigError('fetch', 'no global fetch here: pass one');
  return globalThis.fetch.bind(globalThis);
}
