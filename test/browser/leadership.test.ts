/**
 * One uploader among tabs, in real Chromium: with Web Locks, and with the IndexedDB lease used
 * where Web Locks are missing. Several Leadership instances in one page stand for several tabs
 * (they use the same lock name or lease database, as tabs do).
 */
import { describe, expect, it } from 'vitest';
import { electLeader } from '../../src/tabs/index.js';

const leaders = (list: Array<{ isLeader: boolean }>) => list.filter((l) => l.isLeader).length;

describe('Web Locks', () => {
  it('exactly one leader; when it goes, the next one leads at once', async () => {
    const name = `lock-${crypto.randomUUID()}`;
    const tabs = ['a', 'b', 'c'].map((id) => electLeader(name, id, navigator.locks, 'unused'));
    await expect.poll(() => leaders(tabs)).toBe(1);
    const first = tabs.find((t) => t.isLeader)!;
    first.release();
    await expect.poll(() => leaders(tabs)).toBe(1);
    expect(first.isLeader).toBe(false);
  });

  it('a tab released while it waits for the lock (its client shut down) never leads after it', async () => {
    const name = `lock-${crypto.randomUUID()}`;
    const a = electLeader(name, 'a', navigator.locks, 'unused');
    await expect.poll(() => a.isLeader).toBe(true);
    const stopped = electLeader(name, 'b', navigator.locks, 'unused');
    const c = electLeader(name, 'c', navigator.locks, 'unused');
    stopped.release(); // before the lock came
    a.release();
    await expect.poll(() => c.isLeader).toBe(true);
    expect(stopped.isLeader).toBe(false);
    expect(await stopped.confirm()).toBe(false);
    expect((await navigator.locks.query()).pending?.filter((l) => l.name === name)).toEqual([]);
    c.release();
  });
});

describe('IndexedDB lease (no Web Locks)', () => {
  it('exactly one leader; a released lease is taken over; confirm() says who may upload', async () => {
    const db = `lease-${crypto.randomUUID()}`;
    const tabs = ['a', 'b', 'c'].map((id) => electLeader('unused', id, undefined, db, 50));
    await expect.poll(() => leaders(tabs)).toBe(1);
    const first = tabs.find((t) => t.isLeader)!;
    const others = tabs.filter((t) => t !== first);
    expect(await first.confirm()).toBe(true);
    expect(await Promise.all(others.map((t) => t.confirm()))).toEqual([false, false]);
    first.release();
    await expect.poll(() => leaders(others)).toBe(1);
    expect(first.isLeader).toBe(false);
    for (const t of tabs) t.release();
  });
});

describe('IndexedDB lease: release while a renewal is on its way', () => {
  it('the released tab does not lead when the renewal lands, and hands the lease over at once', async () => {
    const db = `lease-${crypto.randomUUID()}`;
    const tabs = ['a', 'b'].map((id) => electLeader('unused', id, undefined, db, 60_000));
    await expect.poll(() => leaders(tabs)).toBe(1);
    const first = tabs.find((t) => t.isLeader)!;
    const other = tabs.find((t) => t !== first)!;
    const renewal = first.confirm(); // a renewal's transaction is on its way
    first.release();
    expect(await renewal).toBe(false);
    expect(first.isLeader).toBe(false);
    expect(await other.confirm()).toBe(true); // the lease was handed back, not kept for 60 s
    for (const t of tabs) t.release();
  });
});

describe('Web Locks refused (an opaque origin answers every request with a SecurityError)', () => {
  const refusing = { request: () => Promise.reject(new DOMException('Access denied', 'SecurityError')) } as unknown as LockManager;

  it('the election moves to the IndexedDB lease: one tab leads, and its onLeader listeners hear it', async () => {
    const db = `lease-${crypto.randomUUID()}`;
    const tabs = ['a', 'b'].map((id) => electLeader('refused', id, refusing, db, 50));
    const heard: string[] = [];
    tabs.forEach((t, i) => t.onLeader(() => heard.push(['a', 'b'][i]!)));
    await expect.poll(() => leaders(tabs)).toBe(1);
    const first = tabs.find((t) => t.isLeader)!;
    expect(await first.confirm()).toBe(true);
    expect(heard).toEqual([first === tabs[0] ? 'a' : 'b']);
    first.release();
    await expect.poll(() => leaders(tabs)).toBe(1);
    expect(first.isLeader).toBe(false);
    for (const t of tabs) t.release();
  });
});
