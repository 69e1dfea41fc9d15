/**
 * Where Chromium is and how the tests start it: Debian's package, headless, with the flags this
 * machine's closed network needs, and a fresh user-data directory per launch.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function chromiumInstalled(): boolean {
  return existsSync(CHROMIUM_PATH);
}

export function freshUserDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'tp-chromium-'));
}
