/**
 * Finding the CMP (IAB TCF v2.2 CMP API, "How can scripts determine if there is a CMP present?"):
 * `__tcfapi` on the page's own window, or else an ancestor frame holding a child frame named
 * `__tcfapiLocator`, reached with `postMessage` (`__tcfapiCall` out, `__tcfapiReturn` back).
 */

/** The callback a `__tcfapi` command answers: `(tcData, success)` for `addEventListener`. */
export type TcfCallback = (tcData: unknown, success: boolean) => void;

/** The CMP's function, `window.__tcfapi(command, version, callback, parameter)`. */
export type TcfApi = (command: string, version: number, callback: TcfCallback, parameter?: unknown) => void;

/** A found CMP: the function to call it, and `release()`, which stops listening for its answers. */
export interface Cmp {
  readonly api: TcfApi;
  release(): void;
}

/** What the lookup uses of a window (`window` is one). */
export interface CmpWindow {
  readonly parent: CmpWindow;
  readonly frames: unknown;
  postMessage(message: unknown, targetOrigin: string): void;
  addEventListener(type: 'message', listener: (event: { data: unknown; source: unknown }) => void): void;
  removeEventListener(type: 'message', listener: (event: { data: unknown; source: unknown }) => void): void;
}

/** Does nothing: a callback whose answer is not needed, a `release` with nothing to release. */
export const noop = (): void => undefined;

/** The CMP of `win`'s page, or `undefined` when there is none (yet). Never throws. */
export function findCmp(win: CmpWindow | undefined = typeof window === 'undefined' ? undefined : (window as unknown as CmpWindow)): Cmp | undefined {
  if (!win) return undefined;
  const own = (): unknown => (win as unknown as { __tcfapi?: unknown }).__tcfapi;
  // Called through the window each time: the CMP replaces its stub's function when it loads.
  if (typeof own() === 'function') return { api: (...args) => (own() as TcfApi)(...args), release: noop };
  for (let frame = win; frame !== frame.parent; ) {
    frame = frame.parent;
    try {
      if ((frame.frames as Record<string, unknown>)['__tcfapiLocator']) return framed(win, frame);
    } catch {
      // a frame that cannot be read: look further up
    }
  }
  return undefined;
}

/** Calls the CMP of `frame` by `postMessage`, matching its answers by `callId`. */
function framed(win: CmpWindow, frame: CmpWindow): Cmp {
  const prefix = `tp-tcf-${Math.random().toString(36).slice(2)}-`;
  const callbacks = new Map<string, TcfCallback>();
  let calls = 0;
  const onMessage = (event: { data: unknown; source: unknown }): void => {
    try {
      if (event.source !== frame) return;
      const data = (typeof event.data === 'string' ? JSON.parse(event.data) : event.data) as { __tcfapiReturn?: { returnValue?: unknown; success?: boolean; callId?: unknown } } | null;
      const answer = data?.__tcfapiReturn;
      callbacks.get(String(answer?.callId))?.(answer?.returnValue, answer?.success !== false);
    } catch {
      // not an answer of the CMP
    }
  };
  win.addEventListener('message', onMessage);
  return {
    api: (command, version, callback, parameter) => {
      const callId = prefix + calls++;
      callbacks.set(callId, callback);
      frame.postMessage({ __tcfapiCall: { command, version, parameter, callId } }, '*');
    },
    release: () => win.removeEventListener('message', onMessage),
  };
}
