/**
 * An offer engine for unit tests, wired as `createClient` wires it: GET /offers answered by
 * `fetch`, the device clock `now` (the transport's too, and the engine learns the service's time
 * from each answer's `Date`), the given memory `stores` (two engines sharing them are two pages of
 * one device), player `p-1` in English on the web store, no UI, first-open updates held (as while
 * uploads are paused), and each reaction handed to `onReaction`. `overrides` replace any dependency.
 */
import { createEmitter } from '../../src/bus/events.js';
import { DEFAULT_RETRY, Transport } from '../../src/delivery/index.js';
import { createOffersEngine, type OffersDeps, type OffersEngine } from '../../src/offers/index.js';

export interface TestEngineSetup {
  readonly fetch: typeof fetch;
  readonly now: () => number;
  readonly stores: NonNullable<OffersDeps['stores']>;
  readonly onReaction: OffersDeps['trackReaction'];
}

export function testOffersEngine({ fetch, now, stores, onReaction }: TestEngineSetup, overrides: Partial<OffersDeps> = {}): OffersEngine {
  const engine: OffersEngine = createOffersEngine({
    transport: new Transport({
      baseUrl: 'http://127.0.0.1:9/v2021.4/web',
      fetch,
      credentials: () => ({ authMode: 'client', clientKey: 'k' }),
      timeoutMs: 1000,
      offersPlayerParam: 'player_slug',
      clock: now,
      onAnswer: (sample) => engine.observeAnswer(sample),
    }),
    dbPrefix: undefined,
    stores,
    emitter: createEmitter(),
    now,
    store: 'web',
    validForUnitMs: 1000,
    ui: () => undefined,
    player: () => 'p-1',
    languages: () => ['en'],
    trackReaction: onReaction,
    retry: DEFAULT_RETRY,
    isOnline: () => true,
    isLeader: () => true,
    isPaused: () => true,
    pause: () => undefined,
    onRetry: () => undefined,
    ...overrides,
  });
  return engine;
}
