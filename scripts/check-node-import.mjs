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

// The logging entry: the same client without offers.
const logging = await import('tp-web-sdk/logging');
const lt = logging.createClient({ baseUrl: 'http://127.0.0.1:9/v2021.4/web', clientKey: 'k', authMode: 'client', playerSlug: 'node-check', flushIntervalMs: 0 });
if (!lt.track('players_offers', { offer_id: 1, message_status: 'impress' })) throw new Error('tp-web-sdk/logging: track refused a valid record');
if ('offers' in lt && lt.offers !== undefined) throw new Error('tp-web-sdk/logging: the client has offers');
await lt.shutdown();

// The adapters are entry points of their own: the package entry ships no DOM or canvas code.
const { readFileSync } = await import('node:fs');
const { fileURLToPath } = await import('node:url');
const shipped = readFileSync(fileURLToPath(new URL('../.size/offers.js', import.meta.url)), 'utf8');
for (const marker of ['attachShadow', 'aria-modal', 'fillText']) {
  if (shipped.includes(marker)) throw new Error(`tp-web-sdk ships adapter code ("${marker}" found in .size/offers.js)`);
}
const dom = await import('tp-web-sdk/dom');
const canvas = await import('tp-web-sdk/canvas');
if (typeof dom.createDomAdapter !== 'function' || typeof canvas.createCanvasAdapter !== 'function') throw new Error('adapter entry points missing');
console.log('node import: tp-web-sdk/logging tracks without offers; tp-web-sdk ships no adapter code; /dom and /canvas load');
