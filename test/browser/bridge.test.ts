/**
 * The string bridge's contract (test/contract/bridge.contract.ts) in Chromium, and what only a
 * page has: `ui: "dom"` (the default) draws the DOM dialog, `ui: "canvas"` finds its 2D canvas by
 * selector and refuses a WebGL one by name.
 */
import { expect, it } from 'vitest';
import { createBridge, PAGE_UI } from '../../src/bridge/index.js';
import { createClient } from '../../src/index.js';
import { bridgeContract } from '../contract/bridge.contract.js';

const make = () => createBridge({ createClient, ui: PAGE_UI });
bridgeContract(make);

const BASE = { baseUrl: 'https://api.example.com/v2021.4/web', clientKey: 'k', authMode: 'client', playerSlug: 'p-1', storage: 'memory', flushIntervalMs: 0, autoLogin: false };
const request = (id: string, op: string, args?: unknown): string => JSON.stringify({ v: 1, id, op, args });

it('ui "canvas": a WebGL canvas is refused by name, a 2D one is drawn on', () => {
  const gl = Object.assign(document.createElement('canvas'), { id: 'gl' });
  gl.getContext('webgl');
  const flat = Object.assign(document.createElement('canvas'), { id: 'flat', width: 400, height: 300 });
  document.body.append(gl, flat);
  const bridge = make();
  expect(JSON.parse(bridge.call(request('1', 'init', { ...BASE, ui: 'canvas', canvasSelector: '#gl' })))).toMatchObject({ ok: false, error: { code: 'bad-args', path: 'args.canvasSelector', message: expect.stringContaining('WebGL') } });
  expect(JSON.parse(bridge.call(request('2', 'init', { ...BASE, ui: 'canvas', canvasSelector: '#none' })))).toMatchObject({ ok: false, error: { path: 'args.canvasSelector' } });
  expect(JSON.parse(bridge.call(request('3', 'init', { ...BASE, ui: 'canvas', canvasSelector: '[[' })))).toMatchObject({ ok: false, error: { path: 'args.canvasSelector' } });
  expect(JSON.parse(bridge.call(request('4', 'init', { ...BASE, ui: 'canvas', canvasSelector: '#flat' })))).toMatchObject({ ok: true });
  bridge.call(request('5', 'shutdown'));
  gl.remove();
  flat.remove();
});

it('ui "dom" by default in a page: offers.show draws the dialog, and Escape answers the pending show', async () => {
  const realFetch = globalThis.fetch;
  const offer = { offer_id: 1, player_slug: 'p-1', offer: JSON.stringify({ price: 9900, discount_rate: 0.3, discount_price: 6930, product_id: null, product_name: null, message_layout: 'h', message: { en: { url: 'https://store.example.com/p', image: null, title: 'For you' } } }), create_datetime: '2025-12-31 12:00:00', valid_until: null, valid_for: null, valid_open_count: null, first_opened_at: null, is_offer_active: 1 };
  globalThis.fetch = (async () => new Response(JSON.stringify({ status: 200, reason: 'OK', data: [offer] }))) as typeof fetch;
  try {
    const bridge = make();
    const heard: Array<Record<string, unknown>> = [];
    bridge.listen((m) => heard.push(JSON.parse(m) as Record<string, unknown>));
    expect(JSON.parse(bridge.call(request('1', 'init', BASE)))).toMatchObject({ ok: true });
    bridge.call(request('2', 'offers.refresh'));
    await expect.poll(() => heard.some((m) => m.id === '2')).toBe(true);
    expect(JSON.parse(bridge.call(request('3', 'offers.show', { offerId: 1 })))).toMatchObject({ pending: true });
    await expect.poll(() => document.querySelector('[data-tp-offer]')?.shadowRoot?.querySelector('[role="dialog"]')).toBeTruthy();
    document.querySelector('[data-tp-offer]')!.shadowRoot!.querySelector<HTMLElement>('[role="dialog"]')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    await expect.poll(() => heard.find((m) => m.id === '3')).toMatchObject({ ok: true, result: { action: 'dismiss', offerId: 1 } });
    bridge.call(request('4', 'shutdown'));
  } finally {
    globalThis.fetch = realFetch;
  }
});
