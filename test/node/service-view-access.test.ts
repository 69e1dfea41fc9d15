/**
 * Who reads the reference service's read-only view (`/_tp`): loopback clients only, unless the
 * service has a view token (`--view-token`), which every client then gives as `?token=` or
 * `Authorization: Bearer`. A client elsewhere is stood in for by the service's `clientAddress`
 * (no request leaves this machine).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCommand } from '../../demo/cli-options.js';
import { startService, viewUrl, type RunningService, type StartServiceOptions } from '../../demo/service/server.js';
import { isLoopback } from '../../demo/service/view-access.js';

const dirs: string[] = [];
const running: RunningService[] = [];
afterAll(async () => {
  await Promise.all(running.map((s) => s.close()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function start(options: Omit<StartServiceOptions, 'dataDir'>): Promise<RunningService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tp-view-'));
  dirs.push(dataDir);
  const service = await startService({ dataDir, ...options });
  running.push(service);
  return service;
}

/** TEST-NET-3 (RFC 5737): an address no request is made to, only reported as the client's. */
const ELSEWHERE = '203.0.113.7';
const PATHS = ['', 'records', 'offers', 'uploads'];

async function answer(service: RunningService, path: string, init?: RequestInit): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${service.origin}/_tp/${path}`, init);
  const text = await response.text();
  return { status: response.status, body: response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : 'page' };
}

describe('without a view token', () => {
  it.each(PATHS)('/_tp/%s: 403 Forbidden for a client elsewhere', async (path) => {
    const service = await start({ clientAddress: () => ELSEWHERE });
    expect(await answer(service, path)).toEqual({ status: 403, body: { status: 403, reason: 'Forbidden' } });
  });

  it('/_tp/ and its JSON for a loopback client', async () => {
    const service = await start({});
    for (const path of PATHS) expect((await answer(service, path)).status).toBe(200);
    expect(viewUrl(service)).toBe(`${service.origin}/_tp/`);
  });

  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['fe80::1', false],
    ['1270.0.0.1', false],
    [undefined, false],
  ])('%s is loopback: %s', (address, loopback) => {
    expect(isLoopback(address)).toBe(loopback);
  });
});

describe('with a view token', () => {
  const token = 's3cret-token';
  const unauthorized = { status: 401, body: { status: 401, reason: 'Unauthorized' } };

  it.each(PATHS)('/_tp/%s: 401 without the token or with another, loopback or not; 200 with it as ?token= or Bearer', async (path) => {
    for (const clientAddress of [undefined, () => ELSEWHERE]) {
      const service = await start({ config: { viewToken: token }, ...(clientAddress ? { clientAddress } : {}) });
      expect(await answer(service, path)).toEqual(unauthorized);
      expect(await answer(service, `${path}?token=other`)).toEqual(unauthorized);
      expect(await answer(service, path, { headers: { Authorization: 'Bearer other' } })).toEqual(unauthorized);
      expect((await answer(service, `${path}?token=${token}`)).status).toBe(200);
      expect((await answer(service, path, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
    }
  });

  it('the printed view address carries the token, and /_tp keeps it when it redirects', async () => {
    const service = await start({ config: { viewToken: token } });
    expect(viewUrl(service)).toBe(`${service.origin}/_tp/?token=${token}`);
    const redirect = await fetch(`${service.origin}/_tp?token=${token}`, { redirect: 'manual' });
    expect([redirect.status, redirect.headers.get('location')]).toEqual([301, `/_tp/?token=${token}`]);
    expect((await fetch(viewUrl(service))).status).toBe(200);
  });

  it('--view-token TOKEN is an option of both commands', () => {
    for (const command of ['demo', 'service'] as const) {
      expect(parseCommand(command, ['--view-token', token])).toMatchObject({ kind: 'run', options: { viewToken: token } });
      expect(parseCommand(command, [])).toMatchObject({ kind: 'run', options: { viewToken: undefined } });
      expect(parseCommand(command, ['--view-token', ''])).toEqual({ kind: 'error', message: '--view-token must be printable ASCII without spaces, and not empty' });
    }
  });
});
