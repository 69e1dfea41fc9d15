/**
 * The Unity package's C# (engines/unity/Runtime, and its sample) with Debian's Mono:
 * `mcs -langversion:7.2` compiles it against stand-ins for the UnityEngine types (Tests~/Stubs),
 * with and without `UNITY_WEBGL`, and `mono` runs the tests of Tests~ over a fake native layer.
 * The typed method of every kind, given the catalog's sample of each field, writes the record it tracks: each is
 * valid by the SDK's own validation, and the real bridge accepts the requests as C# sent them.
 * Every method's request passes the bridge's ops table. A record with an empty slug, answered by
 * the real bridge's reply and `invalid` message, gives the C# error the field path TypeScript's
 * validation gives. Generated TpRecords.cs is what the catalog generates.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderUnityRecords, UNITY_RECORDS_PATH } from '../../scripts/unity-records.js';
import { UNITY_PACKAGE } from '../../scripts/unity-meta.js';
import { createBridge, OP_CHECKS, PAGE_UI, type Bridge } from '../../src/bridge/index.js';
import { BASE_FIELDS, CATALOG, type FieldType, type KindSpec } from '../../src/records/catalog/index.js';
import { createClient, OBJECT_NAMES } from '../../src/index.js';
import { validateRecord } from '../../src/records/index.js';
import { aiBody, offerRecord } from '../fixtures/spec-samples.js';
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

type Json = Record<string, unknown>;

/** Waits until `done()` holds (at most 5 s: then fails). */
async function until(done: () => boolean, what: string): Promise<void> {
  for (const start = Date.now(); !done(); await new Promise((resolve) => setTimeout(resolve, 5))) {
    if (Date.now() - start > 5000) throw new Error(`timed out waiting for ${what}`);
  }
}

/** A real bridge in Node (no DOM: `ui` engine), the service a `fetch` stand-in; `use` gets it. */
async function withRealBridge<T>(use: (bridge: Bridge, messages: Json[]) => Promise<T>, offers: unknown[] = []): Promise<T> {
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) =>
    okEnvelope(String(input instanceof Request ? input.url : input).includes('/offers') && (init?.method ?? 'GET') === 'GET' ? offers : null)) as typeof fetch;
  try {
    const bridge = createBridge({ createClient, ui: PAGE_UI });
    const messages: Json[] = [];
    bridge.listen((message) => messages.push(JSON.parse(message) as Json));
    const result = await use(bridge, messages);
    // Its last upload goes to the stand-in too: the client is shut down before fetch is restored.
    if ((JSON.parse(bridge.call('{"v":1,"id":"end","op":"shutdown"}')) as Json).pending) {
      await until(() => messages.some((m) => m.id === 'end'), 'the reply of shutdown');
    }
    return result;
  } finally {
    globalThis.fetch = realFetch;
  }
}

/** Why `args` does not pass the ops table's check of `op`, or undefined when it does. */
function argsProblem(op: string, args: unknown): string | undefined {
  const check = OP_CHECKS[op as keyof typeof OP_CHECKS];
  if (!check) return `unknown op ${op}`;
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return `${op}: args is not an object`;
  if (check.args === 'options') return undefined;
  const given = args as Json;
  for (const name of Object.keys(given)) if (!(name in check.args)) return `${op}: unknown argument ${name}`;
  for (const [name, { type, optional }] of Object.entries(check.args)) {
    const value = given[name];
    if (value === undefined) {
      if (!optional) return `${op}: ${name} missing`;
      continue;
    }
    const ok =
      typeof type === 'object' ? type.enum.includes(value as string)
      : type === 'integer' ? Number.isSafeInteger(value)
      : type === 'object' ? typeof value === 'object' && value !== null && !Array.isArray(value)
      : typeof value === type;
    if (!ok) return `${op}: ${name} is not ${JSON.stringify(type)}`;
  }
  return undefined;
}

/** What the real bridge answers to tracking REFUSED: with `invalidRecords` `drop` (reply and messages) and `throw`. */
async function realBridgeReplies(): Promise<Json> {
  const answer = (invalidRecords: 'drop' | 'throw') =>
    withRealBridge(async (bridge, messages) => {
      const call = (op: string, args: unknown) => JSON.parse(bridge.call(JSON.stringify({ v: 1, id: op, op, args }))) as Json;
      expect(call('init', { ...INIT, invalidRecords })).toMatchObject({ ok: true });
      const reply = call('track', { objectName: 'players_stages', record: REFUSED });
      if (invalidRecords === 'drop') await until(() => messages.some((m) => m.event === 'invalid'), 'the invalid message');
      return { reply, messages: messages.filter((m) => m.event === 'invalid') };
    });
  const drop = await answer('drop');
  const thrown = await answer('throw');
  expect(drop.messages).toHaveLength(1);
  return { dropReply: drop.reply, dropMessages: drop.messages, throwReply: thrown.reply, viewReply: await realView() };
}

/** An AI offer the web store can sell, with a styled message, a background and a toggle. */
const OFFER = offerRecord(1, { ...aiBody, recommendations: [{ store: 'web', product_list: [{ purchasable_slug: 'golden_sword', start_datetime: null, end_datetime: null }] }] });

/** The real bridge's final reply to `offers.view` with TextMeshPro markup, for the game to draw. */
function realView(): Promise<Json> {
  return withRealBridge(async (bridge, messages) => {
    const call = (id: string, op: string, args?: unknown) => JSON.parse(bridge.call(JSON.stringify({ v: 1, id, op, args }))) as Json;
    const init = call('init', 'init', { ...INIT, playerSlug: 'p-1', platform: 'web' });
    expect(init.error).toBeUndefined();
    call('refresh', 'offers.refresh');
    await until(() => messages.some((m) => m.id === 'refresh'), 'the reply of offers.refresh');
    call('view', 'offers.view', { offerId: 1, markup: 'tmp' });
    await until(() => messages.some((m) => m.id === 'view'), 'the reply of offers.view');
    const reply = messages.find((m) => m.id === 'view')!;
    expect(reply).toMatchObject({ ok: true, result: { content: { markup: expect.stringContaining('<color=') } } });
    return reply;
  }, [OFFER]);
}

/** The .cs files under `dir`, in order. */
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => (entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.cs') ? [join(dir, entry.name)] : []));

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
    writeFileSync(join(dir, 'ops.json'), JSON.stringify(Object.fromEntries(Object.entries(OP_CHECKS).map(([op, check]) => [op, check.async]))));
  });

  it('compiles with mcs -langversion:7.2 and passes its tests under mono', () => {
    const exe = join(out(), 'tests.exe');
    const files = ['Runtime/', 'Samples~/', 'Tests~/'].flatMap((folder) => sources(`${UNITY_PACKAGE}${folder}`));
    const built = spawnSync('mcs', ['-langversion:7.2', '-warnaserror+', '-nologo', ...defines, `-out:${exe}`, ...files], { encoding: 'utf8' });
    expect({ status: built.status, output: `${built.stdout}${built.stderr}`.trim() }).toEqual({ status: 0, output: '' });
    const ran = spawnSync('mono', [exe, out(), join(dir, 'samples.json'), join(dir, 'bridge.json'), join(dir, 'ops.json')], { encoding: 'utf8' });
    expect({ status: ran.status, output: ran.stdout.trim(), errors: ran.stderr }).toEqual({ status: 0, output: 'all passed', errors: '' });
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

  it('the real bridge takes the records as C# sent them: init, then 43 tracks each accepted', async () => {
    const requests = JSON.parse(readFileSync(join(out(), 'records-requests.json'), 'utf8')) as Json[];
    expect(requests.map((r) => r.op)).toEqual(['init', ...OBJECT_NAMES.map(() => 'track')]);
    const replies = await withRealBridge(async (bridge) => requests.map((r) => JSON.parse(bridge.call(JSON.stringify(r))) as Json));
    expect(replies[0]).toMatchObject({ ok: true, result: { protocol: 1 } });
    expect(replies.slice(1).filter((reply) => reply.result !== true)).toEqual([]);
  });

  it('every method’s request passes the bridge’s ops table, and the real bridge takes its init', async () => {
    const requests = JSON.parse(readFileSync(join(out(), 'requests.json'), 'utf8')) as Json[];
    const ids = requests.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const request of requests) {
      expect(request.v).toBe(1);
      expect(request.id).toMatch(/^.{1,128}$/);
      expect(argsProblem(request.op as string, request.args)).toBeUndefined();
    }
    const wrapped = Object.keys(OP_CHECKS).filter((op) => !['forget', 'session', 'stats', 'offers.refresh', 'offers.list', 'offers.explain', 'offers.settlePurchase'].includes(op));
    expect(new Set(requests.map((r) => r.op))).toEqual(new Set([...wrapped, 'stats']));
    const init = await withRealBridge(async (bridge) => JSON.parse(bridge.call(JSON.stringify(requests[0]))) as Json);
    expect(init).toMatchObject({ ok: true, result: { protocol: 1 } });
  });

  it('a view of the real bridge reaches C# as its TpView: spans, TextMeshPro markup, products', () => {
    const view = JSON.parse(readFileSync(join(out(), 'view.json'), 'utf8')) as Json;
    const reply = JSON.parse(readFileSync(join(dir, 'bridge.json'), 'utf8')).viewReply as { result: { viewId: string; content: Json } };
    const content = reply.result.content as { lines: Json[][]; products: Json[] } & Json;
    expect(view).toEqual({
      viewId: reply.result.viewId,
      offerId: content.offerId,
      title: content.title,
      text: content.text,
      markup: content.markup,
      imageUrl: content.imageUrl ?? null,
      backgroundUrl: content.backgroundUrl ?? null,
      toggleLabel: content.toggleLabel ?? null,
      lines: content.lines.map((line) => line.map((span) => ({ text: span.text, color: span.color ?? null, size: span.size ?? null, bold: span.bold, italic: span.italic }))),
      products: content.products.map((product) => ({ id: product.id ?? null, name: product.name, price: product.price ?? null, discountPrice: product.discountPrice ?? null })),
    });
    expect(view.lines).not.toEqual([]);
    expect(view.products).not.toEqual([]);
    expect(view.backgroundUrl).toMatch(/^https:/);
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
