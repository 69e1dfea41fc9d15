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
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import pkg from '../package.json' with { type: 'json' };

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = `${root}dist`;
rmSync(dist, { recursive: true, force: true });

const common = { bundle: true, target: 'es2022', sourcemap: true, logLevel: 'warning' } as const;

await Promise.all([
  build({
    ...common,
    entryPoints: { index: `${root}src/index.ts` },
    outdir: dist,
    format: 'esm',
    platform: 'neutral',
    external: Object.keys(pkg.dependencies),
  }),
  build({
    ...common,
    entryPoints: { 'tp-web-sdk.iife': `${root}src/iife.ts` },
    outdir: dist,
    format: 'iife',
    platform: 'browser',
    minify: true,
    legalComments: 'none',
  }),
]);

execFileSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, '-p', `${root}tsconfig.build.json`], { stdio: 'inherit' });
console.log('built dist/index.js, dist/tp-web-sdk.iife.js, dist/types/');
