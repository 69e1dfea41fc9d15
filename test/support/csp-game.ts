/**
 * A game under a strict Content-Security-Policy (test/e2e/csp.test.ts): bundled by esbuild once
 * over the script-tag build's `window.TPSDK` and once over the package entry, it runs the SDK
 * through what a game does and posts what it saw to `POST /report` on its own origin (the test
 * reads no value out of the page with Playwright's evaluate, which has its own ways to run code).
 *
 * The page's first script, served before the SDK, collects the `securitypolicyviolation` events in
 * `window.cspViolations`: a report counts even when the SDK goes on working.
 *
 * Query parameters: `baseUrl`, `clientKey`, `authMode`, `player` (a prefix), `nonce` (the DOM
 * adapter's `nonce`, for a page whose constructable stylesheets are taken away).
 */
import type * as Package from '../../src/index.js';
import type * as Dom from '../../src/dom.js';
import type * as Canvas from '../../src/canvas.js';

export type Sdk = typeof Package & typeof Dom & typeof Canvas;

/** What the page posts to `/report`. */
export interface CspGameReport {
  /** The `player` parameter. */
  readonly player: string;
  readonly steps: Record<string, unknown>;
  readonly violations: readonly string[];
  readonly error?: string;
}

const until = async <T>(probe: () => T | null | undefined, what: string): Promise<T> => {
  for (let i = 0; i < 200; i++) {
    const found = probe();
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
};

/** The loaded state of an image: `loaded`, `failed` (or removed by the adapter), `none`. */
const imageState = (img: HTMLImageElement | null | undefined): Promise<string> =>
  !img
    ? Promise.resolve('none')
    : img.decode().then(
        () => 'loaded',
        () => 'failed',
      );

export async function runGame(sdk: Sdk): Promise<void> {
  const q = new URLSearchParams(location.search);
  const common = {
    baseUrl: q.get('baseUrl')!,
    clientKey: q.get('clientKey')!,
    authMode: q.get('authMode')!,
    region: 'KR',
    flushIntervalMs: 0,
    autoLogin: false as const, // the records counted are the game's own
  };
  const player = q.get('player')!;
  const nonce = q.get('nonce') ?? undefined;
  const steps: Record<string, unknown> = {};
  let error: string | undefined;
  try {
    // 1. The DOM adapter, gzip bodies (the default).
    const dom = sdk.createDomAdapter({ nonce });
    const a = sdk.createClient({ ...common, namespace: 'csp-dom', compression: 'gzip', ui: dom });
    const invalid: string[] = [];
    a.on('invalid', (e) => invalid.push(e.message));
    a.identify(`${player}-dom`);
    steps.tracked = a.track('characters_stages', { character_slug: 'knight', stage_slug: 'csp-gzip' });
    steps.refused = a.track('characters_stages', { character_slug: 'knight', stage_slug: 42 } as never);
    steps.invalid = invalid;
    steps.gzipFlush = await a.flush();
    const offers = await a.offers.refresh();
    steps.offers = offers.length;
    const shown = a.offers.show(offers[0]!.offer_id);
    const root = await until(() => document.querySelector('[data-tp-offer]')?.shadowRoot, 'the DOM dialog');
    const dialog = root.querySelector<HTMLElement>('[role="dialog"]')!;
    // A blocked stylesheet leaves the card transparent and the backdrop unpositioned.
    steps.styledBy = root.adoptedStyleSheets?.length ? 'adopted' : root.querySelector('style') ? '<style>' : 'nothing';
    steps.dialogBackground = getComputedStyle(dialog).backgroundColor;
    steps.backdropPosition = getComputedStyle(dialog.parentElement!).position;
    steps.domImage = await imageState(root.querySelector('img'));
    root.querySelector<HTMLButtonElement>('.close')!.click();
    steps.domOutcome = (await shown).action;
    await a.flush(); // the reactions
    await a.shutdown();

    // 2. The canvas adapter on the game's own canvas (its image loaded with CORS), JSON bodies.
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    canvas.style.width = '640px';
    canvas.style.height = '480px';
    document.body.append(canvas);
    // The test reads pixels back: a context made for it (Chromium warns otherwise).
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    const ui = sdk.createCanvasAdapter({ context: ctx, clear: false });
    const b = sdk.createClient({ ...common, namespace: 'csp-canvas', compression: 'none', ui, playerSlug: `${player}-canvas` });
    steps.jsonTracked = b.track('characters_stages', { character_slug: 'knight', stage_slug: 'csp-json' });
    steps.jsonFlush = await b.flush();
    const canvasOffers = await b.offers.refresh();
    const onCanvas = b.offers.show(canvasOffers[0]!.offer_id);
    // The card's pixels at the canvas's center, once drawn.
    steps.canvasDrawn = await until(() => ctx.getImageData(320, 240, 1, 1).data[3]! > 0, 'the canvas dialog').catch(() => false);
    canvas.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    steps.canvasOutcome = (await onCanvas).action;
    await b.flush();
    await b.shutdown();
  } catch (e) {
    error = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  }
  // Violation events are queued as tasks: let the last ones arrive.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const violations = (window as unknown as { cspViolations: string[] }).cspViolations;
  const report: CspGameReport = { player, steps, violations, ...(error === undefined ? {} : { error }) };
  await fetch('/report', { method: 'POST', body: JSON.stringify(report) });
}
