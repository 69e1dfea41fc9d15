/**
 * The reference service is not stalled by one small request: a POST /logs body of more records or
 * JSON values than it takes is refused 413 before it is parsed (a gzip bomb while it inflates), with
 * the event loop of this process (the service's) never held more than 100 ms, and an upload sent
 * at the same time answered; a gzip body past its inflate ratio is 413; a body sent slowly gets 408
 * and its connection closed. Validation stopping at 50 problems: service-validation-cap.test.ts.
 */
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type RunningService } from '../../demo/service/server.js';
import { AUTH, useService } from '../support/service.js';

const service = useService();
const auth = { TPAuthMode: AUTH.authMode, TPClientKey: AUTH.clientKey };
const encode = (text: string) => new TextEncoder().encode(text);
/** The longest the event loop may be held by one request. */
const BUDGET_MS = 100;

const login = (player: string) => ({
  player_slug: player,
  device_unique_id: 'd',
  device_info: 'a||b||c',
  region: 'KR',
  is_tp_debug_mode: 1,
  event_timestamp: 1_767_225_600,
  app_version: null,
  sdk_version: '2021.4',
});

async function post(body: Uint8Array, contentType: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${service.current.baseUrl}/logs`, { method: 'POST', headers: { ...auth, 'Content-Type': contentType }, body: body as BodyInit });
  return { status: response.status, body: await response.json() };
}
const postGzip = (text: string | Uint8Array) => post(gzipSync(text, { level: 9 }), 'application/octet-stream');
const postJson = (text: string) => post(encode(text), 'application/json');

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * The longest the event loop went without running a 5 ms timer, beyond those 5 ms, while `work`
 * ran: how long anything in this process (the service included) held it. Each gap counts only the
 * processor time this process used in it: on a loaded machine (CI, other jobs) the process also
 * waits for the processor, which no request of the service causes.
 */
async function longestStall(work: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let lastCpu = cpuMs();
  let longest = 0;
  const tick = () => {
    const now = performance.now();
    const cpu = cpuMs();
    longest = Math.max(longest, Math.min(now - last, cpu - lastCpu) - 5);
    last = now;
    lastCpu = cpu;
  };
  const timer = setInterval(tick, 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
    tick();
  }
  return longest;
}

const tooLarge = (message: string) => ({ status: 413, body: { status: 413, reason: 'Payload Too Large', errors: [{ message }] } });

describe('POST /logs: a body the service would choke on is 413 before it is parsed', () => {
  const EMPTY_RECORDS = 1_700_000;
  let emptyRecords = '';
  beforeAll(() => {
    emptyRecords = `{"players_login":[${'{},'.repeat(EMPTY_RECORDS - 1)}{}]}`;
  });

  it(`${EMPTY_RECORDS} empty records in 5 KB of gzip: 413 at once, the event loop never held ${BUDGET_MS} ms, an upload sent alongside answered`, async () => {
    const bomb = gzipSync(emptyRecords, { level: 9 });
    expect(bomb.length).toBeLessThan(6_000);
    let answers: Array<{ status: number; body: unknown }> = [];
    const stall = await longestStall(async () => {
      answers = await Promise.all([post(bomb, 'application/octet-stream'), postJson(JSON.stringify({ players_login: [login('alongside')] }))]);
    });
    expect(answers[0]).toEqual(tooLarge('more than 2000 records'));
    expect(answers[1]!.status).toBe(200);
    expect(stall).toBeLessThan(BUDGET_MS);
  });

  it('200,000 empty records in under a kilobyte of gzip: 413, the event loop never held 100 ms', async () => {
    const small = gzipSync(`{"players_login":[${'{},'.repeat(199_999)}{}]}`, { level: 9 });
    expect(small.length).toBeLessThan(1_000);
    let answer: unknown;
    const stall = await longestStall(async () => {
      answer = await post(small, 'application/octet-stream');
    });
    expect(answer).toEqual(tooLarge('more than 2000 records'));
    expect(stall).toBeLessThan(BUDGET_MS);
  });

  it('the same empty records as 5 MB of plain JSON: 413, the event loop never held 100 ms', async () => {
    const body = encode(emptyRecords);
    expect(body.length).toBeLessThanOrEqual(service.current.config.maxBodyBytes);
    let answer: unknown;
    const stall = await longestStall(async () => {
      answer = await post(body, 'application/json');
    });
    expect(answer).toEqual(tooLarge('more than 2000 records'));
    expect(stall).toBeLessThan(BUDGET_MS);
  });

  it('one record of 1.7 million values (a list of empty objects): 413 before it is parsed', async () => {
    const body = encode(`{"players_login":[{"x":[${'{},'.repeat(EMPTY_RECORDS - 1)}{}]}]}`);
    let answer: unknown;
    const stall = await longestStall(async () => {
      answer = await post(body, 'application/json');
    });
    expect(answer).toEqual(tooLarge('more than 100000 JSON values'));
    expect(stall).toBeLessThan(BUDGET_MS);
  });

  it('2,000 records are taken; 2,001 are 413 (the SDK splits it), as gzip and as JSON', async () => {
    const records = (n: number) => JSON.stringify({ players_login: Array.from({ length: n }, (_, i) => login(`cap-${i}`)) });
    expect((await postGzip(records(2000))).status).toBe(200);
    expect(await postGzip(records(2001))).toEqual(tooLarge('more than 2000 records'));
    expect(await postJson(records(2001))).toEqual(tooLarge('more than 2000 records'));
  });

  it('gzip that inflates past 1 MiB at more than 100 times its size is 413 while inflating; up to 1 MiB, any ratio', async () => {
    const spaces = (size: number) => encode('{"players_join":[]}'.padEnd(size, ' '));
    const bomb = gzipSync(spaces(2 * 1024 * 1024), { level: 9 });
    expect(await post(bomb, 'application/octet-stream')).toEqual(
      tooLarge(`inflates to more than ${1024 * 1024} bytes (100 times the ${bomb.length} bytes sent)`),
    );
    expect((await postGzip(spaces(1024 * 1024))).status).toBe(200);
  });
});

describe('a request sent slowly', () => {
  let slow: RunningService;
  let dir = '';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tp-slow-'));
    slow = await startService({ dataDir: dir, config: { requestTimeoutMs: 1_000 } });
  });
  afterAll(async () => {
    await slow.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Sends the headers and part of the body, then nothing; what came back, and when the connection closed. */
  function sendPart(): Promise<{ answer: string; closedAfterMs: number }> {
    const { port } = new URL(slow.origin);
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const socket = connect(Number(port), '127.0.0.1');
      const chunks: Buffer[] = [];
      const giveUp = setTimeout(() => {
        socket.destroy();
        reject(new Error('the connection stayed open 10 s'));
      }, 10_000);
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearTimeout(giveUp);
        resolve({ answer: Buffer.concat(chunks).toString('latin1'), closedAfterMs: performance.now() - started });
      });
      socket.write(
        `POST /v2021.4/web/logs HTTP/1.1\r\nHost: 127.0.0.1\r\nTPAuthMode: ${AUTH.authMode}\r\nTPClientKey: ${AUTH.clientKey}\r\n` +
          'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"players_login":[',
      );
    });
  }

  it('408 Request Timeout and the connection closed once the request time-out passes (1 s here, 30 s by default)', async () => {
    const { answer, closedAfterMs } = await sendPart();
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(closedAfterMs).toBeLessThan(3_000);
  });

  it('the default time-out is 30 s', () => {
    expect(service.current.config.requestTimeoutMs).toBe(30_000);
  });
});
