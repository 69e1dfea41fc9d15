/**
 * `npm run unity:pack` (after `npm run build`): the Unity package as a UPM tarball,
 * dist/com.tp.websdk-<version>.tgz, for Unity's Package Manager ("Add package from tarball"):
 * engines/unity/ without its tests (`Tests~`), plus Runtime/Plugins/WebGL/TpWebSdk.jspre, the
 * script-tag build, with its `.meta`. The .jspre is made here rather than committed, so the
 * package always carries the SDK it was built with.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { create } from 'tar';
import { metaOf, UNITY_PACKAGE } from './unity-meta.js';

const JSPRE = 'Runtime/Plugins/WebGL/TpWebSdk.jspre';

/** Writes the tarball of the package with `iife` as its .jspre to `file`. */
export async function packUnity(iife: string, file: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tp-upm-'));
  try {
    cpSync(UNITY_PACKAGE, join(dir, 'package'), { recursive: true, filter: (source) => !source.includes('Tests~') });
    writeFileSync(join(dir, 'package', JSPRE), iife);
    writeFileSync(join(dir, 'package', `${JSPRE}.meta`), metaOf(JSPRE));
    await create({ gzip: true, file, cwd: dir, portable: true }, ['package']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const { version } = JSON.parse(readFileSync(`${UNITY_PACKAGE}package.json`, 'utf8')) as { version: string };
  const file = `${root}dist/com.tp.websdk-${version}.tgz`;
  await packUnity(readFileSync(`${root}dist/tp-web-sdk.iife.js`, 'utf8'), file);
  console.log(`wrote ${file.slice(root.length)}`);
}
