/**
 * The esbuild steps of the package build, shared by `npm run build`, the size check and the demo
 * (which serves the script-tag build to its example page).
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import pkg from '../package.json' with { type: 'json' };

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Browsers with ES2022 (class fields, private methods): Chrome/Edge 94+, Firefox 93+, Safari 15.4+. */
const common = { bundle: true, target: 'es2022', logLevel: 'warning' } as const;

/**
 * The package's entry points (package.json "exports"): `tp-web-sdk` (logging, offers, markup, the
 * headless adapter), `tp-web-sdk/logging` (logging only), `tp-web-sdk/dom` and `tp-web-sdk/canvas`
 * (the adapters, so a game ships only the one it uses), `tp-web-sdk/sw` (the service-worker relay),
 * `tp-web-sdk/tcf` (the IAB TCF consent bridge, apart from everything else), `tp-web-sdk/inspector`
 * (the in-game inspector, a client of the public API, apart too), `tp-web-sdk/bridge` (the string
 * bridge for game engines), `tp-web-sdk/phaser` (the Phaser plugin, a client of the public API;
 * Phaser itself is the game's).
 */
export const ENTRIES = {
  index: `${ROOT}src/index.ts`,
  logging: `${ROOT}src/logging.ts`,
  dom: `${ROOT}src/dom.ts`,
  canvas: `${ROOT}src/canvas.ts`,
  sw: `${ROOT}src/sw.ts`,
  tcf: `${ROOT}src/tcf.ts`,
  inspector: `${ROOT}src/inspector.ts`,
  bridge: `${ROOT}src/bridge.ts`,
  phaser: `${ROOT}src/phaser.ts`,
} as const;

/** `outdir/{index,logging,dom,canvas,sw,tcf,inspector,bridge,phaser}.js`: ESM, shared code in chunks, dependencies left as imports for the game's bundler. */
export async function bundleEsm(outdir: string): Promise<void> {
  await build({
    ...common,
    sourcemap: true,
    entryPoints: ENTRIES,
    outdir,
    format: 'esm',
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    platform: 'neutral',
    external: Object.keys(pkg.dependencies),
  });
}

/**
 * `outdir/tp-web-sdk.iife.js`: the script-tag build, minified, dependencies and every adapter
 * included; `outdir/tp-web-sdk-sw.js`: the service-worker relay as a classic script that installs
 * itself (a game serves it, or `importScripts` it into its own worker).
 */
export async function bundleIife(outdir: string): Promise<void> {
  await build({
    ...common,
    sourcemap: true,
    entryPoints: { 'tp-web-sdk.iife': `${ROOT}src/iife.ts`, 'tp-web-sdk-sw': `${ROOT}src/sw-script.ts` },
    outdir,
    format: 'iife',
    platform: 'browser',
    minify: true,
    legalComments: 'none',
  });
}

/**
 * What a game ships for each way of using the SDK, minified with its dependencies, for the size
 * budgets (docs/size.md): `logging` (tp-web-sdk/logging), `offers` (the package entry: logging,
 * offers, markup, headless view), `dom` and `canvas` (the package entry and one adapter), `tcf`
 * (tp-web-sdk/tcf alone), `inspector` (tp-web-sdk/inspector alone: it imports only types of the
 * package, so it ships none of the SDK), `bridge` (tp-web-sdk/bridge: the package entry and both
 * adapters, which `init` may name), `phaser` (the package entry and tp-web-sdk/phaser, without
 * Phaser, which the game brings).
 */
export const SIZE_BUNDLES = {
  logging: `export * from '${ENTRIES.logging}';`,
  offers: `export * from '${ENTRIES.index}';`,
  dom: `export * from '${ENTRIES.index}'; export * from '${ENTRIES.dom}';`,
  canvas: `export * from '${ENTRIES.index}'; export * from '${ENTRIES.canvas}';`,
  tcf: `export * from '${ENTRIES.tcf}';`,
  inspector: `export * from '${ENTRIES.inspector}';`,
  bridge: `export * from '${ENTRIES.bridge}';`,
  phaser: `export * from '${ENTRIES.index}'; export * from '${ENTRIES.phaser}';`,
} as const;

/** `outdir/<name>.js` for each of {@link SIZE_BUNDLES}. */
export async function bundleForSize(outdir: string): Promise<void> {
  await Promise.all(
    Object.entries(SIZE_BUNDLES).map(([name, contents]) =>
      build({
        ...common,
        stdin: { contents, resolveDir: ROOT, loader: 'ts', sourcefile: `${name}.ts` },
        outfile: `${outdir}/${name}.js`,
        format: 'esm',
        platform: 'browser',
        minify: true,
        legalComments: 'none',
      }),
    ),
  );
}
