import { buildDemo } from '../../demo/build.js';
import { chromiumInstalled, CHROMIUM_PATH } from '../support/chromium.js';

/** Builds the demo once for every e2e file, and refuses to run without Chromium. */
export default async function setup(): Promise<void> {
  if (!chromiumInstalled()) {
    throw new Error(`The browser tests need Chromium at ${CHROMIUM_PATH}: run 'npm test' (it installs Debian's chromium) or set CHROMIUM_PATH.`);
  }
  await buildDemo();
}
