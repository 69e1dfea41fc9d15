/**
 * The POST /logs body: object name → ordered array of records (spec: POST /logs, Body).
 *
 * @module
 */
import type { ObjectName } from '../records/index.js';
import type { QueueEntry } from '../queue/index.js';
import { jsonBytes } from '../records/index.js';

/** A POST /logs body. Every key is optional; arrays keep the order records were tracked in. */
export type LogsBody = { [K in ObjectName]?: Array<Readonly<Record<string, unknown>>> };

/** Groups entries by object name, keeping their order within each name. */
export function buildLogsBody(entries: readonly QueueEntry[]): LogsBody {
  const body: LogsBody = {};
  for (const { objectName, record } of entries) {
    (body[objectName] ??= []).push(record);
  }
  return body;
}

/** Bounds of one POST /logs request. */
export interface BatchLimits {
  readonly maxRecords: number;
  /** JSON bytes before compression. */
  readonly maxBytes: number;
}

/**
 * The longest prefix of `entries` (oldest first) within the limits; at least one entry, so a
 * record larger than `maxBytes` still travels, alone. `maxBytes` bounds the whole JSON body of
 * {@link buildLogsBody}, exactly: the records, and the braces, names, brackets and commas around them.
 */
export function takeBatch<T extends QueueEntry>(entries: readonly T[], limits: BatchLimits): T[] {
  // `{}` less the comma the first name is counted with.
  let bytes = 1;
  let count = 0;
  const names = new Set<string>();
  for (const entry of entries) {
    if (count >= limits.maxRecords) break;
    // The record and the comma (or `]`) after it; a new name adds `,"name":[` (names are ASCII).
    bytes += (entry.bytes ?? jsonBytes(entry.record)) + 1;
    if (!names.has(entry.objectName)) {
      names.add(entry.objectName);
      bytes += entry.objectName.length + 5;
    }
    if (count > 0 && bytes > limits.maxBytes) break;
    count += 1;
  }
  return entries.slice(0, count);
}
