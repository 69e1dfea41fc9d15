/**
 * The rehearsal recording across reloads of the tab: kept in `sessionStorage` at `pagehide` and
 * when the page is hidden, continued by the reloaded page's inspector on the same clock (visible
 * again, out of gameplay), forgotten by `detach()`; in memory only, and said so in `notes`, where
 * storage is refused, full or too small, and without consent (erased at a denial). A Buy's purchase is written on its `react` step. Memory
 * client, happy-dom, fake timers, the headless adapter.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createClient, rehearseOffers, type RehearsalStep, type TpClient } from '../../../src/index.js';
import { attachInspector, type InspectorHandle } from '../../../src/inspector.js';
import { KEPT_CHARS, loadRecording, saveRecording } from '../../../src/inspector/rehearsal-keep.js';
import { memoryClientOptions, okEnvelope } from '../../support/memory-client.js';
import { liveSession, OFFERS, RULES, SCRIPT, START } from '../../support/rehearsal-live.js';

let tp: TpClient | undefined;
const attached: InspectorHandle[] = [];
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(START);
  sessionStorage.clear();
});
afterEach(async () => {
  for (const inspector of attached.splice(0)) inspector.detach();
  vi.useRealTimers();
  vi.restoreAllMocks();
  await tp?.shutdown();
  tp = undefined;
  sessionStorage.clear();
  document.body.replaceChildren();
});

const attach = (client: TpClient): InspectorHandle => {
  const inspector = attachInspector(client, { queryParameter: false, button: false });
  attached.push(inspector);
  return inspector;
};
/** The page goes away: what the reloaded page's inspector (attached next, to the same session) finds. */
const reload = (): void => void dispatchEvent(new Event('pagehide'));
const copy = (inspector: InspectorHandle) => JSON.parse(JSON.stringify(inspector.rehearsalScript())) as ReturnType<InspectorHandle['rehearsalScript']>;
const names = (script: readonly RehearsalStep[]): string[] => script.map((s) => s.step);

it('the reloaded page continues the recording: its copy replays the whole session’s decisions', async () => {
  const session = await liveSession(OFFERS, RULES);
  tp = session.tp;
  const before = attach(session.tp);
  await session.run(SCRIPT.slice(0, 12));
  const firstHalf = copy(before).script;
  reload();
  const after = attach(session.tp);
  expect(copy(after).script).toEqual(firstHalf);
  await session.run(SCRIPT.slice(12));
  const copied = copy(after);
  expect(copied).toMatchObject({ start: START });
  expect(copied.notes).toBeUndefined();
  expect(session.decisions).toHaveLength(11);
  expect(rehearseOffers({ ...copied, rules: RULES })).toEqual(session.decisions);
});

it('hidden and in gameplay at the reload: the reloaded page is shown and out of gameplay', async () => {
  const session = await liveSession(OFFERS, RULES);
  tp = session.tp;
  attach(session.tp);
  await session.run([{ step: 'gameplayStart' }, { step: 'hide' }]);
  reload();
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
  expect(names(copy(attach(session.tp)).script).slice(-3)).toEqual(['hide', 'show', 'gameplayStop']);
});

it('detach() forgets the recording: a later inspector starts anew', async () => {
  const session = await liveSession(OFFERS, RULES);
  tp = session.tp;
  const first = attach(session.tp);
  await session.run(SCRIPT.slice(0, 3));
  reload();
  first.detach();
  expect(copy(attach(session.tp)).script).toEqual([]);
});

it.each<[string, () => void, RegExp]>([
  ['sessionStorage refused', () => vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => { throw new DOMException('denied', 'SecurityError'); }), /kept in memory only \(sessionStorage refused or full\)/],
  [
    'sessionStorage full',
    () => {
      const full = { getItem: () => null, removeItem: () => undefined, setItem: () => { throw new DOMException('full', 'QuotaExceededError'); } };
      vi.spyOn(window, 'sessionStorage', 'get').mockReturnValue(full as unknown as Storage);
    },
    /kept in memory only \(sessionStorage refused or full\)/,
  ],
])('%s: recorded in memory, and the copy says so', async (_, refuse, note) => {
  const session = await liveSession(OFFERS, RULES);
  tp = session.tp;
  refuse();
  const inspector = attach(session.tp);
  await session.run(SCRIPT);
  reload();
  const copied = copy(inspector);
  expect(copied.notes).toEqual([expect.stringMatching(note)]);
  expect(rehearseOffers({ ...copied, rules: RULES })).toEqual(session.decisions);
  expect(inspector.report().inspectorErrors).toEqual([]);
});

it('a recording too large to keep is not kept, and an older copy is removed', () => {
  const step = { at: START, step: { step: 'track', kind: 'characters_stages', record: { stage_slug: 'x'.repeat(KEPT_CHARS) } } } as const;
  expect(saveRecording('p-1', { start: START, steps: [], dropped: 0, offers: [] })).toBe('kept');
  expect(loadRecording('p-1')).toEqual({ start: START, steps: [], dropped: 0, offers: [] });
  expect(saveRecording('p-1', { start: START, steps: [step], dropped: 0, offers: [] })).toBe('too-large');
  expect(loadRecording('p-1')).toBeUndefined();
  expect(sessionStorage.length).toBe(0);
});

it('a Buy: the react step carries what the purchase came to', async () => {
  const session = await liveSession(OFFERS, RULES, { purchase: async () => ({ status: 'purchased', unitPrice: 6930, currencyCode: 'KRW' }), characterSlug: 'knight' });
  tp = session.tp;
  const tracked: boolean[] = [];
  session.tp.on('offer:purchase', (e) => void tracked.push(e.tracked));
  const inspector = attach(session.tp);
  await session.run([{ step: 'advance', ms: 10_000 }, { step: 'showAt', placement: 'game-over' }, { step: 'react', action: 'interact' }]);
  await vi.waitFor(() => expect(copy(inspector).script.at(-1)).toMatchObject({ purchase: { status: 'purchased' } }));
  expect(copy(inspector).script.at(-1)).toEqual({ step: 'react', action: 'interact', purchase: { status: 'purchased', unitPrice: 6930, currencyCode: 'KRW', tracked: tracked[0] } });
  expect(tracked).toHaveLength(1);
});

it('kept only with consent: nothing stored while pending, the kept copy erased at a denial', async () => {
  const session = await liveSession(OFFERS, RULES);
  tp = session.tp;
  const inspector = attach(session.tp);
  await session.run(SCRIPT.slice(0, 4));
  reload();
  expect(loadRecording(session.tp.playerSlug!)).toBeDefined();
  session.tp.setConsent('denied');
  expect(loadRecording(session.tp.playerSlug!)).toBeUndefined();
  reload();
  expect(sessionStorage.length).toBe(0);
  expect(copy(inspector).notes).toEqual(['kept in memory only (no consent: nothing is stored): a reload loses the recording']);
  // The denial's erasing runs on the page's timers.
  const stopped = session.tp.shutdown();
  await vi.advanceTimersByTimeAsync(60_000);
  await stopped;
  tp = undefined;
});

it('a client waiting for consent: the inspector stores nothing at attach, when hidden or at pagehide', async () => {
  const session = await liveSession(OFFERS, RULES);
  await session.tp.shutdown();
  tp = createClient({ ...memoryClientOptions(async () => okEnvelope(OFFERS)), consent: 'pending' });
  attach(tp);
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
  document.dispatchEvent(new Event('visibilitychange'));
  reload();
  expect(sessionStorage.length).toBe(0);
});
