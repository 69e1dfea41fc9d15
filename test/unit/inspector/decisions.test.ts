/**
 * The inspector's list of placement decisions: each `showAt` as a row (a skip with its reason, an
 * offer picked and then shown), each candidate with its reason, the trigger when the event names
 * one, the last 50 only, and every text drawn as text (a placement name is the game's, offer data
 * the service's). Memory client, happy-dom, fake timers, the headless adapter; a scripted client
 * where a payload must be one the SDK does not make.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createClient, createHeadlessAdapter, type ClientEvents, type TpClient } from '../../../src/index.js';
import { attachInspector } from '../../../src/inspector.js';
import { DECISION_LIMIT } from '../../../src/inspector/decisions.js';
import { watchClient } from '../../../src/inspector/model.js';
import { buildReport } from '../../../src/inspector/report.js';
import { drawSections } from '../../../src/inspector/sections.js';
import type { InspectedClient } from '../../../src/inspector/types.js';
import { offerRecord, personalizedBody } from '../../fixtures/spec-samples.js';
import { memoryClientOptions, okEnvelope } from '../../support/memory-client.js';

let tp: TpClient | undefined;
beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] }));
afterEach(async () => {
  vi.useRealTimers();
  await tp?.shutdown();
  tp = undefined;
  document.body.replaceChildren();
});

/** A client whose `on` the test drives: `emit` calls the listeners the inspector registered. */
function scriptedClient() {
  const listeners = new Map<string, (...args: unknown[]) => void>();
  const client = { on: (event: string, listener: (...args: unknown[]) => void) => (listeners.set(event, listener), () => listeners.delete(event)) } as unknown as InspectedClient;
  const emit = <E extends keyof ClientEvents>(event: E, ...args: ClientEvents[E]): void => listeners.get(event)?.(...args);
  return { client, emit };
}

it('lists a skip with its reason and candidates, then an offer picked and shown once it opens', async () => {
  const ui = createHeadlessAdapter();
  tp = createClient({ ...memoryClientOptions(async () => okEnvelope([offerRecord(1, personalizedBody), offerRecord(2, personalizedBody)])), ui });
  const inspector = attachInspector(tp, { button: false });
  await tp.offers.refresh();
  await tp.offers.showAt('game-over'); // within the session's grace: capped
  expect(inspector.report().decisions).toEqual([
    { at: expect.any(Number), placement: 'game-over', outcome: 'skipped', reason: 'capped', cap: 'session-grace', candidates: [{ offerId: 1, reason: 'capped' }, { offerId: 2, reason: 'capped' }], moreCandidates: 0 },
  ]);

  await vi.advanceTimersByTimeAsync(60_000);
  const shown = tp.offers.showAt('stage-clear');
  await vi.waitFor(() => expect(ui.current?.offerId).toBe(1));
  expect(inspector.report().decisions[0]).toMatchObject({ placement: 'stage-clear', outcome: 'shown', offerId: 1, candidates: [{ offerId: 1 }, { offerId: 2, reason: 'outranked' }] });
  ui.current!.dismiss();
  await shown;

  inspector.open();
  const text = document.querySelector('[data-tp-inspector]')!.shadowRoot!.querySelector('#tp-inspector-decisions')!.parentElement!.textContent;
  expect(text).toContain('Placement decisions (2)');
  expect(text).toMatch(/stage-clear: shown offer 1offer 1: pickedoffer 2: outranked/);
  expect(text).toMatch(/game-over: skipped: capped \(session-grace\)offer 1: cappedoffer 2: capped/);
  inspector.detach();
});

it('keeps the last 50 decisions and the first 50 candidates of each, and names the trigger when the event does', () => {
  const { client, emit } = scriptedClient();
  const model = watchClient(client, () => undefined, () => 0);
  const candidates = Array.from({ length: 70 }, (_, i) => ({ offerId: i, reason: 'capped' as const }));
  for (let i = 0; i < 120; i++) emit('offer:skipped', { placement: `p-${i}`, reason: 'capped', candidates });
  expect(model.decisions).toHaveLength(DECISION_LIMIT);
  expect(model.decisions[0]).toMatchObject({ placement: 'p-119', moreCandidates: 20 });
  expect(model.decisions[0]!.candidates).toHaveLength(DECISION_LIMIT);
  expect(model.decisions.at(-1)!.placement).toBe('p-70');

  emit('offer:skipped', { placement: 'stage-clear', reason: 'in-gameplay', candidates: [], trigger: { on: 'characters_stages', placement: 'stage-clear' } } as never);
  expect(model.decisions[0]).toMatchObject({ outcome: 'skipped', reason: 'in-gameplay', trigger: 'characters_stages' });
});

it('draws placement names and reasons as text, never as markup', () => {
  const { client, emit } = scriptedClient();
  const model = watchClient(client, () => undefined, () => 0);
  const hostile = '<img src=x onerror="globalThis.pwned=1">';
  emit('offer:skipped', { placement: hostile, reason: hostile as never, candidates: [{ offerId: 3, reason: hostile as never }] });
  const report = { ...buildReport({ ...client, consent: 'granted', stats: () => ({ relay: undefined }) as never, offers: { list: () => [] } } as never, model, () => 0) };
  const list = document.createElement('div');
  list.append(...drawSections(report));
  expect(list.querySelector('img')).toBeNull();
  expect(list.textContent).toContain(`${hostile}: skipped: ${hostile}offer 3: ${hostile}`);
});
