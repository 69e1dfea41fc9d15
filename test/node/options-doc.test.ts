/**
 * docs/options.md is generated from `ClientOptions` (`LoggingOptions` and `OfferOptions`), and each
 * `@default` that is a plain value is the value `createClient` uses: the TSDoc, the doc and the
 * code say one thing.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { OPTIONS_DOC_PATH, readOptions, renderOptionsDoc } from '../../scripts/options-doc.js';
import { resolveOptions } from '../../src/client/options.js';
import { OFFER_RULES } from '../../src/offers/options.js';

it('docs/options.md is what ClientOptions generates (run `npm run docs:options` after changing an option)', () => {
  expect(readFileSync(OPTIONS_DOC_PATH, 'utf8')).toBe(renderOptionsDoc());
});

it('every option is documented, and every optional one has its @default', () => {
  const missing = readOptions().filter((o) => o.text === '' || (!o.required && o.default === undefined && o.name !== 'playerSlug' && o.name !== 'beforeSend' && o.name !== 'language'));
  expect(missing.map((o) => o.name)).toEqual([]);
});

/** The value a `@default` text starts with, when it is a plain literal: a number, a quoted string, a boolean, null, or an object of numbers. */
function literal(text: string): { value: unknown } | undefined {
  const match = /^(-?\d+(?:\.\d+)?|'[^']*'|true|false|null|\{[^}]*\})(?=\s|$|\s\()/.exec(text);
  if (!match) return undefined;
  const token = match[1]!;
  if (token.startsWith("'")) return { value: token.slice(1, -1) };
  if (token.startsWith('{')) return { value: JSON.parse(token.replace(/(\w+):/g, '"$1":')) as unknown };
  return { value: JSON.parse(token) as unknown };
}

it('each plain @default is the value createClient uses', () => {
  const resolved = resolveOptions({ baseUrl: 'https://api.example.com/v2021.4/web', clientKey: 'k', authMode: 'client' }) as unknown as Record<string, unknown>;
  // Resolved where it is used: the login's app version.
  resolved.appVersion ??= null;
  const checked: string[] = [];
  const differ: string[] = [];
  for (const option of readOptions()) {
    const plain = option.default === undefined ? undefined : literal(option.default);
    // A default that depends on the environment or another option (`… with debug: true, else …`) is not plain.
    if (!plain || /\b(with|when|where)\b/.test(option.default!)) continue;
    checked.push(option.name);
    if (JSON.stringify(resolved[option.name]) !== JSON.stringify(plain.value)) differ.push(`${option.name}: doc ${JSON.stringify(plain.value)}, code ${JSON.stringify(resolved[option.name])}`);
  }
  expect(differ).toEqual([]);
  expect(checked.length).toBeGreaterThan(20);
  // The offer options' plain defaults among them (resolved in src/offers/options.ts).
  expect(checked).toEqual(expect.arrayContaining(['offersPlayerParam', 'maxOffersBytes', 'validForUnitMs', 'discountTolerance']));
});

it('the options are grouped: the logging options, then the offer options', () => {
  const groups = readOptions().map((o) => o.group);
  expect([...new Set(groups)]).toEqual(['Logging options', 'Offer options']);
  // Each option the offers domain checks is documented as an offer option, and only those.
  expect(readOptions().filter((o) => o.group === 'Offer options').map((o) => o.name)).toEqual(Object.keys(OFFER_RULES));
});
