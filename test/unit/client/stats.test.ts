/**
 * The counters of `stats()` come from the client's events: each event counted once, this
 * session's losses only, and counted before a game's own listener runs.
 */
import { describe, expect, it } from 'vitest';
import { createEmitter } from '../../../src/bus/events.js';
import { countStats } from '../../../src/client/stats.js';
import { ServiceError, ValidationError } from '../../../src/errors/index.js';

describe('stats from events', () => {
  it('counts deliveries, batches, relayed records, invalid records, dead letters and drops from their events', () => {
    const emitter = createEmitter();
    const stats = countStats(emitter);
    emitter.emit('delivered', { requestId: 1, records: 3, bytes: 100, keepalive: false });
    emitter.emit('delivered', { requestId: 2, records: 2, bytes: 80, keepalive: false });
    emitter.emit('relayed', { records: 7, batches: 2 });
    emitter.emit('invalid', new ValidationError('players_login', []));
    emitter.emit('dead-letter', { records: 4, error: new ServiceError('logs', 400, 'Bad Request') } as never);
    emitter.emit('dropped', { records: 5, reason: 'queue-full' });
    emitter.emit('dropped', { records: 1, reason: 'no-player' });
    stats.retried();
    expect(stats.counts()).toEqual({ delivered: 5, batches: 2, relayed: 7, retried: 1, invalid: 1, deadLettered: 4, dropped: 6 });
  });

  it("reports what an earlier session lost without counting it as this session's", () => {
    const emitter = createEmitter();
    const stats = countStats(emitter);
    emitter.emit('dropped', { records: 7, reason: 'earlier-session' });
    expect(stats.counts().dropped).toBe(0);
  });

  it('has counted an event when a listener added after it runs', () => {
    const emitter = createEmitter();
    const stats = countStats(emitter);
    const seen: number[] = [];
    emitter.on('delivered', () => void seen.push(stats.counts().delivered));
    emitter.emit('delivered', { requestId: 2, records: 2, bytes: 80, keepalive: false });
    expect(seen).toEqual([2]);
  });
});
