/**
 * 10,000 random byte strings and random JSON values, as offer bodies and as service answers: no
 * crash, no unhandled rejection, no record lost. Deterministic (fixed seeds).
 */
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createClient, createHeadlessAdapter, isTpError } from '../../src/index.js';
import { decodeOffer } from '../../src/offers/index.js';
import { aiBody, offerRecord } from '../fixtures/spec-samples.js';
import { FUZZ_TIME_LIMIT_MS, PROPERTY_TIME_LIMIT_MS } from '../support/time-limits.js';

const RUNS = 10_000;
const bytes = fc.uint8Array({ maxLength: 200 });
const text = bytes.map((b) => Buffer.from(b).toString('latin1'));
const json = fc.jsonValue({ maxDepth: 4 });
const nearEnvelope = fc.record({ status: fc.oneof(fc.constant(200), fc.integer(), fc.string()), reason: fc.oneof(fc.constant('OK'), fc.string()), data: json }, { requiredKeys: [] });

describe('offer bodies', () => {
  it('decodeOffer never throws, whatever the offer string or record', () => {
    const inputs = fc.sample(
      fc.oneof(
        text.map((t) => offerRecord(1, t)),
        json.map((j) => offerRecord(1, JSON.stringify(j))),
        json,
        // A real record with any field dropped or replaced by random JSON.
        fc.record(
          Object.fromEntries(Object.entries(offerRecord(1, aiBody)).map(([k, v]) => [k, fc.oneof(fc.constant(v), json)])),
          { requiredKeys: [] },
        ),
        json.map((j) => offerRecord(1, { ...aiBody, display_parameters: j })),
      ),
      { numRuns: RUNS, seed: 4 },
    );
    let accepted = 0;
    for (const input of inputs) {
      const result = decodeOffer(input);
      if (result.ok) accepted += 1;
      else expect(result.error.name).toBe('OfferError');
    }
    expect(accepted).toBeLessThan(RUNS);
  }, PROPERTY_TIME_LIMIT_MS);

  it('offers.refresh resolves with offers or rejects with a TpError, for any answer', async () => {
    const answers = fc.sample(
      fc.record({
        status: fc.constantFrom(200, 200, 200, 204, 400, 403, 500),
        body: fc.oneof(text, json.map((j) => JSON.stringify(j)), nearEnvelope.map((e) => JSON.stringify(e)), json.map((j) => JSON.stringify({ status: 200, reason: 'OK', data: j }))),
      }),
      { numRuns: 2000, seed: 5 },
    );
    let next = 0;
    const tp = createClient({
      baseUrl: 'http://fuzz.invalid/v2021.4/web',
      clientKey: 'k',
      authMode: 'client',
      playerSlug: 'p',
      flushIntervalMs: 0,
      ui: createHeadlessAdapter(),
      fetch: async () => {
        const { status, body } = answers[next++ % answers.length]!;
        return new Response(status === 204 ? null : body, { status });
      },
    });
    tp.on('error', () => undefined);
    for (let i = 0; i < answers.length; i++) {
      const outcome = await tp.offers.refresh().then(
        (offers) => Array.isArray(offers),
        (error: unknown) => isTpError(error),
      );
      expect(outcome).toBe(true);
    }
  }, PROPERTY_TIME_LIMIT_MS);
});

describe('/logs answers', () => {
  it('a record leaves the queue only on a 200 success envelope, and none is ever lost', async () => {
    const answers = fc.sample(
      fc.record({
        status: fc.constantFrom(200, 200, 200, 201, 301, 400, 403, 404, 408, 429, 500, 503),
        body: fc.oneof(
          text,
          json.map((j) => JSON.stringify(j)),
          nearEnvelope.map((e) => JSON.stringify(e)),
          fc.constant(JSON.stringify({ status: 200, reason: 'OK', data: { default: {}, cache: {} } })),
          fc.constant(JSON.stringify({ status: 403, reason: 'Invalid TPClientKey' })),
        ),
        throws: fc.integer({ min: 0, max: 19 }).map((n) => n === 0), // 1 in 20: no answer at all
      }),
      { numRuns: RUNS, seed: 6 },
    );
    let accepted = 0;
    let next = 0;
    const tp = createClient({
      baseUrl: 'http://fuzz.invalid/v2021.4/web',
      clientKey: 'k',
      authMode: 'client',
      playerSlug: 'p',
      flushIntervalMs: 0,
      fetch: async (_url, init) => {
        const answer = answers[next++ % answers.length]!;
        if (answer.throws) throw new TypeError('Failed to fetch');
        const envelope = (() => {
          try {
            return JSON.parse(answer.body) as { status?: unknown };
          } catch {
            return undefined;
          }
        })();
        if (answer.status === 200 && typeof envelope === 'object' && envelope !== null && envelope.status === 200) {
          const sent = JSON.parse(gunzipSync(init!.body as Uint8Array).toString('utf8')) as Record<string, unknown[]>;
          accepted += Object.values(sent).reduce((n, list) => n + list.length, 0);
        }
        return new Response(answer.body, { status: answer.status });
      },
    });
    tp.on('error', () => undefined);
    let tracked = 0;
    for (let i = 0; i < RUNS; i++) {
      tp.track('players_offers', { offer_id: i, message_status: 'impress' });
      tracked += 1;
      const outcome = await tp.flush().then(
        () => 'ok',
        (error: unknown) => (isTpError(error) ? 'typed' : 'untyped'),
      );
      expect(outcome).not.toBe('untyped');
      if (tp.stats().paused) tp.setClientKey('k');
      const { queued, deadLettered } = tp.stats();
      expect(accepted + deadLettered + queued).toBe(tracked);
    }
    expect(accepted).toBeGreaterThan(0);
    expect(tp.stats().deadLettered).toBeGreaterThan(0);
  }, FUZZ_TIME_LIMIT_MS);
});
