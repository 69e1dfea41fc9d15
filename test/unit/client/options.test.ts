import { describe, expect, it } from 'vitest';
import { ConfigError, createClient, isTpError } from '../../../src/index.js';

const base = { baseUrl: 'https://api.example.com/v2021.4/web', clientKey: 'k', authMode: 'client' };

describe('createClient configuration', () => {
  it.each([
    [{ ...base, baseUrl: undefined }, 'baseUrl', 'required'],
    [{ ...base, baseUrl: 'api.example.com' }, 'baseUrl', /http/],
    [{ ...base, baseUrl: 'ftp://api.example.com' }, 'baseUrl', /http/],
    [{ ...base, baseUrl: 'https://api.example.com/v2021.4/web?x=1' }, 'baseUrl', /query/],
    // `new URL(…).search` is empty for these, and `{baseUrl}/logs` would post to `…/web?/logs`.
    [{ ...base, baseUrl: 'https://api.example.com/v2021.4/web?' }, 'baseUrl', /query/],
    [{ ...base, baseUrl: 'https://api.example.com/v2021.4/web#' }, 'baseUrl', /fragment/],
    [{ ...base, playerSlug: '김철수' }, 'playerSlug', /TPPlayerId/],
    [{ ...base, playerSlug: 'p-space ' }, 'playerSlug', /leading or trailing/],
    [{ ...base, clientKey: '' }, 'clientKey', 'required'],
    [{ ...base, clientKey: 'key with ü' }, 'clientKey', /printable ASCII/],
    [{ ...base, authMode: undefined }, 'authMode', 'required'],
    [{ ...base, flushIntervalMs: -1 }, 'flushIntervalMs', />= 0/],
    [{ ...base, flushAt: 0.5 }, 'flushAt', /integer/],
    [{ ...base, storage: 'localStorage' }, 'storage', /indexeddb/],
    [{ ...base, region: 'KOR' }, 'region', /two-letter/],
    [{ ...base, ui: {} }, 'ui', /present\(\)/],
    [{ ...base, childDirected: 'yes' }, 'childDirected', /true or false/],
    [{ ...base, flushIntervalMS: 1000 }, 'flushIntervalMS', 'unknown option'],
    [{ ...base, constructor: 1 }, 'constructor', 'unknown option'],
    [{ ...base, toString: 'x' }, 'toString', 'unknown option'],
  ])('%o fails at once on %s', (options, option, reason) => {
    let error: unknown;
    try {
      createClient(options as never);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(isTpError(error, 'config')).toBe(true);
    expect((error as ConfigError).option).toBe(option);
    expect((error as ConfigError).message).toMatch(reason);
  });

  it('accepts a trailing slash on baseUrl and normalizes it away', () => {
    expect(() => createClient({ ...base, baseUrl: 'https://api.example.com/v2021.4/web/', storage: 'memory' })).not.toThrow();
  });

  it('identify and setClientKey validate too', () => {
    const tp = createClient({ ...base, storage: 'memory' });
    expect(() => tp.identify('')).toThrowError(ConfigError);
    // A slug the TPPlayerId header cannot carry as it is: the first-open update would never land.
    expect(() => tp.identify('김철수')).toThrowError(/TPPlayerId/);
    expect(() => tp.identify(' p-2')).toThrowError(ConfigError);
    expect(() => tp.setClientKey('bad\nkey')).toThrowError(ConfigError);
    tp.identify('p-2');
    expect(tp.playerSlug).toBe('p-2');
  });
});
