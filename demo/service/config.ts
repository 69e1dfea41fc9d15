import { DEFAULT_MAX_BATCH_RECORDS } from '../../src/client/options.js';
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
  /**
   * Most records in one POST /logs body: the SDK's `maxBatchRecords` default. More is 413 `Payload
   * Too Large`, counted before the body is parsed (demo/service/body-count.ts); the SDK splits it.
   */
  readonly maxRecords: number;
  /**
   * Most JSON values in one POST /logs body, counted as its `{`, `[` and `,` outside strings. More
   * is 413 `Payload Too Large`, before the body is parsed. The largest record (`maxRecordBytes`)
   * holds far fewer, so the SDK's halving always gets under it.
   */
  readonly maxValues: number;
  /**
   * Most bytes a gzip body may inflate to per byte sent, once it is past `inflateFreeBytes`. More is
   * 413 `Payload Too Large`, found while inflating: the rest is not inflated.
   */
  readonly maxInflateRatio: number;
  /** Inflated bytes a gzip body may reach whatever its ratio (the SDK's `maxBatchBytes` default). */
  readonly inflateFreeBytes: number;
  /**
   * Time a client has to send a whole request, headers and body, in milliseconds. A request not
   * received by then is answered 408 `Request Timeout` by Node's HTTP server and its connection closed.
   */
  readonly requestTimeoutMs: number;
  /**
   * Token the read-only view (`/_tp`) asks for, as `?token=` or `Authorization: Bearer`; without
   * one, the view answers loopback clients only.
   */
  readonly viewToken?: string;
  /** Milliseconds the service waits before answering each offer image (`/assets/…`). @default 0 */
  readonly imageDelayMs?: number;
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
    maxRecords: DEFAULT_MAX_BATCH_RECORDS,
    maxValues: 100_000,
    maxInflateRatio: 100,
    inflateFreeBytes: 1024 * 1024,
    requestTimeoutMs: 30_000,
  };
}
