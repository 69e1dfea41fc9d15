/**
 * The `beforeSend` hook in happy-dom: it drops a kind, scrubs a field, sees its result
 * validated (an invalid one refused at its path), never throws into the game, and sees the
 * offer reactions the SDK reports and the records held for the first `identify()`.
 */
import { afterEach, expect, it } from 'vitest';
import { createClient, type ClientOptions, type DroppedEvent, type TpClient, type TpError, type ValidationError } from '../../../src/index.js';
import { offerRecord, personalizedBody } from '../../fixtures/spec-samples.js';
import { memoryClientOptions, okEnvelope } from '../../support/memory-client.js';

type Body = Record<string, Array<Record<string, unknown>>>;
afterEach(() => localStorage.clear());

function client(options: Partial<ClientOptions>, bodies: Body[] = []): TpClient {
  return createClient({
    ...memoryClientOptions(async (url, init) => {
      if (init?.method === 'GET') return okEnvelope([offerRecord(1, personalizedBody)]);
      if (init?.body) bodies.push(JSON.parse(String(init.body)) as Body);
      return okEnvelope({});
    }),
    compression: 'none',
    ...options,
  });
}
const quest = (extra: Record<string, string> = {}): { character_slug: string; quest_slug: string; [field: string]: string } => ({ character_slug: 'knight', quest_slug: 'q1', ...extra });

it('drops a kind: track() returns false, a dropped event of reason before-send, counted, nothing sent', async () => {
  const bodies: Body[] = [];
  const tp = client({ beforeSend: (name, record) => (name === 'characters_quests' ? null : record) }, bodies);
  const dropped: DroppedEvent[] = [];
  tp.on('dropped', (e) => void dropped.push(e));
  expect(tp.track('characters_quests', quest())).toBe(false);
  expect(tp.track('players_login', {})).toBe(true);
  await tp.flush();
  expect(dropped).toEqual([{ records: 1, reason: 'before-send' }]);
  expect(tp.stats().dropped).toBe(1);
  expect(Object.keys(bodies[0]!)).toEqual(['players_login']);
  await tp.shutdown();
});

it('scrubs a field: the record goes without it; the game\'s own object is left alone', async () => {
  const bodies: Body[] = [];
  const tp = client(
    {
      beforeSend: (_name, record) => {
        delete record.email;
        return undefined; // changed in place
      },
    },
    bodies,
  );
  const mine = quest({ email: 'player@example.com' });
  tp.track('characters_quests', mine);
  await tp.flush();
  expect(bodies[0]!.characters_quests![0]).not.toHaveProperty('email');
  expect(bodies[0]!.characters_quests![0]).toMatchObject({ character_slug: 'knight', quest_slug: 'q1', player_slug: 'p-1' });
  expect(mine.email).toBe('player@example.com');
  await tp.shutdown();
});

it('what the hook returns is validated: an invalid record is refused at its path', async () => {
  const bodies: Body[] = [];
  const tp = client({ beforeSend: (_name, record) => ({ ...record, event_timestamp: 'later' }) }, bodies);
  const invalid: ValidationError[] = [];
  tp.on('invalid', (e) => void invalid.push(e));
  expect(tp.track('characters_quests', quest())).toBe(false);
  expect(invalid[0]?.issues.map((i) => i.path)).toEqual(['event_timestamp']);
  await tp.flush();
  expect(bodies).toEqual([]);
  await tp.shutdown();
});

it('a hook that throws: the record goes on as it was, an error event names the hook, nothing thrown into the game', async () => {
  const bodies: Body[] = [];
  const tp = client(
    {
      beforeSend: (_name, record) => {
        record.quest_slug = 'changed';
        throw new Error('oops');
      },
    },
    bodies,
  );
  const errors: TpError[] = [];
  tp.on('error', (e) => void errors.push(e));
  expect(tp.track('characters_quests', quest())).toBe(true);
  await tp.flush();
  expect(bodies[0]!.characters_quests![0]!.quest_slug).toBe('q1');
  expect(errors.map((e) => [e.code, e.message.includes('beforeSend')])).toEqual([['config', true]]);
  await tp.shutdown();
});

it('sees the offer reactions the SDK reports, and the records held for identify() once the player is named', async () => {
  const seen: Array<[string, unknown]> = [];
  const tp = client({
    playerSlug: undefined,
    beforeSend: (name, record) => {
      seen.push([name, record.player_slug]);
      return record;
    },
  });
  tp.track('characters_quests', quest()); // held for the player: shaped at identify()
  expect(seen).toEqual([]);
  tp.identify('p-1');
  expect(seen).toEqual([['characters_quests', 'p-1']]);
  await tp.offers.refresh();
  await tp.offers.report(1, 'open');
  expect(seen.some(([name]) => name === 'players_offers')).toBe(true);
  await tp.shutdown();
});

it('refused by createClient when it is not a function', () => {
  expect(() => client({ beforeSend: 'drop' as never })).toThrow(/beforeSend/);
});
