/**
 * The Unity package's C# (engines/unity/Runtime, and its sample) with Debian's Mono: `mcs
 * -langversion:7.2` compiles it against stand-ins for the UnityEngine types (Tests~/Stubs), with and without
 * `UNITY_WEBGL`, and `mono` runs Tests~/TpTests.cs over a fake native layer. The typed method of
 * every kind, given the catalog's sample of each field, writes the record it tracks: each is
 * valid by the SDK's own validation. A record with an empty slug, answered by the real bridge's
 * reply and `invalid` message, gives the C# error the field path TypeScript's validation gives.
 * Generated TpRecords.cs is what the catalog generates.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderUnityRecords, UNITY_RECORDS_PATH } from '../../scripts/unity-records.js';
import { UNITY_PACKAGE } from '../../scripts/unity-meta.js';
import { createBridge, PAGE_UI } from '../../src/bridge/index.js';
import { BASE_FIELDS, CATALOG, type FieldType, type KindSpec } from '../../src/records/catalog/index.js';
import { createClient, OBJECT_NAMES } from '../../src/index.js';
import { validateRecord } from '../../src/records/index.js';
import { okEnvelope } from '../support/memory-client.js';

/** A valid value of each field type; text carries Korean, emoji, a quote and a newline through the JSON both ways. */
const SAMPLE: Readonly<Record<FieldType, unknown>> = {
  slug: 'slug-1',
  text: 'Korean 한국어, emoji 😀, "quoted"\nline two',
  nullableText: '1.2.3',
  integer: 42,
  double: 2.5,
  boolean: true,
  unixSeconds: 1_767_225_600,
  region: 'KR',
  currency: 'USD',
  deviceInfo: 'Android 14||Pixel 8||phone',
  messageStatus: 'interact',
};

/** Every field of every kind, with its sample. */
function samples(): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const group of Object.values(CATALOG)) {
    for (const [name, spec] of Object.entries(group as Record<string, KindSpec>)) {
      const fields = { ...BASE_FIELDS, ...spec.required, ...spec.optional } as Record<string, FieldType>;
      out[name] = Object.fromEntries(Object.entries(fields).map(([field, type]) => [field, SAMPLE[type]]));
    }
  }
  return out;
}

const REFUSED = { stage_slug: '', player_slug: 'p1' };
const INIT = { baseUrl: 'https://api.example.com/v2021.4/web', clientKey: 'k', authMode: 'client', storage: 'memory', flushIntervalMs: 0, autoLogin: false, autoJoin: false, ui: 'engine', logLevel: 'silent' };

/** What the real bridge answers to tracking REFUSED: with `invalidRecords` `drop` (reply and messages) and `throw`. */
async function realBridgeReplies(): Promise<Record<string, unknown>> {
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async () => okEnvelope(null)) as typeof fetch;
  try {
    const answer = async (invalidRecords: 'drop' | 'throw') => {
      const bridge = createBridge({ createClient, ui: PAGE_UI });
      const messages: unknown[] = [];
      bridge.listen((message) => messages.push(JSON.parse(message)));
      const call = (op: string, args: unknown) => JSON.parse(bridge.call(JSON.stringify({ v: 1, id: op, op, args }))) as Record<string, unknown>;
      expect(call('init', { ...INIT, invalidRecords })).toMatchObject({ ok: true });
      const reply = call('track', { objectName: 'players_stages', record: REFUSED });
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { reply, messages: messages.filter((m) => (m as { event?: string }).event === 'invalid') };
    };
    const drop = await answer('drop');
    const thrown = await answer('throw');
    return { dropReply: drop.reply, dropMessages: drop.messages, throwReply: thrown.reply };
  } finally {
    globalThis.fetch = realFetch;
  }
}

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.cs'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tp-unity-cs-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('TpRecords.cs is what the record catalog generates (run `npm run unity:records`)', () => {
  expect(readFileSync(UNITY_RECORDS_PATH, 'utf8')).toBe(renderUnityRecords());
});

describe.each([
  ['the Editor or another platform', []],
  ['a WebGL player (UNITY_WEBGL)', ['-define:UNITY_WEBGL']],
] as const)('C# 7.2, built as for %s', (_label, defines) => {
  const out = () => join(dir, defines.length > 0 ? 'webgl' : 'other');

  beforeAll(async () => {
    mkdirSync(out(), { recursive: true });
    writeFileSync(join(dir, 'samples.json'), JSON.stringify(samples()));
    writeFileSync(join(dir, 'bridge.json'), JSON.stringify(await realBridgeReplies()));
  });

  it('compiles with mcs -langversion:7.2 and passes its tests under mono', () => {
    const tests = `${UNITY_PACKAGE}Tests~/`;
    const exe = join(out(), 'tests.exe');
    const files = [...sources(`${UNITY_PACKAGE}Runtime/`), ...sources(`${UNITY_PACKAGE}Samples~/`), ...sources(`${tests}Stubs/`), `${tests}FakeNative.cs`, `${tests}TpTests.cs`];
    execFileSync('mcs', ['-langversion:7.2', '-warnaserror+', '-nologo', ...defines, `-out:${exe}`, ...files], { stdio: 'pipe' });
    const output = execFileSync('mono', [exe, out(), join(dir, 'samples.json'), join(dir, 'bridge.json')], { encoding: 'utf8', stdio: 'pipe' });
    expect(output.trim()).toBe('all passed');
  }, 120_000);

  it('each kind’s typed method gives a record the SDK’s validation accepts (43 of 43)', () => {
    const valid = OBJECT_NAMES.filter((name) => {
      const record = JSON.parse(readFileSync(join(out(), `${name}.json`), 'utf8')) as unknown;
      const result = validateRecord(name, record);
      expect(result.ok ? '' : result.error.message, name).toBe('');
      return result.ok;
    });
    expect(valid).toHaveLength(43);
  });

  it('a record with an empty slug: the C# error holds the path TypeScript’s validation gives', () => {
    const paths = JSON.parse(readFileSync(join(out(), 'paths.json'), 'utf8')) as { drop: string; throw: string; record: unknown };
    expect(paths.record).toEqual(REFUSED);
    const result = validateRecord('players_stages', { ...REFUSED, event_timestamp: 1_767_225_600 });
    expect(result.ok).toBe(false);
    const path = result.ok ? undefined : result.error.issues[0]!.path;
    expect(path).toBe('stage_slug');
    expect(paths.drop).toBe(path);
    expect(paths.throw).toBe(path);
  });
});
