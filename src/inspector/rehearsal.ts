/**
 * "Copy as rehearsal script": the inputs of the live session's placement decisions, recorded from
 * attach time as the steps of `rehearseOffers` (the game's `showAt` calls, read from their
 * decisions; gameplay; the page hidden and shown; the player's answer to an offer `showAt` showed;
 * new sessions; the records of kinds with triggers), with the time between them as `advance`
 * steps, and the known offers as GET /offers records. Replayed, it gives the session's decisions.
 *
 * @module
 */
import type { ClientEvents, Offer, RehearsalInput, RehearsalStep } from '../index.js';
import type { InspectedClient } from './types.js';

/** Most steps kept (the oldest go first; the script then starts later than attach time). */
const STEP_LIMIT = 2_000;

/** What records the steps: the script when asked, and how to stop. */
export interface RehearsalRecorder {
  /** The script so far, for `platform` (the client's `platform` option). */
  script(platform: string): RehearsalInput;
  stop(): void;
}

/** `offer` as the service sent it: its fields, and its body as the JSON string `offer`. */
function asRecord(offer: Offer): Record<string, unknown> {
  const { kind: _kind, body, ...fields } = offer;
  return { ...fields, offer: JSON.stringify(body) };
}

/**
 * Records the steps of `client`'s session from now on (`now`: milliseconds since the epoch);
 * `fault` notes what went wrong in a listener (never thrown into the SDK's emit).
 */
export function recordRehearsal(client: InspectedClient, now: () => number, fault: (where: string, error: unknown) => void): RehearsalRecorder {
  const session = client.session;
  const start = session ? session.startedAt * 1000 : now();
  const steps: Array<{ readonly at: number; readonly step: RehearsalStep }> = [];
  const stops: Array<() => void> = [];
  /** The placements `showAt` picked an offer for and has not opened yet (a skip then is its second decision). */
  const placed = new Set<string>();
  /** The offer `showAt` showed, on screen until the player answers it. */
  let onScreen: number | undefined;

  const add = (step: RehearsalStep): void => {
    steps.push({ at: now(), step });
    if (steps.length > STEP_LIMIT) steps.shift();
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
    if (event.trigger) return;
    placed.add(event.placement);
    add({ step: 'showAt', placement: String(event.placement) });
  });
  on('offer:skipped', (event) => {
    if (event.trigger) return;
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
    add({ step: 'react', action });
  };
  on('offer:dismiss', react('dismiss'));
  on('offer:interact', react('interact'));
  on('offer:trigger-record', ({ kind, record }) => add({ step: 'track', kind, record: { ...record } }));
  on('gameplay', ({ inGameplay }) => add({ step: inGameplay ? 'gameplayStart' : 'gameplayStop' }));
  on('session:start', () => add({ step: 'newSession' }));
  if (typeof document !== 'undefined') {
    const visibility = (): void => add({ step: document.visibilityState === 'hidden' ? 'hide' : 'show' });
    document.addEventListener('visibilitychange', visibility);
    stops.push(() => document.removeEventListener('visibilitychange', visibility));
  }

  return {
    script(platform) {
      const offers = client.offers?.list().map(({ offer }) => offer) ?? [];
      const script: RehearsalStep[] = [];
      let clock = start;
      for (const { at, step } of steps) {
        if (at > clock) script.push({ step: 'advance', ms: at - clock });
        clock = Math.max(clock, at);
        script.push(step);
      }
      return { offers: offers.map(asRecord), playerSlug: client.playerSlug ?? offers[0]?.player_slug ?? '', platform, start, script };
    },
    stop: () => {
      for (const stop of stops.splice(0)) stop();
    },
  };
}
