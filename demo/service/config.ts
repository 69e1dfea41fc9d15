import { DEFAULT_MAX_RECORD_BYTES } from '../../src/records/index.js';

/**
 * Configuration of the reference service. Every value the spec leaves "not shown" (allowed
 * TPAuthMode values, client keys, the query parameter of GET /offers) is a setting here, with the
 * defaults the demo uses (docs/decisions.md).
 */
export interface ServiceConfig {
  /** Folder where the service keeps what it receives. */
  readonly dataDir: string;
  /** Accepted `TPAuthMode` values. */
  readonly authModes: readonly string[];
  /** Accepted `TPClientKey` values. */
  readonly clientKeys: readonly string[];
  /** Query parameter that names the player on GET /offers. */
  readonly offersPlayerParam: string;
  /** Largest request body accepted, in bytes (after decompression too). */
  readonly maxBodyBytes: number;
  /**
   * Largest record accepted, in bytes of JSON: the SDK's `maxRecordBytes` default. A game that
   * raises the SDK's option raises this too, or the service refuses what `track()` accepted.
   */
  readonly maxRecordBytes: number;
}

export const DEFAULT_AUTH_MODE = 'client';
export const DEFAULT_CLIENT_KEY = 'demo-client-key';
/** The version segment of `{base_url}` (spec: Versioning). */
export const VERSION_SEGMENT = 'v2021.4';

export function defaultConfig(dataDir: string): ServiceConfig {
  return {
    dataDir,
    authModes: [DEFAULT_AUTH_MODE],
    clientKeys: [DEFAULT_CLIENT_KEY],
    offersPlayerParam: 'player_slug',
    maxBodyBytes: 5 * 1024 * 1024,
    maxRecordBytes: DEFAULT_MAX_RECORD_BYTES,
  };
}
