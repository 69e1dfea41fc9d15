/**
 * `npm run build`: the package's files in dist/, and the size-check bundles in .size/.
 *
 * - dist/{index,logging,dom,canvas,sw,tcf,inspector,bridge,phaser}.js: ESM entry points (shared code in dist/chunks/),
 *   dependencies left as imports (the game's bundler dedupes them);
 * - dist/types/: declarations from tsc;
 * - dist/tp-web-sdk-sw.js: the service-worker relay, a classic script that installs itself;
 * - dist/tp-web-sdk.iife.js: the script-tag build, minified, dependencies and adapters included,
 *   defining `window.TPSDK`;
 * - .size/*.js: what a game ships per way of use, for `npm run size` (not published).
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { bundleEsm, bundleForSize, bundleIife, ROOT } from './bundle.js';

const dist = `${ROOT}dist`;
rmSync(dist, { recursive: true, force: true });
rmSync(`${ROOT}.size`, { recursive: true, force: true });
await Promise.all([bundleEsm(dist), bundleIife(dist), bundleForSize(`${ROOT}.size`)]);
execFileSync(process.execPath, [`${ROOT}node_modules/typescript/bin/tsc`, '-p', `${ROOT}tsconfig.build.json`], { stdio: 'inherit' });
console.log('built dist/{index,logging,dom,canvas,sw,tcf,inspector,bridge,phaser}.js, dist/tp-web-sdk.iife.js, dist/tp-web-sdk-sw.js, dist/types/, .size/');
