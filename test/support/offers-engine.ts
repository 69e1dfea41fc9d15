/**
 * An offer engine for unit tests, wired as `createClient` wires it: GET /offers answered by
 * `fetch`, the device clock `now` (the transport's too, and the engine learns the service's time
 * from each answer's `Date`), the given memory `stores` (two engines sharing them are two pages of
 * one device), player `p-1` in English on the web store, no UI, first-open updates held (as while
 * uploads are paused), at a natural break (not in gameplay), and each reaction handed to `onReaction`. `overrides` replace any dependency.
 */
import { createEmitter } from '../../src/bus/events.js';
import { trackGameplay } from '../../src/client/gameplay.js';
import { createSendGate, DEFAULT_RETRY, Transport, type SendGate } from '../../src/delivery/index.js';
import { ServiceError } from '../../src/errors/index.js';
import { createOffersEngine, type OfferReactionRecord, type OffersDeps, type OffersEngine } from '../../src/offers/index.js';

export interface TestEngineSetup {
  readonly fetch: typeof fetch;
  readonly now: () => number;
  readonly stores: NonNullable<OffersDeps['stores']>;
  readonly onReaction: (record: OfferReactionRecord) => void;
}

/** `isOnline`: what the engine's send gate reads as the browser's connectivity (default online). */
export function testOffersEngine(
  { fetch, now, stores, onReaction }: TestEngineSetup,
  { isOnline = () => true, gameplay = trackGameplay(createEmitter()), ...overrides }: Partial<OffersDeps> & { readonly isOnline?: () => boolean } = {},
): OffersEngine {
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
    records: { track: ((name: string, record: OfferReactionRecord) => (name === 'players_offers' ? onReaction(record) : true)) as OffersDeps['records']['track'] },
    retry: DEFAULT_RETRY,
    gate: pausedGate(isOnline),
    onRetry: () => undefined,
    gameplay,
    ...overrides,
  });
  return engine;
}

/** The uploading tab, and paused: no first-open update goes out unless a test asks for it. */
function pausedGate(online: () => boolean): SendGate {
  const gate = createSendGate({ consented: () => true, online, leader: () => true, confirmLeader: async () => true, onPause: () => undefined });
  gate.pause(new ServiceError('offers', 403, 'Invalid TPClientKey'));
  return gate;
}
