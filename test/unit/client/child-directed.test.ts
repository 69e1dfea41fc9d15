/**
 * `childDirected: true` in happy-dom: offers are off (each call rejects with an
 * `OfferError` of reason `child-directed`, `list()` is empty, no request is made, even with an
 * automatic refresh at start), and the device id is not the one in localStorage, nor written there.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createClient, isTpError, OfferError } from '../../../src/index.js';
import { memoryClientOptions, okEnvelope } from '../../support/memory-client.js';

const DEVICE_KEY = 'tp-web-sdk:default:device-id';

afterEach(() => localStorage.clear());

/** A child-directed client whose requests are counted and whose uploads land in `bodies`. */
function childClient(calls: string[], bodies: Array<Record<string, Array<Record<string, unknown>>>> = []) {
  return createClient({
    ...memoryClientOptions(async (url, init) => {
      calls.push(`${init?.method ?? 'GET'} ${new URL(String(url)).pathname}`);
      if (init?.body) bodies.push(JSON.parse(String(init.body)));
      return okEnvelope([]);
    }),
    compression: 'none',
    childDirected: true,
    offersAutoRefresh: { onStart: true, onVisible: true },
  });
}

const reasonOf = async (promise: Promise<unknown>): Promise<string> =>
  promise.then(
    () => 'resolved',
    (e: unknown) => (e instanceof OfferError && isTpError(e) ? e.reason : `other: ${String(e)}`),
  );

describe('childDirected: true', () => {
  it('offers reject with reason child-directed, list() is empty, and no request is made', async () => {
    const calls: string[] = [];
    const tp = childClient(calls);
    expect(await reasonOf(tp.offers.refresh())).toBe('child-directed');
    expect(await reasonOf(tp.offers.show(1))).toBe('child-directed');
    expect(await reasonOf(tp.offers.view(1))).toBe('child-directed');
    expect(await reasonOf(tp.offers.report(1, 'open'))).toBe('child-directed');
    expect(tp.offers.list()).toEqual([]);
    document.dispatchEvent(new Event('visibilitychange')); // an automatic refresh would go now
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toEqual([]);
    await tp.shutdown();
  });

  it('sends a device id that is not the stored one, and writes none to localStorage', async () => {
    localStorage.setItem(DEVICE_KEY, 'stored-device-id');
    const calls: string[] = [];
    const bodies: Array<Record<string, Array<Record<string, unknown>>>> = [];
    const tp = childClient(calls, bodies);
    tp.track('players_login', {});
    await tp.flush();
    const sent = bodies[0]!.players_login![0]!.device_unique_id;
    expect(typeof sent).toBe('string');
    expect(sent).not.toBe('stored-device-id');
    expect(localStorage.getItem(DEVICE_KEY)).toBe('stored-device-id'); // not replaced either
    expect(calls).toEqual(['POST /v2021.4/web/logs']); // the records only
    await tp.shutdown();
  });

  it('leaves localStorage without a device-id key after createClient and track', async () => {
    const tp = childClient([]);
    tp.track('players_join', {});
    tp.track('players_login', {});
    expect(Object.keys(localStorage).filter((k) => k.includes('device-id'))).toEqual([]);
    await tp.shutdown();
  });

  it('still sends the deviceId the game passes', async () => {
    const bodies: Array<Record<string, Array<Record<string, unknown>>>> = [];
    const tp = createClient({ ...memoryClientOptions(async (_u, init) => (bodies.push(JSON.parse(String(init?.body))), okEnvelope({}))), compression: 'none', childDirected: true, deviceId: 'game-id' });
    tp.track('players_login', {});
    await tp.flush();
    expect(bodies[0]!.players_login![0]!.device_unique_id).toBe('game-id');
    await tp.shutdown();
  });
});
