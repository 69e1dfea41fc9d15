/**
 * Builds what the demo serves from /build: the game (demo/game/main.ts), which imports
 * `tp-web-sdk` the way a studio would (here that name resolves to the SDK's source, so the demo
 * always runs the code in this checkout), and the script-tag build for demo/public/script-tag.html.
 *
 * Code splitting is on: the Phaser panel (demo/game/phaser-view.ts, imported with `import()`) and
 * Phaser itself land in chunks of their own (/build/chunks/), fetched after the page is ready, so
 * the game and the SDK never wait for them. phaser is a devDependency of the demo only: nothing in
 * src/ imports it, and the SDK's own builds (scripts/build.ts) never see it.
 */
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { relative } from 'node:path';
import { build } from 'esbuild';
import { bundleIife, ROOT } from '../scripts/bundle.js';

export const DEMO_BUILD_DIR = `${ROOT}demo/.build`;

export async function buildDemo(): Promise<void> {
  const [game] = await Promise.all([
    build({
      entryPoints: { game: `${ROOT}demo/game/main.ts` },
      outdir: DEMO_BUILD_DIR,
      bundle: true,
      format: 'esm',
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
      target: 'es2022',
      sourcemap: true,
      alias: {
        'tp-web-sdk': `${ROOT}src/index.ts`,
        'tp-web-sdk/dom': `${ROOT}src/dom.ts`,
        'tp-web-sdk/canvas': `${ROOT}src/canvas.ts`,
        'tp-web-sdk/inspector': `${ROOT}src/inspector.ts`,
        'tp-web-sdk/phaser': `${ROOT}src/phaser.ts`,
        // Phaser's own minified ES module build (1.2 MB), rather than the 7.9 MB UMD its "browser" field names.
        phaser: `${ROOT}node_modules/phaser/dist/phaser.esm.min.js`,
      },
      logLevel: 'warning',
      metafile: true,
    }),
    bundleIife(DEMO_BUILD_DIR),
  ]);
  removeStaleChunks(Object.keys(game.metafile.outputs).map((path) => relative(DEMO_BUILD_DIR, `${ROOT}${path}`)));
}

/**
 * Chunk names carry a content hash, so each build that changed a chunk leaves the old file behind:
 * removes those no longer built, once an hour old (another build running at the same time, for a
 * test run in the same checkout, may still be serving the ones it just wrote).
 */
function removeStaleChunks(outputs: readonly string[]): void {
  const keep = new Set(outputs);
  const dir = `${DEMO_BUILD_DIR}/chunks`;
  if (!existsSync(dir)) return;
  const cutoff = Date.now() - 3_600_000;
  for (const name of readdirSync(dir)) {
    if (keep.has(`chunks/${name}`)) continue;
    try {
      if (statSync(`${dir}/${name}`).mtimeMs < cutoff) rmSync(`${dir}/${name}`, { force: true });
    } catch {
      // Removed by another build meanwhile.
    }
  }
}
