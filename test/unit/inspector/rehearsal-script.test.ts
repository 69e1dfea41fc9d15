/**
 * The inspector's "copy as rehearsal script": a live session's inputs recorded as the steps of
 * `rehearseOffers`, the offers as GET /offers records; replayed (as JSON, the rules given again:
 * functions do not survive JSON), it gives the session's decisions. Memory client, happy-dom,
 * fake timers, the headless adapter.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { rehearseOffers, type TpClient } from '../../../src/index.js';
import { attachInspector } from '../../../src/inspector.js';
import { offerRecord, personalizedBody } from '../../fixtures/spec-samples.js';
import { liveSession, OFFERS, RULES, SCRIPT, START } from '../../support/rehearsal-live.js';

let tp: TpClient | undefined;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(START);
});
afterEach(async () => {
  sessionStorage.clear();
  vi.useRealTimers();
  vi.restoreAllMocks();
  await tp?.shutdown();
  tp = undefined;
  document.body.replaceChildren();
});

it('replaying the copied script gives the live decisions', async () => {
  const session = await liveSession(OFFERS, RULES);
  tp = session.tp;
  const inspector = attachInspector(session.tp, { queryParameter: false, button: false });
  await session.run(SCRIPT);
  const copied = JSON.parse(JSON.stringify(inspector.rehearsalScript())) as ReturnType<typeof inspector.rehearsalScript>;
  expect(copied).toMatchObject({ playerSlug: 'p-1', platform: 'web', start: START });
  expect(copied.offers).toHaveLength(3);
  expect(session.decisions).toHaveLength(11);
  expect(rehearseOffers({ ...copied, rules: RULES })).toEqual(session.decisions);
  // Edited rules: one offer a session.
  const edited = rehearseOffers({ ...copied, rules: { ...RULES, maxPerSession: 1 } });
  expect(edited.filter((d) => d.outcome === 'shown')).toHaveLength(2);
  inspector.detach();
});

it('copies the script from the panel', async () => {
  const session = await liveSession(OFFERS, RULES);
  tp = session.tp;
  const writeText = vi.fn(async (_text: string) => undefined);
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
  const inspector = attachInspector(session.tp, { queryParameter: false });
  await session.run(SCRIPT.slice(0, 3));
  inspector.open();
  const root = document.body.lastElementChild!.shadowRoot!;
  const button = [...root.querySelectorAll('button')].find((b) => b.textContent === 'Copy as rehearsal script')!;
  button.click();
  await vi.advanceTimersByTimeAsync(0);
  expect(JSON.parse(writeText.mock.calls[0]![0])).toEqual(inspector.rehearsalScript());
  expect(root.textContent).toContain('Rehearsal script copied');
  vi.unstubAllGlobals();
  inspector.detach();
});

it('copies each offer as first seen: the service’s later first_opened_at would change the earlier decisions', async () => {
  // The shorter period first once opened: had offer 2's first open been known, it would have come first.
  const offers: Array<Record<string, unknown>> = [offerRecord(1, personalizedBody, { valid_for: 3_600 }), offerRecord(2, personalizedBody, { valid_for: 60 })];
  const rules = { sessionGraceMs: 0, minIntervalMs: 0 };
  const session = await liveSession(offers, rules);
  tp = session.tp;
  const inspector = attachInspector(session.tp, { queryParameter: false, button: false });
  const showAt = { step: 'showAt', placement: 'game-over' } as const;
  await session.run([showAt, { step: 'react', action: 'dismiss' }, { step: 'advance', ms: 1_000 }, showAt, { step: 'react', action: 'dismiss' }]);
  expect(session.decisions.map((d) => d.outcome === 'shown' && d.offerId)).toEqual([1, 2]);
  // The service answers the first opens; a refresh brings them.
  offers.splice(0, 2, { ...offers[0]!, first_opened_at: '2026-01-01 10:00:00' }, { ...offers[1]!, first_opened_at: '2026-01-01 10:00:01' });
  await session.tp.offers.refresh();
  const copied = JSON.parse(JSON.stringify(inspector.rehearsalScript())) as ReturnType<typeof inspector.rehearsalScript>;
  expect(copied.offers.map((o) => (o as { first_opened_at: unknown }).first_opened_at)).toEqual([null, null]);
  expect(rehearseOffers({ ...copied, rules })).toEqual(session.decisions);
  inspector.detach();
});
