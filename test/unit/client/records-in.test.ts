/**
 * What `track()` keeps of what the game hands it, in happy-dom: the region of join and login
 * records when the browser names a language but no country, and a record is a snapshot of the
 * game's values at the call (the game may change its arrays afterwards).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../../src/index.js';
import { memoryClientOptions, okEnvelope } from '../../support/memory-client.js';

afterEach(() => vi.restoreAllMocks());

/** A client whose uploads land in `bodies` as JSON (no compression). */
function recordingClient(bodies: Array<Record<string, Array<Record<string, unknown>>>>) {
  return createClient({
    ...memoryClientOptions(async (_url, init) => {
      bodies.push(JSON.parse(String(init?.body)));
      return okEnvelope({});
    }),
    compression: 'none',
  });
}

describe('track() and the records it keeps', () => {
  it('a browser whose only language is `ko` still sends players_join and players_login, with region KR', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ko']);
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('ko');
    const bodies: Array<Record<string, Array<Record<string, unknown>>>> = [];
    const tp = recordingClient(bodies);
    const invalid: string[] = [];
    tp.on('invalid', (e) => invalid.push(e.message));
    expect(tp.track('players_join', {})).toBe(true);
    expect(tp.track('players_login', {})).toBe(true);
    await tp.flush();
    expect(invalid).toEqual([]);
    expect([bodies[0]!.players_join![0]!.region, bodies[0]!.players_login![0]!.region]).toEqual(['KR', 'KR']);
  });

  it('a list the game changes after track() is uploaded as it was at the call', async () => {
    const bodies: Array<Record<string, Array<Record<string, unknown>>>> = [];
    const tp = recordingClient(bodies);
    const party = ['knight'];
    expect(tp.track('characters_stages', { character_slug: 'c', stage_slug: 's-1', party })).toBe(true);
    party.push('mage');
    (party as unknown[]).push({ not: 'a scalar' }); // would make the stored record corrupt
    expect(await tp.flush()).toEqual({ records: 1, batches: 1, deadLettered: 0 });
    expect(bodies[0]!.characters_stages![0]!.party).toEqual(['knight']);
  });
});
