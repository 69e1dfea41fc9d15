/**
 * The uploader applies the answer policy: for each row of the table (answer-rows.ts), a batch
 * answered so once, then 200, is delivered, halved, put aside, kept queued with uploads paused, or
 * kept queued with the flush failing. A memory queue and a transport over a scripted `fetch`.
 */
import { describe, expect, it } from 'vitest';
import type { AnswerAction } from '../../../src/delivery/answer-policy.js';
import { Transport } from '../../../src/delivery/index.js';
import { isTpError } from '../../../src/errors/index.js';
import { createMemoryDeadLetterStore, createMemoryStore, RecordQueue } from '../../../src/queue/index.js';
import { testUploader } from '../../support/uploader.js';
import { SERVICE_ROWS } from './answer-rows.js';

const ok = () => new Response(JSON.stringify({ status: 200, reason: 'OK', data: {} }));

/** Flushes `records` records whose first request `first` answers (later ones: 200), and names what the uploader did. */
async function actionFor(records: number, first: () => Promise<Response>): Promise<AnswerAction> {
  const queue = new RecordQueue({ store: createMemoryStore(), tabId: 't', clock: Date.now, onStorageError: (e) => expect.fail(String(e)) });
  for (let i = 0; i < records; i++) queue.enqueue({ objectName: 'players_login', record: { i }, enqueuedAt: i });
  const sizes: number[] = [];
  const transport = new Transport({
    baseUrl: 'https://service.invalid/v2021.4/web',
    fetch: async (_url, init) => {
      sizes.push((JSON.parse(init!.body as string) as { players_login: unknown[] }).players_login.length);
      return sizes.length === 1 ? first() : ok();
    },
    credentials: () => ({ clientKey: 'k', authMode: 'client' }),
    timeoutMs: 10_000,
    offersPlayerParam: 'player_slug',
  });
  const deadLetters = createMemoryDeadLetterStore();
  let paused = false;
  const uploader = testUploader(queue, transport, { compression: 'none', deadLetters, onPause: () => (paused = true) });
  const flushed = await uploader.flush().then(
    () => true,
    (error: unknown) => (isTpError(error) ? false : Promise.reject(error)),
  );
  const letters = await deadLetters.list();
  const left = (await queue.peek(records)).length;
  if (paused) {
    expect({ flushed, left, letters }).toEqual({ flushed: false, left: records, letters: [] });
    return 'pause';
  }
  if (!flushed) {
    expect({ sizes, left, letters }).toEqual({ sizes: [records], left: records, letters: [] });
    return 'retry';
  }
  expect(left).toBe(0);
  if (sizes.length === 1) return letters.length === 0 ? 'deliver' : 'dead-letter';
  expect(sizes.slice(0, 2)).toEqual([records, Math.ceil(records / 2)]);
  return 'split';
}

describe('the uploader applies the answer policy', () => {
  it('delivers an accepted batch', async () => {
    expect(await actionFor(3, async () => ok())).toBe('deliver');
  });

  it.each(SERVICE_ROWS)('%i %s to %i records → %s', async (status, reason, records, action) => {
    expect(await actionFor(records, async () => new Response(JSON.stringify({ status, reason, data: null }), { status }))).toBe(action);
  });

  it('keeps the batch queued when no answer came, or one that is not the envelope', async () => {
    expect(await actionFor(3, () => Promise.reject(new TypeError('Failed to fetch')))).toBe('retry');
    expect(await actionFor(3, async () => new Response('<html>proxy</html>'))).toBe('retry');
  });
});
