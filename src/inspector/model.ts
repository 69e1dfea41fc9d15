/**
 * What the inspector remembers: the client's events collected into bounded lists (the last 50
 * uploads with their status, the last 50 refused records, the last 50 placement decisions, drops
 * per reason, session changes).
 * No DOM; every listener is guarded, so nothing here throws into the SDK's emit or the game.
 *
 * @module
 */
import type { ClientEvents, DroppedEvent, ObjectName, Session } from '../index.js';
import { createDecisionLog } from './decisions.js';
import type { DecisionRow, InspectedClient, InvalidRow, UploadRow, UploadStatus } from './types.js';

/** How many rows each list keeps (the oldest go first). */
export const LIST_LIMIT = 50;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The lists, newest first, and what the inspector itself got wrong. */
export interface InspectorModel {
  readonly uploads: readonly UploadRow[];
  readonly invalid: readonly InvalidRow[];
  readonly decisions: readonly DecisionRow[];
  readonly droppedByReason: Readonly<Record<string, number>>;
  readonly sessionEvents: readonly string[];
  readonly faults: readonly string[];
  /** Notes a failure of the inspector itself (shown in the panel and the report), never throws. */
  fault(where: string, error: unknown): void;
  /** The inspector's own "flush now" failed: the uploads still on the wire did not get through. */
  flushFailed(): void;
  /** Stops listening to the client. */
  stop(): void;
}

/** Puts `item` first and keeps at most {@link LIST_LIMIT}. */
function prepend<T>(list: T[], item: T): void {
  list.unshift(item);
  if (list.length > LIST_LIMIT) list.length = LIST_LIMIT;
}

/**
 * Listens to `client` and calls `changed` (guarded too) after each event that alters what the
 * panel shows. `now` gives milliseconds since the epoch.
 */
export function watchClient(client: InspectedClient, changed: () => void, now: () => number = Date.now): InspectorModel {
  const uploads: Array<Mutable<UploadRow>> = [];
  const invalid: InvalidRow[] = [];
  const decisions = createDecisionLog(now);
  const droppedByReason: Record<string, number> = {};
  const sessionEvents: string[] = [];
  const faults: string[] = [];
  const stops: Array<() => void> = [];

  const fault = (where: string, error: unknown): void => {
    try {
      prepend(faults, `${new Date(now()).toISOString()} ${where}: ${error instanceof Error ? error.message : String(error)}`);
    } catch {
      // Nothing left to report to: the fault list itself failed (a clock that throws).
    }
  };
  /** `listener`, guarded, followed by `changed`. */
  const guarded = <A extends unknown[]>(where: string, listener: (...args: A) => void) => (...args: A): void => {
    try {
      listener(...args);
      changed();
    } catch (error) {
      fault(where, error);
    }
  };
  const on = <E extends keyof ClientEvents>(event: E, listener: (...args: ClientEvents[E]) => void): void => {
    try {
      stops.push(client.on(event, guarded(event, listener)));
    } catch (error) {
      fault(`listening to ${event}`, error);
    }
  };
  /** The newest upload still on the wire (not a keepalive one). */
  const onTheWire = (): Mutable<UploadRow> | undefined => uploads.find((u) => u.status === 'sent' && !u.keepalive);
  const settle = (status: UploadStatus) => (error?: { readonly endpoint?: string }) => {
    if (error !== undefined && error.endpoint !== 'logs') return;
    const row = onTheWire();
    if (row) row.status = status;
  };

  on('upload', (info) => {
    // Uploads of one tab go one at a time: one still marked on the wire ended with no event
    // (an awaited flush() that rejected, or a batch sent again in halves).
    if (!info.keepalive) for (const row of uploads) if (row.status === 'sent' && !row.keepalive) row.status = 'not-delivered';
    const kinds: Partial<Record<ObjectName, number>> = {};
    for (const entry of info.entries) kinds[entry.objectName] = (kinds[entry.objectName] ?? 0) + 1;
    prepend(uploads, {
      requestId: info.requestId,
      at: now(),
      status: info.keepalive && (info.trusted || info.relayed) ? 'handed-off' : 'sent',
      kinds,
      records: info.entries.length,
      bytes: info.bytes,
      keepalive: info.keepalive,
    });
  });
  on('delivered', (info) => {
    const row = uploads.find((u) => u.requestId === info.requestId);
    if (row) row.status = 'delivered';
  });
  on('retry', (info) => settle('failed')(info.error as { endpoint?: string }));
  on('error', (error) => settle('failed')(error as { endpoint?: string }));
  on('paused', (event) => settle('paused')(event.error));
  on('dead-letter', () => settle('dead-lettered')());
  on('invalid', (error) => {
    prepend(invalid, {
      at: now(),
      objectName: error.objectName,
      paths: error.issues.map((i) => i.path),
      reasons: error.issues.map((i) => `${i.code}: ${i.message}`),
    });
  });
  on('dropped', (event: DroppedEvent) => void (droppedByReason[event.reason] = (droppedByReason[event.reason] ?? 0) + event.records));
  on('offer:skipped', decisions.skipped);
  on('offer:placed', decisions.placed);
  on('offer:open', (event) => decisions.opened(event.offer.offer_id));
  for (const event of ['consent', 'gameplay', 'queue', 'relayed', 'offer:impress', 'offer:dismiss', 'offer:interact', 'offer:expired', 'offer:close'] as const) {
    on(event, () => undefined);
  }
  const sessionLine = (text: string, session: Session): string => `${new Date(now()).toISOString()} ${text} ${session.id} (#${session.index})`;
  on('session:start', (session) => prepend(sessionEvents, sessionLine('started', session)));
  on('session:end', ({ session, reason }) => prepend(sessionEvents, sessionLine(`ended (${reason})`, session)));

  return {
    uploads,
    invalid,
    decisions: decisions.rows,
    droppedByReason,
    sessionEvents,
    faults,
    fault,
    flushFailed: () => {
      for (const row of uploads) if (row.status === 'sent' && !row.keepalive) row.status = 'failed';
    },
    stop: () => {
      for (const stop of stops.splice(0)) {
        try {
          stop();
        } catch (error) {
          fault('removing a listener', error);
        }
      }
    },
  };
}
