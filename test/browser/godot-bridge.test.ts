/**
 * The bridge called as Godot 4's `JavaScriptBridge` calls it (engines/godot/addons/tp_web_sdk/tp.gd):
 * the script-tag build's `TPSDK` through `get_interface`, `call` named explicitly (`obj.call("call",
 * json)`), and a listener made by `create_callback`, which gets exactly one argument, an Array of
 * the JavaScript arguments, and whose return value nobody reads.
 */
import { expect, it } from 'vitest';

/** What `JavaScriptBridge.create_callback(callable)` gives JavaScript: the arguments packed into one Array. */
const createCallback = (callable: (args: unknown[]) => void) => (...args: unknown[]): undefined => {
  callable(args);
  return undefined;
};

it('init, track and flush through TPSDK as Godot reaches it; each message comes as a one-element Array', async () => {
  await import('../../src/iife.js');
  const tpsdk = (globalThis as unknown as { TPSDK: { bridge: Record<string, (...a: unknown[]) => unknown> } }).TPSDK;
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async () => new Response(JSON.stringify({ status: 200, reason: 'OK', data: null }))) as typeof fetch;
  try {
    const received: unknown[][] = [];
    const listener = createCallback((args) => received.push(args));
    tpsdk.bridge.listen!(listener);
    const call = (request: object): Record<string, unknown> => JSON.parse(String(tpsdk.bridge['call']!(JSON.stringify({ v: 1, ...request })))) as Record<string, unknown>;
    expect(call({ id: '1', op: 'init', args: { baseUrl: 'https://api.example.com/v2021.4/web', clientKey: 'k', authMode: 'client', playerSlug: 'godot-1', storage: 'memory', autoLogin: false, flushIntervalMs: 0, ui: 'engine' } })).toMatchObject({ ok: true });
    expect(call({ id: '2', op: 'track', args: { objectName: 'players_stages', record: { stage_slug: 'level-1', stage_result: 'clear' } } })).toMatchObject({ ok: true, result: true });
    expect(call({ id: '3', op: 'flush', args: {} })).toMatchObject({ pending: true });
    await expect.poll(() => received.some((args) => String(args[0]).includes('"id":"3"'))).toBe(true);
    for (const args of received) {
      expect(args).toHaveLength(1);
      expect(typeof args[0]).toBe('string');
    }
    expect(JSON.parse(String(received.find((a) => String(a[0]).includes('"id":"3"'))![0]))).toMatchObject({ ok: true, result: { records: 1 } });
    call({ id: '4', op: 'shutdown' });
  } finally {
    globalThis.fetch = realFetch;
  }
});
