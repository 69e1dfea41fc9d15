/**
 * The background upload schedule, with fake timers: backoff between failures, Retry-After,
 * nothing while paused or offline, and at once when back online.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError, ServiceError, type TpError } from '../../../src/errors/index.js';
import { createSendGate, UploadScheduler, type SchedulerOptions } from '../../../src/delivery/index.js';

interface World {
  online: boolean;
  paused: boolean;
  unloading: boolean;
  answers: Array<'ok' | TpError>;
  runs: number[];
  failures: Array<[string, number | undefined]>;
  retries: number;
}

function setup(answers: World['answers'], options: Partial<SchedulerOptions> = {}) {
  const gate = createSendGate({ consented: () => true, online: () => world.online, leader: () => true, confirmLeader: async () => true, onPause: () => undefined });
  const world: World = {
    online: true,
    get paused() {
      return gate.state.paused !== undefined;
    },
    set paused(paused) {
      if (paused) gate.pause(new ServiceError('logs', 403, 'Invalid TPClientKey'));
      else gate.resume();
    },
    get unloading() {
      return gate.state.unloading;
    },
    set unloading(unloading) {
      gate.setUnloading(unloading);
    },
    answers,
    runs: [],
    failures: [],
    retries: 0,
  };
  const scheduler = new UploadScheduler({
    run: async () => {
      world.runs.push(Date.now());
      const answer = world.answers.shift() ?? 'ok';
      if (answer !== 'ok') throw answer;
    },
    policy: { baseMs: 1000, factor: 2, capMs: 60_000 },
    gate,
    hasWork: () => true,
    onFailure: (e, retryIn) => world.failures.push([e.message, retryIn]),
    onRetry: () => {
      world.retries += 1;
    },
    random: () => 0.5,
    ...options,
  });
  return { world, scheduler };
}

const offlineError = () => new NetworkError('logs', new TypeError('Failed to fetch'));

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('UploadScheduler', () => {
  it('retries a failing upload on the backoff schedule (half the window with random 0.5), then stops after success', async () => {
    const { world, scheduler } = setup([offlineError(), offlineError(), offlineError()]);
    scheduler.kick('timer');
    await vi.runAllTimersAsync();
    expect(world.runs).toEqual([0, 500, 1500, 3500]);
    expect(world.failures.map(([, r]) => r)).toEqual([500, 1000, 2000]);
    expect(world.retries).toBe(3);
    expect(scheduler.failures).toBe(0);
    expect(scheduler.waiting).toBe(false);
  });

  it('timer ticks and the threshold do not cut a waiting retry short', async () => {
    const { world, scheduler } = setup([offlineError()]);
    scheduler.kick('timer');
    await vi.advanceTimersByTimeAsync(100);
    scheduler.kick('timer');
    scheduler.kick('threshold');
    await vi.advanceTimersByTimeAsync(100);
    expect(world.runs).toEqual([0]);
    await vi.advanceTimersByTimeAsync(400);
    expect(world.runs).toEqual([0, 500]);
  });

  it('honours Retry-After instead of the backoff', async () => {
    const { world, scheduler } = setup([new ServiceError('logs', 503, 'Service Unavailable', 7000)]);
    scheduler.kick('timer');
    await vi.advanceTimersByTimeAsync(6999);
    expect(world.runs).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(world.runs).toEqual([0, 7000]);
  });

  it('a Retry-After of 0 (or a date already past) waits the backoff instead of retrying at once, again and again', async () => {
    const zero = () => new ServiceError('logs', 503, 'Service Unavailable', 0);
    const { world, scheduler } = setup([zero(), zero(), zero()]);
    scheduler.kick('timer');
    await vi.advanceTimersByTimeAsync(1000);
    expect(world.runs).toEqual([0, 500]);
    await vi.runAllTimersAsync();
    expect(world.runs).toEqual([0, 500, 1500, 3500]);
  });

  it('after a failure that is not retried (a 404 from a wrong baseUrl), timer ticks wait the backoff too, and nothing retries by itself', async () => {
    const notFound = () => new ServiceError('logs', 404, 'Not Found');
    const { world, scheduler } = setup([notFound(), notFound()]);
    scheduler.kick('timer');
    await vi.advanceTimersByTimeAsync(100);
    expect(world.failures).toEqual([['logs request failed: 404 Not Found', undefined]]);
    scheduler.kick('timer'); // a tick inside the wait: nothing sent
    await vi.advanceTimersByTimeAsync(500);
    expect(world.runs).toEqual([0]);
    expect(world.retries).toBe(0); // no retry of its own
    scheduler.kick('timer'); // the next tick after the wait sends again, and the next wait is longer
    await vi.advanceTimersByTimeAsync(0);
    scheduler.kick('timer');
    await vi.advanceTimersByTimeAsync(999);
    scheduler.kick('timer');
    await vi.advanceTimersByTimeAsync(1);
    scheduler.kick('timer');
    await vi.runAllTimersAsync();
    expect(world.runs).toEqual([0, 600, 1600]);
    expect(world.retries).toBe(0);
  });

  it('a kick while a pass runs is not lost: another pass runs when it ends (work that came after it read)', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let passes = 0;
    const slow = new UploadScheduler({
      run: async () => {
        passes += 1;
        if (passes === 1) await held;
      },
      policy: { baseMs: 1000, factor: 2, capMs: 60_000 },
      gate: createSendGate({ consented: () => true, online: () => true, leader: () => true, confirmLeader: async () => true, onPause: () => undefined }),
      hasWork: () => true,
      onFailure: () => undefined,
      onRetry: () => undefined,
    });
    slow.kick('threshold');
    await vi.advanceTimersByTimeAsync(0);
    expect(slow.kick('threshold')).toBe(false); // a first open made while the first pass sends
    expect(passes).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(passes).toBe(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(passes).toBe(2); // once, not forever
  });

  it('counts a retry only when it starts: one whose time comes while offline is not counted', async () => {
    const { world, scheduler } = setup([offlineError()]);
    scheduler.kick('timer');
    await vi.advanceTimersByTimeAsync(100);
    world.online = false;
    await vi.runAllTimersAsync();
    expect([world.runs, world.retries]).toEqual([[0], 0]);
  });

  it('does not retry what cannot succeed: a 400, or a 403 that paused uploads', async () => {
    const { world, scheduler } = setup([new ServiceError('logs', 400, 'Missing Body')]);
    scheduler.kick('timer');
    await vi.runAllTimersAsync();
    expect(world.runs).toHaveLength(1);
    expect(scheduler.waiting).toBe(false);

    const paused = setup([new ServiceError('logs', 403, 'Invalid TPClientKey')]);
    paused.scheduler.kick('timer');
    await vi.advanceTimersByTimeAsync(0);
    paused.world.paused = true;
    paused.scheduler.kick('timer');
    await vi.runAllTimersAsync();
    expect(paused.world.runs).toHaveLength(1);
    paused.world.paused = false; // setClientKey()
    paused.scheduler.kick('timer');
    await vi.runAllTimersAsync();
    expect(paused.world.runs).toHaveLength(2);
  });

  it('coming back online cuts a backoff wait short, not a Retry-After: a network flap does not hit a rate-limited service again', async () => {
    const { world, scheduler } = setup([new ServiceError('logs', 429, 'Too Many Requests', 120_000)]);
    scheduler.kick('timer');
    await vi.advanceTimersByTimeAsync(10_000);
    world.online = false; // a train tunnel ...
    await vi.advanceTimersByTimeAsync(5_000);
    world.online = true; // ... and back, 15 s after the service asked for 120 s
    scheduler.kick('online');
    await vi.advanceTimersByTimeAsync(1);
    expect(world.runs).toEqual([0]);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(world.runs).toEqual([0, 120_000]);
  });

  it('with automatic uploads off, a failed flushNow() schedules no retry: the game starts the next one', async () => {
    const { world, scheduler } = setup([offlineError()], { automatic: false });
    await expect(scheduler.flushNow()).rejects.toMatchObject({ name: 'NetworkError' });
    await vi.advanceTimersByTimeAsync(600_000);
    expect({ runs: world.runs, retries: world.retries, waiting: scheduler.waiting }).toEqual({ runs: [0], retries: 0, waiting: false });
    await scheduler.flushNow();
    expect(world.runs).toEqual([0, 600_000]);
  });

  it('does nothing while offline, and uploads at once when the browser is back online', async () => {
    const { world, scheduler } = setup([offlineError()]);
    scheduler.kick('timer'); // fails: a retry waits 500 ms
    await vi.advanceTimersByTimeAsync(10);
    world.online = false;
    await vi.advanceTimersByTimeAsync(60_000); // the retry fires, but offline it does not run
    expect(world.runs).toEqual([0]);
    await expect(scheduler.flushNow()).rejects.toMatchObject({ name: 'NetworkError', message: /offline/ });
    expect(world.runs).toEqual([0]);
    vi.setSystemTime(90_000);
    world.online = true;
    scheduler.kick('online');
    await vi.advanceTimersByTimeAsync(0);
    expect(world.runs).toEqual([0, 90_000]);
  });

  it('starts nothing while the page is being unloaded, not even coming online or a due retry; goes on once it is shown again', async () => {
    const { world, scheduler } = setup([offlineError()]);
    scheduler.kick('timer'); // fails: a retry waits 500 ms
    await vi.advanceTimersByTimeAsync(10);
    world.unloading = true; // pagehide
    scheduler.kick('online');
    scheduler.kick('timer');
    await vi.advanceTimersByTimeAsync(60_000); // the retry fires, but does not run
    expect(world.runs).toEqual([0]);
    world.unloading = false; // pageshow: back from the back/forward cache
    scheduler.kick('start');
    await vi.advanceTimersByTimeAsync(0);
    expect(world.runs).toEqual([0, 60_010]);
  });

  it('a pass left without an answer by the page unloading is no failure: nothing reported, no backoff; a service answer still is', async () => {
    const { world, scheduler } = setup([]);
    // The pass on the wire at pagehide ends without an answer (the drain sends no further batch).
    world.answers.push(new NetworkError('logs', new Error('the page is being unloaded')));
    world.unloading = true;
    await scheduler.flushNow().catch(() => undefined);
    scheduler.kick('timer');
    await vi.advanceTimersByTimeAsync(0);
    world.unloading = false;
    scheduler.kick('timer'); // runs, and fails without an answer while the page is shown ...
    world.unloading = true; // ... as the page is being unloaded
    world.answers.push(offlineError());
    await vi.advanceTimersByTimeAsync(0);
    expect(world.failures).toEqual([]);
    expect(scheduler.failures).toBe(0);
    expect(scheduler.waiting).toBe(false);

    world.unloading = false; // pageshow: back from the back/forward cache, at once
    world.answers.push(new ServiceError('logs', 503, 'Service Unavailable'));
    scheduler.kick('start');
    world.unloading = true; // the service answered 503 while the page was being unloaded
    await vi.advanceTimersByTimeAsync(0);
    expect(world.runs).toEqual([0, 0, 0]);
    expect(world.failures.map(([m]) => m)).toEqual([expect.stringContaining('503')]);
    expect(scheduler.failures).toBe(1);
  });

  it('an explicit flush runs at once even while a retry waits, and rejects to its caller', async () => {
    const { world, scheduler } = setup([offlineError(), offlineError()]);
    scheduler.kick('timer');
    await vi.advanceTimersByTimeAsync(10);
    await expect(scheduler.flushNow()).rejects.toMatchObject({ name: 'NetworkError' });
    expect(world.runs).toEqual([0, 10]);
    expect(world.failures).toHaveLength(1); // the explicit failure went to the caller, not to onFailure
    expect(scheduler.waiting).toBe(true);
    await expect(scheduler.flushNow()).resolves.toBeUndefined();
    expect(scheduler.failures).toBe(0);
    expect(scheduler.waiting).toBe(false);
  });
});
