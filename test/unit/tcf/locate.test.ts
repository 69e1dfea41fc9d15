/**
 * findCmp in a frame (IAB TCF v2.2 CMP API, "Is there a CMP in an ancestor frame?"): the ancestor
 * holding a `__tcfapiLocator` frame is called with `__tcfapiCall` messages and its
 * `__tcfapiReturn` answers reach the callback of the same `callId`. Windows are plain objects here;
 * test/browser/tcf.test.ts does the same with real frames.
 */
import { expect, it } from 'vitest';
import { findCmp, type CmpWindow } from '../../../src/tcf/locate.js';

type Listener = (event: { data: unknown; source: unknown }) => void;

/** A game frame two levels under the top window; `locatorAt` is where the `__tcfapiLocator` frame is. */
function frames(locatorAt: 'parent' | 'top' | 'none') {
  const posted: unknown[] = [];
  const listeners = new Set<Listener>();
  const top = { frames: locatorAt === 'top' ? { __tcfapiLocator: {} } : {}, postMessage: (m: unknown) => posted.push(m) } as Record<string, unknown>;
  top.parent = top;
  const parent = { parent: top, frames: locatorAt === 'parent' ? { __tcfapiLocator: {} } : {}, postMessage: (m: unknown) => posted.push(m) };
  const game = {
    parent,
    frames: {},
    postMessage: () => undefined,
    addEventListener: (_type: string, listener: Listener) => listeners.add(listener),
    removeEventListener: (_type: string, listener: Listener) => listeners.delete(listener),
  };
  const deliver = (data: unknown, source: unknown) => listeners.forEach((listener) => listener({ data, source }));
  return { game: game as unknown as CmpWindow, top, parent, posted, listeners, deliver };
}

it('finds the locator in the nearest ancestor that has one, and talks to it by postMessage', () => {
  const { game, top, posted, deliver, listeners } = frames('top');
  const cmp = findCmp(game)!;
  const answers: unknown[][] = [];
  cmp.api('addEventListener', 2, (...args) => answers.push(args));
  const call = (posted[0] as { __tcfapiCall: { command: string; version: number; callId: string } }).__tcfapiCall;
  expect(call).toMatchObject({ command: 'addEventListener', version: 2 });
  const reply = { __tcfapiReturn: { returnValue: { eventStatus: 'tcloaded', listenerId: 3 }, success: true, callId: call.callId } };
  deliver(reply, top);
  deliver(JSON.stringify(reply), top); // some CMPs answer with a JSON string
  deliver(reply, {}); // another window's message is not the CMP's
  deliver({ __tcfapiReturn: { ...reply.__tcfapiReturn, callId: 'other' } }, top);
  deliver('not json {', top);
  deliver(null, top);
  expect(answers).toEqual([
    [{ eventStatus: 'tcloaded', listenerId: 3 }, true],
    [{ eventStatus: 'tcloaded', listenerId: 3 }, true],
  ]);
  cmp.api('removeEventListener', 2, () => undefined, 3);
  expect(posted[1]).toMatchObject({ __tcfapiCall: { command: 'removeEventListener', version: 2, parameter: 3 } });
  expect((posted[1] as { __tcfapiCall: { callId: string } }).__tcfapiCall.callId).not.toBe(call.callId);
  cmp.release();
  expect(listeners.size).toBe(0);
});

it('a success: false answer reaches the callback as false', () => {
  const { game, parent, posted, deliver } = frames('parent');
  const answers: unknown[] = [];
  findCmp(game)!.api('addEventListener', 2, (_data, success) => answers.push(success));
  const { callId } = (posted[0] as { __tcfapiCall: { callId: string } }).__tcfapiCall;
  deliver({ __tcfapiReturn: { returnValue: undefined, success: false, callId } }, parent);
  expect(answers).toEqual([false]);
});

it('no locator, or an ancestor that cannot be read: no CMP', () => {
  expect(findCmp(frames('none').game)).toBeUndefined();
  const { game, parent } = frames('top');
  Object.defineProperty(parent, 'frames', {
    get() {
      throw new DOMException('Blocked a frame', 'SecurityError');
    },
  });
  expect(findCmp(game)).toBeDefined(); // looked past it, found the top's
  expect(findCmp(undefined)).toBeUndefined();
});
