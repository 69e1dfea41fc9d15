/**
 * Decoding of a POST /logs body: gzip (application/octet-stream) or plain, then UTF-8, then JSON.
 * Both media types end in the same strict UTF-8 decoder, so a body means the same either way.
 *
 * What a body may cost is bounded before it is parsed: gzip is inflated as a stream, and stopped
 * as soon as the output passes its size or ratio bound, or holds too many records or values
 * (demo/service/body-count.ts); a plain body is counted the same way.
 */
import { createGunzip } from 'node:zlib';
import type { Failure } from './auth.js';
import { BodyCounter, type CountExceeded } from './body-count.js';
import type { ServiceConfig } from './config.js';

/** The service's own 413 row: a body over the limit, as sent or after gunzip. */
export const PAYLOAD_TOO_LARGE: Failure = { status: 413, reason: 'Payload Too Large' };

/** The bounds a body is decoded within. */
export type BodyBounds = Pick<ServiceConfig, 'maxBodyBytes' | 'maxRecords' | 'maxValues' | 'maxInflateRatio' | 'inflateFreeBytes'>;

/**
 * Fatal, so that bytes that are not UTF-8 are refused instead of stored altered (U+FFFD); a leading
 * byte-order mark is dropped (the decoder's default), as JSON text allows a parser to do.
 */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** A plain body is counted this many bytes at a time. */
const SLICE_BYTES = 64 * 1024;

/** Decodes `raw` sent as `mediaType`, within `bounds`. */
export async function decodeLogsBody(raw: Uint8Array, mediaType: string, bounds: BodyBounds): Promise<{ body: unknown } | Failure> {
  const counter = new BodyCounter(bounds.maxRecords, bounds.maxValues);
  let bytes = raw;
  if (mediaType === 'application/octet-stream') {
    const inflated = await inflate(raw, bounds, counter);
    if (!(inflated instanceof Uint8Array)) return inflated;
    bytes = inflated;
  } else {
    // In slices, giving way to other requests between them, as the inflated chunks of gzip do.
    for (let at = 0; at < raw.length; at += SLICE_BYTES) {
      if (at > 0) await new Promise((resolve) => setImmediate(resolve));
      const exceeded = counter.add(raw.subarray(at, at + SLICE_BYTES));
      if (exceeded) return overCount(exceeded, bounds);
    }
  }
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch (error) {
    return invalid(`not UTF-8: ${(error as Error).message}`);
  }
  try {
    return { body: JSON.parse(text) as unknown };
  } catch (error) {
    return invalid(`not JSON: ${(error as Error).message}`);
  }
}

/** Most bytes `sent` bytes of gzip may inflate to. */
function inflateBound(sent: number, bounds: BodyBounds): number {
  return Math.min(bounds.maxBodyBytes, Math.max(bounds.inflateFreeBytes, sent * bounds.maxInflateRatio));
}

/**
 * Inflates `raw` chunk by chunk (off the event loop, in zlib's thread pool), counting each chunk;
 * stops at the first bound passed. Too large is not invalid: the SDK splits a batch answered 413,
 * and dead-letters an Invalid Body.
 */
function inflate(raw: Uint8Array, bounds: BodyBounds, counter: BodyCounter): Promise<Uint8Array | Failure> {
  const maxBytes = inflateBound(raw.length, bounds);
  return new Promise((resolve) => {
    const gunzip = createGunzip();
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (result: Uint8Array | Failure): void => {
      if (done) return;
      done = true;
      gunzip.destroy();
      resolve(result);
    };
    gunzip.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > maxBytes) {
        // Over maxBodyBytes: the same answer as a body over it as sent.
        if (maxBytes === bounds.maxBodyBytes) return finish(PAYLOAD_TOO_LARGE);
        return finish(tooLarge(`inflates to more than ${maxBytes} bytes (${bounds.maxInflateRatio} times the ${raw.length} bytes sent)`));
      }
      const exceeded = counter.add(chunk);
      if (exceeded) return finish(overCount(exceeded, bounds));
      chunks.push(chunk);
    });
    gunzip.on('end', () => finish(Buffer.concat(chunks, size)));
    gunzip.on('error', (error) => finish(invalid(`not gzip: ${error.message}`)));
    gunzip.end(raw);
  });
}

function overCount(exceeded: CountExceeded, bounds: BodyBounds): Failure {
  return exceeded === 'records'
    ? tooLarge(`more than ${bounds.maxRecords} records`)
    : tooLarge(`more than ${bounds.maxValues} JSON values`);
}

function tooLarge(message: string): Failure {
  return { ...PAYLOAD_TOO_LARGE, errors: [{ message }] };
}

function invalid(message: string): Failure {
  return { status: 400, reason: 'Invalid Body', errors: [{ message }] };
}
