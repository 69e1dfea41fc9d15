/**
 * One `warning` per page when a service worker other than the relay controls it: its unload
 * upload may never reach the network, so it is not counted as delivered.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RELAY_ANSWER_MS, watchForeignWorker } from '../../../src/client/foreign-worker.js';
import type { TpError } from '../../../src/errors/index.js';

/** A `navigator.serviceWorker` whose controller the test sets, with `controllerchange`. */
function fakeContainer(controlled: boolean) {
  const container = Object.assign(new EventTarget(), { controller: controlled ? ({} as ServiceWorker) : null });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, get: () => container });
  return {
    claim(): void {
      container.controller = {} as ServiceWorker;
      container.dispatchEvent(new Event('controllerchange'));
    },
  };
}

afterEach(() => {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  vi.useRealTimers();
});

describe('a page controlled by a service worker that is not the relay', () => {
  it('warns once, at start (after the task that created the client), without the relay option; a later controllerchange does not warn again', async () => {
    const page = fakeContainer(true);
    const warnings: TpError[] = [];
    const stop = watchForeignWorker({ relayWanted: false, relayAnswered: () => false, warn: (e) => warnings.push(e) });
    expect(warnings).toHaveLength(0); // the game attaches its listeners right after createClient
    await Promise.resolve();
    page.claim();
    expect(warnings.map((w) => w.message)).toEqual([expect.stringContaining('a service worker that is not the tp-web-sdk relay controls this page')]);
    stop();
  });

  it('warns when a worker claims the page later (clients.claim())', () => {
    const page = fakeContainer(false);
    const warnings: TpError[] = [];
    const stop = watchForeignWorker({ relayWanted: false, relayAnswered: () => false, warn: (e) => warnings.push(e) });
    expect(warnings).toHaveLength(0);
    page.claim();
    expect(warnings).toHaveLength(1);
    stop();
  });

  it('with the relay option: no warning when the worker answers as the relay; one when it has not answered after the wait', async () => {
    vi.useFakeTimers();
    fakeContainer(true);
    let ready = false;
    const warnings: TpError[] = [];
    const stop = watchForeignWorker({ relayWanted: true, relayAnswered: () => ready, warn: (e) => warnings.push(e) });
    await Promise.resolve();
    vi.advanceTimersByTime(RELAY_ANSWER_MS);
    expect(warnings).toHaveLength(1);
    stop();

    const again: TpError[] = [];
    const stopAgain = watchForeignWorker({ relayWanted: true, relayAnswered: () => ready, warn: (e) => again.push(e) });
    await Promise.resolve();
    ready = true;
    vi.advanceTimersByTime(RELAY_ANSWER_MS);
    expect(again).toHaveLength(0);
    stopAgain();
  });

  it('no worker: no warning', async () => {
    fakeContainer(false);
    const warnings: TpError[] = [];
    watchForeignWorker({ relayWanted: false, relayAnswered: () => false, warn: (e) => warnings.push(e) })();
    await Promise.resolve();
    expect(warnings).toHaveLength(0);
  });
});

describe('a page where navigator.serviceWorker throws (a sandboxed iframe without allow-same-origin)', () => {
  it('watches nothing and throws nothing', async () => {
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      get: () => {
        throw new DOMException('Service worker is disabled because the context is sandboxed', 'SecurityError');
      },
    });
    const warnings: TpError[] = [];
    expect(() => watchForeignWorker({ relayWanted: false, relayAnswered: () => false, warn: (e) => warnings.push(e) })()).not.toThrow();
    await Promise.resolve();
    expect(warnings).toHaveLength(0);
  });
});
