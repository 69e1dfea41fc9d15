/**
 * The device's copy of each player's last GET /offers answer (offer-cache.ts), and GET /offers
 * itself with that copy standing in when the service cannot be reached: `show()` works offline,
 * decided in the service's time as it was learned when the copy was made.
 *
 * @module
 */
import type { SendGate, Transport } from '../delivery/index.js';
import { isTpError, ProtocolError, toTpError, type ServiceError } from '../errors/index.js';
import type { OffersDeps } from './contract.js';
import type { EngineCore } from './core.js';
import { createIndexedDbOfferCache, createMemoryOfferCache, type CachedOffers } from './offer-cache.js';
import { withMemoryFallback } from './store.js';

/** The device's copy of one engine: see the module's description. */
export type DeviceCopy = ReturnType<typeof createDeviceCopy>;

/** A failure after which the cached offers stand in: no answer, or an answer worth retrying. */
export function unreachable(error: unknown): boolean {
  return isTpError(error, 'network') || (isTpError(error, 'service') && (error as ServiceError).retryable);
}

/**
 * What the device's copy reads: where it is kept, the device clock, and of the transport GET
 * /offers, of the send gate whether GET /offers may go (not while the browser is offline).
 */
export interface DeviceCopyDeps extends Pick<OffersDeps, 'stores' | 'dbPrefix' | 'storageTimeoutMs' | 'now'> {
  readonly transport: Pick<Transport, 'getOffers'>;
  readonly gate: Pick<SendGate, 'refusesOffersFetch'>;
}

export function createDeviceCopy({ clock, warn }: EngineCore, deps: DeviceCopyDeps) {
  const cache = withMemoryFallback(
    deps.stores?.cache ?? (deps.dbPrefix ? createIndexedDbOfferCache(`${deps.dbPrefix}/offer-cache`, deps.storageTimeoutMs) : createMemoryOfferCache()),
    'offer-cache',
    warn,
  );

  /**
   * The offline copy of `player`'s last answer (undefined when none, or unreadable), with the
   * clock set from the offset learned then: its records are decided in the service's time.
   */
  const read = async (player: string): Promise<CachedOffers | undefined> => {
    const cached = await cache.get(player).catch(() => undefined);
    clock.restore(cached?.offsetMs);
    return cached;
  };

  return {
    read,
    /**
     * The GET /offers records for `player` (saved as the device's copy), and the device time their
     * answer arrived; else (the service cannot be reached) those of the copy, with no time and a
     * `warning`.
     *
     * @throws the request's failure when it is not {@link unreachable}, or when there is no copy.
     */
    async fetch(player: string): Promise<[records: readonly unknown[], receivedAt?: number]> {
      try {
        // Offline: no request (it would fail, and the browser would log it); the device's copy at once.
        const refused = deps.gate.refusesOffersFetch();
        if (refused) throw refused;
        const { data } = await deps.transport.getOffers(player);
        if (!Array.isArray(data)) throw new ProtocolError('offers', 'data is not an array');
        const receivedAt = deps.now();
        await cache.change(player, () => ({ fetchedAt: clock.now(), offsetMs: clock.learnedOffsetMs, records: data }));
        return [data, receivedAt];
      } catch (error) {
        if (!unreachable(error)) throw error;
        const cached = await read(player);
        if (!cached) throw error;
        warn(toTpError(error));
        return [cached.records];
      }
    },
  };
}
