/**
 * Every file and folder of the Unity package has its `.meta` (Unity ignores a package file
 * without one), with the GUID derived from its path: stable, and unique across the package.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { guidOf, metaOf, packagePaths, UNITY_PACKAGE } from '../../scripts/unity-meta.js';

it('each package path has the .meta `npm run unity:meta` writes', () => {
  const paths = packagePaths();
  expect(paths).toContain('package.json');
  expect(paths).toContain('Runtime/Plugins/WebGL/TpWebSdk.jslib');
  expect(paths).toContain('Runtime/TpWebSdk.Runtime.asmdef');
  expect(metaOf('Runtime/Tp.cs')).toContain('MonoImporter:\n  externalObjects: {}\n  serializedVersion: 2\n  defaultReferences: []\n  executionOrder: 0\n  icon: {instanceID: 0}\n');
  for (const path of paths) {
    expect(existsSync(`${UNITY_PACKAGE}${path}.meta`), `${path}.meta`).toBe(true);
    expect(readFileSync(`${UNITY_PACKAGE}${path}.meta`, 'utf8'), `${path}.meta`).toBe(metaOf(path));
  }
});

it('GUIDs are unique, 32 hex digits, and no .meta is left without its file', () => {
  const guids = packagePaths().map(guidOf);
  expect(new Set(guids).size).toBe(guids.length);
  for (const guid of guids) expect(guid).toMatch(/^[0-9a-f]{32}$/);
  const orphans = (dir: string, prefix = ''): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      if (entry.isDirectory()) return entry.name.endsWith('~') ? [] : orphans(`${dir}${entry.name}/`, `${prefix}${entry.name}/`);
      return entry.name.endsWith('.meta') && !existsSync(`${dir}${entry.name.slice(0, -5)}`) ? [`${prefix}${entry.name}`] : [];
    });
  expect(orphans(UNITY_PACKAGE)).toEqual([]);
});
