/**
 * The reference service's fault injection, one fault at a time, against the SDK over real HTTP:
 * the typed error the SDK sees, that it keeps every record, and that the service logs each 200 it
 * could not deliver ("unseen"), which is what allows a duplicate.
 */
import { describe, expect, it } from 'vitest';
import { createClient, type TpClient } from '../../src/index.js';
import type { FaultKind } from '../../demo/service/faults.js';
import { AUTH, received, useService } from '../support/service.js';

const service = useService();
let run = 0;

function setup(kind: FaultKind, extra: Record<string, unknown> = {}): { tp: TpClient; player: string } {
  const player = `fault-${kind}-${run++}`;
  service.current.setFaults({ rate: 1, kinds: [kind], slowMs: 400, ...extra });
  const tp = createClient({ baseUrl: service.current.baseUrl, ...AUTH, playerSlug: player, flushIntervalMs: 0, requestTimeoutMs: 200 });
  for (let i = 0; i < 3; i++) tp.track('players_offers', { offer_id: i, message_status: 'impress' });
  return { tp, player };
}

const copies = async (player: string) => (await received(service.current, 'players_offers')).filter((r) => r.player_slug === player).length;
const unseenUploads = async () => ((await (await fetch(`${service.current.origin}/_tp/uploads`)).json()) as Array<{ unseen?: boolean }>).filter((u) => u.unseen).length;

async function thenDelivered(tp: TpClient): Promise<void> {
  service.current.setFaults(undefined);
  const result = await tp.flush();
  expect(result.deadLettered).toBe(0);
  expect(tp.stats().queued).toBe(0);
}

describe('fault injection', () => {
  it.each([
    ['status-500', { name: 'ServiceError', status: 500, retryable: true }],
    ['status-503', { name: 'ServiceError', status: 503, retryable: true, retryAfterMs: 1000 }],
    ['status-429', { name: 'ServiceError', status: 429, retryable: true, retryAfterMs: 1000 }],
    ['drop-before-body', { name: 'NetworkError', retryable: true }],
    ['drop-after-body', { name: 'NetworkError', retryable: true }],
  ] as const)('%s: a typed, retryable error; nothing stored; delivered once faults stop', async (kind, error) => {
    const { tp, player } = setup(kind);
    await expect(tp.flush()).rejects.toMatchObject(error);
    expect(tp.stats().queued).toBe(3);
    expect(await copies(player)).toBe(0);
    await thenDelivered(tp);
    expect(await copies(player)).toBe(3);
  });

  it('status-413: large bodies are split until each part is taken; a single record never gets one', async () => {
    const { tp, player } = setup('status-413');
    expect(await tp.flush()).toMatchObject({ records: 3, deadLettered: 0 });
    expect((await received(service.current, 'players_offers')).filter((r) => r.player_slug === player).map((r) => r.offer_id)).toEqual([0, 1, 2]);
    service.current.setFaults(undefined);
  });

  it.each(['slow', 'cut-off-200'] as const)('%s: the service stored the records but its 200 never arrived; it says so; the retry is the only copy more', async (kind) => {
    const unseenBefore = await unseenUploads();
    const { tp, player } = setup(kind);
    await expect(tp.flush()).rejects.toMatchObject({ retryable: true });
    await expect.poll(() => copies(player), { timeout: 3000 }).toBe(3);
    await expect.poll(unseenUploads, { timeout: 3000 }).toBe(unseenBefore + 1);
    await thenDelivered(tp);
    expect(await copies(player)).toBe(6);
  });
});
