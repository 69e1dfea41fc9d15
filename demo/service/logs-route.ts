/**
 * POST /logs: every row of the spec's error table, gzip and JSON bodies, and validation of every
 * record with the SDK's own schemas (the strictest peer the SDK will meet).
 */
import { gunzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { isObjectName, validateRecord } from '../../src/records/index.js';
import { checkAuth, fail, ok, type Failure } from './auth.js';
import type { ServiceConfig } from './config.js';
import type { DataStore } from './data-store.js';
import { FAULT_413_HEADER, UPLOAD_SEQ_HEADER } from './faults.js';

const SUCCESS_DATA = {
  default: {},
  cache: { cache_players_join: null, cache_players_login: null, cache_characters_purchases: null },
};

export async function handleLogs(c: Context, config: ServiceConfig, store: DataStore): Promise<Response> {
  if (c.req.method !== 'POST') return fail(c, { status: 403, reason: 'Method Not Allowed' });
  const authFailure = checkAuth(c, config);
  if (authFailure) return fail(c, authFailure);

  const raw = new Uint8Array(await c.req.arrayBuffer());
  if (raw.length === 0) return fail(c, { status: 400, reason: 'Missing Body' });
  const contentType = c.req.header('Content-Type');
  if (contentType === undefined || contentType.trim() === '') return fail(c, { status: 400, reason: 'Missing Content-Type' });
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  if (mediaType !== 'application/json' && mediaType !== 'application/octet-stream') {
    return fail(c, { status: 400, reason: 'Unsupported Content Type' });
  }
  if (raw.length > config.maxBodyBytes) return fail(c, { status: 413, reason: 'Payload Too Large' });

  const decoded = decodeBody(raw, mediaType, config.maxBodyBytes);
  if ('status' in decoded) return fail(c, decoded);
  const checked = checkBody(decoded.body);
  if (checked) return fail(c, checked);
  const body = decoded.body as Record<string, Array<Record<string, unknown>>>;

  // Fault injection: a 413 for bodies large enough (a single record never gets one).
  const min413 = Number(c.req.header(FAULT_413_HEADER));
  if (min413 > 0 && Object.values(body).reduce((n, list) => n + list.length, 0) >= min413) {
    return fail(c, { status: 413, reason: 'Payload Too Large' });
  }

  const upload = store.addUpload({ content_type: mediaType, bytes: raw.length, body });
  c.header(UPLOAD_SEQ_HEADER, String(upload.seq));
  return ok(c, SUCCESS_DATA);
}

function decodeBody(raw: Uint8Array, mediaType: string, maxBytes: number): { body: unknown } | Failure {
  let text: string;
  try {
    text =
      mediaType === 'application/octet-stream'
        ? gunzipSync(raw, { maxOutputLength: maxBytes }).toString('utf8')
        : new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch (error) {
    return { status: 400, reason: 'Invalid Body', errors: [{ message: `not ${mediaType === 'application/json' ? 'UTF-8' : 'gzip'}: ${(error as Error).message}` }] };
  }
  try {
    return { body: JSON.parse(text) as unknown };
  } catch (error) {
    return { status: 400, reason: 'Invalid Body', errors: [{ message: `not JSON: ${(error as Error).message}` }] };
  }
}

function checkBody(body: unknown): Failure | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { status: 400, reason: 'Invalid Body', errors: [{ message: 'the body must be a JSON object of object names' }] };
  }
  const errors: Array<{ object: string; index?: number; path?: string; message: string }> = [];
  for (const [name, records] of Object.entries(body)) {
    if (!isObjectName(name)) {
      errors.push({ object: name, message: 'unknown object name' });
      continue;
    }
    if (!Array.isArray(records)) {
      errors.push({ object: name, message: 'must be an array of records' });
      continue;
    }
    records.forEach((record: unknown, index) => {
      const result = validateRecord(name, record);
      if (!result.ok) for (const issue of result.error.issues) errors.push({ object: name, index, path: issue.path, message: issue.message });
    });
  }
  if (errors.length === 0) return undefined;
  const unknownObject = errors.every((e) => e.message === 'unknown object name');
  return { status: 400, reason: unknownObject ? 'Unknown Object' : 'Invalid Record', errors: errors.slice(0, 50) };
}
