/**
 * A follower tab's `flush()`: a request to the leader over the tab channel. Fakes stand in for the
 * channel and the election (the real ones run across tabs in test/e2e/many-tabs.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { TabCoordinator } from '../../../src/tabs/coordinator.js';
import type { TabMessage } from '../../../src/tabs/channel.js';

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
});
