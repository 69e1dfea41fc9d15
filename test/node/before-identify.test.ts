/**
 * A game that logs in asynchronously and tracks meanwhile (research list, analytics item 10:
 * events tracked right after init are lost): records tracked before the first identify() wait
 * for it. Real HTTP to the reference service.
 */
import { afterEach, expect, it } from 'vitest';
import { createClient, ValidationError, type ClientOptions, type TpClient } from '../../src/index.js';
import { validateRecord } from '../../src/records/index.js';
import { AUTH, received, useService } from '../support/service.js';

const service = useService();
let tp: TpClient | undefined;
afterEach(async () => tp?.shutdown());
const client = (options: Partial<ClientOptions> = {}): TpClient =>
  (tp = createClient({ baseUrl: service.current.baseUrl, ...AUTH, flushIntervalMs: 0, autoLogin: false, region: 'KR', deviceId: 'dev-1', now: () => clock, ...options }));
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

it('a held record that the slug named at identify() makes larger than maxRecordBytes is refused then, as invalid; the others go', async () => {
  const stage = { character_slug: 'c', stage_slug: 'near-the-limit' };
  const sized = validateRecord('characters_stages', { ...stage, player_slug: '-', event_timestamp: clock / 1000 });
  if (!sized.ok) throw sized.error;
  const tp = client({ maxRecordBytes: sized.bytes + 5 }); // room for a 6-character slug, not for a longer one
  const invalid: ValidationError[] = [];
  const deadLettered: unknown[] = [];
  tp.on('invalid', (e) => invalid.push(e));
  tp.on('dead-letter', (d) => deadLettered.push(d));
  expect(tp.track('characters_stages', stage)).toBe(true);
  expect(tp.track('characters_stages', { character_slug: 'c', stage_slug: 's' })).toBe(true);
  tp.identify('p-longer-than-six');
  expect(invalid.map((e) => e.message)).toEqual([expect.stringMatching(/^Invalid characters_stages record: .*maxRecordBytes/)]);
  await expect(tp.flush()).resolves.toEqual({ records: 1, batches: 1, deadLettered: 0 });
  expect(deadLettered).toEqual([]);
  expect((await stages('p-longer-than-six')).map(([s]) => s)).toEqual(['s']);
});

it('records released by identify() past flushAt are uploaded at once, without waiting for the interval', async () => {
  const tp = client({ flushIntervalMs: 600_000, flushAt: 50 });
  await new Promise((r) => setTimeout(r, 100)); // the upload at start is over
  for (let i = 0; i < 200; i++) tp.track('characters_stages', { character_slug: 'c', stage_slug: `t${i}` });
  tp.identify('p-threshold');
  await expect.poll(async () => (await stages('p-threshold')).length, { timeout: 3000 }).toBe(200);
});

it('shutdown() with records still waiting for a player lets them go with a dropped event (no-player)', async () => {
  const tp = client();
  const dropped: unknown[] = [];
  tp.on('dropped', (d) => dropped.push(d));
  tp.track('characters_stages', { character_slug: 'c', stage_slug: 'never-named' });
  tp.track('characters_stages', { character_slug: 'c', stage_slug: 'never-named-2' });
  await tp.shutdown();
  expect(dropped).toEqual([{ records: 2, reason: 'no-player' }]);
});
