/**
 * The `.meta` file of every file and folder of the Unity package (engines/unity/): Unity ignores a
 * package file without one. Each GUID is derived from the path inside the package (MD5 of
 * `com.tp.websdk/<path>`), so it is stable across machines and unique per path. `.jslib` and
 * `.jspre` are WebGL plugins, `.cs` scripts, `.asmdef` assembly definitions, folders are folder
 * assets, the rest default assets.
 * `npm run unity:meta` writes them; a test fails when one is missing or differs.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const UNITY_PACKAGE = fileURLToPath(new URL('../engines/unity/', import.meta.url));

/** The package's paths that need a `.meta`: everything but `.meta` files and folders Unity skips (`Name~`, `.hidden`). */
export function packagePaths(dir = UNITY_PACKAGE, prefix = ''): string[] {
  const paths: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (name.endsWith('.meta') || name.endsWith('~') || name.startsWith('.')) continue;
    const path = `${prefix}${name}`;
    paths.push(path);
    if (statSync(`${dir}${name}`).isDirectory()) paths.push(...packagePaths(`${dir}${name}/`, `${path}/`));
  }
  return paths;
}

export const guidOf = (path: string): string => createHash('md5').update(`com.tp.websdk/${path}`).digest('hex');

const TAIL = ['  userData: ', '  assetBundleName: ', '  assetBundleVariant: ', ''];

/** The `.meta` text of `path`. */
export function metaOf(path: string): string {
  const head = ['fileFormatVersion: 2', `guid: ${guidOf(path)}`];
  // A file made at packing time (TpWebSdk.jspre) is not in the folder: it is a file.
  if (existsSync(`${UNITY_PACKAGE}${path}`) && statSync(`${UNITY_PACKAGE}${path}`).isDirectory()) return [...head, 'folderAsset: yes', 'DefaultImporter:', '  externalObjects: {}', ...TAIL].join('\n');
  if (/\.(jslib|jspre)$/.test(path)) {
    return [
      ...head,
      'PluginImporter:',
      '  externalObjects: {}',
      '  serializedVersion: 2',
      '  iconMap: {}',
      '  executionOrder: {}',
      '  defineConstraints: []',
      '  isPreloaded: 0',
      '  isOverridable: 0',
      '  isExplicitlyReferenced: 0',
      '  validateReferences: 1',
      '  platformData:',
      '  - first:',
      '      Any: ',
      '    second:',
      '      enabled: 0',
      '      settings: {}',
      '  - first:',
      '      WebGL: WebGL',
      '    second:',
      '      enabled: 1',
      '      settings: {}',
      ...TAIL,
    ].join('\n');
  }
  if (path.endsWith('.cs')) {
    return [
      ...head,
      'MonoImporter:',
      '  externalObjects: {}',
      '  serializedVersion: 2',
      '  defaultReferences: []',
      '  executionOrder: 0',
      '  icon: {instanceID: 0}',
      ...TAIL,
    ].join('\n');
  }
  if (path.endsWith('.asmdef')) return [...head, 'AssemblyDefinitionImporter:', '  externalObjects: {}', ...TAIL].join('\n');
  if (path.endsWith('.json') || path.endsWith('.md')) return [...head, 'TextScriptImporter:', '  externalObjects: {}', ...TAIL].join('\n');
  return [...head, 'DefaultImporter:', '  externalObjects: {}', ...TAIL].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const paths = packagePaths();
  for (const path of paths) writeFileSync(`${UNITY_PACKAGE}${path}.meta`, metaOf(path));
  console.log(`wrote ${paths.length} .meta files in engines/unity/`);
}
