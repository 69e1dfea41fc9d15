/**
 * The game's event listeners are the game's code: one that throws is reported as uncaught, as the
 * DOM reports an event listener's error, and the SDK's work goes on.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../../src/index.js';
import { memoryClientOptions, okEnvelope } from '../../support/memory-client.js';

afterEach(() => vi.unstubAllGlobals());

describe('a listener that throws', () => {
  it('is reported with reportError; the upload it was told of goes on, and so do later flushes and the other listeners', async () => {
    const reported: unknown[] = [];
    vi.stubGlobal('reportError', (error: unknown) => reported.push(error));
    const posts: number[] = [];
    const tp = createClient(
      memoryClientOptions(async (_input, init) => {
        posts.push(posts.length);
        return init?.method === 'POST' ? okEnvelope(null) : okEnvelope([]);
      }),
    );
    const boom = new Error('the game’s bug');
    const throwing = (): void => {
      throw boom;
    };
    const seen: number[] = [];
    tp.on('upload', throwing);
    tp.on('upload', ({ requestId }) => seen.push(requestId));
    tp.track('players_login', { app_version: '1.2.3' });
    expect(await tp.flush()).toMatchObject({ records: 1, batches: 1 });
    tp.off('upload', throwing);
    tp.track('players_login', { app_version: '1.2.3' });
    expect(await tp.flush()).toMatchObject({ records: 1, batches: 1 });
    expect(seen).toEqual([1, 2]);
    expect(reported).toEqual([boom]); // once: `off` removed it
    expect(tp.stats()).toMatchObject({ queued: 0, delivered: 2 });
    await tp.shutdown();
  });
});
