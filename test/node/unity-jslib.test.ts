/**
 * The Unity package's .jslib uses only what every Emscripten of Unity 2021.3 and newer has, and
 * the script-tag build it ships as TpWebSdk.jspre survives Emscripten's preprocessor (newer ones
 * preprocess `--pre-js` files: a line starting with `#` or a `{{{` would be read as a directive).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { bundleIife, ROOT } from '../../scripts/bundle.js';

const JSLIB = `${ROOT}engines/unity/Runtime/Plugins/WebGL/TpWebSdk.jslib`;

/** Names gone from Unity's Emscripten, or not in all of it (2021.3 to Unity 6). */
const FORBIDDEN = [/Pointer_stringify/, /\bdynCall\(/, /\bRuntime\./, /writeStringToMemory/, /allocateUTF8/, /stringToNewUTF8/, /__deps:\s*\[[^\]]*\$UTF8ToString/];

it('the .jslib names none of the functions Unity\'s Emscripten dropped, and pins the three C entry points', () => {
  const code = readFileSync(JSLIB, 'utf8').replace(/^\s*\/\/.*$/gm, '');
  for (const name of FORBIDDEN) expect(code, String(name)).not.toMatch(name);
  for (const entry of ['TpWebSdk_Call', 'TpWebSdk_Free', 'TpWebSdk_Listen']) expect(code).toMatch(new RegExp(`^\\s*${entry}: function`, 'm'));
  expect(code).toContain("{{{ makeDynCall('vi', 'callback') }}}");
});

it('a lint catches each forbidden name (the check can fail)', () => {
  for (const sample of ['Pointer_stringify(p)', 'dynCall("vi", cb, [p])', 'Runtime.dynCall', 'allocateUTF8(s)', 'stringToNewUTF8(s)', "F__deps: ['$UTF8ToString']"]) {
    expect(FORBIDDEN.some((name) => name.test(sample)), sample).toBe(true);
  }
});

it('the script-tag build has no line Emscripten\'s preprocessor would read as a directive', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tp-iife-'));
  await bundleIife(dir);
  const iife = readFileSync(join(dir, 'tp-web-sdk.iife.js'), 'utf8');
  rmSync(dir, { recursive: true, force: true });
  expect(iife).not.toContain('{{{');
  expect(iife.split('\n').filter((line) => /^\s*#/.test(line))).toEqual([]);
});
