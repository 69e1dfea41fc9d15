/**
 * tp-web-sdk/tcf stands apart (docs/tcf.md): its bundle holds only src/tcf.ts and src/tcf/, no
 * other entry's bundle holds any of it, and it loads in Node (no window) without finding a CMP.
 */
import { build } from 'esbuild';
import { expect, it } from 'vitest';
import { ENTRIES, ROOT } from '../../scripts/bundle.js';

it('the tcf bundle holds only its own files, and no other entry holds any of them', async () => {
  const { metafile } = await build({
    entryPoints: ENTRIES,
    bundle: true,
    write: false,
    metafile: true,
    outdir: `${ROOT}.tcf-entry-test`,
    format: 'esm',
    platform: 'neutral',
    packages: 'external',
    logLevel: 'silent',
  });
  const inputs: Record<string, string[]> = Object.fromEntries(
    Object.values(metafile.outputs).map((output) => [output.entryPoint, Object.keys(output.inputs)]),
  );
  expect(Object.keys(inputs)).toHaveLength(Object.keys(ENTRIES).length);
  for (const [entry, files] of Object.entries(inputs)) {
    if (entry === 'src/tcf.ts') expect(files.filter((f) => !/^src\/tcf(\.ts|\/)/.test(f))).toEqual([]);
    else expect(files.filter((f) => f.startsWith('src/tcf')), entry).toEqual([]);
  }
  expect(inputs['src/tcf.ts']).toContain('src/tcf/bridge.ts');
});

it('loads in Node, where there is no window: no CMP, the consent untouched', async () => {
  const { consentFromTcf } = await import('../../src/tcf.js');
  const calls: string[] = [];
  const bridge = consentFromTcf({ consent: 'pending', setConsent: (state) => calls.push(state) });
  expect(bridge.state).toBe('no-cmp');
  expect(calls).toEqual([]);
});
