/**
 * The record size limit, SDK and reference service together over real HTTP: a game that raises
 * `maxRecordBytes` gets its large records through a service configured alike.
 */
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { AUTH, received, useService } from '../support/service.js';

const service = useService({ maxRecordBytes: 32_768 });

/** A characters_quests record of about 18 KiB of JSON: over the 16 KiB default, under 32 KiB. */
const largeQuest = () => ({
  character_slug: 'c',
  quest_slug: 'q',
  ...Object.fromEntries(Array.from({ length: 18 }, (_, i) => [`note_${i}`, 'x'.repeat(1000)])),
});

describe('maxRecordBytes, SDK and service', () => {
  it('a record over the default, accepted by track() under a raised maxRecordBytes, is delivered to a service with the same limit', async () => {
    const tp = createClient({ baseUrl: service.current.baseUrl, ...AUTH, playerSlug: 'p-size', storage: 'memory', flushIntervalMs: 0, maxRecordBytes: 32_768 });
    expect(tp.track('characters_quests', largeQuest())).toBe(true);
    expect(await tp.flush()).toEqual({ records: 1, batches: 1, deadLettered: 0 });
    expect((await received(service.current, 'characters_quests')).map((r) => r.player_slug)).toEqual(['p-size']);
    await tp.shutdown();
  });

  it('the service still refuses a record over its own limit, naming it', async () => {
    const notes = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`more_${i}`, 'x'.repeat(1000)]));
    const record = { player_slug: 'p', event_timestamp: 1_700_000_000, ...largeQuest(), ...notes }; // about 58 KiB
    const response = await fetch(`${service.current.baseUrl}/logs`, {
      method: 'POST',
      headers: { TPAuthMode: AUTH.authMode, TPClientKey: AUTH.clientKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ characters_quests: [record] }),
    });
    const body = (await response.json()) as { reason: string; errors: Array<{ message: string }> };
    expect([response.status, body.reason, body.errors[0]!.message]).toEqual([400, 'Invalid Record', expect.stringContaining('32768 bytes')]);
  });
});
