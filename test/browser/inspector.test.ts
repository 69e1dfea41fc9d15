/**
 * The in-game inspector (tp-web-sdk/inspector) in Chromium, on real clients whose requests a
 * test `fetch` answers: it opens from code, from its button, from its key and from the address;
 * it shows an upload after a flush, an invalid record after a bad `track`, the offers with their
 * verdict and state (and says so when the build has none), the placement decisions, the session,
 * gameplay or a break; closing gives focus back; nothing it does throws into the game; `detach()` leaves nothing
 * behind; attached from `<head>`, it draws once the page has a body.
 */
import { afterEach, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { createClient, type TpClient } from '../../src/index.js';
import { attachInspector, type InspectorHandle } from '../../src/inspector.js';
import { createClient as createLoggingClient } from '../../src/logging.js';
import { aiBody, offerRecord, personalizedBody } from '../fixtures/spec-samples.js';
import { memoryClientOptions, memoryLoggingOptions, okEnvelope } from '../support/memory-client.js';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  document.body.replaceChildren();
  history.replaceState(null, '', location.pathname);
});

/** A client (player `p-1`, memory storage) whose service accepts every upload and lists two offers: 1 usable, 2 inactive. */
function client(): TpClient {
  const tp = createClient(
    memoryClientOptions(async (url, init) => {
      if (new URL(String(url)).pathname.endsWith('/offers') && (init?.method ?? 'GET') === 'GET') {
        return okEnvelope([offerRecord(1, personalizedBody), offerRecord(2, aiBody, { is_offer_active: 0 })]);
      }
      return okEnvelope({});
    }),
  );
  cleanups.push(() => tp.shutdown());
  return tp;
}

function attach(tp: Parameters<typeof attachInspector>[0], options?: Parameters<typeof attachInspector>[1]): InspectorHandle {
  const inspector = attachInspector(tp, options);
  cleanups.push(() => inspector.detach());
  return inspector;
}

const host = (): HTMLElement | null => document.querySelector('[data-tp-inspector]');
const shadow = (): ShadowRoot => host()!.shadowRoot!;
const panel = (): HTMLElement => shadow().querySelector('[role="dialog"]')!;
const section = (title: RegExp): string => {
  const heading = [...shadow().querySelectorAll('h3')].find((h) => title.test(h.textContent ?? ''));
  return heading?.parentElement?.textContent ?? '';
};
const button = (name: RegExp): HTMLButtonElement => [...shadow().querySelectorAll('button')].find((b) => name.test(b.getAttribute('aria-label') ?? b.textContent ?? ''))!;

it('draws a button over the game, opens a non-modal dialog with the focus on its heading, and Escape gives focus back', async () => {
  const game = document.createElement('button');
  game.textContent = 'Play';
  document.body.append(game);
  game.focus();
  const inspector = attach(client());
  expect(host()?.parentElement).toBe(document.body);
  expect(panel().hidden).toBe(true);
  const fab = button(/^TP inspector/);
  expect(fab.getAttribute('aria-expanded')).toBe('false');

  inspector.open();
  expect(inspector.isOpen).toBe(true);
  expect(panel().hidden).toBe(false);
  expect(panel().getAttribute('aria-modal')).toBeNull();
  expect(shadow().activeElement?.tagName).toBe('H2');
  expect(panel().getAttribute('aria-labelledby')).toBe(shadow().activeElement?.id);

  await userEvent.keyboard('{Escape}');
  expect(inspector.isOpen).toBe(false);
  expect(document.activeElement).toBe(game);

  // From its button: closing gives the focus back to the button.
  fab.focus();
  await userEvent.keyboard('{Enter}');
  expect(inspector.isOpen).toBe(true);
  button(/^Close the inspector/).click();
  expect(inspector.isOpen).toBe(false);
  expect(shadow().activeElement).toBe(fab);
});

it('closed after opening with nothing focused (a canvas game listening on window), leaves the focus to the page: Enter and Space do not open it again', async () => {
  (document.activeElement as HTMLElement | null)?.blur();
  expect(document.activeElement).toBe(document.body);
  const keys: string[] = [];
  const game = (event: KeyboardEvent): void => void keys.push(event.key);
  window.addEventListener('keydown', game);
  cleanups.push(() => window.removeEventListener('keydown', game));
  const inspector = attach(client(), { key: 'F9' });

  for (const close of ['{Escape}', '{F9}', 'button'] as const) {
    if (close === '{F9}') await userEvent.keyboard('{F9}');
    else inspector.open();
    expect(inspector.isOpen).toBe(true);
    if (close === 'button') button(/^Close the inspector/).click();
    else await userEvent.keyboard(close);
    expect(inspector.isOpen).toBe(false);
    expect(shadow().activeElement).toBeNull();
    expect(document.activeElement).toBe(document.body);
    keys.length = 0;
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(inspector.isOpen).toBe(false);
    expect(keys).toEqual(['Enter', ' ']);
  }
});

it('shows an upload after a flush: its status, records per kind and bytes', async () => {
  const tp = client();
  const inspector = attach(tp);
  inspector.open();
  expect(section(/^Last uploads/)).toContain('no upload');
  tp.track('players_login', { device_unique_id: 'd-1', region: 'KR' });
  tp.track('players_join', { device_unique_id: 'd-1', region: 'KR' });
  button(/^Flush now/).click();
  await expect.poll(() => section(/^Last uploads/)).toMatch(/delivered.*players_login × 1, players_join × 1\d+/);
  const [upload] = inspector.report().uploads;
  expect(upload).toMatchObject({ status: 'delivered', records: 2, kinds: { players_login: 1, players_join: 1 } });
  expect(upload!.bytes).toBeGreaterThan(0);
  await expect.poll(() => shadow().querySelector('[role="status"]')?.textContent).toBe('Flushed: 2 record(s) in 1 request(s).');
  expect(section(/^Queue/)).toContain('Delivered2 in 1 request(s)');
});

it('marks an upload failed when the service cannot be reached, with the flush failure said', async () => {
  const tp = createClient(memoryClientOptions(async () => { throw new TypeError('Failed to fetch'); }));
  cleanups.push(() => tp.shutdown());
  const inspector = attach(tp);
  inspector.open();
  tp.track('players_login', { device_unique_id: 'd-1', region: 'KR' });
  button(/^Flush now/).click();
  await expect.poll(() => inspector.report().uploads[0]?.status).toBe('failed');
  expect(shadow().querySelector('[role="status"]')?.textContent).toMatch(/^Flush failed: logs request did not reach the service/);
});

it('shows an invalid record after a bad track: the kind, the field path and the reason', async () => {
  const tp = client();
  const inspector = attach(tp);
  inspector.open();
  tp.track('players_login', { device_unique_id: 42 } as never);
  await expect.poll(() => section(/^Invalid records/)).toMatch(/players_login: device_unique_id: invalid_type: /);
  expect(inspector.report().invalid[0]).toMatchObject({ objectName: 'players_login', paths: ['device_unique_id'] });
});

it('shows the offers with their verdict and state', async () => {
  const tp = client();
  const inspector = attach(tp);
  inspector.open();
  expect(section(/^Offers/)).toContain('no offer listed');
  await tp.offers.refresh();
  await expect.poll(() => section(/^Offers/)).toContain('2 (ai)inactivereceived');
  expect(section(/^Offers/)).toContain('1 (personalized)usableimpressed');
  const offers = inspector.report().offers;
  expect(offers).toHaveLength(2);
  expect(offers).toEqual(expect.arrayContaining([
    { offerId: 1, kind: 'personalized', verdict: 'usable', state: 'impressed' },
    { offerId: 2, kind: 'ai', verdict: 'inactive', state: 'received' },
  ]));
});

it('lists each placement decision: the skip and its reason, each candidate with its own', async () => {
  const tp = client();
  const inspector = attach(tp);
  inspector.open();
  expect(section(/^Placement decisions/)).toContain('no showAt()');
  await tp.offers.refresh();
  await expect(tp.offers.showAt('game-over')).resolves.toMatchObject({ action: 'skipped', reason: 'capped' }); // the session's first minute
  await new Promise((r) => setTimeout(r, 300)); // the panel redraws at most every 250 ms
  expect(section(/^Placement decisions/)).toMatch(/game-over: skipped: capped \(session-grace\)offer 1: cappedoffer 2: inactive/);
  expect(inspector.report().decisions).toEqual([expect.objectContaining({ placement: 'game-over', outcome: 'skipped', reason: 'capped' })]);
});

it('with a tp-web-sdk/logging client: "no offers in this build", and "no session" without one (consent pending)', () => {
  const tp = createLoggingClient({ ...memoryLoggingOptions(async () => okEnvelope({})), consent: 'pending' });
  cleanups.push(() => tp.shutdown());
  const inspector = attach(tp);
  inspector.open();
  expect(section(/^Offers/)).toContain('no offers in this build');
  expect(section(/^Placement decisions/)).toContain('no offers in this build');
  expect(section(/^Session/)).toContain('no session');
  expect(inspector.report().offers).toBeUndefined();
});

it("shows the client's session, and its start and end", async () => {
  const tp = createLoggingClient({ ...memoryLoggingOptions(async () => okEnvelope({})), consent: 'pending' });
  cleanups.push(() => tp.shutdown());
  const inspector = attach(tp);
  inspector.open();
  tp.setConsent('granted'); // a session starts
  await new Promise((r) => setTimeout(r, 0));
  const session = tp.session!;
  expect(inspector.report().session).toEqual(session);
  tp.setConsent('pending'); // and ends
  const report = inspector.report();
  expect(report.sessionEvents).toEqual([expect.stringContaining(`ended (consent) ${session.id}`), expect.stringContaining(`started ${session.id}`)]);
  await new Promise((r) => setTimeout(r, 300)); // the panel redraws at most every 250 ms
  expect(section(/^Session/)).toContain(`ended (consent) ${session.id}`);
});

it('shows whether the player is in gameplay, redrawn at each change', async () => {
  const tp = client();
  const inspector = attach(tp);
  inspector.open();
  expect(inspector.report().inGameplay).toBe(false);
  expect(section(/^Consent and storage/)).toContain('Gameplayat a break');
  tp.gameplayStart();
  expect(inspector.report().inGameplay).toBe(true);
  await new Promise((r) => setTimeout(r, 300)); // the panel redraws at most every 250 ms
  expect(section(/^Consent and storage/)).toContain('Gameplayplaying');
});

it('opens by the key the game chose (not while typing), and by ?tp-inspector in the address', async () => {
  const tp = client();
  const input = document.createElement('input');
  document.body.append(input);
  const inspector = attach(tp, { key: 'F9', button: false });
  expect(button(/^TP inspector/).hidden).toBe(true);
  input.focus();
  await userEvent.keyboard('{F9}');
  expect(inspector.isOpen).toBe(false);
  input.blur();
  await userEvent.keyboard('{F9}');
  expect(inspector.isOpen).toBe(true);
  await userEvent.keyboard('{F9}');
  expect(inspector.isOpen).toBe(false);
  inspector.detach();

  history.replaceState(null, '', `${location.pathname}?tp-inspector`);
  expect(attach(tp).isOpen).toBe(true);
});

it('never throws into the game: a failing read is listed in the panel, and detach() leaves nothing behind', async () => {
  const tp = client();
  const broken = Object.create(tp, { offers: { value: { list: () => { throw new Error('list broke'); } } } }) as TpClient;
  const inspector = attach(broken);
  expect(() => inspector.open()).not.toThrow();
  tp.track('players_login', { device_unique_id: 'd-1', region: 'KR' });
  await expect.poll(() => section(/^Inspector errors/)).toContain('list broke');
  expect(inspector.report().offers).toEqual([]);

  inspector.detach();
  expect(host()).toBeNull();
  expect(() => inspector.open()).not.toThrow();
  expect(inspector.isOpen).toBe(false);
  tp.track('players_login', { device_unique_id: 42 } as never); // no listener left to note it
  expect(host()).toBeNull();
});

it('attached before the page has a <body> (a script in <head>): drawn at DOMContentLoaded, opened then if open() was called', async () => {
  const body = document.body;
  body.remove();
  let inspector: InspectorHandle;
  try {
    expect(document.body).toBeNull();
    inspector = attach(client(), { queryParameter: false });
    inspector.open();
    expect(inspector.isOpen).toBe(false);
  } finally {
    document.documentElement.append(body);
  }
  document.dispatchEvent(new Event('DOMContentLoaded'));
  expect(host()?.parentElement).toBe(document.body);
  expect(inspector.isOpen).toBe(true);
  expect(panel().hidden).toBe(false);
});

it('detached before the page has a <body>: nothing is drawn at DOMContentLoaded', () => {
  const body = document.body;
  body.remove();
  try {
    attach(client()).detach();
  } finally {
    document.documentElement.append(body);
  }
  document.dispatchEvent(new Event('DOMContentLoaded'));
  expect(host()).toBeNull();
});
