/**
 * Request body encoding. With `compression: 'gzip'` the UTF-8 JSON is compressed with fflate into a
 * gzip member (RFC 1952) and sent as `application/octet-stream`; with `'none'` it is sent as
 * `application/json` (spec: POST /logs, Content-Type; the algorithm is our decision, see
 * docs/decisions.md).
 *
 * @module
 */
import { Gzip, gzipSync } from 'fflate';
import { slices as newSlices, type Slices } from '../internal/index.js';
import type { LogsBody } from './batch.js';

/** How POST /logs bodies are encoded. */
export type Compression = 'gzip' | 'none';

/** An encoded request body. */
export interface EncodedBody {
  readonly body: Uint8Array | string;
  readonly contentType: 'application/octet-stream' | 'application/json';
  /** Size on the wire, in bytes. */
  readonly bytes: number;
  /** The JSON before compression (the body itself with `'none'`): always from {@link encodeLogsBody}, on request from the one in slices. */
  readonly json?: string;
}

/**
 * Encodes a body at once: for the unload upload, which must leave before the page does (its body
 * is bounded by the 64 KiB keepalive budget).
 */
export function encodeLogsBody(body: LogsBody, compression: Compression): EncodedBody {
  const json = JSON.stringify(body);
  const utf8 = new TextEncoder().encode(json);
  if (compression === 'none') return { body: json, contentType: 'application/json', bytes: utf8.length, json };
  const gz = gzipSync(utf8, { level: 6 });
  return { body: gz, contentType: 'application/octet-stream', bytes: gz.length, json };
}

/** Characters of JSON given to the compressor at a time: a few milliseconds on a slow phone. */
const PIECE_CHARS = 16_384;

/**
 * Encodes a body in slices: the JSON is written a few records at a time and fed to
 * fflate's streaming gzip, and the page gets its turn whenever a slice has run its time
 * (internal/slices.ts). The body decodes to the same JSON as {@link encodeLogsBody}'s: `{"name":
 * [records…], …}` in the body's key order. For the drain; the unload upload uses the one at once.
 * With `keepJson`, a gzip body's `json` is that JSON too (the pieces given to the compressor,
 * joined once: nothing is written twice); with `'none'` it is the body itself.
 */
export async function encodeLogsBodyInSlices(body: LogsBody, compression: Compression, slices: Slices = newSlices(), keepJson = false): Promise<EncodedBody> {
  const utf8 = new TextEncoder();
  const gzipped: Uint8Array[] = [];
  const gzip = compression === 'gzip' ? new Gzip({ level: 6 }, (chunk) => void gzipped.push(chunk)) : undefined;
  const json: string[] = [];
  let bytes = 0;
  let piece = '';
  const flush = (final: boolean): void => {
    if (gzip) {
      gzip.push(utf8.encode(piece), final);
      if (keepJson) json.push(piece);
    } else {
      json.push(piece);
      bytes += utf8.encode(piece).length;
    }
    piece = '';
  };
  let first = true;
  piece = '{';
  for (const [name, records] of Object.entries(body) as Array<[string, Array<Readonly<Record<string, unknown>>>]>) {
    piece += `${first ? '' : ','}${JSON.stringify(name)}:[`;
    first = false;
    for (let i = 0; i < records.length; i++) {
      piece += (i === 0 ? '' : ',') + JSON.stringify(records[i]);
      if (piece.length >= PIECE_CHARS) flush(false);
      if (slices.due()) await slices.pause();
    }
    piece += ']';
  }
  piece += '}';
  flush(true);
  if (!gzip) return { body: json.join(''), contentType: 'application/json', bytes, json: json.join('') };
  const out = new Uint8Array(gzipped.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of gzipped) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return { body: out, contentType: 'application/octet-stream', bytes: out.length, json: keepJson ? json.join('') : undefined };
}
