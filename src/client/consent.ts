/**
 * The player's consent, and what follows from it: while it is `pending`, records are
 * held in memory and nothing is stored or sent; `granted` starts the consented half
 * (consented.ts) and queues what was held; `denied` discards what is held and erases what was
 * stored (`forget()`). Also `forget()` itself, in agreement with the game's other tabs.
 *
 * The states and their moves are one table (consent-machine.ts); this file runs the effects of
 * each move, in order, and feeds back the events that end them.
 *
 * @module
 */
import type { ClientEmitter } from '../bus/index.js';
import { ConfigError, toTpError, type ConsentState } from '../errors/index.js';
import { browserNavigator } from '../internal/index.js';
import type { QueueEntry } from '../queue/index.js';
import { startConsented, type Consented, type ConsentedDeps } from './consented.js';
import { consentHold } from './consent-hold.js';
import { consentMove, consentOf, consentStart, type ConsentEffect, type ConsentMachineEvent, type ConsentMachineState, type ConsentMove } from './consent-machine.js';
import { deviceIdKey } from './device-id.js';
import { forgetTabs } from './forget.js';
import { memoryStores, storageNames, type MemoryStores } from './storage.js';
import type { Tracking } from './tracking.js';

/** The consent of one client. */
export interface ConsentControl {
  /** The state now. */
  readonly state: ConsentState;
  /** The consented half, while consent is granted and no `forget()` is under way; never opens it. */
  readonly consented: Consented | undefined;
  /**
   * The consented half, opened now if consent is granted and it is closed since a `forget()` (it
   * opens again only when the game needs it: nothing is stored anew until then).
   */
  use(): Consented | undefined;
  /** Records held for consent. */
  readonly held: number;
  /**
   * Takes a checked record: queued with consent, held while pending (or while the storage retires
   * or is erased). Named for those two outcomes: nothing is delivered here, the uploader delivers.
   */
  queueOrHold(entry: QueueEntry): void;
  /** `setConsent`. @throws {ConfigError} not a consent state. */
  set(state: ConsentState): void;
  /** `forget()`. */
  forget(): Promise<void>;
  /** Resolves with the consented half (`use()`) once no `forget()` is under way, or undefined without consent. */
  ready(): Promise<Consented | undefined>;
  /** `shutdown()`: the consented half's last upload, then everything stops. */
  shutdown(): Promise<void>;
}

/** What the control needs besides what the consented half needs. */
export interface ConsentDeps extends Omit<ConsentedDeps, 'memory' | 'announceCarriedOn'> {
  readonly emitter: ClientEmitter;
  readonly tracking: Pick<Tracking, 'dropAwaitingPlayer'>;
}

/** The consent state a client starts in: the option, unless Global Privacy Control overrides it. */
function initialState(d: ConsentDeps): { state: ConsentState; gpc: boolean } {
  const gpc = d.o.respectGlobalPrivacyControl && (browserNavigator() as { globalPrivacyControl?: unknown } | undefined)?.globalPrivacyControl === true;
  return gpc ? { state: 'denied', gpc } : { state: d.o.consent, gpc };
}

/**
 * Opens consented halves. Without IndexedDB their queue and dead letters are in memory: kept from
 * one half to the next, forgotten by an erasing.
 */
function halfOpener(d: ConsentDeps): { open(): Consented; forgetMemory(): void } {
  let memory: MemoryStores | undefined;
  /** Halves opened so far: a later one's session was announced ended by the one before. */
  let opened = 0;
  return {
    open: () => startConsented({ ...d, memory: () => (memory ??= memoryStores()), announceCarriedOn: opened++ > 0 }),
    forgetMemory: () => void (memory = undefined),
  };
}

export function controlConsent(d: ConsentDeps): ConsentControl {
  const { emitter } = d;
  const start = initialState(d);
  const halves = halfOpener(d);
  const held = consentHold((records) => void emitter.emit('dropped', { records, reason: 'consent' }));
  const names = { ...storageNames(d.o), deviceIdKey: deviceIdKey(d.o.namespace) };
  const tabs = forgetTabs(names, () => void dispatch('others-erase'));
  const first = consentStart(start.state);
  let state = first.state;
  /** The consented half: while the storage is open, and after `shutdown()`. */
  let consented: Consented | undefined;
  /** The last erasing asked for, until it has ended: erasings run one after another. */
  let erasing: Promise<void> | undefined;
  /** The last half retiring with its data kept, for `ready()`. */
  let retiring: Promise<void> | undefined;
  const emitError = (error: unknown): void => void emitter.emit('error', toTpError(error));

  /**
   * Enters the move's state, then runs its effects in order. An effect that calls a game's
   * listener may have it call the client again: that event moves on from the state entered, and
   * the effects left run after it. Returns the work of a `forget` or `shut-down` effect.
   */
  const run = (move: ConsentMove, entry?: QueueEntry): Promise<void> | undefined => {
    state = move.state;
    let work: Promise<void> | undefined;
    for (const effect of move.effects) work = perform(effect, move.state, entry) ?? work;
    return work;
  };
  const dispatch = (event: ConsentMachineEvent, entry?: QueueEntry): Promise<void> | undefined => {
    const move = consentMove(state, event);
    return move && run(move, entry);
  };
  const perform = (effect: ConsentEffect, next: ConsentMachineState, entry: QueueEntry | undefined): Promise<void> | void => {
    switch (effect) {
      case 'open': {
        const half = (consented = halves.open());
        for (const one of held.take()) half.enqueue(one);
        return;
      }
      // Unset only while the half is being made (a listener of its warning tracking): held, and
      // queued with what is held once it is made.
      case 'queue':
        return consented ? consented.enqueue(entry!) : held.hold(entry!);
      case 'hold':
        return held.hold(entry!);
      case 'retire':
        return retire();
      case 'drop-held':
        return dropHeld('consent');
      case 'erase':
        return void erase('consent').catch(emitError);
      case 'forget':
        return erase('forget');
      case 'let-go':
        return letGoForOthers();
      case 'announce':
        return void emitter.emit('consent', { state: consentOf(next), source: 'setConsent' });
      case 'shut-down':
        return shutDown();
    }
  };

  /** The half retires, its data kept (see `Consented.retire`); `retired` once it has let go. */
  const retire = (): void => {
    const half = consented;
    consented = undefined;
    const mine = (retiring = half ? half.retire(false, 'consent').catch(() => undefined) : Promise.resolve());
    void mine.then(() => dispatch('retired'));
  };
  /** Drops what this tab holds in memory. */
  const dropHeld = (reason: 'consent' | 'forget'): void => {
    const records = held.take().length;
    if (records > 0) emitter.emit('dropped', { records, reason });
    d.tracking.dropAwaitingPlayer(reason);
  };
  /** Lets go of the half, its data about to be erased (see `Consented.retire`), and of the memory stores. */
  const letGo = (reason: 'consent' | 'forget'): Promise<void> => {
    const half = consented;
    consented = undefined;
    halves.forgetMemory();
    return half ? half.retire(true, reason) : Promise.resolve();
  };
  /** Makes `run` the last erasing asked for: once it ends, unless a later one was asked for, `erased`. */
  const lastErasing = (run: Promise<void>): void => {
    const mine: Promise<void> = run
      .catch(() => undefined)
      .then(() => {
        if (erasing !== mine) return; // a later erasing runs on (forget() during forget())
        erasing = undefined;
        dispatch(held.length > 0 ? 'erased-holding' : 'erased');
      });
    erasing = mine;
  };
  /** Erases, after the erasing under way if any. */
  const erase = (reason: 'consent' | 'forget'): Promise<void> => {
    const before = erasing;
    // Without an erasing under way, the half is let go before this returns.
    const run = (async () => {
      if (before) await before;
      dropHeld('forget');
      d.device.renew();
      // The stored records about to be erased unsent (those on the wire may still arrive).
      const stored = consented ? Math.max(0, consented.queue.length - consented.sending.uploader.inFlightCount) : 0;
      await tabs.erase(() => letGo(reason));
      if (stored > 0) emitter.emit('dropped', { records: stored, reason });
    })();
    lastErasing(run);
    return run;
  };
  /** Another tab erases: let go of the storage and wait for the erasing to end. */
  const letGoForOthers = (): void =>
    lastErasing(
      (async () => {
        dropHeld('forget');
        d.device.renew();
        await letGo('forget');
        await tabs.settled();
      })(),
    );
  const shutDown = async (): Promise<void> => {
    tabs.close();
    const finished = consented?.shutdown(); // stops at once (offers on screen close); then the last upload
    await erasing;
    if (held.length > 0) emitter.emit('dropped', { records: held.take().length, reason: 'consent' });
    await finished;
  };

  run(first);
  if (start.gpc) queueMicrotask(() => void emitter.emit('consent', { state: 'denied', source: 'global-privacy-control' }));
  return {
    get state() {
      return consentOf(state);
    },
    get consented() {
      return consented;
    },
    get held() {
      return held.length;
    },
    use() {
      dispatch('use');
      return consented;
    },
    queueOrHold: (entry) => void dispatch('track', entry),
    set(next) {
      if (next !== 'granted' && next !== 'pending' && next !== 'denied') throw new ConfigError('consent', "expected 'granted', 'pending' or 'denied'");
      dispatch(next);
    },
    forget: () => dispatch('forget') ?? Promise.resolve(),
    async ready() {
      await erasing;
      await retiring;
      dispatch('use');
      return consented;
    },
    shutdown: async () => dispatch('shutdown'),
  };
}
