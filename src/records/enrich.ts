/**
 * Fills the fields the game may leave out of a record: who, when, and for join/login the device.
 *
 * @module
 */
import { WIRE_SDK_VERSION } from '../version.js';
import type { ObjectName } from './object-names.js';

/** What the SDK knows at `track` time. */
export interface EnrichContext {
  /** The identified player, if any. */
  readonly playerSlug: string | undefined;
  /** `event_timestamp` to use, in Unix seconds. */
  readonly eventTimestamp: number;
  /** For players_join / players_login. */
  readonly deviceUniqueId: string;
  /** `OS version||model||device type`. */
  readonly deviceInfo: string;
  /** Two-letter country code, when known. */
  readonly region: string | undefined;
  /** 1 in debug mode, 0 otherwise. */
  readonly isTpDebugMode: 0 | 1;
  /** `players_login.app_version`; null when the game did not say. */
  readonly appVersion: string | null;
}

/**
 * Returns a copy of `input` with the missing fields filled. A field the game set (even to a value
 * that will fail validation) is never overwritten; one left out or set to `undefined` is filled.
 * Lists are copied too, so the record is the game's values at the call.
 * Only the record's own enumerable fields are read: inherited ones (`Object.create(proto)`)
 * are left out. Non-object input is returned unchanged for the validator to reject.
 *
 * Throws what the record's getters or Proxy traps throw (a revoked Proxy throws a `TypeError`):
 * `track()` catches it once around the whole check and refuses the record as unreadable.
 *
 * On the `track` hot path: the copy starts as a fresh object literal of defaults and takes the
 * game's defined fields one by one (~70 ns). Spreading two objects into one literal takes V8's
 * slow path (~2.4 µs, measured in bench/results.md).
 */
export function enrichRecord(objectName: ObjectName, input: unknown, ctx: EnrichContext): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  return copyFields(defaultsFor(objectName, ctx), input);
}

/**
 * A plain copy of a record's own fields (what a `beforeSend` hook returns): its prototype's
 * fields are left out, as in {@link enrichRecord}. Non-object input is returned unchanged.
 *
 * Throws what the record's getters or Proxy traps throw: the caller catches it once.
 */
export function ownFields(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  return copyFields({}, input);
}

/**
 * Copies into `out` the own enumerable string-keyed fields of `input` that are not undefined;
 * inherited and symbol-keyed ones are left out. A getter or a Proxy trap that throws throws
 * through: the caller catches it once around the whole copy (a try per field would cost on the
 * `track` hot path).
 */
function copyFields(out: Record<string, unknown>, input: object): Record<string, unknown> {
  for (const key of Object.keys(input)) {
    const value = (input as Record<string, unknown>)[key];
    // A list is copied: the game may change its array after the call (items are scalars).
    if (value !== undefined) out[key] = Array.isArray(value) ? value.slice() : value;
  }
  return out;
}

function defaultsFor(objectName: ObjectName, ctx: EnrichContext): Record<string, unknown> {
  if (objectName !== 'players_join' && objectName !== 'players_login') {
    return { player_slug: ctx.playerSlug, event_timestamp: ctx.eventTimestamp };
  }
  const device: Record<string, unknown> = {
    player_slug: ctx.playerSlug,
    event_timestamp: ctx.eventTimestamp,
    device_unique_id: ctx.deviceUniqueId,
    device_info: ctx.deviceInfo,
    region: ctx.region,
    is_tp_debug_mode: ctx.isTpDebugMode,
  };
  if (objectName === 'players_login') {
    device.sdk_version = WIRE_SDK_VERSION;
    device.app_version = ctx.appVersion;
  }
  return device;
}
