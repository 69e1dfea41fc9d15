/**
 * The object `createClient` returns: each method hands the call to the part that does the work
 * (the types and their TSDoc are in api.ts).
 *
 * @module
 */
import { guardListener, type ClientEmitter } from '../bus/index.js';
import { ConsentError, pauseReason, TpError } from '../errors/index.js';
import type { OffersApi } from '../offers/index.js';
import type { UiAdapter } from '../ui/index.js';
import type { DeadLettersApi, EntryDefaults, TpClient } from './api.js';
import type { ConsentControl } from './consent.js';
import type { Gameplay } from './gameplay.js';
import { checkOption } from './options.js';
import type { StatsCounter } from './stats.js';
import type { Tracking } from './tracking.js';

/** The parts of one client, as the composition root built them. */
export interface ClientParts {
  readonly emitter: ClientEmitter;
  readonly stats: StatsCounter;
  readonly tracking: Tracking;
  readonly consent: ConsentControl;
  /** The natural breaks (`gameplayStart()`, `gameplayStop()`). */
  readonly gameplay: Gameplay;
  /** `client.offers` of an entry point with offers (not `tp-web-sdk/logging`). */
  readonly offersApi: NonNullable<EntryDefaults['offers']>['api'] | undefined;
  readonly ui: UiAdapter | undefined;
  /** Replaces the client key the requests carry. */
  readonly setClientKey: (clientKey: string) => void;
}

const NOTHING_SENT = { records: 0, batches: 0, deadLettered: 0 };

export function publicClient(parts: ClientParts): TpClient {
  const { emitter, stats, tracking, consent, gameplay, ui } = parts;
  let shut = false;
  const deadLetters: DeadLettersApi = {
    list: async () => (await consent.ready())?.deadLetters.list() ?? [],
    requeue: async () => (await consent.ready())?.deadLetters.requeue() ?? 0,
    clear: async () => (await consent.ready())?.deadLetters.clear(),
  };
  return {
    get playerSlug() {
      return tracking.player;
    },
    identify(slug) {
      tracking.identify(slug);
      consent.consented?.offers?.identified();
      consent.consented?.sessions.identified();
    },
    track: tracking.track,
    async flush() {
      if (shut) throw new TpError('config', 'the client was shut down');
      if (consent.state === 'pending') throw new ConsentError('pending', 'consent is pending: nothing is sent before setConsent("granted")');
      if (consent.state === 'denied') return NOTHING_SENT; // at once, not after the erasing
      const consented = await consent.ready();
      return consented ? consented.uploads.flush() : NOTHING_SENT;
    },
    on(event, listener) {
      const guarded = guardListener(listener);
      emitter.on(event, guarded as never);
      return () => void emitter.off(event, guarded as never);
    },
    off(event, listener) {
      emitter.off(event, guardListener(listener) as never);
    },
    setClientKey(key) {
      parts.setClientKey(checkOption('clientKey', key));
      consent.consented?.gate.resume();
    },
    get consent() {
      return consent.state;
    },
    get session() {
      return shut ? undefined : consent.consented?.sessions.current;
    },
    gameplayStart: () => gameplay.start(),
    gameplayStop: () => gameplay.stop(),
    get inGameplay() {
      return gameplay.inGameplay;
    },
    setConsent: (state) => consent.set(state),
    forget: () => consent.forget(),
    deadLetters,
    stats() {
      const c = consent.consented;
      return {
        queued: (c?.queue.length ?? 0) + tracking.awaiting + consent.held,
        held: consent.held,
        inFlight: c?.sending.uploader.inFlightCount ?? 0,
        ...stats.counts(),
        storage: c?.queue.storageKind ?? 'none',
        stranded: c?.queue.stranded ?? 0,
        leader: c?.storage.leadership.isLeader ?? false,
        paused: pauseReason(c?.gate.state.paused),
        relay: c?.sending.relay?.ready === true,
      };
    },
    offers: parts.offersApi?.(() => consent.use()?.offers, () => shut) as OffersApi,
    async shutdown() {
      shut = true;
      gameplay.shut();
      tracking.stop();
      const finished = consent.shutdown(); // offers on screen close first, then the UI
      ui?.close();
      tracking.dropAwaitingPlayer('no-player');
      await finished;
      emitter.removeAllListeners();
      stats.listen(); // the game's listeners are gone; the counters go on
    },
  };
}
