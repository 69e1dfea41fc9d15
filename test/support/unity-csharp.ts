/**
 * The Unity package's C# tests as other tests run them: the inputs they read (a sample of every
 * field type, the real bridge's replies, the ops table), `mcs -langversion:7.2` over the package
 * and its tests (Tests~), and `mono` running them; they write one record per kind and the
 * requests C# sent (records-requests.json) into the output folder.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { UNITY_PACKAGE } from '../../scripts/unity-meta.js';
import { createBridge, OP_CHECKS, PAGE_UI, type Bridge } from '../../src/bridge/index.js';
import { BASE_FIELDS, CATALOG, type FieldType, type KindSpec } from '../../src/records/catalog/index.js';
import { createClient } from '../../src/index.js';
import { aiBody, offerRecord } from '../fixtures/spec-samples.js';
import { okEnvelope } from './memory-client.js';

/** A valid value of each field type; text carries Korean, emoji, a quote and a newline through the JSON both ways. */
export const SAMPLE: Readonly<Record<FieldType, unknown>> = {
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
export function samples(): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const group of Object.values(CATALOG)) {
    for (const [name, spec] of Object.entries(group as Record<string, KindSpec>)) {
      const fields = { ...BASE_FIELDS, ...spec.required, ...spec.optional } as Record<string, FieldType>;
      out[name] = Object.fromEntries(Object.entries(fields).map(([field, type]) => [field, SAMPLE[type]]));
    }
  }
  return out;
}

export const REFUSED = { stage_slug: '', player_slug: 'p1' };
export const INIT = { baseUrl: 'https://api.example.com/v2021.4/web', clientKey: 'k', authMode: 'client', storage: 'memory', flushIntervalMs: 0, autoLogin: false, autoJoin: false, ui: 'engine', logLevel: 'silent' };

export type Json = Record<string, unknown>;

/** Waits until `done()` holds (at most 5 s: then fails). */
export async function until(done: () => boolean, what: string): Promise<void> {
  for (const start = Date.now(); !done(); await new Promise((resolve) => setTimeout(resolve, 5))) {
    if (Date.now() - start > 5000) throw new Error(`timed out waiting for ${what}`);
  }
}

/** A real bridge in Node (no DOM: `ui` engine), the service a `fetch` stand-in; `use` gets it. */
export async function withRealBridge<T>(use: (bridge: Bridge, messages: Json[]) => Promise<T>, offers: unknown[] = []): Promise<T> {
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

/** What the real bridge answers to tracking REFUSED: with `invalidRecords` `drop` (reply and messages) and `throw`. */
export async function realBridgeReplies(): Promise<Json> {
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
export const OFFER = offerRecord(1, { ...aiBody, recommendations: [{ store: 'web', product_list: [{ purchasable_slug: 'golden_sword', start_datetime: null, end_datetime: null }] }] });

/** The real bridge's final reply to `offers.view` with TextMeshPro markup, for the game to draw. */
export function realView(): Promise<Json> {
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
export const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => (entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.cs') ? [join(dir, entry.name)] : []));


/** What `mcs` and `mono` printed, and their exit codes. */
export interface CsharpRun {
  readonly built: { readonly status: number | null; readonly output: string };
  readonly ran: { readonly status: number | null; readonly output: string; readonly errors: string };
}

/**
 * Writes the C# tests' inputs into `dir`, compiles the package and its tests with `defines` into
 * `out`, and runs them there. `playerSlug`, when given, is every sample record's `player_slug`.
 */
export async function runCsharpTests(dir: string, out: string, defines: readonly string[], playerSlug?: string): Promise<CsharpRun> {
  mkdirSync(out, { recursive: true });
  const sampled = samples();
  if (playerSlug !== undefined) for (const record of Object.values(sampled)) if ('player_slug' in record) record.player_slug = playerSlug;
  writeFileSync(join(dir, 'samples.json'), JSON.stringify(sampled));
  writeFileSync(join(dir, 'bridge.json'), JSON.stringify(await realBridgeReplies()));
  writeFileSync(join(dir, 'ops.json'), JSON.stringify(Object.fromEntries(Object.entries(OP_CHECKS).map(([op, check]) => [op, check.async]))));
  const exe = join(out, 'tests.exe');
  const files = ['Runtime/', 'Samples~/', 'Tests~/'].flatMap((folder) => sources(`${UNITY_PACKAGE}${folder}`));
  const built = spawnSync('mcs', ['-langversion:7.2', '-warnaserror+', '-nologo', ...defines, `-out:${exe}`, ...files], { encoding: 'utf8' });
  const ran = built.status === 0 ? spawnSync('mono', [exe, out, join(dir, 'samples.json'), join(dir, 'bridge.json'), join(dir, 'ops.json')], { encoding: 'utf8' }) : undefined;
  return {
    built: { status: built.status, output: `${built.stdout}${built.stderr}`.trim() },
    ran: { status: ran?.status ?? null, output: ran?.stdout.trim() ?? '', errors: ran?.stderr ?? '' },
  };
}
