/**
 * The player's consent, and what follows from it: while it is `pending`, records are
 * held in memory and nothing is stored or sent; `granted` starts the consented half
 * (consented.ts) and queues what was held; `denied` discards what is held and erases what was
 * stored (`forget()`). Also `forget()` itself, in agreement with the game's other tabs.
 *
 * @module
 */
import type { ClientEmitter, ConsentEvent } from '../bus/index.js';
import { ConfigError, toTpError, type ConsentState } from '../errors/index.js';
import { browserNavigator } from '../internal/index.js';
import type { QueueEntry } from '../queue/index.js';
import { startConsented, type Consented, type ConsentedDeps } from './consented.js';
import { consentHold } from './consent-hold.js';
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
  /** Takes a checked record: queued with consent, held while pending (or while `forget()` erases). */
  deliver(entry: QueueEntry): void;
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
  readonly tracking: Pick<Tracking, 'dropUnnamed'>;
}

/** The consent state a client starts in: the option, unless Global Privacy Control overrides it. */
function initialState(d: ConsentDeps): { state: ConsentState; gpc: boolean } {
  const gpc = d.o.respectGlobalPrivacyControl && (browserNavigator() as { globalPrivacyControl?: unknown } | undefined)?.globalPrivacyControl === true;
  return gpc ? { state: 'denied', gpc } : { state: d.o.consent, gpc };
}

export function controlConsent(d: ConsentDeps): ConsentControl {
  const { emitter } = d;
  const start = initialState(d);
  let state = start.state;
  let consented: Consented | undefined;
  /** The erasing under way (here or in another tab), and the opening after it. */
  let erasing: Promise<void> | undefined;
  let shut = false;
  const held = consentHold();
  /** Without IndexedDB, the queue and dead letters in memory: kept from one consented half to the next, emptied by `forget()`. */
  let memory: MemoryStores | undefined;
  /** The last half's retiring: the next half opens once it has ended (no record read twice). */
  let leaving: Promise<void> | undefined;
  /** Records the hold let go in this task, reported at its end. */
  let overflow = 0;
  /**
   * A consented half is retiring, its `session:end` being heard: the opening a game's listener
   * asks for waits for the end of the task, when the retiring (and an erasing) is marked under
   * way; a record it tracks is held meanwhile, never queued on the storage about to be erased.
   */
  let retiring = false;
  const names = { ...storageNames(d.o), deviceIdKey: deviceIdKey(d.o.namespace) };
  const tabs = forgetTabs(names, () => void letGoForOthers());
  /** Consented halves opened so far: a later one's session was announced ended by the one before. */
  let halves = 0;

  const open = (): void => {
    if (retiring) return void queueMicrotask(open);
    if (shut || state !== 'granted' || consented || erasing) return;
    if (leaving) return void leaving.then(open);
    consented = startConsented({ ...d, memory: () => (memory ??= memoryStores()), announceCarriedOn: halves++ > 0 });
    for (const entry of held.take()) consented.enqueue(entry);
  };
  /** Lets go of the consented half (see `Consented.retire`); erasing, its memory stores go too. */
  const letGo = async (erasing: boolean, reason: 'consent' | 'forget'): Promise<void> => {
    const retired = consented;
    consented = undefined;
    if (erasing) memory = undefined;
    if (!retired) return;
    retiring = true;
    let done: Promise<void>;
    try {
      done = retired.retire(erasing, reason);
    } finally {
      retiring = false;
    }
    const mine: Promise<void> = done.catch(() => undefined).finally(() => {
      if (leaving === mine) leaving = undefined;
    });
    leaving = mine;
    await done;
  };
  /** Drops what this tab holds in memory. */
  const dropHeld = (reason: 'consent' | 'forget'): void => {
    const records = held.take().length;
    if (records > 0) emitter.emit('dropped', { records, reason });
    d.tracking.dropUnnamed(reason);
  };
  /**
   * After an erasing, the storage opens again only when something needs it (a record tracked, an
   * offer call, a flush): until then nothing is stored anew. Records tracked meanwhile open it now.
   */
  const erased = (ended: Promise<void>): void => {
    if (erasing !== ended) return; // a later erasing runs on (forget() during forget())
    erasing = undefined;
    if (held.length > 0) open();
  };
  /** Another tab erases: let go of the storage and wait for the erasing to end. */
  const letGoForOthers = (): Promise<void> => {
    if (erasing) return erasing;
    const mine: Promise<void> = (async () => {
      dropHeld('forget');
      d.device.renew();
      await letGo(true, 'forget');
      await tabs.settled();
    })().finally(() => erased(mine));
    return (erasing = mine);
  };
  const forget = (reason: 'forget' | 'consent' = 'forget'): Promise<void> => {
    const before = erasing;
    // Without an erasing under way, the storage is let go before forget() returns: a record
    // tracked right after it is held, not queued in the storage being erased.
    const run = (async () => {
      if (before) await before.catch(() => undefined);
      dropHeld('forget');
      d.device.renew();
      // The stored records about to be erased unsent (those on the wire may still arrive).
      const stored = consented ? Math.max(0, consented.queue.length - consented.sending.uploader.inFlightCount) : 0;
      await tabs.erase(() => letGo(true, reason));
      if (stored > 0) emitter.emit('dropped', { records: stored, reason });
    })();
    const mine: Promise<void> = run.catch(() => undefined).finally(() => erased(mine));
    erasing = mine;
    return run;
  };
  const announce = (event: ConsentEvent): void => void emitter.emit('consent', event);

  open();
  // Denied from the start (the game's stored answer, Global Privacy Control): what an earlier
  // visit stored goes.
  if (state === 'denied') void forget('consent').catch((error: unknown) => void emitter.emit('error', toTpError(error)));
  if (start.gpc) queueMicrotask(() => announce({ state: 'denied', source: 'global-privacy-control' }));
  return {
    get state() {
      return state;
    },
    get consented() {
      return consented;
    },
    get held() {
      return held.length;
    },
    use() {
      open();
      return consented;
    },
    deliver(entry) {
      open();
      if (consented) return consented.enqueue(entry);
      // Past the limit, the oldest go: one event for the task's drops, not one per record.
      if (held.hold(entry) > 0 && overflow++ === 0) {
        queueMicrotask(() => {
          emitter.emit('dropped', { records: overflow, reason: 'consent' });
          overflow = 0;
        });
      }
    },
    set(next) {
      if (next !== 'granted' && next !== 'pending' && next !== 'denied') throw new ConfigError('consent', "expected 'granted', 'pending' or 'denied'");
      if (next === state || shut) return;
      state = next;
      if (next === 'granted') open();
      else if (next === 'pending') void letGo(false, 'consent');
      else {
        dropHeld('consent');
        void forget('consent').catch((error: unknown) => void emitter.emit('error', toTpError(error)));
      }
      announce({ state: next, source: 'setConsent' });
    },
    forget: () => forget(),
    async ready() {
      await erasing;
      await leaving;
      open();
      return consented;
    },
    async shutdown() {
      shut = true;
      tabs.close();
      const finished = consented?.shutdown(); // stops at once (offers on screen close); then the last upload
      await erasing;
      if (held.length > 0) emitter.emit('dropped', { records: held.take().length, reason: 'consent' });
      await finished;
    },
  };
}
