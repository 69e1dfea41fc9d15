import { expect, it } from 'vitest';
import { awaitingPlayer, NO_PLAYER_YET } from '../../../src/client/awaiting-player.js';

const size = (record: object): number => new TextEncoder().encode(JSON.stringify(record)).length;

it('release() names the player in each held record, and its JSON size follows, escapes included', () => {
  const awaiting = awaitingPlayer(2);
  const record = { player_slug: NO_PLAYER_YET, event_timestamp: 1 };
  expect(awaiting.hold({ objectName: 'players_login', record, enqueuedAt: 0, bytes: size(record) })).toBe(true);
  expect(awaiting.hold({ objectName: 'players_login', record, enqueuedAt: 1, bytes: size(record) })).toBe(true);
  expect(awaiting.hold({ objectName: 'players_login', record, enqueuedAt: 2, bytes: size(record) })).toBe(false); // full
  const slug = 'p"\\1';
  const released = awaiting.release(slug);
  expect(released.map((e) => [e.enqueuedAt, e.record.player_slug, e.bytes])).toEqual([
    [0, slug, size({ ...record, player_slug: slug })],
    [1, slug, size({ ...record, player_slug: slug })],
  ]);
  expect(record.player_slug).toBe(NO_PLAYER_YET); // the held copies were not changed in place
  expect(awaiting.length).toBe(0);
});
