/**
 * What the game starts itself: dead letters put back (once, however many calls at once), and
 * uploads with `flushIntervalMs: 0` (no retry the game did not ask for). happy-dom, a memory
 * queue and an injected fetch.
 */
import { describe, expect, it } from 'vitest';
import { createClient } from '../../../src/index.js';
import { memoryClientOptions, okEnvelope } from '../../support/memory-client.js';

const versions = (init: RequestInit | undefined): string[] =>
  ((JSON.parse(init!.body as string) as { players_login?: Array<{ app_version: string }> }).players_login ?? []).map((r) => r.app_version);

describe('deadLetters.requeue()', () => {
  it('called twice at once (two tabs at start, or a double click), puts each record back once', async () => {
    let refuse = true;
    const sent: string[] = [];
    const tp = createClient({
      ...memoryClientOptions(async (_url, init) => {
        if (refuse) return new Response(JSON.stringify({ status: 400, reason: 'Unsupported Content Type' }), { status: 400 });
        sent.push(...versions(init));
        return okEnvelope({});
      }),
      compression: 'none',
    });
    tp.on('error', () => undefined);
    tp.track('players_login', { app_version: 'v1' });
    tp.track('players_login', { app_version: 'v2' });
    expect(await tp.flush()).toMatchObject({ deadLettered: 2 });

    refuse = false; // the cause was fixed
    const counts = await Promise.all([tp.deadLetters.requeue(), tp.deadLetters.requeue()]);
    await tp.flush();
    expect({ counts, sent, delivered: tp.stats().delivered }).toEqual({ counts: [2, 0], sent: ['v1', 'v2'], delivered: 2 });
    await tp.shutdown();
  });
});

describe('flushIntervalMs: 0 (automatic uploads off)', () => {
  it('a failed flush() is not followed by uploads the game did not ask for', async () => {
    const requests: string[] = [];
    let unload = false;
    const tp = createClient({
      ...memoryClientOptions(async (_url, init) => {
        requests.push(unload ? 'unload upload' : 'POST /logs');
        throw new TypeError('Failed to fetch');
      }),
      retry: { baseMs: 20, capMs: 20 },
    });
    tp.on('upload', (info) => (unload = info.keepalive)); // announced just before its fetch
    const errors: string[] = [];
    tp.on('error', (e) => errors.push(e.name));
    tp.track('players_login', { app_version: 'v1' });
    await expect(tp.flush()).rejects.toMatchObject({ name: 'NetworkError' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect({ requests, errors, retried: tp.stats().retried }).toEqual({ requests: ['POST /logs'], errors: [], retried: 0 });
    await tp.shutdown().catch(() => undefined);
  });
});
