/**
 * Records tracked before a client's values are loaded. Where localStorage is refused, the device
 * id is read from IndexedDB (internal/local-values.ts), a moment after `createClient`; records
 * tracked until then carry the id the page made up at start. They wait here, and go to the queue
 * once the values are loaded, with the device id read in place of that one (a record whose
 * `device_unique_id` the game set keeps it). The queue writes nothing before either: its open
 * waits for the values (client/open-queue.ts).
 *
 * @module
 */
import type { PageValues } from '../internal/index.js';
import type { QueueEntry } from '../queue/index.js';
import type { Device } from './device.js';

/** Where the consented half hands its records. */
export interface EarlyRecords {
  /** Queues `entry` now, or once the values are loaded. */
  enqueue(entry: QueueEntry): void;
  /** The page is unloading: the records waiting go to the queue as they are (its rescue keeps them). */
  release(): void;
}

/** Hands records to `enqueue`, holding those tracked before `values` are loaded (after `device.keep`). */
export function earlyRecords(values: PageValues, device: Pick<Device, 'id'>, enqueue: (entry: QueueEntry) => void): EarlyRecords {
  if (values.loaded) return { enqueue, release: () => undefined };
  const provisional = device.id;
  let waiting: QueueEntry[] | undefined = [];
  /** `entry` with the id read in place of the provisional one (records held for `identify()` carry it too). */
  const withId = (entry: QueueEntry): QueueEntry => {
    const id = device.id;
    if (id === provisional || entry.record.device_unique_id !== provisional) return entry;
    const fixed = { ...entry, record: { ...entry.record, device_unique_id: id } };
    return entry.bytes === undefined ? fixed : { ...fixed, bytes: entry.bytes + id.length - provisional.length };
  };
  const release = (fix: boolean): void => {
    const entries = waiting ?? [];
    waiting = undefined;
    for (const entry of entries) enqueue(fix ? withId(entry) : entry);
  };
  void values.ready.then(() => release(true));
  return {
    enqueue: (entry) => (waiting ? void waiting.push(entry) : enqueue(withId(entry))),
    release: () => release(false),
  };
}
