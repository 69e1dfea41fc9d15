import { expect, it } from 'vitest';
import { awaitingPlayer, NO_PLAYER_YET } from '../../../src/client/awaiting-player.js';

it('holds up to its limit; release() names the player in copies of the held records, oldest first, and holds nothing after', () => {
  const awaiting = awaitingPlayer(2);
  const record = { player_slug: NO_PLAYER_YET, event_timestamp: 1 };
  expect(awaiting.hold({ objectName: 'players_login', record, enqueuedAt: 0 })).toBe(true);
  expect(awaiting.hold({ objectName: 'players_login', record, enqueuedAt: 1 })).toBe(true);
  expect(awaiting.hold({ objectName: 'players_login', record, enqueuedAt: 2 })).toBe(false); // full
  expect(awaiting.length).toBe(2);
  expect(awaiting.release('p-1').map((e) => [e.enqueuedAt, e.record.player_slug])).toEqual([
    [0, 'p-1'],
    [1, 'p-1'],
  ]);
  expect(record.player_slug).toBe(NO_PLAYER_YET); // not changed in place
  expect(awaiting.length).toBe(0);
  expect(awaiting.release('p-2')).toEqual([]);
});

it('clear() lets the held records go and says how many', () => {
  const awaiting = awaitingPlayer();
  awaiting.hold({ objectName: 'players_login', record: { player_slug: NO_PLAYER_YET }, enqueuedAt: 0 });
  expect(awaiting.clear()).toBe(1);
  expect(awaiting.length).toBe(0);
  expect(awaiting.release('p-1')).toEqual([]);
});
