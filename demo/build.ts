/**
 * Builds what the demo serves from /build: the game (demo/game/main.ts), which imports
 * `tp-web-sdk` the way a studio would (here that name resolves to the SDK's source, so the demo
 * always runs the code in this checkout), and the script-tag build for demo/public/script-tag.html.
 */
import { build } from 'esbuild';
import { bundleIife, ROOT } from '../scripts/bundle.js';

export const DEMO_BUILD_DIR = `${ROOT}demo/.build`;

export async function buildDemo(): Promise<void> {
  await Promise.all([
    build({
      entryPoints: { game: `${ROOT}demo/game/main.ts` },
      outdir: DEMO_BUILD_DIR,
      bundle: true,
      format: 'esm',
      target: 'es2022',
      sourcemap: true,
      alias: { 'tp-web-sdk': `${ROOT}src/index.ts` },
      logLevel: 'warning',
    }),
    bundleIife(DEMO_BUILD_DIR),
  ]);
}
