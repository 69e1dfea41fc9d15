/**
 * The queue's count: how many records the store holds, and their bytes, as read from the store
 * plus this tab's writes since, minus its removals; and the length `onLengthChange` hears.
 *
 * @module
 */
import { forgetInHead } from './head.js';
import type { QueueState } from './state.js';
import type { EntryRef } from './types.js';

/** The `bytes` of `entries` added up (an entry stored by an older version, without them, counts 0). */
export const sumBytes = (entries: readonly EntryRef[]): number => entries.reduce((n, e) => n + (e.bytes ?? 0), 0);

/** Records the queue knows of: stored, being written, or buffered. */
export const queueLength = (q: QueueState): number => q.stored + q.writingCount + q.buffer.length;

/** Tells `onLengthChange` the queue's length. */
export const lengthChanged = (q: QueueState): void => q.options.onLengthChange?.(queueLength(q));

/** The store's own numbers, read again. */
export function setCount(q: QueueState, records: number, bytes: number): void {
  q.stored = records;
  q.storedBytes = bytes;
}

/** Entries this tab wrote. */
export function countWritten(q: QueueState, entries: readonly EntryRef[]): void {
  q.stored += entries.length;
  q.storedBytes += sumBytes(entries);
}

/**
 * Entries deleted from the store: out of the head, and out of the count (never below zero:
 * another tab's count, read since, may not hold them).
 */
export function forget(q: QueueState, entries: readonly EntryRef[]): void {
  forgetInHead(q, entries);
  q.stored = Math.max(0, q.stored - entries.length);
  q.storedBytes = Math.max(0, q.storedBytes - sumBytes(entries));
}
