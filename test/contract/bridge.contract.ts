/**
 * The string bridge's contract, JSON text only, as an engine drives it: every op; asynchronous
 * replies and events in order, in later tasks, never inside `call`; the stable error codes; and
 * 10,000 arbitrary strings through `call`. Run in Node (test/node/bridge.test.ts) and in Chromium
 * (test/browser/bridge.test.ts). The service is a `fetch` stand-in installed on `globalThis` (the
 * bridge cannot pass a `fetch` option): the end-to-end test drives the real reference service.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Bridge } from '../../src/bridge/index.js';
import { OP_CHECKS } from '../../src/bridge/index.js';
import { offerRecord, personalizedBody } from '../fixtures/spec-samples.js';
import { okEnvelope } from '../support/memory-client.js';

const BASE = { baseUrl: 'https://api.example.com/v2021.4/web', clientKey: 'k', authMode: 'client', playerSlug: 'p-1', storage: 'memory', flushIntervalMs: 0, autoLogin: false, ui: 'engine' };
const OFFERS = [offerRecord(1, personalizedBody), offerRecord(2, personalizedBody), offerRecord(3, personalizedBody)];

type Json = Record<string, unknown>;

/** A bridge in use: requests by op, the messages heard, and a check that none came inside `call`. */
function drive(bridge: Bridge) {
  const heard: Json[] = [];
  let inCall = false;
  let duringCall = 0;
  let next = 0;
  bridge.listen((message) => {
    if (inCall) duringCall++;
    heard.push(JSON.parse(message) as Json);
  });
  const raw = (text: string): Json => {
    inCall = true;
    try {
      return JSON.parse(bridge.call(text)) as Json;
    } finally {
      inCall = false;
    }
  };
  const call = (op: string, args?: unknown, id = `r${++next}`): Json => raw(JSON.stringify({ v: 1, id, op, ...(args !== undefined && { args }) }));
  /** The final reply of asynchronous request `id`. */
  const settled = async (id: string): Promise<Json> => {
    await expect.poll(() => heard.find((m) => m.id === id), { timeout: 5000 }).toBeDefined();
    return heard.find((m) => m.id === id)!;
  };
  /** Calls an asynchronous op and waits for its final reply. */
  const callAsync = async (op: string, args?: unknown): Promise<Json> => {
    const id = `a${++next}`;
    expect(call(op, args, id)).toEqual({ v: 1, id, pending: true });
    return settled(id);
  };
  const events = (name: string): Json[] => heard.filter((m) => m.event === name);
  return { heard, raw, call, callAsync, settled, events, duringCall: () => duringCall };
}

export function bridgeContract(makeBridge: () => Bridge): void {
  const uploads: Json[] = [];
  const realFetch = globalThis.fetch;
  beforeEach(() => {
    uploads.length = 0;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.endsWith('/logs')) uploads.push({ url });
      if (url.includes('/offers') && (init?.method ?? 'GET') === 'GET') return okEnvelope(OFFERS);
      return okEnvelope(null);
    }) as typeof fetch;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  describe('every op', () => {
    it('init, track, identify, setClientKey, flush, setConsent, session, stats, gameplay, forget, shutdown', async () => {
      const b = drive(makeBridge());
      expect(b.call('stats')).toMatchObject({ ok: false, error: { code: 'not-initialized' } });
      expect(b.call('init', BASE)).toMatchObject({ v: 1, ok: true, result: { protocol: 1 } });
      expect(b.call('init', BASE)).toMatchObject({ ok: false, error: { code: 'already-initialized' } });
      expect(b.call('track', { objectName: 'players_stages', record: { stage_slug: 's-1', stage_result: 'clear' } })).toMatchObject({ ok: true });
      expect(b.call('track', { objectName: 'players_stages', record: { stage_slug: 7 } })).toMatchObject({ ok: true, result: false });
      expect(b.call('identify', { playerSlug: 'p-1' })).toMatchObject({ ok: true, result: null });
      expect(b.call('setClientKey', { clientKey: 'k2' })).toMatchObject({ ok: true, result: null });
      const flushed = await b.callAsync('flush');
      expect(flushed).toMatchObject({ ok: true, result: { batches: 1, deadLettered: 0 } });
      expect(uploads).toHaveLength(1);
      expect(b.events('invalid')[0]).toMatchObject({ data: { code: 'validation', path: 'stage_slug' } });
      expect(b.call('session').result).toMatchObject({ id: expect.any(String), index: 1 });
      expect(b.call('stats').result).toMatchObject({ delivered: 1, storage: 'memory' });
      expect(b.call('gameplayStart')).toMatchObject({ ok: true, result: null });
      expect(b.call('gameplayStop')).toMatchObject({ ok: true, result: null });
      expect(b.call('setConsent', { state: 'pending' })).toMatchObject({ ok: true });
      expect(b.call('setConsent', { state: 'maybe' })).toMatchObject({ ok: false, error: { code: 'bad-args', path: 'args.state' } });
      expect(b.call('setConsent', { state: 'granted' })).toMatchObject({ ok: true });
      expect(await b.callAsync('forget')).toMatchObject({ ok: true, result: null });
      const shut = await b.callAsync('shutdown');
      expect(shut).toMatchObject({ ok: true, result: null });
      expect(b.call('track', { objectName: 'players_stages', record: {} })).toMatchObject({ ok: false, error: { code: 'shut-down' } });
      expect(b.call('init', BASE)).toMatchObject({ ok: false, error: { code: 'shut-down' } });
      await expect.poll(() => b.events('gameplay').map((m) => (m.data as Json).inGameplay)).toEqual([true, false]);
      expect(b.events('consent').map((m) => (m.data as Json).state)).toEqual(['pending', 'granted']);
      expect(b.duringCall()).toBe(0);
    });

    it('offers: refresh, list, explain, show with the engine drawing (view:present, view.*), view, showAt', async () => {
      const b = drive(makeBridge());
      b.call('init', { ...BASE, engineMarkup: 'tmp', offerRules: { sessionGraceMs: 0, minIntervalMs: 0, placements: { 'game-over': {} } } });
      const refreshed = await b.callAsync('offers.refresh');
      expect((refreshed.result as Json[]).map((o) => o.offer_id).sort()).toEqual([1, 2, 3]);
      expect((b.call('offers.list').result as Json[]).length).toBe(3);
      expect(b.call('offers.explain', { placement: 'game-over' }).result).toMatchObject({ action: 'show', placement: 'game-over' });

      const showId = 'show-1';
      expect(b.call('offers.show', { offerId: 1 }, showId)).toMatchObject({ pending: true });
      expect(b.call('offers.show', { offerId: 2 }, showId)).toMatchObject({ ok: false, error: { code: 'bad-id', path: 'id' } });
      await expect.poll(() => b.events('view:present').length).toBe(1);
      const present = b.events('view:present')[0]!.data as { viewId: string; content: Json };
      expect(present.content).toMatchObject({ offerId: 1, title: 'For you', products: [expect.objectContaining({ price: 9900 })] });
      expect(b.call('view.setDoNotShowAgain', { viewId: present.viewId, value: true })).toMatchObject({ ok: true });
      expect(b.call('view.dismiss', { viewId: present.viewId })).toMatchObject({ ok: true });
      expect(await b.settled(showId)).toMatchObject({ ok: true, result: { action: 'dismiss', offerId: 1, doNotShowAgain: true } });
      expect(b.events('view:close')).toEqual([{ v: 1, event: 'view:close', data: { viewId: present.viewId } }]);
      expect(b.call('view.dismiss', { viewId: present.viewId })).toMatchObject({ ok: false, error: { code: 'bad-args', path: 'args.viewId' } });

      const viewed = await b.callAsync('offers.view', { offerId: 2, markup: 'bbcode-godot' });
      const view = viewed.result as { viewId: string; content: Json };
      expect(view.content).toMatchObject({ offerId: 2, lines: expect.any(Array), text: expect.any(String), markup: expect.any(String) });
      expect(b.call('view.open', { viewId: view.viewId })).toMatchObject({ ok: true });
      expect(b.call('view.interact', { viewId: view.viewId })).toMatchObject({ ok: true });
      expect(b.call('view.close', { viewId: 'v-none' })).toMatchObject({ ok: false, error: { code: 'bad-args' } });

      const placed = b.call('offers.showAt', { placement: 'game-over' }, 'at-1');
      expect(placed).toMatchObject({ pending: true });
      await expect.poll(() => b.events('view:present').length).toBe(2);
      const second = b.events('view:present')[1]!.data as { viewId: string };
      b.call('view.close', { viewId: second.viewId });
      expect(await b.settled('at-1')).toMatchObject({ ok: true, result: { action: 'closed' } });

      // Events, replies and their order: present, open, dismiss, close, then show's reply.
      const order = b.heard.filter((m) => m.id === showId || ['view:present', 'offer:open', 'offer:dismiss', 'view:close'].includes(m.event as string)).slice(0, 5);
      expect(order.map((m) => (m.event as string | undefined) ?? 'reply')).toEqual(['view:present', 'offer:open', 'offer:dismiss', 'view:close', 'reply']);
      expect(b.events('offer:dismiss')[0]).toMatchObject({ data: { offer: { offer_id: 1 } } });
      expect(b.duringCall()).toBe(0);
    });

    it('purchase: true asks the engine (purchase:request), purchase.settle answers it and the purchase is tracked', async () => {
      const b = drive(makeBridge());
      b.call('init', { ...BASE, purchase: true, characterSlug: 'hero' });
      await b.callAsync('offers.refresh');
      b.call('offers.show', { offerId: 1 }, 'buy');
      await expect.poll(() => b.events('view:present').length).toBe(1);
      b.call('view.interact', { viewId: (b.events('view:present')[0]!.data as { viewId: string }).viewId });
      await expect.poll(() => b.events('purchase:request').length).toBe(1);
      const request = b.events('purchase:request')[0]!.data as { requestId: string; offerId: number };
      expect(request.offerId).toBe(1);
      expect(b.call('purchase.settle', { requestId: request.requestId, result: { status: 'bogus' } })).toMatchObject({ ok: false, error: { code: 'bad-args', path: 'args.result' } });
      expect(b.call('purchase.settle', { requestId: request.requestId, result: { status: 'purchased' } })).toMatchObject({ ok: true });
      expect(await b.settled('buy')).toMatchObject({ ok: true, result: { action: 'interact', purchase: { result: { status: 'purchased' } } } });
      expect(b.call('purchase.settle', { requestId: request.requestId, result: { status: 'purchased' } })).toMatchObject({ ok: false, error: { code: 'bad-args', path: 'args.requestId' } });
      await expect.poll(() => b.events('offer:purchase').length).toBe(1);
      expect(b.call('stats').result).toMatchObject({ queued: expect.any(Number) });
      const attempt = await b.callAsync('offers.settlePurchase', { attemptId: 'none', result: { status: 'cancelled' } });
      expect(attempt).toMatchObject({ ok: false, error: { name: 'OfferError', code: 'offer', reason: 'unknown-purchase' } });
    });
  });

  describe('what bad input gets', () => {
    it('a JSON error with a stable code and the path, never an exception', () => {
      const b = drive(makeBridge());
      expect(b.raw('{')).toMatchObject({ v: 1, id: null, ok: false, error: { code: 'bad-json' } });
      expect(b.raw('[1]')).toMatchObject({ ok: false, error: { code: 'bad-json' } });
      expect(b.raw('"track"')).toMatchObject({ ok: false, error: { code: 'bad-json' } });
      expect(b.raw('{"v":2,"id":"x","op":"stats"}')).toMatchObject({ id: 'x', error: { code: 'bad-version', path: 'v' } });
      expect(b.raw('{"v":1,"op":"stats"}')).toMatchObject({ error: { code: 'bad-id', path: 'id' } });
      expect(b.raw('{"v":1,"id":"","op":"stats"}')).toMatchObject({ error: { code: 'bad-id' } });
      expect(b.raw('{"v":1,"id":"x","op":"toString"}')).toMatchObject({ error: { code: 'unknown-op', path: 'op' } });
      expect(b.raw('{"v":1,"id":"x","op":"__proto__"}')).toMatchObject({ error: { code: 'unknown-op' } });
      expect(b.raw('{"v":1,"id":"x","op":"track","args":[]}')).toMatchObject({ error: { code: 'bad-args', path: 'args' } });
      expect(b.raw(`{"v":1,"id":"x","op":"track","args":{"objectName":"${'a'.repeat(1024 * 1024)}"}}`)).toMatchObject({ id: null, error: { code: 'too-large' } });
      expect(b.raw(`{"v":1,"id":"x","op":"track","args":{"objectName":"${'가'.repeat(400_000)}"}}`)).toMatchObject({ error: { code: 'too-large' } });
      expect(JSON.parse(makeBridge().call(undefined as unknown as string))).toMatchObject({ error: { code: 'bad-json' } });
      b.call('init', BASE);
      expect(b.call('track', { objectName: 'players_stages' })).toMatchObject({ error: { code: 'bad-args', path: 'args.record', message: 'expected an object, got nothing' } });
      expect(b.call('track', { objectName: 1, record: {} })).toMatchObject({ error: { code: 'bad-args', path: 'args.objectName' } });
      expect(b.call('track', { objectName: 'players_stages', record: {}, extra: 1 })).toMatchObject({ error: { code: 'bad-args', path: 'args.extra' } });
      expect(b.call('offers.show', { offerId: 1.5 })).toMatchObject({ error: { code: 'bad-args', path: 'args.offerId' } });
      expect(b.call('identify', { playerSlug: '' })).toMatchObject({ ok: false, error: { name: 'ConfigError', code: 'config' } });
    });

    it('init: a function option, an unknown ui or an invalid option is bad-args naming it; the bridge stays usable', () => {
      const b = drive(makeBridge());
      expect(b.call('init', { ...BASE, beforeSend: 'x => x' })).toMatchObject({ error: { code: 'bad-args', path: 'args.beforeSend' } });
      expect(b.call('init', { ...BASE, offerImages: { resolve: 'u' } })).toMatchObject({ error: { code: 'bad-args', path: 'args.offerImages.resolve' } });
      expect(b.call('init', { ...BASE, offerRules: { triggers: [{ on: 'players_stages', placement: 'x', when: 'r' }] } })).toMatchObject({ error: { path: 'args.offerRules.triggers[0].when' } });
      expect(b.call('init', { ...BASE, ui: 'unity' })).toMatchObject({ error: { code: 'bad-args', path: 'args.ui' } });
      expect(b.call('init', { ...BASE, engineMarkup: 'html' })).toMatchObject({ error: { code: 'bad-args', path: 'args.engineMarkup' } });
      expect(b.call('init', { ...BASE, flushIntervalMs: -1 })).toMatchObject({ error: { code: 'bad-args', path: 'args.flushIntervalMs' } });
      expect(b.call('init', { ...BASE, baseUrl: undefined })).toMatchObject({ error: { code: 'bad-args', path: 'args.baseUrl' } });
      expect(b.call('init', BASE)).toMatchObject({ ok: true });
      b.call('shutdown');
    });

    it('a listener that throws: one error message, and delivery goes on to it and the others', async () => {
      const bridge = makeBridge();
      const b = drive(bridge);
      let throws = 0;
      bridge.listen(() => {
        throws++;
        throw new Error('engine bug');
      });
      b.call('init', BASE);
      b.call('gameplayStart');
      b.call('gameplayStop');
      await expect.poll(() => b.events('gameplay').length).toBe(2);
      await expect.poll(() => b.events('error').filter((m) => (m.data as Json).code === 'listener-threw').length).toBeGreaterThanOrEqual(2);
      const errors = b.events('error').filter((m) => (m.data as Json).code === 'listener-threw');
      // One per message the listener threw on, none for the error messages themselves.
      expect(throws).toBe(b.heard.length);
      expect(errors.length).toBe(b.heard.length - errors.length);
      await b.callAsync('shutdown');
    });

    it('10,000 arbitrary strings: call never throws and always returns a JSON reply', () => {
      const bridge = makeBridge();
      bridge.call(JSON.stringify({ v: 1, id: 'i', op: 'init', args: BASE }));
      const request = fc.record({
        v: fc.oneof(fc.constant(1), fc.jsonValue()),
        id: fc.oneof(fc.string(), fc.jsonValue()),
        op: fc.oneof(fc.constantFrom(...Object.keys(OP_CHECKS).filter((op) => op !== 'shutdown' && op !== 'forget')), fc.string()),
        args: fc.oneof(fc.dictionary(fc.constantFrom('objectName', 'record', 'offerId', 'viewId', 'placement', 'state', 'x'), fc.jsonValue()), fc.jsonValue()),
      });
      const text = fc.oneof(fc.string({ unit: 'binary' }), fc.json(), request.map((r) => JSON.stringify(r)));
      fc.assert(
        fc.property(text, (input) => {
          const reply = JSON.parse(bridge.call(input)) as Json;
          expect(reply.v).toBe(1);
          expect(reply.ok === true || reply.ok === false || reply.pending === true).toBe(true);
        }),
        { numRuns: 10_000 },
      );
      bridge.call('{"v":1,"id":"end","op":"shutdown"}');
    });
  });
}
