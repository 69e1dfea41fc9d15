/**
 * The POST /logs body: object name → ordered array of records (spec: POST /logs, Body).
 *
 * @module
 */
import type { ObjectName } from '../records/index.js';
import type { QueueEntry } from '../queue/index.js';

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
