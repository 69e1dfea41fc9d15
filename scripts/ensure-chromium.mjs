#!/usr/bin/env node
// Runs before the tests: the browser tests need Debian's Chromium. Installs it where it can
// (root with apt-get), and otherwise stops with the command to run. Never skips silently.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
let hasApt = false;
try {
  execSync('command -v apt-get', { stdio: 'ignore' });
  hasApt = true;
} catch {
  hasApt = false;
}
if (isRoot && hasApt) {
  console.log(`Chromium is not at ${path}: installing Debian's chromium package (apt-get)...`);
  execSync('apt-get update && apt-get install -y chromium', {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (existsSync(path)) process.exit(0);
}
console.error(
  [
    `The browser tests need Chromium at ${path}, and it is not there.`,
    'Install it, then run the tests again:',
    '  sudo apt-get update && sudo apt-get install -y chromium',
    'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  ].join('\n'),
);
process.exit(1);
