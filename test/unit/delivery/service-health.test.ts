/**
 * The service health that decides whether a keepalive upload counts as delivered as it leaves
 * (docs/decisions.md, "Delivery: exactly once on reload and close"): an accepted upload seen
 * lately, no failure after it nor in the last five minutes, shared by the game's pages through
 * localStorage.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createServiceHealth, FAILURE_MEMORY_MS, SUCCESS_MEMORY_MS } from '../../../src/delivery/index.js';

afterEach(() => localStorage.clear());

function clocked(key: string | undefined = 'tp/health') {
  let now = 1_800_000_000_000;
  const health = createServiceHealth(key, () => now);
  return { health, advance: (ms: number) => void (now += ms), at: () => now };
}

describe('service health', () => {
  it('knows nothing before an accepted upload: not answering', () => {
    const { health } = clocked();
    expect(health.known()).toBe(false);
    expect(health.answering()).toBe(false);
  });

  it('answers after an accepted upload, for SUCCESS_MEMORY_MS', () => {
    const { health, advance } = clocked();
    health.succeeded();
    expect(health.answering()).toBe(true);
    advance(SUCCESS_MEMORY_MS - 1);
    expect(health.answering()).toBe(true);
    advance(1);
    expect(health.answering()).toBe(false);
    expect(health.known()).toBe(false);
  });

  it('a failure after it stops trust until a later success, and for FAILURE_MEMORY_MS whatever comes', () => {
    const { health, advance } = clocked();
    health.succeeded();
    advance(1000);
    health.failed();
    expect(health.answering()).toBe(false);
    advance(FAILURE_MEMORY_MS);
    expect(health.answering()).toBe(false); // no success since the failure
    health.succeeded();
    expect(health.answering()).toBe(true);
    advance(1000);
    health.failed();
    advance(1000);
    health.succeeded(); // a flaky service: a success right after a failure
    expect(health.answering()).toBe(false);
    advance(FAILURE_MEMORY_MS);
    expect(health.answering()).toBe(true);
  });

  it('is shared by the pages of the game: a new page knows what the one before it saw', () => {
    const first = clocked();
    first.health.succeeded();
    const next = createServiceHealth('tp/health', first.at);
    expect(next.known()).toBe(true);
    expect(next.answering()).toBe(true);
    first.advance(10);
    first.health.failed();
    expect(createServiceHealth('tp/health', first.at).answering()).toBe(false);
    expect(createServiceHealth('other/health', first.at).known()).toBe(false); // another game's
  });

  it('writes an accepted upload to localStorage at most once a minute, but at once after a failure', () => {
    const { health, advance, at } = clocked();
    health.succeeded();
    const written = localStorage.getItem('tp/health');
    advance(30_000);
    health.succeeded();
    expect(localStorage.getItem('tp/health')).toBe(written);
    health.failed();
    advance(10);
    health.succeeded();
    expect(JSON.parse(localStorage.getItem('tp/health')!)).toMatchObject({ ok: at() });
  });

  it('a failure in the future (the clock moved back) is recent', () => {
    const { health, advance } = clocked();
    health.succeeded();
    advance(1);
    health.failed();
    advance(-3_600_000);
    health.succeeded();
    expect(health.answering()).toBe(false);
  });

  it('keeps working in memory where localStorage is blocked, and reads an unreadable copy as nothing', () => {
    localStorage.setItem('tp/health', 'not json');
    const { health } = clocked();
    expect(health.known()).toBe(false);
    health.succeeded();
    expect(health.answering()).toBe(true);
    const memory = clocked(undefined);
    memory.health.succeeded();
    expect(memory.health.answering()).toBe(true);
  });
});
