/**
 * The reference service stops validating a POST /logs body at its first 50 problems: a batch of
 * 2,000 bad records is answered from the first records that give 50, the rest never checked.
 */
import { describe, expect, it, vi } from 'vitest';
import { AUTH, useService } from '../support/service.js';

const checked = vi.hoisted(() => ({ records: 0 }));
vi.mock('../../src/records/index.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/records/index.js')>();
  return {
    ...original,
    validateRecord: ((...args: Parameters<typeof original.validateRecord>) => {
      checked.records += 1;
      return original.validateRecord(...args);
    }) as typeof original.validateRecord,
  };
});

const service = useService();

describe('POST /logs: validation stops at 50 problems', () => {
  it('2,000 records with two problems each: 400 Invalid Record with 50 problems, from the first 25 records only', async () => {
    const bad = { player_slug: '', offer_id: 'x', message_status: 'impress', event_timestamp: 1_767_225_600 };
    checked.records = 0;
    const response = await fetch(`${service.current.baseUrl}/logs`, {
      method: 'POST',
      headers: { TPAuthMode: AUTH.authMode, TPClientKey: AUTH.clientKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ players_offers: Array.from({ length: 2000 }, () => bad) }),
    });
    const answer = (await response.json()) as { status: number; reason: string; errors: Array<{ index: number }> };
    expect([response.status, answer.status, answer.reason]).toEqual([400, 400, 'Invalid Record']);
    expect(answer.errors).toHaveLength(50);
    expect(new Set(answer.errors.map((e) => e.index))).toEqual(new Set(Array.from({ length: 25 }, (_, i) => i)));
    expect(checked.records).toBe(25);
  });
});
