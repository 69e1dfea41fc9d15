/**
 * tp-web-sdk/inspector stands apart: its bundle holds only src/inspector.ts and src/inspector/
 * (it imports only types of the package, so it ships none of the SDK), no other entry's bundle
 * (the script-tag build included) holds any of it, and it attaches in Node (no DOM) without
 * throwing.
 */
import { build } from 'esbuild';
import { expect, it } from 'vitest';
import { ENTRIES, ROOT } from '../../scripts/bundle.js';
import { createClient } from '../../src/logging.js';

it('the inspector bundle holds only its own files, and no other entry holds any of them', async () => {
  const { metafile } = await build({
    entryPoints: { ...ENTRIES, iife: `${ROOT}src/iife.ts` },
    bundle: true,
    write: false,
    metafile: true,
    outdir: `${ROOT}.inspector-entry-test`,
    format: 'esm',
    platform: 'neutral',
    packages: 'external',
    logLevel: 'silent',
  });
  const inputs: Record<string, string[]> = Object.fromEntries(
    Object.values(metafile.outputs).filter((o) => o.entryPoint).map((output) => [output.entryPoint, Object.keys(output.inputs)]),
  );
  expect(Object.keys(inputs)).toHaveLength(Object.keys(ENTRIES).length + 1);
  for (const [entry, files] of Object.entries(inputs)) {
    if (entry === 'src/inspector.ts') expect(files.filter((f) => !/^src\/inspector(\.ts|\/)/.test(f))).toEqual([]);
    else expect(files.filter((f) => f.startsWith('src/inspector')), entry).toEqual([]);
  }
  expect(inputs['src/inspector.ts']).toContain('src/inspector/panel.ts');
});

it('attaches in Node, where there is no DOM: nothing drawn, the handle works and reports', async () => {
  const { attachInspector } = await import('../../src/inspector.js');
  const tp = createClient({ baseUrl: 'https://api.example.com/v2021.4/web', clientKey: 'k', authMode: 'client', playerSlug: 'p-1', storage: 'memory', flushIntervalMs: 0 });
  const inspector = attachInspector(tp, { key: 'F9' });
  inspector.open();
  expect(inspector.isOpen).toBe(false);
  tp.track('players_login', { device_unique_id: 7 } as never);
  const report = inspector.report();
  expect(report.offers).toBeUndefined();
  expect(report.session).toMatchObject({ index: 1 }); // the client's own, in memory here
  expect(report.stats.storage).toBe('memory');
  inspector.detach();
  inspector.detach();
  await tp.shutdown();
});
