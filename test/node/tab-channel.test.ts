/**
 * The tab channel over a real BroadcastChannel (Node's, as in browsers): a leader that shuts down
 * while it answers a follower's flush posts nothing after closing, and nothing is thrown at the game.
 */
import { expect, it } from 'vitest';
import { openTabChannel } from '../../src/tabs/channel.js';
import { TabCoordinator } from '../../src/tabs/coordinator.js';
import type { FlushResult } from '../../src/delivery/index.js';

it('a leader shut down while uploading for a follower: no unhandled rejection when the upload ends', async () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  const name = `tp-test-${Math.random()}`;
  let finish!: (result: FlushResult) => void;
  let uploading!: () => void;
  const started = new Promise<void>((resolve) => (uploading = resolve));
  const options = { onOthersWrote: () => undefined, onQueued: () => undefined, timeoutMs: 60_000, newId: () => 'id-1' };
  const leader = new TabCoordinator({
    ...options,
    channel: openTabChannel(name),
    leadership: { isLeader: true, onLeader: () => undefined, confirm: async () => true, release: () => undefined },
    upload: () => {
      uploading();
      return new Promise<FlushResult>((resolve) => (finish = resolve));
    },
  });
  const follower = new TabCoordinator({
    ...options,
    channel: openTabChannel(name),
    leadership: { isLeader: false, onLeader: () => undefined, confirm: async () => false, release: () => undefined },
    upload: () => Promise.reject(new Error('a follower does not upload')),
  });
  const waiting = follower.flush('k-1').catch((e: unknown) => e);
  await started;
  leader.close(); // the leader's client shuts down with the follower's upload on the wire
  finish({ records: 1, batches: 1, deadLettered: 0 });
  await new Promise((resolve) => setTimeout(resolve, 50));
  process.off('unhandledRejection', onUnhandled);
  follower.close();
  expect(await waiting).toMatchObject({ name: 'NetworkError' }); // rejected by its own shutdown, not left hanging
  expect(unhandled).toEqual([]);
});
