/**
 * tp-web-sdk/tcf in Chromium, with a CMP written as page scripts the way the IAB TCF v2.2 CMP API
 * describes it: first the stub (a `__tcfapi` that queues calls, a `__tcfapiLocator` frame, a
 * `message` listener answering `__tcfapiCall`), then the CMP, which replaces `__tcfapi`, takes
 * the queue over and answers asynchronously. The consent target is a plain object recording its
 * `setConsent` calls. Once in the test's own window, once in the window above it (the test runs
 * in a frame of Vitest's page), where the bridge reaches the CMP by postMessage. The last test
 * drives a real client on IndexedDB.
 */
import { afterEach, expect, it } from 'vitest';
import { consentFromTcf, type ConsentState, type ConsentTarget, type TcData } from '../../src/tcf.js';
import { storedClient } from '../support/stored-client.js';

/** The stub, as a CMP's first script tag is: it must exist before any other script asks. */
const STUB = `(function () {
  var queue = [];
  var locator = document.createElement('iframe');
  locator.name = '__tcfapiLocator';
  locator.style.display = 'none';
  document.body.appendChild(locator);
  window.__tcfapi = function (command, version, callback, parameter) {
    if (command === 'ping') callback({ gdprApplies: undefined, cmpLoaded: false, cmpStatus: 'stub', apiVersion: '2.2' }, true);
    else queue.push([command, version, callback, parameter]);
  };
  window.__tcfapi.queue = queue;
  function onMessage(event) {
    var data = event.data;
    try { if (typeof data === 'string') data = JSON.parse(data); } catch (e) { return; }
    var call = data && data.__tcfapiCall;
    if (!call) return;
    window.__tcfapi(call.command, call.version, function (returnValue, success) {
      event.source.postMessage({ __tcfapiReturn: { returnValue: returnValue, success: success, callId: call.callId } }, '*');
    }, call.parameter);
  }
  window.addEventListener('message', onMessage);
  window.__testCmpRemove = function () {
    window.removeEventListener('message', onMessage);
    locator.remove();
    delete window.__tcfapi;
    delete window.__testCmp;
    delete window.__testCmpRemove;
  };
})();`;

/** The CMP once loaded: one TCData, sent to each listener (with its listenerId) after a task. */
const CMP = `(function () {
  var queue = window.__tcfapi.queue;
  var listeners = {};
  var next = 0;
  var data = null;
  var removed = [];
  function send(id) {
    var tcData = Object.assign({}, data, { listenerId: id });
    setTimeout(function () { if (listeners[id]) listeners[id](tcData, true); }, 0);
  }
  window.__tcfapi = function (command, version, callback, parameter) {
    if (version !== 2) return callback(null, false);
    if (command === 'addEventListener') {
      var id = next++;
      listeners[id] = callback;
      if (data) send(id);
    } else if (command === 'removeEventListener') {
      var found = parameter in listeners;
      delete listeners[parameter];
      removed.push(parameter);
      setTimeout(function () { callback(found); }, 0);
    } else callback(null, false);
  };
  window.__testCmp = {
    set: function (tcData) { data = tcData; Object.keys(listeners).forEach(function (id) { send(Number(id)); }); },
    removed: removed,
    listeners: function () { return Object.keys(listeners).length; },
  };
  queue.forEach(function (args) { window.__tcfapi.apply(null, args); });
})();`;

interface TestWindow extends Window {
  __testCmp?: { set(tcData: TcData): void; removed: unknown[]; listeners(): number };
  __testCmpRemove?: () => void;
}

const used: TestWindow[] = [];
afterEach(() => {
  for (const win of used.splice(0)) win.__testCmpRemove?.();
});

/** Runs `source` as a page script of `win`. */
function pageScript(win: TestWindow, source: string): void {
  const script = win.document.createElement('script');
  script.textContent = source;
  win.document.head.appendChild(script);
  script.remove();
}

function recordingTarget(): ConsentTarget & { calls: ConsentState[] } {
  const calls: ConsentState[] = [];
  const target = { calls, consent: 'pending' as ConsentState };
  return Object.assign(target, {
    setConsent(state: ConsentState) {
      calls.push(state);
      target.consent = state;
    },
  });
}

const decided = (eventStatus: string, consents: Record<number, boolean>): TcData => ({
  tcString: 'CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA',
  eventStatus,
  cmpStatus: 'loaded',
  gdprApplies: true,
  purpose: { consents },
});

it.each([
  ['this window', () => window as TestWindow],
  ['the window above (postMessage through __tcfapiLocator)', () => window.parent as TestWindow],
])('a CMP in %s: stub, then CMP; the user decides, changes their mind; stop() removes the listener', async (_label, where) => {
  const win = where();
  used.push(win);
  pageScript(win, STUB);
  const target = recordingTarget();
  const bridge = consentFromTcf(target);
  expect(bridge.state).toBe('listening');

  pageScript(win, CMP); // the CMP loads after the game asked
  const cmp = win.__testCmp!;
  cmp.set({ eventStatus: 'cmpuishown', cmpStatus: 'loaded', gdprApplies: true, purpose: { consents: {} } });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(target.calls).toEqual([]);
  expect(bridge.state).toBe('listening');

  cmp.set(decided('useractioncomplete', { 1: true, 2: true, 8: true }));
  await expect.poll(() => target.calls).toEqual(['granted']);
  cmp.set(decided('useractioncomplete', { 1: true, 8: false }));
  await expect.poll(() => target.calls).toEqual(['granted', 'denied']);
  expect(bridge.state).toBe('decided');

  bridge.stop();
  await expect.poll(() => cmp.listeners()).toBe(0);
  expect(cmp.removed).toEqual([0]);
  cmp.set(decided('useractioncomplete', { 1: true, 8: true }));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(target.calls).toEqual(['granted', 'denied']);
});

it('gdprApplies false from a CMP loaded before the game: granted', async () => {
  const win = window as TestWindow;
  used.push(win);
  pageScript(win, STUB);
  pageScript(win, CMP);
  win.__testCmp!.set({ eventStatus: 'tcloaded', cmpStatus: 'loaded', gdprApplies: false });
  const target = recordingTarget();
  consentFromTcf(target);
  await expect.poll(() => target.calls).toEqual(['granted']);
});

it('no CMP on the page or above: no-cmp, consent untouched', () => {
  const target = recordingTarget();
  expect(consentFromTcf(target).state).toBe('no-cmp');
  expect(target.calls).toEqual([]);
});

it('with the real client: pending until the CMP answers; purposes 1 and 8 grant (held records arrive); a refusal denies and erases', async () => {
  const namespace = `tcf-${crypto.randomUUID().slice(0, 8)}`;
  const received: unknown[] = [];
  const tp = storedClient(namespace, (body) => void received.push(...Object.values(body).flat()), { consent: 'pending' });
  const win = window as TestWindow;
  used.push(win);
  pageScript(win, STUB);
  const bridge = consentFromTcf(tp);
  tp.track('players_login', {});
  pageScript(win, CMP);
  const cmp = win.__testCmp!;
  await new Promise((resolve) => setTimeout(resolve, 50)); // loaded, no answer yet
  expect(tp.consent).toBe('pending');
  expect((await indexedDB.databases()).filter((d) => d.name?.includes(namespace))).toEqual([]);

  cmp.set(decided('tcloaded', { 1: true, 8: true }));
  await expect.poll(() => tp.consent).toBe('granted');
  await tp.flush();
  expect(received).toHaveLength(1);
  expect((await indexedDB.databases()).some((d) => d.name === `tp-web-sdk/${namespace}/queue`)).toBe(true);

  cmp.set(decided('useractioncomplete', { 1: true, 8: false }));
  await expect.poll(() => tp.consent).toBe('denied');
  await expect.poll(async () => (await indexedDB.databases()).filter((d) => d.name?.includes(namespace))).toEqual([]);
  expect(Object.keys(localStorage).filter((k) => k.includes(namespace))).toEqual([]);
  expect(tp.track('players_login', {})).toBe(false);
  bridge.stop();
  await tp.shutdown();
});

it('a CMP flapping 10,000 times between grant and refusal: the real client moves once per settled change, storage erased once', async () => {
  const namespace = `tcf-${crypto.randomUUID().slice(0, 8)}`;
  const tp = storedClient(namespace, () => undefined, { consent: 'granted' });
  const calls: ConsentState[] = [];
  const target: ConsentTarget = {
    get consent() {
      return tp.consent;
    },
    setConsent(state) {
      calls.push(state);
      tp.setConsent(state);
    },
  };
  let answer: ((tcData: TcData, success: boolean) => void) | undefined;
  const bridge = consentFromTcf(target, { tcfapi: (command, _version, callback) => void (command === 'addEventListener' && (answer = callback)) });
  const flap = (endOn: 'grant' | 'deny') => {
    for (let i = 0; i < 10_000; i++) answer!(decided('useractioncomplete', (i % 2 === 0) === (endOn === 'deny') ? { 1: true, 8: true } : { 1: true, 8: false }), true);
  };
  tp.track('players_login', {});
  await expect.poll(async () => (await indexedDB.databases()).some((d) => d.name === `tp-web-sdk/${namespace}/queue`)).toBe(true);

  flap('grant'); // ends where it started: nothing to do
  await new Promise((resolve) => setTimeout(resolve, 700));
  expect(calls).toEqual([]);
  expect(tp.stats().queued).toBe(1);

  flap('deny');
  await new Promise((resolve) => setTimeout(resolve, 700));
  expect(calls).toEqual(['denied']);
  await expect.poll(async () => (await indexedDB.databases()).filter((d) => d.name?.includes(namespace))).toEqual([]);
  bridge.stop();
  await tp.shutdown();
});
