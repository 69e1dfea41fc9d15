/**
 * "Copy as rehearsal script": the inputs of the live session's placement decisions, recorded from
 * attach time as the steps of `rehearseOffers` (the game's `showAt` calls, read from their
 * decisions; gameplay; the page hidden and shown; the player's answer to an offer `showAt` showed,
 * with its purchase; new sessions; the records of kinds with triggers), with the time between them
 * as `advance` steps, and the known offers as GET /offers records, each as first seen (the
 * service's `first_opened_at` of an offer opened in the session is not the one it decided with). Replayed, it gives the
 * session's decisions. The recording is kept across reloads of the tab (rehearsal-keep.ts): the
 * script of the reloaded page continues it, on the same clock.
 *
 * @module
 */
import type { ClientEvents, Offer, OfferPurchaseEvent, RehearsalInput, RehearsalStep } from '../index.js';
import { forgetRecording, loadRecording, saveRecording, type RecordedStep, type Recording } from './rehearsal-keep.js';
import type { InspectedClient } from './types.js';

/** Most steps kept (the oldest go first; the script then starts later than attach time). */
const STEP_LIMIT = 2_000;
/** Most offers remembered as first seen (later ones are copied as they are when copied). */
const OFFER_LIMIT = 200;

/** What records the steps: the script when asked, and how to stop. */
export interface RehearsalRecorder {
  /** The script so far, for `platform` (the client's `platform` option). */
  script(platform: string): RehearsalInput;
  /** Stops recording, and forgets the copy kept for a reload. */
  stop(): void;
}

/** `offer` as the service sent it: its fields, and its body as the JSON string `offer`. */
function asRecord(offer: Offer): Record<string, unknown> {
  const { kind: _kind, body, ...fields } = offer;
  return { ...fields, offer: JSON.stringify(body) };
}

/** The steps that run triggers waiting or asked for (the decisions they set off are timed at them in the replay). */
const SETS_OFF: ReadonlySet<string> = new Set(['track', 'gameplayStop', 'show']);

/** The last of `names` among `steps`, if any. */
function lastOf(steps: readonly RecordedStep[], names: readonly string[]): string | undefined {
  for (let i = steps.length - 1; i >= 0; i--) if (names.includes(steps[i]!.step.step)) return steps[i]!.step.step;
  return undefined;
}

/** What `offer:purchase` says, as plain values for the `react` step's `purchase`. */
function purchaseOf({ result, tracked }: OfferPurchaseEvent): Record<string, unknown> {
  const plain: Record<string, unknown> = { tracked };
  for (const [key, value] of Object.entries(result)) if (['string', 'number', 'boolean'].includes(typeof value)) plain[key] = value;
  return plain;
}

/** Why a recording is kept in memory only, as its copy's note says. */
const NOT_KEPT = { refused: 'sessionStorage refused or full', 'too-large': 'too large for sessionStorage', 'no-consent': 'no consent: nothing is stored' } as const;

/**
 * Records the steps of `client`'s session from now on (`now`: milliseconds since the epoch),
 * continuing the recording this tab kept for the player before a reload; `fault` notes what went
 * wrong in a listener (never thrown into the SDK's emit).
 */
export function recordRehearsal(client: InspectedClient, now: () => number, fault: (where: string, error: unknown) => void): RehearsalRecorder {
  const session = client.session;
  const kept = loadRecording(client.playerSlug ?? '');
  const recording: Recording = kept ?? { start: session ? session.startedAt * 1000 : now(), steps: [], dropped: 0, offers: [] };
  const { start, steps } = recording;
  /** The offers as first seen, by id (see {@link Recording.offers}). */
  const firstSeen = new Map(recording.offers.map((record) => [Number(record.offer_id), record]));
  /** The known offers now (none when reading them fails: noted); the first sight of each is remembered. */
  const known = (): Offer[] => {
    let offers: Offer[] = [];
    try {
      offers = client.offers?.list().map(({ offer }) => offer) ?? [];
    } catch (error) {
      fault('rehearsal: the offers', error);
    }
    for (const offer of offers) {
      if (firstSeen.has(offer.offer_id) || firstSeen.size >= OFFER_LIMIT) continue;
      const record = asRecord(offer);
      firstSeen.set(offer.offer_id, record);
      recording.offers.push(record);
    }
    return offers;
  };
  /** Why the recording is not kept across a reload, if it is not. */
  let notKept: 'refused' | 'too-large' | 'no-consent' | undefined;
  const stops: Array<() => void> = [];
  /** The placements `showAt` picked an offer for and has not opened yet (a skip then is its second decision). */
  const placed = new Set<string>();
  /** The offer `showAt` showed, on screen until the player answers it. */
  let onScreen: number | undefined;

  const add = (step: RehearsalStep, offerId?: number): void => {
    known();
    steps.push({ at: now(), step, ...(offerId !== undefined && { offerId }) });
    if (steps.length > STEP_LIMIT) {
      steps.shift();
      recording.dropped += 1;
    }
  };
  /** Kept across a reload only with consent: without it the SDK stores nothing, nor does its inspector. */
  const save = (): void => {
    if (client.consent !== 'granted') {
      forgetRecording(client.playerSlug ?? '');
      notKept = 'no-consent';
      return;
    }
    const saved = saveRecording(client.playerSlug ?? '', recording);
    notKept = saved === 'kept' ? undefined : saved;
  };
  /**
   * A decision a trigger asked for (not one that waited too long or was replaced): the step that
   * set it off (a `track`, or the `gameplayStop` or `show` that ran it) is timed at the first one,
   * as the replay decides at that step and the live `showAt` decides after its reads.
   */
  const triggered = (reason?: string): void => {
    known();
    const last = steps[steps.length - 1];
    if (reason === 'superseded' || reason === 'stale' || !last || last.retimed || !SETS_OFF.has(last.step.step)) return;
    last.retimed = true;
    last.at = Math.max(last.at, now());
  };
  const on = <E extends keyof ClientEvents>(event: E, listener: (...args: ClientEvents[E]) => void): void => {
    try {
      stops.push(
        client.on(event, (...args) => {
          try {
            listener(...args);
          } catch (error) {
            fault(`rehearsal: ${event}`, error);
          }
        }),
      );
    } catch (error) {
      fault(`listening to ${event}`, error);
    }
  };

  on('offer:placed', (event) => {
    if (event.trigger) return triggered();
    placed.add(event.placement);
    add({ step: 'showAt', placement: String(event.placement) });
  });
  on('offer:skipped', (event) => {
    if (event.trigger) return triggered(event.reason);
    // The second decision of a showAt that had picked an offer: not a call of its own.
    if (placed.delete(event.placement)) return;
    add({ step: 'showAt', placement: String(event.placement) });
  });
  on('offer:open', ({ offer }) => {
    for (const placement of placed) placed.delete(placement);
    onScreen = offer.offer_id;
  });
  const react = (action: 'dismiss' | 'interact') => ({ offer }: { readonly offer: Offer }) => {
    if (offer.offer_id !== onScreen) return;
    onScreen = undefined;
    add({ step: 'react', action }, offer.offer_id);
  };
  on('offer:dismiss', react('dismiss'));
  on('offer:interact', react('interact'));
  // The purchase after a Buy (or settled on a later page): on the last answer to its offer.
  on('offer:purchase', (event) => {
    for (let i = steps.length - 1; i >= 0; i--) {
      const entry = steps[i]!;
      if (entry.step.step !== 'react' || entry.offerId !== event.offerId) continue;
      entry.step = { ...entry.step, purchase: purchaseOf(event) };
      return;
    }
  });
  on('offer:trigger-record', ({ kind, record }) => add({ step: 'track', kind, record: { ...record } }));
  on('gameplay', ({ inGameplay }) => add({ step: inGameplay ? 'gameplayStart' : 'gameplayStop' }));
  on('session:start', () => add({ step: 'newSession' }));
  // Consent withdrawn, or `forget()` (here or in another tab): the kept copy goes with the SDK's data.
  on('consent', ({ state }) => state === 'granted' || save());
  on('session:end', ({ reason }) => (reason === 'forget' || reason === 'consent') && forgetRecording(client.playerSlug ?? ''));
  const hidden = (): boolean => typeof document !== 'undefined' && document.visibilityState === 'hidden';
  if (kept) {
    // A reload: the page is visible again and out of gameplay; the session goes on (a new one is a `session:start`).
    if (lastOf(steps, ['hide', 'show']) === 'hide' && !hidden()) add({ step: 'show' });
    if (lastOf(steps, ['gameplayStart', 'gameplayStop']) === 'gameplayStart') add({ step: 'gameplayStop' });
  }
  known();
  save();
  if (typeof document !== 'undefined') {
    const visibility = (): void => {
      add({ step: hidden() ? 'hide' : 'show' });
      if (hidden()) save();
    };
    document.addEventListener('visibilitychange', visibility);
    stops.push(() => document.removeEventListener('visibilitychange', visibility));
  }
  if (typeof addEventListener === 'function') {
    addEventListener('pagehide', save);
    stops.push(() => removeEventListener('pagehide', save));
  }

  return {
    script(platform) {
      const offers = known();
      const script: RehearsalStep[] = [];
      let clock = start;
      for (const { at, step } of steps) {
        if (at > clock) script.push({ step: 'advance', ms: at - clock });
        clock = Math.max(clock, at);
        script.push(step);
      }
      const notes = [
        ...(notKept ? [`kept in memory only (${NOT_KEPT[notKept]}): a reload loses the recording`] : []),
        ...(recording.dropped ? [`the ${recording.dropped} oldest steps were dropped: the script starts later than the session`] : []),
      ];
      const playerSlug = client.playerSlug ?? offers[0]?.player_slug ?? '';
      const records = offers.map((offer) => firstSeen.get(offer.offer_id) ?? asRecord(offer));
      return { offers: records, playerSlug, platform, start, script, ...(notes.length > 0 && { notes }) };
    },
    stop: () => {
      for (const stop of stops.splice(0)) stop();
      forgetRecording(client.playerSlug ?? '');
    },
  };
}
