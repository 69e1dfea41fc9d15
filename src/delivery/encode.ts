/**
 * Request body encoding. With `compression: 'gzip'` the UTF-8 JSON is compressed with fflate into a
 * gzip member (RFC 1952) and sent as `application/octet-stream`; with `'none'` it is sent as
 * `application/json` (spec: POST /logs, Content-Type; the algorithm is our decision, see
 * docs/decisions.md).
 *
 * @module
 */
import { gzipSync } from 'fflate';
import type { LogsBody } from './batch.js';

/** How POST /logs bodies are encoded. */
export type Compression = 'gzip' | 'none';

/** An encoded request body. */
export interface EncodedBody {
  readonly body: Uint8Array | string;
  readonly contentType: 'application/octet-stream' | 'application/json';
  /** Size on the wire, in bytes. */
  readonly bytes: number;
}

/** Encodes a body. Synchronous: batches are bounded, so this stays in the low milliseconds. */
export function encodeLogsBody(body: LogsBody, compression: Compression): EncodedBody {
  const json = JSON.stringify(body);
  const utf8 = new TextEncoder().encode(json);
  if (compression === 'none') return { body: json, contentType: 'application/json', bytes: utf8.length };
  const gz = gzipSync(utf8, { level: 6 });
  return { body: gz, contentType: 'application/octet-stream', bytes: gz.length };
}
