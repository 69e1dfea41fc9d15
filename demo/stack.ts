/**
 * The whole demo on one machine: the reference service and the demo page, each on 127.0.0.1.
 * `npm run demo` runs it; the browser tests start it on ephemeral ports.
 */
import { DEFAULT_AUTH_MODE, DEFAULT_CLIENT_KEY } from './service/config.js';
import type { FaultConfig } from './service/faults.js';
import { closeServer, listen, startService, viewUrl, type RunningService } from './service/server.js';
import { buildDemo } from './build.js';
import { createSiteApp } from './site.js';

export interface DemoStack {
  /** The demo page, `http://127.0.0.1:PORT/`. */
  readonly url: string;
  readonly service: RunningService;
  close(): Promise<void>;
}

export interface DemoStackOptions {
  readonly dataDir: string;
  /** Port of the demo page; the service takes the next one. 0 for ephemeral ports. */
  readonly port?: number;
  /** Skip the esbuild step (the bundle is already built). */
  readonly skipBuild?: boolean;
  /** Fault injection in the reference service (demo/service/faults.ts). */
  readonly faults?: FaultConfig;
  /** Token the service's read-only view asks for (demo/service/view-access.ts). */
  readonly viewToken?: string;
  /** Milliseconds the service waits before answering each offer image. */
  readonly imageDelayMs?: number;
}

export async function startDemoStack(options: DemoStackOptions): Promise<DemoStack> {
  if (!options.skipBuild) await buildDemo();
  const port = options.port ?? 0;
  const service = await startService({
    dataDir: options.dataDir,
    port: port === 0 ? 0 : port + 1,
    faults: options.faults,
    config: { viewToken: options.viewToken, imageDelayMs: options.imageDelayMs },
  });
  try {
    const site = createSiteApp({
      baseUrl: service.baseUrl,
      clientKey: DEFAULT_CLIENT_KEY,
      authMode: DEFAULT_AUTH_MODE,
      viewUrl: viewUrl(service),
    });
    const { server, port: sitePort } = await listen(site.fetch, port);
    return {
      url: `http://127.0.0.1:${sitePort}/`,
      service,
      close: async () => {
        await Promise.all([closeServer(server), service.close()]);
      },
    };
  } catch (error) {
    await service.close();
    throw error;
  }
}
