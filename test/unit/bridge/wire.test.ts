/**
 * What crosses the bridge is plain JSON: NaN, Infinity and promises become null, functions are
 * left out, errors are `{ name, code, message, path? }`, a value met again inside itself is cut.
 */
import { expect, it } from 'vitest';
import { stringify } from '../../../src/bridge/wire.js';
import { ConfigError, OfferError, ValidationError } from '../../../src/index.js';

it('NaN, Infinity, -Infinity and promises are null; undefined fields and functions are left out', () => {
  const value = { a: NaN, b: Infinity, c: [-Infinity, undefined, () => 1], d: undefined, e: () => 1, f: Promise.resolve(1), g: 10n };
  expect(JSON.parse(stringify(value))).toEqual({ a: null, b: null, c: [null, null, null], f: null, g: '10' });
});

it('errors are their name, code, message, and the field at fault', () => {
  expect(JSON.parse(stringify(new ConfigError('baseUrl', 'expected a URL')))).toMatchObject({ name: 'ConfigError', code: 'config', path: 'baseUrl' });
  const invalid = new ValidationError('players_stages', [{ path: 'stage_slug', message: 'expected a string', code: 'invalid_type' }]);
  expect(JSON.parse(stringify({ error: invalid }))).toMatchObject({ error: { name: 'ValidationError', code: 'validation', path: 'stage_slug' } });
  expect(JSON.parse(stringify(new OfferError(3, 'busy', 'another offer is on screen')))).toMatchObject({ name: 'OfferError', code: 'offer', reason: 'busy' });
  expect(JSON.parse(stringify(new TypeError('x')))).toEqual({ name: 'TypeError', code: 'internal', message: 'x' });
});

it('a value inside itself is cut, a shared one is kept', () => {
  const shared = { n: 1 };
  const loop: Record<string, unknown> = { shared, again: shared };
  loop.self = loop;
  expect(JSON.parse(stringify(loop))).toEqual({ shared: { n: 1 }, again: { n: 1 }, self: null });
});
