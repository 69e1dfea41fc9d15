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
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderUnityRecords, UNITY_RECORDS_PATH } from '../../scripts/unity-records.js';
import { checkArgs, readEnvelope } from '../../src/bridge/args.js';
import { OP_CHECKS } from '../../src/bridge/index.js';
import { OBJECT_NAMES } from '../../src/index.js';
import { validateRecord } from '../../src/records/index.js';
import { REFUSED, runCsharpTests, withRealBridge, type CsharpRun, type Json } from '../support/unity-csharp.js';

/** Why a request does not pass the bridge's own checks of its envelope and arguments, or undefined when it does. */
function argsProblem(op: string, args: unknown): string | undefined {
  // C# always sends `args` (the bridge would take a missing one as `{}`).
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return `${op}: args is not an object`;
  const envelope = readEnvelope({ v: 1, id: 'check', op, args });
  const fault = 'code' in envelope ? envelope : checkArgs(envelope.op, envelope.args);
  return fault && `${op}: ${fault.path ?? ''} ${fault.message}`;
}

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

  let run: CsharpRun | undefined;
  beforeAll(async () => {
    run = await runCsharpTests(dir, out(), defines);
  }, 120_000);

  it('compiles with mcs -langversion:7.2 and passes its tests under mono', () => {
    expect(run!.built).toEqual({ status: 0, output: '' });
    expect(run!.ran).toEqual({ status: 0, output: 'all passed', errors: '' });
  });

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
    const wrapped = Object.keys(OP_CHECKS).filter((op) => !['forget', 'session', 'stats', 'offers.refresh', 'offers.list', 'offers.explain'].includes(op));
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
