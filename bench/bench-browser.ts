/**
 * What each Chromium section of `npm run bench` runs in: the reference service with a fresh data
 * folder, a site on 127.0.0.1 serving the section's page, and Debian's Chromium with a fresh
 * profile; `close()` stops and removes them all.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { chromium, type BrowserContext } from 'playwright-core';
import { DEFAULT_AUTH_MODE, DEFAULT_CLIENT_KEY } from '../demo/service/config.js';
import { closeServer, listen, startService } from '../demo/service/server.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH, freshUserDataDir } from '../test/support/chromium.js';

export interface BenchBrowser {
  /** The site's port on 127.0.0.1. */
  readonly port: number;
  readonly context: BrowserContext;
  /** Where the page's clients send: the service's `base_url` and its default credentials. */
  readonly config: { baseUrl: string; clientKey: string; authMode: string };
  close(): Promise<void>;
}

/** Starts the service, serves `site`, and launches Chromium with the tests' flags and `args`. */
export async function openBenchBrowser(site: Hono, launch: { args: string[]; viewport?: { width: number; height: number } }): Promise<BenchBrowser> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tp-bench-'));
  const service = await startService({ dataDir });
  const { server, port } = await listen(site.fetch, 0);
  const userDataDir = freshUserDataDir();
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...launch.args],
    headless: true,
    ...(launch.viewport ? { viewport: launch.viewport } : {}),
  });
  return {
    port,
    context,
    config: { baseUrl: service.baseUrl, clientKey: DEFAULT_CLIENT_KEY, authMode: DEFAULT_AUTH_MODE },
    async close() {
      await context.close();
      await closeServer(server);
      await service.close();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
