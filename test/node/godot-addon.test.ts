/**
 * The Godot addon's GDScript names only ops of the bridge's table, with the arguments the table
 * gives them, so a renamed op or argument fails here rather than in a player's browser (no Godot
 * runs in CI: this reads the script).
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { OPS } from '../../src/bridge/ops.js';
import { ROOT } from '../../scripts/bundle.js';

const ADDON = `${ROOT}engines/godot/addons/tp_web_sdk/`;
const script = readFileSync(`${ADDON}tp.gd`, 'utf8');
const constants = new Map([...readFileSync(`${ADDON}tp_ops.gd`, 'utf8').matchAll(/^const (\w+) := "([^"]+)"$/gm)].map((m) => [m[1]!, m[2]!]));

it('each request(TpOps.X, {...}) names an op of the table and exactly its required arguments', () => {
  const calls = [...script.matchAll(/request\(TpOps\.(\w+)(?:, (\{[^}]*\}|\w+))?/g)];
  expect(calls.length).toBeGreaterThanOrEqual(9);
  for (const [, constant, args] of calls) {
    const op = constants.get(constant!);
    expect(op, `TpOps.${constant}`).toBeDefined();
    const spec = OPS[op as keyof typeof OPS].args;
    if (spec === 'options') continue;
    const given = [...(args ?? '').matchAll(/"(\w+)":/g)].map((m) => m[1]).sort();
    const required = Object.entries(spec).filter(([, a]) => !('optional' in a && a.optional)).map(([name]) => name).sort();
    expect(given, op).toEqual(required);
  }
});

it('every call is guarded: the bridge is read only in a web export, and the listener is held in a member', () => {
  expect(script).toMatch(/if not OS\.has_feature\("web"\):\n\t\treturn/);
  expect(script).toMatch(/_listener = JavaScriptBridge\.create_callback\(_on_message\)/);
  expect(script).toMatch(/func _on_message\(args: Array\) -> void:/);
  expect(script).toMatch(/_bridge\.call\("call", /);
});

it('outside a web export a caller waiting for a reply gets the not-web reply (no callback left hanging)', () => {
  const branch = /if _bridge == null:\n([\s\S]*?)\n\treturn|if _bridge == null:\n([\s\S]*?)return not_web/.exec(script);
  expect(branch).not.toBeNull();
  expect(branch![0]).toMatch(/on_reply\.call\(not_web\)/);
});
