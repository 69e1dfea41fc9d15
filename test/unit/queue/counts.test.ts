/**
 * The queue's count (src/queue/counts.ts): stored records and bytes, and the length reported.
 */
import { expect, it } from 'vitest';
import { countWritten, forget, lengthChanged, queueLength, setCount, sumBytes } from '../../../src/queue/counts.js';
import { queueState, stored } from '../../support/queue-state.js';

it('sumBytes adds the entries’ bytes; an entry without them (an older version’s) counts 0', () => {
  const { bytes: _, ...old } = stored(3);
  expect(sumBytes([stored(1, 5), stored(2, 7), old])).toBe(12);
  expect(sumBytes([])).toBe(0);
});

it('the length counts stored, being written, and buffered records; lengthChanged reports it', () => {
  const heard: number[] = [];
  const q = queueState({ onLengthChange: (n) => heard.push(n) }, { stored: 5, writingCount: 2 });
  q.buffer.push({ entry: { objectName: 'players_login', record: {}, enqueuedAt: 0 }, counter: 1 });
  expect(queueLength(q)).toBe(8);
  lengthChanged(q);
  expect(heard).toEqual([8]);
});

it('setCount takes the store’s numbers; countWritten adds a write', () => {
  const q = queueState();
  setCount(q, 10, 100);
  countWritten(q, [stored(1, 5), stored(2, 7)]);
  expect([q.stored, q.storedBytes]).toEqual([12, 112]);
});

it('forget takes removed entries out of the count (never below zero) and out of the head', () => {
  const q = queueState({}, { stored: 3, storedBytes: 25, head: [stored(1), stored(2), stored(3)] });
  forget(q, [stored(1, 10), stored(3, 10)]);
  expect([q.stored, q.storedBytes, q.head.map((e) => e.record.n)]).toEqual([1, 5, [2]]);
  forget(q, [stored(2, 10), stored(4, 10)]); // another tab's count, read since, did not hold them all
  expect([q.stored, q.storedBytes]).toEqual([0, 0]);
});
