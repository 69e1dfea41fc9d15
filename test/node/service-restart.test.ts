/**
 * The reference service's storage across restarts, and what only the fault injector may ask for:
 * a crash in the middle of an append leaves a cut-off last line in `uploads.ndjson`; the next
 * start must keep every whole upload, drop the cut one (its request was never answered, so the
 * client sends it again) and append after it cleanly. A client's own `x-tp-fault-413` header is
 * not a fault.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { startService, type RunningService } from '../../demo/service/server.js';
import { AUTH, received } from '../support/service.js';

const dirs: string[] = [];
const running: RunningService[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function start(dir: string): Promise<RunningService> {
  const service = await startService({ dataDir: dir });
  running.push(service);
  return service;
}

const post = (service: RunningService, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${service.baseUrl}/logs`, {
    method: 'POST',
    headers: { TPAuthMode: AUTH.authMode, TPClientKey: AUTH.clientKey, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

const login = (player: string) => ({
  player_slug: player,
  event_timestamp: 1_795_000_000,
  device_unique_id: 'd-1',
  device_info: 'Android 14||Pixel 8||phone',
  region: 'KR',
  is_tp_debug_mode: 0,
  sdk_version: '0.1.0',
  app_version: '1.0.0',
});

it('restarts after a crash in the middle of an append: whole uploads kept, the cut line dropped, the next upload stored', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tp-restart-'));
  dirs.push(dir);
  const first = await start(dir);
  expect((await post(first, { players_login: [login('p-1')] })).status).toBe(200);
  await first.close();
  running.length = 0;
  appendFileSync(join(dir, 'uploads.ndjson'), '{"seq":2,"received_at":"2026-11-23T10:00:0'); // the crash

  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const second = await start(dir);
  expect(warn).toHaveBeenCalledWith(expect.stringMatching(/uploads\.ndjson: dropped a line cut off by a crash/));
  expect((await received(second, 'players_login')).map((r) => r.player_slug)).toEqual(['p-1']);
  expect((await post(second, { players_login: [login('p-2')] })).status).toBe(200);
  expect((await received(second, 'players_login')).map((r) => r.player_slug)).toEqual(['p-1', 'p-2']);
  // Every line of the file is whole again: a third start reads both.
  expect(readFileSync(join(dir, 'uploads.ndjson'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l).seq)).toEqual([1, 2]);
});

it("a client's own x-tp-fault-413 header gets no 413 while faults are off", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tp-restart-'));
  dirs.push(dir);
  const service = await start(dir);
  const response = await post(service, { players_login: [login('p-1'), login('p-2')] }, { 'x-tp-fault-413': '1' });
  expect(response.status).toBe(200);
});
