/**
 * Fills the fields the game may leave out of a record: who, when, and for join/login the device.
 *
 * @module
 */
import { WIRE_SDK_VERSION } from './schemas/basic.js';
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
 * that will fail validation) is never overwritten. Non-object input is returned unchanged for the
 * validator to reject.
 */
export function enrichRecord(objectName: ObjectName, input: unknown, ctx: EnrichContext): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const out: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  const fill = (key: string, value: unknown): void => {
    if (out[key] === undefined && value !== undefined) out[key] = value;
  };
  fill('player_slug', ctx.playerSlug);
  fill('event_timestamp', ctx.eventTimestamp);
  if (objectName === 'players_join' || objectName === 'players_login') {
    fill('device_unique_id', ctx.deviceUniqueId);
    fill('device_info', ctx.deviceInfo);
    fill('region', ctx.region);
    fill('is_tp_debug_mode', ctx.isTpDebugMode);
  }
  if (objectName === 'players_login') {
    fill('sdk_version', WIRE_SDK_VERSION);
    if (!('app_version' in out)) out.app_version = ctx.appVersion;
  }
  return out;
}
