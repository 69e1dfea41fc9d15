/**
 * The adapters rehearse their first offer in idle moments (ui/warm-up.ts `whenIdle`): one step at
 * a time, so that no task of the rehearsal runs long, several in one moment only while it has
 * room; a step that throws ends it, and what it leaves in the page is still taken away.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { whenIdle } from '../../../src/ui/warm-up.js';

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
  const ended = vi.fn();
  whenIdle([() => ran.push(1), () => ran.push(2), () => ran.push(3)], 300, ended);
  expect(ran).toEqual([]); // nothing at once
  idle.runNext();
  expect(ran).toEqual([1]);
  idle.runNext();
  idle.runNext();
  expect(ran).toEqual([1, 2, 3]);
  expect(idle.asked).toBe(3);
  expect(ended).toHaveBeenCalledOnce();
});

it('runs quick steps together in one idle moment with room, up to a few milliseconds of them', () => {
  const idle = idleMoments(50);
  const ran: number[] = [];
  whenIdle([() => ran.push(1), () => ran.push(2), () => ran.push(3)], 300);
  idle.runNext();
  expect(ran).toEqual([1, 2, 3]);
  expect(idle.asked).toBe(1);

  // A slow step: the next one waits for the next moment.
  const slow: number[] = [];
  const now = vi.spyOn(performance, 'now');
  let clock = 0;
  now.mockImplementation(() => clock);
  whenIdle([() => ((clock += 20), slow.push(1)), () => slow.push(2)], 300);
  idle.runNext();
  expect(slow).toEqual([1]);
  idle.runNext();
  expect(slow).toEqual([1, 2]);
  now.mockRestore();
});

it('a step may add steps after the last; one that throws ends the rehearsal, and `end` still runs', () => {
  const idle = idleMoments(0);
  const ran: string[] = [];
  const steps = [() => void steps.push(() => ran.push('added')), () => ran.push('second')];
  whenIdle(steps, 300);
  for (let i = 0; i < 3; i++) idle.runNext();
  expect(ran).toEqual(['second', 'added']);

  const ended = vi.fn(() => {
    throw new Error('nothing of it reaches the game');
  });
  const after = vi.fn();
  whenIdle(
    [
      () => {
        throw new Error('no body yet');
      },
      after,
    ],
    300,
    ended,
  );
  expect(() => idle.runNext()).not.toThrow();
  expect(after).not.toHaveBeenCalled();
  expect(ended).toHaveBeenCalledOnce();
  expect(idle.asked).toBe(4); // no moment asked after the throw
});

it('without requestIdleCallback, each step is a task of its own', async () => {
  vi.stubGlobal('requestIdleCallback', undefined);
  const ran: number[] = [];
  whenIdle([() => ran.push(1), () => ran.push(2)], 300);
  expect(ran).toEqual([]);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(ran).toEqual([1]);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(ran).toEqual([1, 2]);
});
