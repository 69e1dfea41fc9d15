/**
 * The esbuild steps of the package build, shared by `npm run build` and the demo (which serves the
 * script-tag build to its example page).
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import pkg from '../package.json' with { type: 'json' };

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Browsers with ES2022 (class fields, private methods): Chrome/Edge 94+, Firefox 93+, Safari 15.4+. */
const common = { bundle: true, target: 'es2022', sourcemap: true, logLevel: 'warning' } as const;

/** `outdir/index.js`: ESM, dependencies left as imports for the game's bundler to dedupe. */
export async function bundleEsm(outdir: string): Promise<void> {
  await build({
    ...common,
    entryPoints: { index: `${ROOT}src/index.ts` },
    outdir,
    format: 'esm',
    platform: 'neutral',
    external: Object.keys(pkg.dependencies),
  });
}

/** `outdir/tp-web-sdk.iife.js`: the script-tag build, minified, dependencies included. */
export async function bundleIife(outdir: string): Promise<void> {
  await build({
    ...common,
    entryPoints: { 'tp-web-sdk.iife': `${ROOT}src/iife.ts` },
    outdir,
    format: 'iife',
    platform: 'browser',
    minify: true,
    legalComments: 'none',
  });
}
