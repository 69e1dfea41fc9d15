/**
 * `npm run build`: the package's files in dist/.
 *
 * - dist/index.js: ESM, dependencies left as imports (the game's bundler dedupes them);
 * - dist/types/: declarations from tsc;
 * - dist/tp-web-sdk.iife.js: the script-tag build, minified, dependencies included, defining
 *   `window.TPSDK`.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { bundleEsm, bundleIife, ROOT } from './bundle.js';

const dist = `${ROOT}dist`;
rmSync(dist, { recursive: true, force: true });
await Promise.all([bundleEsm(dist), bundleIife(dist)]);
execFileSync(process.execPath, [`${ROOT}node_modules/typescript/bin/tsc`, '-p', `${ROOT}tsconfig.build.json`], { stdio: 'inherit' });
console.log('built dist/index.js, dist/tp-web-sdk.iife.js, dist/types/');
