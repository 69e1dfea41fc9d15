/**
 * The Construct 3 addon: its generated files are what the table and the record catalog give; the
 * packed `.c3addon` holds exactly addon.json's file-list; every action, condition and expression
 * has its words (and each parameter and combo item), and a runtime method of its script name,
 * read by running the runtime scripts over stand-ins of the Addon SDK v2 base classes.
 */
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { unzipSync } from 'fflate';
import { expect, it } from 'vitest';
import { ACTIONS, ADDON_DIR, CONDITIONS, EXPRESSIONS, packAddon, renderAces, renderActions, renderLang } from '../../scripts/construct-addon.js';
import { OBJECT_NAMES } from '../../src/index.js';

const read = (path: string): string => readFileSync(`${ADDON_DIR}${path}`, 'utf8');
type Json = Record<string, any>;

it('aces.json, lang/en-US.json and the kinds of actions.js are what the table generates (run `npm run construct:addon`)', () => {
  expect(read('aces.json')).toBe(renderAces());
  expect(read('lang/en-US.json')).toBe(renderLang());
  expect(read('c3runtime/actions.js')).toBe(renderActions(read('c3runtime/actions.js')));
});

it('the packed addon holds exactly the files addon.json lists, the SDK among them', () => {
  const addon = JSON.parse(read('addon.json')) as Json;
  expect(addon).toMatchObject({ 'is-c3-addon': true, 'sdk-version': 2, type: 'plugin', id: 'TpWebSdk' });
  const files = unzipSync(packAddon('/* the SDK */'));
  expect(Object.keys(files).sort()).toEqual([...addon['file-list']].sort());
  for (const script of addon['editor-scripts']) expect(addon['file-list']).toContain(script);
  expect(new TextDecoder().decode(files['c3runtime/tp-web-sdk.iife.js'])).toBe('/* the SDK */');
});

it('every ACE has its words, and every parameter and combo item too', () => {
  const lang = (JSON.parse(read('lang/en-US.json')) as Json).text.plugins.tpwebsdk;
  const aces = (JSON.parse(read('aces.json')) as Json)['tp-web-sdk'];
  for (const kind of ['actions', 'conditions'] as const) {
    for (const ace of aces[kind]) {
      const words = lang[kind][ace.id];
      expect(words, ace.id).toMatchObject({ 'list-name': expect.any(String), 'display-text': expect.any(String), description: expect.any(String) });
      for (const param of ace.params ?? []) {
        expect(words.params[param.id], `${ace.id}.${param.id}`).toMatchObject({ name: expect.any(String), desc: expect.any(String) });
        for (const item of param.items ?? []) expect(words.params[param.id].items[item], `${ace.id}.${param.id}.${item}`).toEqual(expect.any(String));
      }
      // {0}… in the display text name existing parameters.
      for (const [, n] of words['display-text'].matchAll(/\{(\d+)\}/g)) expect(Number(n)).toBeLessThan((ace.params ?? []).length);
    }
  }
  for (const exp of aces.expressions) expect(lang.expressions[exp.id], exp.id).toMatchObject({ description: expect.any(String), 'translated-name': exp.expressionName });
  const ids = [...aces.actions, ...aces.conditions, ...aces.expressions].map((a: Json) => a.id);
  for (const id of ids) expect(id).toMatch(/^[a-z][a-z0-9-]*$/);
});

it('every ACE has a runtime method of its script name; the Track combo lists the 43 kinds in KINDS order', () => {
  const base = class {
    constructor(..._args: unknown[]) {}
    _addDOMMessageHandler() {}
  };
  const context: Record<string, any> = { ISDKPluginBase: base, ISDKObjectTypeBase: base, ISDKInstanceBase: base };
  context.globalThis = context;
  context.C3 = { Plugins: {} };
  for (const file of ['plugin', 'type', 'instance', 'conditions', 'actions', 'expressions']) {
    // The runtime scripts are modules, each with its own `const C3`: run each in a scope of its own.
    runInNewContext(`(() => {\n${read(`c3runtime/${file}.js`)}\n})()`, context);
  }
  const plugin = context.C3.Plugins.TpWebSdk;
  for (const ace of ACTIONS) expect(typeof plugin.Acts[ace.scriptName], ace.scriptName).toBe('function');
  for (const ace of CONDITIONS) expect(typeof plugin.Cnds[ace.scriptName], ace.scriptName).toBe('function');
  for (const ace of EXPRESSIONS) expect(typeof plugin.Exps[ace.scriptName], ace.scriptName).toBe('function');
  expect(typeof plugin.Instance).toBe('function');
  expect(Array.from(plugin.KINDS)).toEqual([...OBJECT_NAMES]);
  const track = (JSON.parse(read('aces.json')) as Json)['tp-web-sdk'].actions.find((a: Json) => a.id === 'track');
  expect(track.params[0].items).toEqual(OBJECT_NAMES.map((n) => n.replaceAll('_', '-')));
});

it('without the SDK in the page, a call does nothing, fires On error, and one warning is logged for all', async () => {
  const triggered: string[] = [];
  const base = class {
    constructor(..._args: unknown[]) {}
    _addDOMMessageHandler() {}
    _postToDOMAsync() {
      return Promise.resolve({ reply: '{"v":1,"id":null,"ok":false,"error":{"name":"BridgeError","code":"not-loaded","message":"TPSDK is not loaded"}}' });
    }
    _trigger(condition: unknown) {
      triggered.push(Object.keys(context.C3.Plugins.TpWebSdk.Cnds).find((k) => context.C3.Plugins.TpWebSdk.Cnds[k] === condition)!);
    }
  };
  const warnings: unknown[] = [];
  const context: Record<string, any> = { ISDKPluginBase: base, ISDKObjectTypeBase: base, ISDKInstanceBase: base, console: { warn: (...a: unknown[]) => warnings.push(a) } };
  context.globalThis = context;
  context.C3 = { Plugins: {} };
  for (const file of ['plugin', 'type', 'instance', 'conditions', 'actions', 'expressions']) runInNewContext(`(() => {\n${read(`c3runtime/${file}.js`)}\n})()`, context);
  const plugin = context.C3.Plugins.TpWebSdk;
  const instance = new plugin.Instance();
  await plugin.Acts.Flush.call(instance);
  await plugin.Acts.Identify.call(instance, 'p-1');
  expect(triggered).toEqual(['OnError', 'OnError']);
  expect(warnings).toHaveLength(1);
  expect(plugin.Exps.LastError.call(instance)).toMatch(/not loaded/);
});

it('the SDK\'s events as triggers: a Buy is On purchase then one On offer closed; an expiry one On offer closed', () => {
  const triggered: string[] = [];
  const base = class {
    constructor(..._args: unknown[]) {}
    _addDOMMessageHandler() {}
    _trigger(condition: unknown) {
      triggered.push(Object.keys(context.C3.Plugins.TpWebSdk.Cnds).find((k) => context.C3.Plugins.TpWebSdk.Cnds[k] === condition)!);
    }
  };
  const context: Record<string, any> = { ISDKPluginBase: base, ISDKObjectTypeBase: base, ISDKInstanceBase: base };
  context.globalThis = context;
  context.C3 = { Plugins: {} };
  for (const file of ['plugin', 'type', 'instance', 'conditions', 'actions', 'expressions']) runInNewContext(`(() => {\n${read(`c3runtime/${file}.js`)}\n})()`, context);
  const plugin = context.C3.Plugins.TpWebSdk;
  const instance = new plugin.Instance();
  const deliver = (event: string, detail?: string): void => instance._onMessage({ message: JSON.stringify({ v: 1, event, data: { offer: { offer_id: 7 }, detail } }) });
  // As the SDK emits them (src/offers/reactions.ts): a Buy, then the close after it.
  deliver('offer:open');
  deliver('offer:interact', 'gem-pack');
  deliver('offer:close');
  expect(triggered).toEqual(['OnOfferShown', 'OnPurchase', 'OnOfferClosed']);
  expect([plugin.Exps.LastOfferId.call(instance), plugin.Exps.LastProductId.call(instance)]).toEqual([7, 'gem-pack']);
  triggered.length = 0;
  deliver('offer:open');
  deliver('offer:close');
  deliver('offer:expired');
  expect(triggered).toEqual(['OnOfferShown', 'OnOfferClosed']);
});

it('aces.json keeps to the Addon SDK v2 rules for ACEs: known keys only, the required ones, parameter and return types', () => {
  const aces = (JSON.parse(read('aces.json')) as Json)['tp-web-sdk'];
  const PARAM_TYPES = ['number', 'string', 'any', 'boolean', 'combo', 'cmp', 'object', 'objectname', 'layer', 'layout', 'keyb', 'instancevar', 'instancevarbool', 'eventvar', 'eventvarbool', 'animation', 'objinstancevar'];
  const KEYS = {
    conditions: ['id', 'c2id', 'scriptName', 'isDeprecated', 'highlight', 'isTrigger', 'isFakeTrigger', 'isStatic', 'isLooping', 'isInvertible', 'isCompatibleWithTriggers', 'params'],
    actions: ['id', 'c2id', 'scriptName', 'isDeprecated', 'highlight', 'isAsync', 'params'],
    expressions: ['id', 'c2id', 'expressionName', 'isDeprecated', 'highlight', 'returnType', 'isVariadicParameters', 'params'],
  } as const;
  expect(Object.keys(aces).sort()).toEqual(['actions', 'conditions', 'expressions']);
  for (const [kind, keys] of Object.entries(KEYS)) {
    for (const ace of aces[kind]) {
      expect(Object.keys(ace).filter((k) => !(keys as readonly string[]).includes(k)), ace.id).toEqual([]);
      expect(typeof ace.id).toBe('string');
      expect(typeof (kind === 'expressions' ? ace.expressionName : ace.scriptName)).toBe('string');
      if (kind === 'expressions') expect(['number', 'string', 'any']).toContain(ace.returnType);
      for (const param of ace.params ?? []) {
        expect(Object.keys(param).filter((k) => !['id', 'c2id', 'type', 'initialValue', 'items', 'allowedPluginIds'].includes(k))).toEqual([]);
        expect(PARAM_TYPES).toContain(param.type);
        if (param.initialValue !== undefined) expect(typeof param.initialValue).toBe('string');
        if (param.type === 'combo') expect(param.items.length).toBeGreaterThan(0);
      }
    }
  }
});

it('an asynchronous action (Flush) ends with its op, when the final reply comes, not at the pending reply', async () => {
  const base = class {
    constructor(..._args: unknown[]) {}
    _addDOMMessageHandler() {}
    _postToDOMAsync(_name: string, data: { request: string }) {
      const { id } = JSON.parse(data.request) as { id: string };
      return Promise.resolve({ reply: JSON.stringify({ v: 1, id, pending: true }) });
    }
    _trigger() {}
  };
  const context: Record<string, any> = { ISDKPluginBase: base, ISDKObjectTypeBase: base, ISDKInstanceBase: base };
  context.globalThis = context;
  context.C3 = { Plugins: {} };
  for (const file of ['plugin', 'type', 'instance', 'conditions', 'actions', 'expressions']) runInNewContext(`(() => {\n${read(`c3runtime/${file}.js`)}\n})()`, context);
  const plugin = context.C3.Plugins.TpWebSdk;
  const instance = new plugin.Instance();
  let ended = false;
  const flushing = plugin.Acts.Flush.call(instance).then(() => (ended = true));
  await new Promise((r) => setTimeout(r, 20));
  expect(ended).toBe(false);
  instance._onMessage({ message: JSON.stringify({ v: 1, id: 'c1', ok: true, result: { records: 3, batches: 1, deadLettered: 0 } }) });
  await flushing;
  expect(ended).toBe(true);
});
