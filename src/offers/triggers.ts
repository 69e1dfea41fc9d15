/**
 * The triggers of `offerRules` at run time: a record `track()` accepted asks, through the trigger
 * of its kind, for `showAt(placement)`, outside the game's call. In gameplay or while the page is
 * hidden the request waits, one per placement, the newest winning, for at most
 * {@link TRIGGER_WAIT_MS}; `gameplayStop()` or the page becoming visible runs it
 * (docs/decisions.md, "Triggers").
 *
 * The client finds the triggers of a kind with one map lookup (built once by {@link triggerHooks});
 * a kind without triggers costs `track()` nothing more.
 *
 * @module
 */
import { TpError } from '../errors/index.js';
import type { ObjectName } from '../records/index.js';
import type { IndexedTrigger, OffersDeps, OffersEngine, TriggerHooks } from './contract.js';
import type { OfferRules, OfferTriggerRef } from './offer-rules.js';

/** How long a trigger waits in gameplay or in a hidden page before it is dropped (`stale`), in milliseconds. */
export const TRIGGER_WAIT_MS = 30_000;

/** A record as a trigger's `when` reads it. */
type TrackedRecord = Readonly<Record<string, unknown>>;

/**
 * The hooks `track()` calls, by record kind: each hands an accepted record of that kind to the
 * engine of the moment (`engine()`; none without consent). With `purchases` (the `purchase`
 * option), `characters_purchases` is heard too. Undefined without triggers or purchases.
 */
export function triggerHooks(rules: OfferRules | undefined, engine: () => OffersEngine | undefined, purchases = false): TriggerHooks | undefined {
  const byKind = triggersByKind(rules);
  if (!byKind.size && !purchases) return undefined;
  const hooks = new Map([...byKind].map(([kind, list]) => [kind, (record: TrackedRecord) => engine()?.tracked(list, record)]));
  // With the `purchase` option, a game's own purchase record is checked against the SDK's (purchase.ts).
  if (purchases) {
    const list = byKind.get('characters_purchases');
    hooks.set('characters_purchases', (record) => {
      engine()?.purchaseTracked(record);
      if (list) engine()?.tracked(list, record);
    });
  }
  return hooks;
}

/** The triggers of `rules` by the record kind they are on, each with its index in `triggers`. */
export function triggersByKind(rules: Pick<OfferRules, 'triggers'> | undefined): Map<ObjectName, IndexedTrigger[]> {
  const byKind = new Map<ObjectName, IndexedTrigger[]>();
  rules?.triggers?.forEach((trigger, index) => {
    const list = byKind.get(trigger.on) ?? [];
    list.push({ index, trigger });
    byKind.set(trigger.on, list);
  });
  return byKind;
}

/**
 * Fires, in order, each trigger of `triggers` (all on `record`'s kind) whose `when` accepts
 * `record`: `fire` gets the placement it asks for. `when` is asked with a copy of the record (what
 * it does to it goes no further); one that throws does not fire, and its error goes to `fail`.
 */
export function fireTriggers(triggers: readonly IndexedTrigger[], record: TrackedRecord, fail: (error: unknown) => void, fire: (ref: OfferTriggerRef) => void): void {
  const copy = { ...record };
  for (const { index, trigger } of triggers) {
    const { on, when, placement } = trigger;
    try {
      if (when && !(when as (record: TrackedRecord) => boolean)(copy)) continue;
    } catch (cause) {
      fail(new TpError('config', `offerRules.triggers[${index}].when threw on a ${on} record: the trigger did not fire`, { cause }));
      continue;
    }
    fire({ index, on, placement });
  }
}

/** Whether a request asked for at `at` is dropped at `now` (device time): it waited {@link TRIGGER_WAIT_MS}. */
export const isStale = (at: number, now: number): boolean => now - at >= TRIGGER_WAIT_MS;

/** What the triggers read: the breaks, the device clock and the emitter. */
export type TriggerDeps = Pick<OffersDeps, 'gameplay' | 'now' | 'emitter'>;

/** The engine's `showAt`, told which trigger asked (for its `offer:skipped` events). */
type ShowAtFor = (placement: string, options: { readonly trigger: OfferTriggerRef }) => Promise<unknown>;

interface Pending {
  readonly ref: OfferTriggerRef;
  /** Device time when it was asked for. */
  readonly at: number;
  readonly timer: ReturnType<typeof setTimeout>;
}

/** The triggers of one engine: see the module's description. */
export function createTriggers(deps: TriggerDeps, fail: (error: unknown) => void, showAt: ShowAtFor) {
  const { gameplay, emitter } = deps;
  /** The request waiting at each placement. */
  const pending = new Map<string, Pending>();
  let stopped = false;

  const skip = (ref: OfferTriggerRef, reason: 'superseded' | 'stale'): void =>
    void emitter.emit('offer:skipped', { placement: ref.placement, reason, candidates: [], trigger: ref });
  /** Takes the request waiting at `placement` out, its timer stopped. */
  const take = (placement: string): Pending | undefined => {
    const waiting = pending.get(placement);
    if (waiting) {
      clearTimeout(waiting.timer);
      pending.delete(placement);
    }
    return waiting;
  };
  /** Drops every request waiting (the player changed, or the engine stopped). */
  const dropAll = (): void => {
    for (const placement of [...pending.keys()]) take(placement);
  };
  const mustWait = (): boolean => gameplay.inGameplay || gameplay.pageHidden;
  const run = (ref: OfferTriggerRef): void =>
    void showAt(ref.placement, { trigger: ref }).catch((error: unknown) => {
      if (!stopped) fail(error);
    });

  const ask = (ref: OfferTriggerRef): void => {
    if (!mustWait()) return run(ref);
    const older = take(ref.placement);
    if (older) skip(older.ref, 'superseded');
    const timer = setTimeout(() => {
      if (pending.get(ref.placement)?.timer !== timer) return;
      pending.delete(ref.placement);
      skip(ref, 'stale');
    }, TRIGGER_WAIT_MS);
    pending.set(ref.placement, { ref, at: deps.now(), timer });
  };

  /** Runs what waits, if nothing holds it back now; one older than the wait (a throttled timer) is stale. */
  const flush = (): void => {
    if (stopped || mustWait()) return;
    for (const placement of [...pending.keys()]) {
      const { ref, at } = take(placement)!;
      // A clock set back counts as no time passed.
      if (isStale(at, deps.now())) skip(ref, 'stale');
      else run(ref);
    }
  };
  // Never inside the game's `gameplayStop()`: a later microtask.
  const unlisten = gameplay.onChange((inGameplay) => {
    if (!inGameplay) queueMicrotask(flush);
  });

  return {
    /**
     * A record of a kind with triggers, accepted by `track()`: each trigger's `when` is asked, and
     * each that matches asks for its placement, in a later microtask (never inside `track()`).
     * What `when` throws is an `error` event; that trigger does not fire.
     */
    tracked(triggers: readonly IndexedTrigger[], record: TrackedRecord): void {
      queueMicrotask(() => {
        if (stopped) return;
        const kind = triggers[0]?.trigger.on;
        if (kind) emitter.emit('offer:trigger-record', { kind, record: { ...record } });
        fireTriggers(triggers, record, fail, ask);
      });
    },
    /** The page became visible: what waits may run (in a later microtask). */
    visible(): void {
      queueMicrotask(flush);
    },
    /** The player changed: what waits was asked for by the previous player's records, and is dropped. */
    identified: dropAll,
    stop(): void {
      stopped = true;
      unlisten();
      dropAll();
    },
  };
}
