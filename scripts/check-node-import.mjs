#!/usr/bin/env node
// After `npm run build`: the package, imported by its own name through package.json "exports",
// loads in plain Node (no DOM, no IndexedDB) and a client works on memory storage.
const sdk = await import('tp-web-sdk');
const tp = sdk.createClient({
  baseUrl: 'http://127.0.0.1:9/v2021.4/web',
  clientKey: 'k',
  authMode: 'client',
  playerSlug: 'node-check',
  flushIntervalMs: 0,
});
if (!tp.track('players_offers', { offer_id: 1, message_status: 'impress' })) throw new Error('track refused a valid record');
const stats = tp.stats();
if (stats.queued !== 1 || stats.storage !== 'memory') throw new Error(`unexpected stats ${JSON.stringify(stats)}`);
await tp.shutdown();
console.log(`node import: tp-web-sdk ${sdk.VERSION} loads and tracks without a DOM`);
