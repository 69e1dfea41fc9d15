/**
 * A record's way to the queue: `track()` enriches and validates it, holds it for the player
 * when none is identified yet, and hands it on (to the queue, or to the consent hold); `identify()`
 * names the player and hands on what waited. Also the check of records read back from storage.
 *
 * @module
 */
import type { EventSink } from '../bus/index.js';
import { TpError, ValidationError } from '../errors/index.js';
import { toUnixSeconds } from '../internal/index.js';
import type { TriggerHooks } from '../offers/index.js';
import type { QueueEntry, StoredEntry } from '../queue/index.js';
import {
  enrichRecord,
  isObjectName,
  ownFields,
  unreadableRecord,
  validateRecord,
  type ObjectName,
  type RecordInput,
  type ValidationResult,
} from '../records/index.js';
import { awaitingPlayer, MAX_AWAITING_PLAYER, NO_PLAYER_YET } from './awaiting-player.js';
import type { Device } from './device.js';
import type { LogHooks } from './log.js';
import { checkOption, type ResolvedOptions } from './options.js';

/** What `track()` and `identify()` need. */
export interface TrackingDeps {
  readonly o: ResolvedOptions;
  readonly device: Pick<Device, 'id' | 'info' | 'region'>;
  readonly emitter: EventSink;
  /** The debug log: `tracked` is undefined below `logLevel: 'debug'`. */
  readonly log: Pick<LogHooks, 'tracked'>;
  /** Consent is denied: `track()` keeps nothing. */
  readonly denied: () => boolean;
  /** Takes a checked record with its player: queued, or held while consent is pending (`ConsentControl.queueOrHold`). */
  readonly queueOrHold: (entry: QueueEntry) => void;
  /** The offers' triggers by record kind: each hears the records of its kind `track()` accepts. @default none */
  readonly triggers?: TriggerHooks;
}

/** The tracking half of a client. */
export interface Tracking {
  /** The identified player, or undefined. */
  readonly player: string | undefined;
  /** Records held for the first `identify()`. */
  readonly awaiting: number;
  /** `client.track()`. */
  track<K extends ObjectName>(objectName: K, record: RecordInput<K>): boolean;
  /**
   * Tracks the SDK's own login or join (options `autoLogin`, `autoJoin`), the fields filled in as
   * for any; never throws: a record the device cannot fill (no region known) is refused with an
   * `invalid` event.
   */
  trackAutomatic(objectName: 'players_login' | 'players_join'): void;
  /** Names the player (checked: throws `ConfigError`) and queues the records that waited for one. */
  identify(playerSlug: string): void;
  /** `shutdown()`: `track()` keeps nothing from now on. */
  stop(): void;
  /** Lets the records held for a player go, with a `dropped` event: `no-player` at `shutdown()`. */
  dropAwaitingPlayer(reason: 'no-player' | 'consent' | 'forget'): void;
}

export function createTracking({ o, device, emitter, log, denied, queueOrHold, triggers }: TrackingDeps): Tracking {
  /** Undefined unless debugging: `track()` checks it once per record and formats nothing. */
  const logTracked = log.tracked;
  let player = o.playerSlug;
  /** After `shutdown()`: `track` keeps nothing. */
  let stopped = false;
  const awaiting = awaitingPlayer();
  /** The SDK tracks its own login now: the game's own login is the one warned about. */
  let own = false;
  /** The game tracked a login with `autoLogin` on: warned once. */
  let warnedLogin = false;

  /**
   * The game's `beforeSend` hook on a whole record: what it returns, the record itself for
   * `undefined`, or null (dropped, with a `dropped` event). A hook that throws leaves the record
   * as it was, and an `error` event names it.
   */
  const shape = (objectName: ObjectName, record: unknown): unknown => {
    const hook = o.beforeSend;
    if (!hook || typeof record !== 'object' || record === null) return record;
    // What goes on if the hook throws halfway through changing it (its lists too).
    const before: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(record)) before[key] = Array.isArray(value) ? value.slice() : value;
    try {
      const out = hook(objectName, record as Record<string, unknown>);
      if (out !== null) return out === undefined ? record : out;
      emitter.emit('dropped', { records: 1, reason: 'before-send' });
      return null;
    } catch (cause) {
      emitter.emit('error', new TpError('config', `beforeSend threw on a ${objectName} record: it goes on as it was`, { cause }));
      return before;
    }
  };
  /** Emits `invalid` (the stats count it). */
  const refuse = (error: ValidationError): false => {
    emitter.emit('invalid', error);
    return false;
  };
  const track = <K extends ObjectName>(objectName: K, record: RecordInput<K>): boolean => {
    if (stopped || denied()) return false;
    if (objectName === 'players_login' && !own && o.autoLogin !== false && !warnedLogin) {
      warnedLogin = true;
      emitter.emit('warning', new TpError('config', `players_login tracked by the game while autoLogin is '${o.autoLogin}': the SDK sends logins itself (set autoLogin: false to send your own)`));
    }
    let held = false;
    let checked: QueueEntry | ValidationError | null;
    // One try around the whole check (not one per field, on the hot path): a getter, a Proxy trap
    // or a revoked Proxy in the record throws while it is read or copied.
    try {
      // No player yet, and the game did not name one in the record: held for identify().
      held = player === undefined && (record as { player_slug?: unknown } | null)?.player_slug === undefined;
      // The game's hook shapes the record once it is whole: now, or for a held one at identify().
      checked = checkRecord(o, device, held ? NO_PLAYER_YET : player, objectName, record, held ? undefined : shape);
    } catch (cause) {
      checked = unreadableRecord(objectName, cause);
    }
    if (checked === null) return false;
    const error =
      checked instanceof ValidationError
        ? checked
        : held && !awaiting.hold(checked)
          ? new ValidationError(objectName, [{ path: 'player_slug', code: 'custom', message: `no player: call identify() (${MAX_AWAITING_PLAYER} records wait)` }])
          : undefined;
    if (error) {
      if (o.invalidRecords === 'throw') throw error;
      return refuse(error);
    }
    if (!held) {
      queueOrHold(checked as QueueEntry);
      // One lookup, none without triggers; the hook only schedules (offers/triggers.ts).
      triggers?.get(objectName)?.((checked as QueueEntry).record);
    }
    if (logTracked) logTracked(checked as QueueEntry, held);
    return true;
  };

  return {
    get player() {
      return player;
    },
    get awaiting() {
      return awaiting.length;
    },
    track,
    trackAutomatic(objectName) {
      own = true;
      try {
        track(objectName, {} as RecordInput<typeof objectName>);
      } catch (error) {
        if (error instanceof ValidationError) refuse(error); // with `invalidRecords: 'throw'`
      } finally {
        own = false;
      }
    },
    identify(slug) {
      player = checkOption('playerSlug', slug);
      // Checked again with the player named: a long slug can take a record past `maxRecordBytes`.
      for (const entry of awaiting.release(slug)) {
        const shaped = shape(entry.objectName, entry.record);
        if (shaped === null) continue;
        const checked = validateOwn(entry.objectName, shaped, o.maxRecordBytes);
        if (checked.ok) queueOrHold({ ...entry, record: checked.record as Record<string, unknown>, bytes: checked.bytes });
        else refuse(checked.error);
      }
    },
    stop() {
      stopped = true;
    },
    dropAwaitingPlayer(reason) {
      const unnamed = awaiting.clear();
      if (unnamed > 0) emitter.emit('dropped', { records: unnamed, reason });
    },
  };
}

/** Records read back from storage are checked like new ones: a corrupt entry is put aside. */
export function storedEntryCheck(maxRecordBytes: number): (entry: StoredEntry) => string | undefined {
  return (entry) => {
    if (!isObjectName(entry.objectName)) return `stored entry has no known object name (${String(entry.objectName)})`;
    const result = validateRecord(entry.objectName, entry.record, maxRecordBytes);
    return result.ok ? undefined : result.error.message;
  };
}

/**
 * Enriches a record tracked now (`playerSlug` in `player_slug` when left out), has `shape` (the
 * game's `beforeSend`) shape it, and validates it; null when the hook dropped it. Throws what a
 * getter or a Proxy trap of the record throws (`track()` catches it).
 */
function checkRecord<K extends ObjectName>(
  o: ResolvedOptions,
  device: TrackingDeps['device'],
  playerSlug: string | undefined,
  objectName: K,
  record: RecordInput<K>,
  shape?: (objectName: ObjectName, record: unknown) => unknown,
): QueueEntry | ValidationError | null {
  const now = o.now();
  const filled = enrichRecord(objectName, record, {
    playerSlug,
    eventTimestamp: toUnixSeconds(now),
    deviceUniqueId: device.id,
    deviceInfo: device.info,
    region: device.region,
    isTpDebugMode: o.debug ? 1 : 0,
    appVersion: o.appVersion ?? null,
  });
  if (!shape) return checked(objectName, validateRecord(objectName, filled, o.maxRecordBytes), now);
  const shaped = shape(objectName, filled);
  if (shaped === null && filled !== null) return null; // dropped by the game's hook
  // The hook's answer is the game's value again: its own fields only, as for track()'s.
  return checked(objectName, validateRecord(objectName, ownFields(shaped), o.maxRecordBytes), now);
}

/** A record checked: the entry to queue, or its error. */
function checked<K extends ObjectName>(objectName: K, result: ValidationResult<K>, now: number): QueueEntry | ValidationError {
  return result.ok ? { objectName, record: result.record as Record<string, unknown>, enqueuedAt: now, bytes: result.bytes } : result.error;
}

/** {@link validateRecord} on the own fields of a hook's answer; never throws (a hostile answer is unreadable). */
function validateOwn<K extends ObjectName>(objectName: K, record: unknown, maxRecordBytes: number): ValidationResult<K> {
  try {
    return validateRecord(objectName, ownFields(record), maxRecordBytes);
  } catch (cause) {
    return { ok: false, error: unreadableRecord(objectName, cause) };
  }
}
