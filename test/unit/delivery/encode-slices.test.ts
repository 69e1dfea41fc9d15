/**
 * The drain's encoder in slices: the body it makes decodes, with Node's zlib, to the
 * JSON of the batch, whatever the slicing; and between its slices the page's other tasks run.
 */
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildLogsBody } from '../../../src/delivery/batch.js';
import { encodeLogsBody, encodeLogsBodyInSlices } from '../../../src/delivery/encode.js';
import { yieldToPage, type Slices } from '../../../src/internal/index.js';

const records = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    objectName: (i % 3 === 0 ? 'players_login' : 'characters_stages') as never,
    record: { player_slug: 'p-1', event_timestamp: 1_767_225_600 + i, n: i, text: i % 2 ? '용사의 검 ⚔️ 🐉' : 'plain', list: [1, 'two', null] },
    enqueuedAt: 0,
  }));

/** Slices that are always due: a pause after every record. */
const everyRecord = (log: string[]): Slices => ({ due: () => true, pause: async () => void log.push('pause') });

describe('encodeLogsBodyInSlices', () => {
  for (const n of [1, 500, 2000]) {
    it(`gzip of ${n} records gunzips to exactly the batch's JSON`, async () => {
      const body = buildLogsBody(records(n));
      const encoded = await encodeLogsBodyInSlices(body, 'gzip', everyRecord([]));
      expect(encoded.contentType).toBe('application/octet-stream');
      expect(encoded.bytes).toBe((encoded.body as Uint8Array).length);
      expect(gunzipSync(encoded.body as Uint8Array).toString('utf8')).toBe(JSON.stringify(body));
    });
  }

  it('without compression, the same JSON and its UTF-8 size', async () => {
    const body = buildLogsBody(records(300));
    const encoded = await encodeLogsBodyInSlices(body, 'none', everyRecord([]));
    const whole = encodeLogsBody(body, 'none');
    expect(encoded).toEqual(whole);
  });

  it('gzip keeps the JSON it compressed only when asked (the debug log): the same text the body gunzips to', async () => {
    const body = buildLogsBody(records(500));
    expect((await encodeLogsBodyInSlices(body, 'gzip', everyRecord([]))).json).toBeUndefined();
    const kept = await encodeLogsBodyInSlices(body, 'gzip', everyRecord([]), true);
    expect(kept.json).toBe(gunzipSync(kept.body as Uint8Array).toString('utf8'));
  });

  it('an empty body is {}', async () => {
    expect(gunzipSync((await encodeLogsBodyInSlices({}, 'gzip')).body as Uint8Array).toString()).toBe('{}');
  });

  it("lets the page's other tasks run between its slices", async () => {
    const log: string[] = [];
    const slices: Slices = { due: () => true, pause: async () => {
      log.push('pause');
      await yieldToPage();
    } };
    let ticks = 0;
    const tick = (): void => {
      ticks += 1;
      log.push('task');
      if (ticks < 5) setTimeout(tick, 0);
    };
    setTimeout(tick, 0);
    await encodeLogsBodyInSlices(buildLogsBody(records(2000)), 'gzip', slices);
    log.push('done');
    const first = log.indexOf('task');
    expect(first).toBeGreaterThan(log.indexOf('pause')); // the encoder had begun
    expect(first).toBeLessThan(log.indexOf('done')); // and the game's task ran before it ended
  });
});
