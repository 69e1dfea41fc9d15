/**
 * The bridge's ops table (src/bridge/ops.ts) generates its TypeScript types (src/bridge/protocol.ts),
 * the ops section of docs/bridge.md and the Godot addon's op names: the committed files are what it
 * generates, and every op has its work.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { BRIDGE_DOC_PATH, GODOT_OPS_PATH, PROTOCOL_PATH, renderBridgeDoc, renderGodotOps, renderProtocol } from '../../scripts/bridge-doc.js';
import { HANDLERS } from '../../src/bridge/handlers.js';
import { OPS } from '../../src/bridge/ops.js';

it('src/bridge/protocol.ts is what the ops table generates (run `npm run docs:bridge` after changing an op)', () => {
  expect(readFileSync(PROTOCOL_PATH, 'utf8')).toBe(renderProtocol());
});

it('docs/bridge.md lists the ops the table has (run `npm run docs:bridge`)', () => {
  const doc = readFileSync(BRIDGE_DOC_PATH, 'utf8');
  expect(doc).toBe(renderBridgeDoc(doc));
  for (const op of Object.keys(OPS)) expect(doc).toContain(`### \`${op}\``);
});

it('the Godot addon\'s op names are what the table generates (run `npm run docs:bridge`)', () => {
  expect(readFileSync(GODOT_OPS_PATH, 'utf8')).toBe(renderGodotOps());
});

it('every op of the table has its work, and no work is without an op', () => {
  expect([...Object.keys(HANDLERS), 'init', 'shutdown'].sort()).toEqual(Object.keys(OPS).sort());
});
