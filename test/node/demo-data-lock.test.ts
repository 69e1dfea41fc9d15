/**
 * One demo per data folder (demo/data-lock.ts): a second `npm run demo` on the folder of a running
 * one stops with a message instead of overwriting its offers; a lock left by a demo that died
 * does not block the next one.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from '../../demo/data-lock.js';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the demo data folder lock', () => {
  it('refuses a second demo on the folder of a running one, naming it and the way out; free again once released', () => {
    dir = mkdtempSync(join(tmpdir(), 'tp-lock-'));
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrowError(new RegExp(`another demo or service \\(pid ${process.pid}\\) is using .*--data-dir`));
    release();
    expect(existsSync(join(dir, '.lock'))).toBe(false);
    lockDataDir(dir)();
  });

  it('takes over a lock left by a demo that died', () => {
    dir = mkdtempSync(join(tmpdir(), 'tp-lock-'));
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    writeFileSync(join(dir, '.lock'), String(dead));
    expect(() => lockDataDir(dir)()).not.toThrow();
  });
});
