/**
 * Starts the reference service on 127.0.0.1:0 with a fresh data folder, for one test file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { DEFAULT_AUTH_MODE, DEFAULT_CLIENT_KEY } from '../../demo/service/config.js';
import { startService, type RunningService, type StartServiceOptions } from '../../demo/service/server.js';

export const AUTH = { authMode: DEFAULT_AUTH_MODE, clientKey: DEFAULT_CLIENT_KEY };

/**
 * A service started before the file's tests and stopped after them, with `config` over the
 * defaults. Read `.current` in tests.
 */
export function useService(config?: StartServiceOptions['config']): { current: RunningService } {
  const holder = {} as { current: RunningService };
  let dir = '';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tp-service-'));
    holder.current = await startService({ dataDir: dir, config });
  });
  afterAll(async () => {
    await holder.current?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return holder;
}

/** Records the service holds, flattened, optionally for one object name. */
export async function received(service: RunningService, object?: string): Promise<Array<Record<string, unknown>>> {
  const url = new URL(`${service.origin}/_tp/records`);
  if (object) url.searchParams.set('object', object);
  const rows = (await (await fetch(url)).json()) as Array<{ record: Record<string, unknown> }>;
  return rows.map((r) => r.record);
}
