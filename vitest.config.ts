import { playwright } from '@vitest/browser-playwright';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './test/support/chromium.js';
import { slowImages } from './test/support/slow-images.js';

/**
 * `tp-web-sdk` and its subpaths resolve to the source, as in tsconfig.json's `paths` and the demo's
 * build (demo/build.ts): tests that import demo modules run this checkout's code, built or not.
 */
const src = fileURLToPath(new URL('./src/', import.meta.url));
const resolve = {
  alias: [
    { find: /^tp-web-sdk$/, replacement: `${src}index.ts` },
    { find: /^tp-web-sdk\/(logging|dom|canvas|tcf|inspector|bridge|phaser)$/, replacement: `${src}$1.ts` },
  ],
};

export default defineConfig({
  test: {
    // The JSON report feeds the closing summary line of .ci/run.
    reporters: ['default', 'json'],
    outputFile: { json: '.vitest-report.json' },
    projects: [
      {
        resolve,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'happy-dom',
          setupFiles: ['test/support/fail-on-console.ts'],
        },
      },
      {
        resolve,
        test: {
          name: 'types',
          include: ['test/types/**/*.test-d.ts'],
          typecheck: { enabled: true, only: true, include: ['test/types/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
        },
      },
      {
        resolve,
        test: {
          name: 'node',
          include: ['test/node/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/support/fail-on-console.ts'],
        },
      },
      {
        resolve,
        // `/__tp-test/image.svg`: offer images served late, or never (test/support/slow-images.ts).
        plugins: [slowImages()],
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          setupFiles: ['test/support/fail-on-console.ts'],
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({ launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
      {
        resolve,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          globalSetup: ['test/e2e/global-setup.ts'],
          fileParallelism: false,
        },
      },
    ],
  },
});
