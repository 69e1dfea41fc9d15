/**
 * The sent ledger: keys of records this tab handed to the service whose deletion from the queue
 * may not happen in this page. Two kinds, both as good as delivered:
 * - records the service accepted (200) whose deletion has not committed yet;
 * - records in a keepalive upload that left while the service was answering (the browser
 *   delivers a keepalive request after the page is gone; the page never sees its answer).
 *
 * The tab saves its keys in localStorage while the page is hidden or unloading (synchronous: it
 * survives the navigation); the next page that opens the queue, or the tab that takes over
 * uploading, deletes them from the queue. Without it, every reload and tab close sent the records
 * of its last keepalive upload again (docs/decisions.md, "Delivery: exactly once on reload and close").
 *
 * @module
 */
import type { LocalValues } from '../internal/index.js';
import { createTabCopies, noTabCopies, type TabCopies } from './tab-copies.js';

/**
 * Most characters of JSON one tab's ledger takes in localStorage (128 Ki characters, about 5,700
 * keys: a keepalive upload of 60 KiB gzip and two batches being deleted). Keys past it are sent
 * again by the next page (a duplicate, never a loss).
 */
export const LEDGER_MAX_CHARS = 131_072;

/** Keys of records handed to the service, per tab. */
export type SentLedger = TabCopies<string>;

const isKey = (item: unknown): item is string => typeof item === 'string' && item >= '0';

/**
 * The ledger in localStorage (or `values`, where the client keeps them when localStorage is refused)
 * under `<prefix><tabId>`, at most {@link LEDGER_MAX_CHARS} characters.
 */
export function createLocalLedger(prefix: string, tabId: string, values?: LocalValues): SentLedger {
  return createTabCopies(prefix, tabId, LEDGER_MAX_CHARS, isKey, values);
}

/** A ledger that keeps nothing (memory storage). */
export const NO_LEDGER: SentLedger = noTabCopies();
