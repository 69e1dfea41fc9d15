/**
 * A game that logs in asynchronously and tracks meanwhile (research list, analytics item 10:
 * events tracked right after init are lost): records tracked before the first identify() wait
 * for it. Real HTTP to the reference service.
 */
import { afterEach, expect, it } from 'vitest';
import { createClient, ValidationError, type TpClient } from '../../src/index.js';
import { AUTH, received, useService } from '../support/service.js';

const service = useService();
let tp: TpClient | undefined;
afterEach(async () => tp?.shutdown());
const client = (): TpClient => (tp = createClient({ baseUrl: service.current.baseUrl, ...AUTH, flushIntervalMs: 0, region: 'KR', deviceId: 'dev-1', now: () => clock }));
let clock = Date.UTC(2026, 10, 23, 9, 0, 0);
const stages = async (player: string) =>
  (await received(service.current, 'characters_stages')).filter((r) => r.player_slug === player).map((r) => [r.stage_slug, r.event_timestamp]);

it('records tracked before identify() reach the service with the player named later, in order, at the time they were tracked', async () => {
  const tp = client();
  const start = clock / 1000;
  expect(tp.track('characters_stages', { character_slug: 'c', stage_slug: 'boot' })).toBe(true);
  clock += 2000;
  expect(tp.track('players_login', {})).toBe(true);
  expect(tp.stats()).toMatchObject({ queued: 2, invalid: 0 });
  await expect(tp.flush()).resolves.toEqual({ records: 0, batches: 0, deadLettered: 0 }); // no player to send them under yet
  clock += 3000;
  tp.identify('p-late');
  tp.track('characters_stages', { character_slug: 'c', stage_slug: 'after-login' });
  await expect(tp.flush()).resolves.toEqual({ records: 3, batches: 1, deadLettered: 0 });
  expect(await stages('p-late')).toEqual([
    ['boot', start],
    ['after-login', start + 5],
  ]);
  const logins = (await received(service.current, 'players_login')).filter((r) => r.player_slug === 'p-late');
  expect(logins).toMatchObject([{ event_timestamp: start + 2, device_unique_id: 'dev-1', region: 'KR' }]);
});

it('a record that names its own player_slug is not held; an invalid record is refused at once, with its field', async () => {
  const tp = client();
  const invalid: ValidationError[] = [];
  tp.on('invalid', (e) => invalid.push(e));
  expect(tp.track('characters_stages', { character_slug: 'c', stage_slug: 'named', player_slug: 'p-named' })).toBe(true);
  expect(tp.track('characters_stages', { character_slug: 'c' } as never)).toBe(false);
  expect(invalid.map((e) => e.issues[0]?.path)).toEqual(['stage_slug']);
  await expect(tp.flush()).resolves.toMatchObject({ records: 1 });
  expect((await stages('p-named')).map(([s]) => s)).toEqual(['named']);
});

it('past 1,000 records waiting for a player, track() refuses more with a ValidationError at player_slug', async () => {
  const tp = client();
  const invalid: ValidationError[] = [];
  tp.on('invalid', (e) => invalid.push(e));
  for (let i = 0; i < 1000; i++) tp.track('characters_stages', { character_slug: 'c', stage_slug: `s${i}` });
  expect(tp.track('characters_stages', { character_slug: 'c', stage_slug: 'one-too-many' })).toBe(false);
  expect(invalid).toHaveLength(1);
  expect(invalid[0]).toBeInstanceOf(ValidationError);
  expect(invalid[0]!.issues[0]).toMatchObject({ path: 'player_slug', message: expect.stringMatching(/identify\(\)/) });
  tp.identify('p-many');
  await tp.flush();
  expect(await stages('p-many')).toHaveLength(1000);
});
