#!/usr/bin/env node
// Runs before the tests: the browser tests need Debian's Chromium, the golden images its named
// fonts (DejaVu Sans, NanumGothic for Korean), and the Unity package's tests Debian's Emscripten
// (it links a stand-in of a Unity game with the package's .jslib) and Mono (mcs compiles its C#). Installs what is missing where
// it can (root with apt-get), and otherwise stops with the command to run. Never skips silently.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PACKAGES = ['chromium', 'fonts-dejavu-core', 'fonts-nanum', 'emscripten', 'mono-mcs'];

const succeeds = (command) => {
  try {
    execSync(command, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const hasFonts = () => succeeds('fc-list "DejaVu Sans" | grep -q .') && succeeds('fc-list NanumGothic | grep -q .');
const ready = () => existsSync(path) && hasFonts() && succeeds('command -v emcc') && succeeds('command -v mcs');
if (ready()) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot && succeeds('command -v apt-get')) {
  console.log(`Installing Debian's ${PACKAGES.join(', ')} for the browser tests (apt-get)...`);
  execSync(`apt-get update && apt-get install -y ${PACKAGES.join(' ')}`, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (ready()) process.exit(0);
}
console.error(
  [
    `The browser tests need Chromium at ${path}, the fonts DejaVu Sans and NanumGothic, emcc (Emscripten) and mcs (Mono).`,
    'Install them, then run the tests again:',
    `  sudo apt-get update && sudo apt-get install -y ${PACKAGES.join(' ')}`,
    'or point CHROMIUM_PATH at a Chromium or Chrome binary (the golden images still need the fonts).',
  ].join('\n'),
);
process.exit(1);
