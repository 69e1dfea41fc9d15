/**
 * The Unity package as Unity's Package Manager gets it (`npm run unity:pack`): a valid UPM
 * manifest, every file with its `.meta`, the script-tag build as TpWebSdk.jspre, and no test file
 * (a C file with a `main` in the package would be compiled into the game).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { list } from 'tar';
import { afterAll, expect, it } from 'vitest';
import { packUnity } from '../../scripts/unity-pack.js';

const dir = mkdtempSync(join(tmpdir(), 'tp-upm-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('the tarball holds a UPM manifest, the .jspre, a .meta per file and folder, and no tests', async () => {
  const file = join(dir, 'package.tgz');
  await packUnity('globalThis.TPSDK = {};', file);
  const entries = new Map<string, string>();
  await list({
    file,
    onReadEntry: (entry) => {
      const chunks: Buffer[] = [];
      entry.on('data', (c: Buffer) => chunks.push(c));
      entry.on('end', () => entries.set(entry.path.replace(/\/$/, ''), Buffer.concat(chunks).toString('utf8')));
    },
  });
  const paths = [...entries.keys()];
  expect(paths.every((p) => p.startsWith('package'))).toBe(true);
  const manifest = JSON.parse(entries.get('package/package.json')!) as Record<string, unknown>;
  expect(manifest.name).toMatch(/^com\.[a-z0-9-]+(\.[a-z0-9-]+)+$/);
  expect(manifest.version).toMatch(/^\d+\.\d+\.\d+$/);
  expect(manifest.unity).toMatch(/^\d{4}\.\d$/);
  expect(manifest.displayName).toEqual(expect.any(String));
  expect(entries.get('package/Runtime/Plugins/WebGL/TpWebSdk.jspre')).toBe('globalThis.TPSDK = {};');
  expect(paths.filter((p) => p.includes('Tests~'))).toEqual([]);
  const needMeta = paths.filter((p) => p !== 'package' && !p.endsWith('.meta') && !p.includes('~'));
  for (const path of needMeta) expect(entries.has(`${path}.meta`), `${path}.meta`).toBe(true);
  expect(entries.get('package/Runtime/Plugins/WebGL/TpWebSdk.jspre.meta')).toContain('WebGL: WebGL');
  expect(readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
});
