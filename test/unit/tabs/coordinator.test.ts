/**
 * A follower tab's `flush()`: a request to the leader over the tab channel. Fakes stand in for the
 * channel and the election (the real ones run across tabs in test/e2e/many-tabs.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { TabCoordinator } from '../../../src/tabs/coordinator.js';
import type { TabMessage } from '../../../src/tabs/channel.js';
import { ServiceError } from '../../../src/errors/index.js';

function follower() {
  const sent: TabMessage[] = [];
  let closed = false;
  const coordinator = new TabCoordinator({
    leadership: { isLeader: false, onLeader: () => undefined, confirm: async () => false, release: () => undefined },
    channel: { post: (m) => void sent.push(m), onMessage: () => undefined, close: () => void (closed = true) },
    upload: () => Promise.reject(new Error('a follower does not upload')),
    onOthersWrote: () => undefined,
    onQueued: () => undefined,
    timeoutMs: 60_000,
    newId: () => 'id-1',
  });
  return { coordinator, sent, isClosed: () => closed };
}

describe('TabCoordinator', () => {
  it('a flush() waiting for the leader rejects when the client shuts down, instead of never settling', async () => {
    const { coordinator, sent, isClosed } = follower();
    const waiting = coordinator.flush('k-9');
    expect(sent).toEqual([{ type: 'flush', id: 'id-1', target: 'k-9' }]);
    coordinator.close();
    await expect(waiting).rejects.toMatchObject({ name: 'NetworkError', code: 'network' });
    expect(isClosed()).toBe(true);
  });
  it.each([
    ['a 503 with Retry-After', new ServiceError('logs', 503, 'Service Unavailable', 5_000)],
    // Answered to a key the game replaced while the request was on the wire: retried with the new key.
    ['a 403 Invalid TPClientKey for a replaced key', new ServiceError('logs', 403, 'Invalid TPClientKey', undefined, true)],
  ])('a follower gets the leader’s failure as the leader saw it: %s keeps retryable and retryAfterMs', async (_, failure) => {
    const listeners: Array<(m: TabMessage) => void> = [];
    const bus = { post: (m: TabMessage) => listeners.forEach((l) => queueMicrotask(() => l(m))), onMessage: (l: (m: TabMessage) => void) => void listeners.push(l), close: () => undefined };
    const options = { onOthersWrote: () => undefined, onQueued: () => undefined, timeoutMs: 60_000, newId: () => 'id-1', channel: bus };
    new TabCoordinator({ ...options, leadership: { isLeader: true, onLeader: () => undefined, confirm: async () => true, release: () => undefined }, upload: () => Promise.reject(failure) });
    const tab = new TabCoordinator({ ...options, leadership: { isLeader: false, onLeader: () => undefined, confirm: async () => false, release: () => undefined }, upload: () => Promise.reject(new Error('a follower does not upload')) });
    const error = await tab.flush(undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ status: failure.status, reason: failure.reason, retryable: true, retryAfterMs: failure.retryAfterMs });
  });
});
