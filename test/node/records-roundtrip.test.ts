/**
 * Property tests over real HTTP: records of every kind, generated from the catalog, go through the
 * SDK's queue, gzip (fflate) and the reference service (Node zlib, the same schemas) unchanged;
 * broken records never throw from a production `track()` and never reach the service.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createClient, OBJECT_NAMES } from '../../src/index.js';
import { kindOf, type FieldType } from '../../src/records/index.js';
import { recordOf, wrongValueFor } from '../support/arbitraries.js';
import { AUTH, received, useService } from '../support/service.js';
import { PROPERTY_TIME_LIMIT_MS } from '../support/time-limits.js';

const service = useService();
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
let run = 0;

describe('valid records round-trip unchanged', () => {
  it.each(OBJECT_NAMES)('%s', async (name) => {
    await fc.assert(
      fc.asyncProperty(fc.array(recordOf(name), { minLength: 1, maxLength: 8 }), async (records) => {
        const player = `rt-${name}-${run++}`;
        const tp = createClient({ baseUrl: service.current.baseUrl, ...AUTH, playerSlug: player, flushIntervalMs: 0 });
        const tracked = records.map((r) => ({ ...r, player_slug: player }));
        for (const record of tracked) expect(tp.track(name, record as never)).toBe(true);
        expect(await tp.flush()).toMatchObject({ records: tracked.length, deadLettered: 0 });
        const held = (await received(service.current, name)).filter((r) => r.player_slug === player);
        // The one field enrichment adds to a complete record: a login without app_version gets null.
        const expected = name === 'players_login' ? tracked.map((r) => ({ app_version: null, ...r })) : tracked;
        expect(held).toEqual(asJson(expected));
      }),
      { numRuns: 4 },
    );
  }, PROPERTY_TIME_LIMIT_MS);
});

describe('invalid records', () => {
  it('are rejected at track with the broken field’s path, never thrown in production, never sent', async () => {
    const player = `invalid-${run++}`;
    const tp = createClient({ baseUrl: service.current.baseUrl, ...AUTH, playerSlug: player, flushIntervalMs: 0 });
    const paths: string[] = [];
    tp.on('invalid', (e) => paths.push(...e.issues.map((i) => i.path)));
    const broken = fc.constantFrom(...OBJECT_NAMES).chain((name) => {
      const spec = kindOf(name);
      const fields = Object.entries({ event_timestamp: 'unixSeconds', ...spec.required, ...spec.optional }) as Array<[string, FieldType]>;
      return fc
        .tuple(recordOf(name), fc.constantFrom(...fields))
        .chain(([record, [field, type]]) => wrongValueFor(type).map((bad) => ({ name, record: { ...record, player_slug: player, [field]: bad }, field })));
    });
    fc.assert(
      fc.property(broken, ({ name, record, field }) => {
        paths.length = 0;
        expect(tp.track(name, record as never)).toBe(false);
        expect(paths).toContain(field);
      }),
      { numRuns: 1000 },
    );
    expect(tp.stats()).toMatchObject({ invalid: 1000, queued: 0 });
    await tp.flush();
    expect((await received(service.current)).filter((r) => r.player_slug === player)).toEqual([]);
  }, PROPERTY_TIME_LIMIT_MS);
});
