/**
 * Decoding of a POST /logs body: gzip (application/octet-stream) or plain, then UTF-8, then JSON.
 * Both media types end in the same strict UTF-8 decoder, so a body means the same either way.
 */
import { gunzipSync } from 'node:zlib';
import type { Failure } from './auth.js';

/** The service's own 413 row: a body over the limit, as sent or after gunzip. */
export const PAYLOAD_TOO_LARGE: Failure = { status: 413, reason: 'Payload Too Large' };

/**
 * Fatal, so that bytes that are not UTF-8 are refused instead of stored altered (U+FFFD); a leading
 * byte-order mark is dropped (the decoder's default), as JSON text allows a parser to do.
 */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Decodes `raw` sent as `mediaType`; inflated gzip may not exceed `maxBytes` either. */
export function decodeLogsBody(raw: Uint8Array, mediaType: string, maxBytes: number): { body: unknown } | Failure {
  let bytes = raw;
  if (mediaType === 'application/octet-stream') {
    try {
      bytes = gunzipSync(raw, { maxOutputLength: maxBytes });
    } catch (error) {
      // Too large is not invalid: the SDK splits a batch answered 413, and dead-letters an Invalid Body.
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return PAYLOAD_TOO_LARGE;
      return invalid(`not gzip: ${(error as Error).message}`);
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

function invalid(message: string): Failure {
  return { status: 400, reason: 'Invalid Body', errors: [{ message }] };
}
