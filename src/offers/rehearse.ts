/**
 * A rehearsal: a session's offer decisions replayed on a virtual clock, from the offers as the
 * service sent them, the rules and a script of the game's calls (rehearsal-script.ts). Pure: no
 * DOM, storage, timer or network; the same input gives the same decisions. Each decision is made
 * by the functions `showAt` and the triggers use (`listingOf`, `pickOffer`, `placementDecision`,
 * `fireTriggers`, `isStale`), on a caps ledger of the shape `pickOffer` reads.
 *
 * @module
 */
import { DEFAULT_SESSION_TIMEOUT_MS as SESSION_TIMEOUT_MS } from '../internal/index.js';
import type { LedgerOpen, CapsLedger } from './caps.js';
import type { IndexedTrigger } from './contract.js';
import { placementDecision } from './decision.js';
import { EMPTY_STATE, type OfferLocalState } from './local-state.js';
import type { OfferTriggerRef } from './offer-rules.js';
import { moveChange } from './offer-states.js';
import { listingOf, pickOffer } from './pick-offer.js';
import { checkRehearsal, type RehearsalDecision, type RehearsalInput } from './rehearsal-script.js';
import { fireTriggers, isStale, TRIGGER_WAIT_MS, triggersByKind } from './triggers.js';

const DAY_MS = 86_400_000;

/**
 * Replays `input.script` on a virtual clock from `input.start` and returns every decision, in the
 * order the client makes them: one per `showAt` step and per trigger that asked.
 *
 * What it models as the client does: the usability of each offer (`checkUsability`, with the
 * opens counted on this device), the rules' placements, caps and order (`pickOffer`), the offer
 * on screen (`busy` until a `react` step), gameplay and a hidden page (`in-gameplay`, `hidden`),
 * the triggers (a request waits in gameplay or while hidden, one per placement, the newest
 * winning; `superseded`, `stale` after 30 s; run at `gameplayStop` or `show`), and sessions (one
 * from `start`, one at each `newSession` step and at each UTC midnight while visible; one that
 * ended while hidden, after 30 minutes or at midnight, is followed by a new one at `show`). An
 * offer shown counts as opened at once, and the player's `react` answers it. What it does not
 * model: images, the network, other tabs, the service's clock (service time is the virtual time).
 *
 * @example
 * ```ts
 * const decisions = rehearseOffers({ offers, rules: { maxPerSession: 1 }, playerSlug: 'p-1', platform: 'web',
 *   script: [{ step: 'advance', ms: 60_000 }, { step: 'showAt', placement: 'game-over' }] });
 * ```
 * @throws {ConfigError} an unknown step or a malformed one (`script[3].step`), a malformed offer
 * (`offers[2]`), rules `createClient` refuses (`offerRules.maxPerDay`).
 */
export function rehearseOffers<const P extends string = string>(input: RehearsalInput<P>): RehearsalDecision[] {
  const { offers, rules, playerSlug, platform, start, script } = checkRehearsal(input);
  const byKind = triggersByKind(rules);
  const decisions: RehearsalDecision[] = [];
  const locals = new Map<number, OfferLocalState>();
  const opens: LedgerOpen[] = [];
  const waiting = new Map<string, { readonly ref: OfferTriggerRef; readonly at: number }>();
  let now = start;
  let inGameplay = false;
  let pageHidden = false;
  let seenAt = start;
  let sessions = 0;
  let session: { id: string; start: number } | undefined;
  let bought = new Set<number>();
  let dismissed = new Set<number>();
  let onScreen: number | undefined;

  /** The session ends: its purchases and dismissals no longer hold offers back. */
  const endSession = (): void => {
    session = undefined;
    bought = new Set();
    dismissed = new Set();
  };
  const newSession = (at: number): void => {
    endSession();
    // Unix seconds, as the session record keeps its start.
    session = { id: `session-${++sessions}`, start: Math.floor(at / 1000) * 1000 };
  };
  /** The caps ledger now: between sessions, one starting now (as the client's). */
  const ledger = (): CapsLedger => ({
    opens,
    sessionId: session?.id ?? '',
    sessionStart: session?.start ?? now,
    boughtThisSession: bought,
    dismissedThisSession: dismissed,
  });

  /** The decision at `placement` now; an offer shown is opened. */
  const decide = (placement: string, busy: boolean, trigger: OfferTriggerRef | undefined): void => {
    const listings = offers.map((offer) => listingOf(offer, { now, playerSlug, store: platform, local: locals.get(offer.offer_id) ?? EMPTY_STATE }));
    const decision = placementDecision(pickOffer(listings, rules, ledger(), placement, now), { busy, inGameplay, pageHidden });
    const base = { at: now, placement, ...(trigger && { trigger }) };
    if (decision.action === 'skipped') {
      const { reason, cap, candidates } = decision;
      decisions.push({ ...base, outcome: 'skipped', reason, ...(cap && { cap }), candidates });
      return;
    }
    const id = decision.offer.offer_id;
    decisions.push({ ...base, outcome: 'shown', offerId: id });
    opens.push({ at: now, sessionId: session?.id ?? '', placement });
    locals.set(id, moveChange('open', 'opened', now, now, false)(locals.get(id) ?? EMPTY_STATE)!);
    onScreen = id;
  };
  const skip = (ref: OfferTriggerRef, reason: 'superseded' | 'stale', at = now): void =>
    void decisions.push({ at, placement: ref.placement, trigger: ref, outcome: 'skipped', reason, candidates: [] });

  /**
   * Triggered `showAt`s started in one task: the first decides after its waits, so each later one
   * finds it deciding (`busy`) and is skipped first, as in the client.
   */
  const runs = () => {
    let first: OfferTriggerRef | undefined;
    return {
      run(ref: OfferTriggerRef): void {
        if (first || onScreen !== undefined) decide(ref.placement, true, ref);
        else first = ref;
      },
      end: (): void => void (first && decide(first.placement, false, first)),
    };
  };
  const mustWait = (): boolean => inGameplay || pageHidden;
  const tracked = (triggers: readonly IndexedTrigger[], record: Readonly<Record<string, unknown>>): void => {
    const batch = runs();
    fireTriggers(triggers, record, () => undefined, (ref) => {
      if (!mustWait()) return batch.run(ref);
      const older = waiting.get(ref.placement);
      waiting.delete(ref.placement);
      if (older) skip(older.ref, 'superseded');
      waiting.set(ref.placement, { ref, at: now });
    });
    batch.end();
  };
  /** What waits runs, unless held back now. */
  const flush = (): void => {
    if (mustWait()) return;
    const batch = runs();
    for (const [placement, { ref, at }] of [...waiting]) {
      waiting.delete(placement);
      if (isStale(at, now)) skip(ref, 'stale');
      else batch.run(ref);
    }
    batch.end();
  };

  /** The next timed event after `now` and up to `until`: a trigger going stale, a session ending or starting. */
  const nextEvent = (until: number): { at: number; run: () => void } | undefined => {
    const events: Array<{ at: number; run: () => void }> = [];
    for (const [placement, { ref, at }] of waiting) {
      events.push({ at: at + TRIGGER_WAIT_MS, run: () => (waiting.delete(placement), skip(ref, 'stale', at + TRIGGER_WAIT_MS)) });
    }
    const midnight = (Math.floor(now / DAY_MS) + 1) * DAY_MS;
    if (session && !pageHidden) events.push({ at: midnight, run: () => newSession(midnight) });
    if (session && pageHidden) events.push({ at: Math.min(midnight, seenAt + SESSION_TIMEOUT_MS), run: endSession });
    const due = events.filter((event) => event.at <= until).sort((a, b) => a.at - b.at);
    return due[0];
  };
  const advance = (ms: number): void => {
    const until = now + ms;
    for (let event = nextEvent(until); event; event = nextEvent(until)) {
      now = Math.max(now, event.at);
      event.run();
    }
    now = until;
  };

  newSession(start);
  for (const step of script) {
    switch (step.step) {
      case 'advance':
        advance(step.ms);
        break;
      case 'track': {
        const triggers = byKind.get(step.kind);
        if (triggers) tracked(triggers, step.record);
        break;
      }
      case 'showAt':
        decide(step.placement, onScreen !== undefined, undefined);
        break;
      case 'gameplayStart':
        inGameplay = true;
        break;
      case 'gameplayStop':
        inGameplay = false;
        flush();
        break;
      case 'hide':
        if (!pageHidden) seenAt = now;
        pageHidden = true;
        break;
      case 'show':
        pageHidden = false;
        if (!session) newSession(now);
        flush();
        break;
      case 'react':
        if (onScreen === undefined) break;
        (step.action === 'interact' ? bought : dismissed).add(onScreen);
        onScreen = undefined;
        break;
      case 'newSession':
        newSession(now);
        break;
    }
  }
  return decisions;
}
