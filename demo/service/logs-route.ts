/**
 * POST /logs: every row of the spec's error table, gzip and JSON bodies, and validation of every
 * record with the SDK's own schemas (the strictest peer the SDK will meet), up to the first
 * {@link MAX_PROBLEMS} problems. Other methods get 403 `Method Not Allowed` from app.ts.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { IncomingMessage } from 'node:http';
import { bodyLimit } from 'hono/body-limit';
import { isObjectName, validateRecord } from '../../src/records/index.js';
import { fail, ok, type Failure } from './auth.js';
import type { ServiceConfig } from './config.js';
import type { DataStore } from './data-store.js';
import { FAULT_413, UPLOAD_SEQ_HEADER } from './faults.js';
import { decodeLogsBody, PAYLOAD_TOO_LARGE } from './logs-body.js';

const SUCCESS_DATA = {
  default: {},
  cache: { cache_players_join: null, cache_players_login: null, cache_characters_purchases: null },
};

const MEDIA_TYPES = ['application/json', 'application/octet-stream'];

/** Validation stops at this many problems: the answer's `errors` lists them, and no more is read. */
export const MAX_PROBLEMS = 50;

/**
 * The body limit, `maxBodyBytes`, enforced before the body is read whole (from Content-Length, or
 * while a chunked body streams in), so that no client makes the service hold more than the limit.
 * Run after the TP* header rows (`requireAuth`): a body over the limit is not missing, so the rows
 * left before the 413 are the Content-Type ones, which need no body.
 */
export function logsBodyLimit(config: ServiceConfig): MiddlewareHandler {
  return bodyLimit({ maxSize: config.maxBodyBytes, onError: (c) => fail(c, contentTypeFailure(c) ?? PAYLOAD_TOO_LARGE) });
}

/** The body rows, the service's own rows, and the upload; after `requireAuth` and `logsBodyLimit`. */
export async function handleLogs(c: Context, config: ServiceConfig, store: DataStore): Promise<Response> {
  // At most maxBodyBytes: logsBodyLimit answered anything larger before it was read.
  const raw = new Uint8Array(await c.req.arrayBuffer());
  if (raw.length === 0) return fail(c, { status: 400, reason: 'Missing Body' });
  const contentTypeFailed = contentTypeFailure(c);
  if (contentTypeFailed) return fail(c, contentTypeFailed);
  const mediaType = mediaTypeOf(c);

  const decoded = await decodeLogsBody(raw, mediaType, config);
  if ('status' in decoded) return fail(c, decoded);
  const checked = checkBody(decoded.body, config.maxRecordBytes);
  if (checked) return fail(c, checked);
  const body = decoded.body as Record<string, Array<Record<string, unknown>>>;

  // Fault injection: a 413 for bodies large enough (a single record never gets one).
  // `incoming`: the Node request (@hono/node-server's binding), as the injector saw it.
  const min413 = FAULT_413.get((c.env as { incoming: IncomingMessage }).incoming);
  if (min413 && Object.values(body).reduce((n, list) => n + list.length, 0) >= min413) {
    return fail(c, PAYLOAD_TOO_LARGE);
  }

  const upload = store.addUpload({ content_type: mediaType, bytes: raw.length, body });
  c.header(UPLOAD_SEQ_HEADER, String(upload.seq));
  return ok(c, SUCCESS_DATA);
}

/** The media type without parameters (`application/json; charset=utf-8` is JSON), lower case. */
function mediaTypeOf(c: Context): string {
  return (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
}

/** The Content-Type rows of the error table: missing, unsupported. */
function contentTypeFailure(c: Context): Failure | undefined {
  if ((c.req.header('Content-Type') ?? '').trim() === '') return { status: 400, reason: 'Missing Content-Type' };
  if (!MEDIA_TYPES.includes(mediaTypeOf(c))) return { status: 400, reason: 'Unsupported Content Type' };
  return undefined;
}

function checkBody(body: unknown, maxRecordBytes: number): Failure | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { status: 400, reason: 'Invalid Body', errors: [{ message: 'the body must be a JSON object of object names' }] };
  }
  const errors: Array<{ object: string; index?: number; path?: string; message: string }> = [];
  for (const [name, records] of Object.entries(body)) {
    if (!isObjectName(name)) {
      errors.push({ object: name, message: 'unknown object name' });
    } else if (!Array.isArray(records)) {
      errors.push({ object: name, message: 'must be an array of records' });
    } else {
      for (let index = 0; index < records.length && errors.length < MAX_PROBLEMS; index++) {
        const result = validateRecord(name, records[index], maxRecordBytes);
        if (!result.ok) for (const issue of result.error.issues) errors.push({ object: name, index, path: issue.path, message: issue.message });
      }
    }
    if (errors.length >= MAX_PROBLEMS) break;
  }
  if (errors.length === 0) return undefined;
  const unknownObject = errors.every((e) => e.message === 'unknown object name');
  return { status: 400, reason: unknownObject ? 'Unknown Object' : 'Invalid Record', errors: errors.slice(0, MAX_PROBLEMS) };
}
