/**
 * The adapters rehearse their first offer in idle moments (ui/warm-up.ts `inIdleSteps`): one step
 * at a time, so that no task of the rehearsal runs long, several in one moment only while it has
 * room; a step that throws ends it, and nothing of it reaches the game.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { inIdleSteps } from '../../../src/ui/warm-up.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The idle callbacks asked for, each run by the test with a deadline that has `room` ms left. */
function idleMoments(room: number): { asked: number; runNext: () => void } {
  const queue: IdleRequestCallback[] = [];
  const moments = { asked: 0, runNext: () => queue.shift()!({ didTimeout: false, timeRemaining: () => room }) };
  vi.stubGlobal('requestIdleCallback', (run: IdleRequestCallback) => {
    moments.asked++;
    queue.push(run);
    return moments.asked;
  });
  return moments;
}

it('runs each step in an idle moment of its own when the moments have no room for another', () => {
  const idle = idleMoments(5);
  const ran: number[] = [];
  inIdleSteps([() => ran.push(1), () => ran.push(2), () => ran.push(3)], 300);
  expect(ran).toEqual([]); // nothing at once
  idle.runNext();
  expect(ran).toEqual([1]);
  idle.runNext();
  idle.runNext();
  expect(ran).toEqual([1, 2, 3]);
  expect(idle.asked).toBe(3);
});

it('runs quick steps together in one idle moment with room, up to a few milliseconds of them', () => {
  const idle = idleMoments(50);
  const ran: number[] = [];
  inIdleSteps([() => ran.push(1), () => ran.push(2), () => ran.push(3)], 300);
  idle.runNext();
  expect(ran).toEqual([1, 2, 3]);
  expect(idle.asked).toBe(1);

  // A slow step: the next one waits for the next moment.
  const slow: number[] = [];
  const now = vi.spyOn(performance, 'now');
  let clock = 0;
  now.mockImplementation(() => clock);
  inIdleSteps([() => ((clock += 20), slow.push(1)), () => slow.push(2)], 300);
  idle.runNext();
  expect(slow).toEqual([1]);
  idle.runNext();
  expect(slow).toEqual([1, 2]);
  now.mockRestore();
});

it('a step that throws ends the rehearsal, and nothing reaches the game', () => {
  const idle = idleMoments(0);
  const after = vi.fn();
  inIdleSteps(
    [
      () => {
        throw new Error('no body yet');
      },
      after,
    ],
    300,
  );
  expect(() => idle.runNext()).not.toThrow();
  expect(after).not.toHaveBeenCalled();
  expect(idle.asked).toBe(1); // no moment asked after the throw
});

it('a page whose requestIdleCallback throws gets nothing thrown back, at the start or later', () => {
  vi.stubGlobal('requestIdleCallback', () => {
    throw new Error("a game's polyfill");
  });
  expect(() => inIdleSteps([() => undefined], 300)).not.toThrow();
  vi.unstubAllGlobals();
  let calls = 0;
  vi.stubGlobal('requestIdleCallback', (run: IdleRequestCallback) => {
    if (++calls > 1) throw new Error("a game's polyfill");
    setTimeout(() => run({ didTimeout: false, timeRemaining: () => 0 }), 0);
    return calls;
  });
  const ran: number[] = [];
  inIdleSteps([() => ran.push(1), () => ran.push(2)], 300);
  return new Promise<void>((resolve) =>
    setTimeout(() => {
      expect(ran).toEqual([1]);
      resolve();
    }, 10),
  );
});

it('without requestIdleCallback, each step is a task of its own', async () => {
  vi.stubGlobal('requestIdleCallback', undefined);
  const ran: number[] = [];
  inIdleSteps([() => ran.push(1), () => ran.push(2)], 300);
  expect(ran).toEqual([]);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(ran).toEqual([1]);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(ran).toEqual([1, 2]);
});
