/**
 * Bundles the demo game (demo/game/main.ts) with esbuild. The game imports `tp-web-sdk` the way
 * a studio would; here that name resolves to the SDK's source, so the demo always runs the code
 * in this checkout.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Writes demo/.build/game.js (and its source map). */
export async function buildDemo(): Promise<string> {
  const outdir = `${root}demo/.build`;
  await build({
    entryPoints: { game: `${root}demo/game/main.ts` },
    outdir,
    bundle: true,
    format: 'esm',
    target: 'es2022',
    sourcemap: true,
    alias: { 'tp-web-sdk': `${root}src/index.ts` },
    logLevel: 'warning',
  });
  return outdir;
}
