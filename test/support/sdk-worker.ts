/**
 * A game's Web Worker running the SDK from source (test/browser/worker.test.ts): tracks one record,
 * flushes it to a fetch that answers 200, and posts what it saw.
 */
import { createClient } from '../../src/index.js';

addEventListener('message', (event: MessageEvent<{ namespace: string }>) => {
  const sent: string[] = [];
  const warnings: string[] = [];
  const tp = createClient({
    baseUrl: 'https://service.invalid/v2021.4/web',
    clientKey: 'k',
    authMode: 'client',
    playerSlug: 'p',
    region: 'KR',
    namespace: event.data.namespace,
    flushIntervalMs: 0,
    autoLogin: false,
    compression: 'none',
    fetch: async (_url, init) => {
      const body = JSON.parse(init!.body as string) as { characters_stages?: Array<{ stage_slug: string }> };
      sent.push(...(body.characters_stages ?? []).map((r) => r.stage_slug));
      return new Response(JSON.stringify({ status: 200, reason: 'OK', data: {} }));
    },
  });
  tp.on('warning', (e) => warnings.push(e.message));
  tp.track('characters_stages', { character_slug: 'c', stage_slug: 'in-worker' });
  void tp.flush().then(
    (flush) => postMessage({ flush, sent, warnings, storage: tp.stats().storage, leader: tp.stats().leader }),
    (error: Error) => postMessage({ flush: error.message, sent, warnings, storage: tp.stats().storage }),
  );
});
