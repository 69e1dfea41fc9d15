/**
 * The object `createClient` returns: each method hands the call to the part that does the work
 * (the types and their TSDoc are in api.ts).
 *
 * @module
 */
import { guardListener, type ClientEmitter } from '../bus/index.js';
import type { SendGate } from '../delivery/index.js';
import { pauseReason, TpError } from '../errors/index.js';
import type { OffersApi, OffersEngine } from '../offers/index.js';
import type { RecordQueue } from '../queue/index.js';
import type { UiAdapter } from '../ui/index.js';
import type { TpClient } from './api.js';
import { deadLettersApi } from './dead-letters.js';
import { checkOption, type ResolvedOptions } from './options.js';
import type { Sending } from './sending.js';
import type { StatsCounter } from './stats.js';
import type { ClientStorage } from './storage.js';
import type { Tracking } from './tracking.js';
import type { Uploads } from './uploads.js';

/** The parts of one client, as the composition root built them. */
export interface ClientParts {
  readonly o: ResolvedOptions;
  readonly emitter: ClientEmitter;
  readonly stats: StatsCounter;
  readonly storage: ClientStorage;
  readonly queue: RecordQueue;
  readonly gate: SendGate;
  readonly sending: Sending;
  readonly uploads: Uploads;
  readonly tracking: Tracking;
  readonly offers: OffersEngine | undefined;
  readonly ui: UiAdapter | undefined;
  /** Replaces the client key the requests carry. */
  readonly setClientKey: (clientKey: string) => void;
  /** Stops listening to the page (shutdown). */
  readonly stopPage: () => void;
}

export function publicClient(parts: ClientParts): TpClient {
  const { o, emitter, stats, storage, queue, gate, sending, uploads, tracking, offers, ui } = parts;
  let shut = false;
  return {
    get playerSlug() {
      return tracking.player;
    },
    identify(slug) {
      tracking.identify(slug);
      offers?.identified();
    },
    track: tracking.track,
    flush: async () => {
      if (shut) throw new TpError('config', 'the client was shut down');
      return uploads.flush();
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
      gate.resume();
    },
    deadLetters: deadLettersApi(o, storage, queue, sending.uploader),
    stats: () => ({
      queued: queue.length + tracking.awaiting,
      inFlight: sending.uploader.inFlightCount,
      ...stats.counts(),
      storage: queue.storageKind,
      leader: storage.leadership.isLeader,
      paused: pauseReason(gate.paused),
      relay: sending.relay?.ready === true,
    }),
    offers: offers?.api as OffersApi,
    async shutdown() {
      shut = true;
      tracking.stop();
      uploads.stop();
      offers?.stop();
      parts.stopPage();
      ui?.close();
      tracking.dropUnnamed();
      await uploads.finish();
      emitter.removeAllListeners();
      stats.listen(); // the game's listeners are gone; the counters go on
    },
  };
}
