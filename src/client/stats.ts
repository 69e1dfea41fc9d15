/**
 * The counters of `stats()`, derived from the events the client emits (one listener each, added
 * before the game's), so no part of the SDK counts by hand. Only `retried` is told directly: an
 * attempt made again has no event of its own.
 *
 * @module
 */
import type { ClientEmitter } from '../bus/index.js';
import type { ClientStats } from './api.js';

/** The counters a client keeps since `createClient` (their docs: `ClientStats`). */
export type Counts = Pick<ClientStats, 'delivered' | 'batches' | 'relayed' | 'retried' | 'invalid' | 'deadLettered' | 'dropped'>;

/** Counts from the client's events; `retried()` counts an attempt made again. */
export interface StatsCounter {
  /** A retry attempt is starting (upload or first-open update). */
  retried(): void;
  /** The counts now. */
  counts(): Counts;
  /**
   * Listens again, after `shutdown()` removed every listener: what settles after it (a keepalive
   * upload answered, a drop) is still counted.
   */
  listen(): void;
}

/**
 * Starts counting. Call it right after the emitter is made, so a game's listener that reads
 * `stats()` sees its own event counted. `dropped` counts this session's losses only: records an
 * earlier session lost (reason `earlier-session`) are reported, not counted.
 */
export function countStats(emitter: ClientEmitter): StatsCounter {
  const c = { delivered: 0, batches: 0, relayed: 0, retried: 0, invalid: 0, deadLettered: 0, dropped: 0 };
  const listen = (): void => {
    emitter.on('delivered', (info) => {
      c.delivered += info.records;
      c.batches += 1;
    });
    emitter.on('relayed', (info) => void (c.relayed += info.records));
    emitter.on('invalid', () => void (c.invalid += 1));
    emitter.on('dead-letter', (info) => void (c.deadLettered += info.records));
    // Every reason but what an earlier session lost, a reason added later included.
    emitter.on('dropped', (info) => {
      if (info.reason !== 'earlier-session') c.dropped += info.records;
    });
  };
  listen();
  return {
    retried: () => void (c.retried += 1),
    counts: () => ({ ...c }),
    listen,
  };
}
