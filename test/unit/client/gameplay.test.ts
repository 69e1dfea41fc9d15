/**
 * Natural breaks on the client (happy-dom, memory storage): `gameplayStart()`, `gameplayStop()`
 * and `inGameplay`, the `gameplay` event told only on a change, the same on the logging client
 * and on the script tag's `TPSDK`, nothing after `shutdown()`, and the port the offer engine gets
 * (the state, the page's visibility, a listener told before the game's event).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GameplayEvent } from '../../../src/bus/index.js';
import { createCoreClient } from '../../../src/client/index.js';
import { createClient, type TpClient } from '../../../src/index.js';
import { createClient as createLoggingClient } from '../../../src/logging.js';
import { createOffersEngine, forwardingOffersApi, type OffersDeps } from '../../../src/offers/index.js';
import { memoryClientOptions, memoryLoggingOptions, okEnvelope } from '../../support/memory-client.js';

const answer = async (): Promise<Response> => okEnvelope([]);

afterEach(() => vi.unstubAllGlobals());

/** The `inGameplay` of each `gameplay` event `tp` emits. */
function heard(tp: Pick<TpClient, 'on'>): boolean[] {
  const events: boolean[] = [];
  tp.on('gameplay', (e: GameplayEvent) => events.push(e.inGameplay));
  return events;
}

/** A client whose offer engine's dependencies are kept in `deps` (one entry per consented half). */
function clientWithDeps(consent: 'granted' | 'pending' = 'granted'): { tp: TpClient; deps: OffersDeps[] } {
  const deps: OffersDeps[] = [];
  const tp = createCoreClient(
    { ...memoryClientOptions(answer), consent },
    {
      offers: {
        engine: (d) => {
          deps.push(d);
          return createOffersEngine(d);
        },
        api: forwardingOffersApi,
        checkRules: () => undefined,
      },
    },
  );
  return { tp, deps };
}

describe('gameplayStart() and gameplayStop()', () => {
  it('start at a break; each call that changes the state emits `gameplay` once, a repeated call nothing', async () => {
    const tp = createClient(memoryClientOptions(answer));
    const events = heard(tp);
    expect(tp.inGameplay).toBe(false);
    tp.gameplayStop(); // already at a break
    tp.gameplayStart();
    expect(tp.inGameplay).toBe(true);
    tp.gameplayStart();
    tp.gameplayStart();
    tp.gameplayStop();
    expect(tp.inGameplay).toBe(false);
    tp.gameplayStop();
    tp.gameplayStart();
    expect(events).toEqual([true, false, true]);
    await tp.shutdown();
  });

  it('work unbound, as callbacks a game hands to its engine', async () => {
    const tp = createClient(memoryClientOptions(answer));
    const { gameplayStart, gameplayStop } = tp;
    gameplayStart();
    expect(tp.inGameplay).toBe(true);
    gameplayStop();
    expect(tp.inGameplay).toBe(false);
    await tp.shutdown();
  });

  it('the logging client has them too', async () => {
    const tp = createLoggingClient(memoryLoggingOptions(answer));
    const events = heard(tp);
    tp.gameplayStart();
    tp.gameplayStart();
    expect(tp.inGameplay).toBe(true);
    tp.gameplayStop();
    expect(events).toEqual([true, false]);
    await tp.shutdown();
  });

  it('do not depend on consent: pending and denied clients keep the state and emit', async () => {
    for (const consent of ['pending', 'denied'] as const) {
      const tp = createClient({ ...memoryClientOptions(answer), consent });
      const events = heard(tp);
      tp.gameplayStart();
      expect(tp.inGameplay).toBe(true);
      expect(events).toEqual([true]);
      await tp.shutdown();
    }
  });

  it('a listener of `gameplay` that throws is reported as uncaught; the state changed all the same', async () => {
    const reported: unknown[] = [];
    vi.stubGlobal('reportError', (error: unknown) => reported.push(error));
    const tp = createClient(memoryClientOptions(answer));
    const boom = new Error('the game’s bug');
    tp.on('gameplay', () => {
      throw boom;
    });
    const events = heard(tp);
    expect(() => tp.gameplayStart()).not.toThrow();
    expect(tp.inGameplay).toBe(true);
    expect(events).toEqual([true]);
    expect(reported).toEqual([boom]);
    await tp.shutdown();
  });

  it('after shutdown() they do nothing and never throw; inGameplay keeps its last value', async () => {
    const { tp, deps } = clientWithDeps();
    const told: boolean[] = [];
    deps[0]!.gameplay.onChange((value) => told.push(value));
    tp.gameplayStart();
    await tp.shutdown();
    const events = heard(tp); // a listener added after shutdown() hears nothing from these calls either
    expect(() => tp.gameplayStop()).not.toThrow();
    expect(() => tp.gameplayStart()).not.toThrow();
    tp.gameplayStop();
    expect(tp.inGameplay).toBe(true);
    expect(deps[0]!.gameplay.inGameplay).toBe(true);
    expect(events).toEqual([]);
    expect(told).toEqual([true]);
  });
});

describe('the offer engine’s port', () => {
  it('reads the client’s state; its listener is told before the game’s event, and stops when asked', async () => {
    const { tp, deps } = clientWithDeps();
    const port = deps[0]!.gameplay;
    const order: string[] = [];
    tp.on('gameplay', (e) => order.push(`event ${e.inGameplay}`));
    const stop = port.onChange((value) => order.push(`port ${value} ${port.inGameplay}`));
    expect(port.inGameplay).toBe(false);
    tp.gameplayStart();
    tp.gameplayStart();
    expect(port.inGameplay).toBe(true);
    stop();
    tp.gameplayStop();
    expect(port.inGameplay).toBe(false);
    expect(order).toEqual(['port true true', 'event true', 'event false']);
    await tp.shutdown();
  });

  it('a port listener that throws is reported as uncaught, never thrown into the game’s call; the event still goes out', async () => {
    const reported: unknown[] = [];
    vi.stubGlobal('reportError', (error: unknown) => reported.push(error));
    const { tp, deps } = clientWithDeps();
    const boom = new Error('an engine’s bug');
    deps[0]!.gameplay.onChange(() => {
      throw boom;
    });
    const events = heard(tp);
    expect(() => tp.gameplayStart()).not.toThrow();
    expect(events).toEqual([true]);
    expect(reported).toEqual([boom]);
    await tp.shutdown();
  });

  it('an engine started when consent is granted later reads the state set before', async () => {
    const { tp, deps } = clientWithDeps('pending');
    expect(deps).toHaveLength(0);
    tp.gameplayStart();
    tp.setConsent('granted');
    expect(deps).toHaveLength(1);
    expect(deps[0]!.gameplay.inGameplay).toBe(true);
    await tp.shutdown();
  });

  it('says whether the page is hidden, from document.visibilityState', async () => {
    const { tp, deps } = clientWithDeps();
    const port = deps[0]!.gameplay;
    const visibility = vi.spyOn(document, 'visibilityState', 'get');
    visibility.mockReturnValue('hidden');
    expect(port.pageHidden).toBe(true);
    visibility.mockReturnValue('visible');
    expect(port.pageHidden).toBe(false);
    visibility.mockRestore();
    await tp.shutdown();
  });
});

describe('the script tag’s TPSDK', () => {
  it('creates clients that have gameplayStart(), gameplayStop() and inGameplay', async () => {
    await import('../../../src/iife.js');
    const { TPSDK } = globalThis as unknown as { TPSDK: { createClient: typeof createClient } };
    const tp = TPSDK.createClient(memoryClientOptions(answer));
    const events = heard(tp);
    tp.gameplayStart();
    expect(tp.inGameplay).toBe(true);
    tp.gameplayStop();
    expect(events).toEqual([true, false]);
    await tp.shutdown();
    delete (globalThis as { TPSDK?: unknown }).TPSDK;
  });
});
