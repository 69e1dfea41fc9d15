/**
 * The reference service's body limit on POST /logs, over raw HTTP (node:http, so that a test can
 * declare a body it never sends, or send part of one and wait): an oversize body is refused before
 * it is read, and the header rows of the error table still come first.
 */
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { AUTH, useService } from '../support/service.js';

const service = useService();
const auth = { TPAuthMode: AUTH.authMode, TPClientKey: AUTH.clientKey };
const HUGE = 200_000_000;
/** Long enough for a local answer; an answer that waits for the rest of the body never comes. */
const PATIENCE_MS = 2_000;

interface Answer {
  readonly status: number;
  readonly body: unknown;
}

/**
 * POSTs to /logs with `headers`, lets `send` write part of a body, never ends the request, and
 * gives the answer that came meanwhile (status 0 when none came within PATIENCE_MS).
 */
function postWithoutEnd(headers: Record<string, string>, send: (write: (chunk: Uint8Array) => void) => void): Promise<Answer> {
  return new Promise((resolve) => {
    const req = request(`${service.current.baseUrl}/logs`, { method: 'POST', headers, agent: false });
    const finish = (answer: Answer) => {
      clearTimeout(timer);
      req.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => finish({ status: 0, body: 'no answer while the body was unfinished' }), PATIENCE_MS);
    // The service may close the connection while the client still writes: not what is tested.
    req.on('error', () => undefined);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => finish({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown }));
    });
    req.flushHeaders();
    send((chunk) => req.write(chunk));
  });
}

const tooLarge = { status: 413, body: { status: 413, reason: 'Payload Too Large' } };
const someBytes = (size: number) => new Uint8Array(size).fill(0x20);

describe('POST /logs: an oversize body is refused before it is read', () => {
  it('413 Payload Too Large from Content-Length alone, before the body arrives', async () => {
    const headers = { ...auth, 'Content-Type': 'application/json', 'Content-Length': String(HUGE) };
    expect(await postWithoutEnd(headers, (write) => write(someBytes(1024)))).toEqual(tooLarge);
  });

  it('413 Payload Too Large as soon as a chunked body passes the limit, before it ends', async () => {
    const headers = { ...auth, 'Content-Type': 'application/octet-stream' };
    const limit = service.current.config.maxBodyBytes;
    expect(await postWithoutEnd(headers, (write) => write(someBytes(limit + 1)))).toEqual(tooLarge);
  });

  it.each([
    [{ ...auth, TPClientKey: 'wrong-key', 'Content-Type': 'application/json' }, 403, 'Invalid TPClientKey'],
    [{ TPAuthMode: AUTH.authMode, 'Content-Type': 'application/json' }, 400, 'Missing TPClientKey'],
    [auth, 400, 'Missing Content-Type'],
    [{ ...auth, 'Content-Type': 'text/plain' }, 400, 'Unsupported Content Type'],
  ])('the error table’s rows still come first: %o with a huge body is %i %s', async (headers, status, reason) => {
    const answer = await postWithoutEnd({ ...headers, 'Content-Length': String(HUGE) }, (write) => write(someBytes(1024)));
    expect(answer).toEqual({ status, body: { status, reason } });
  });
});
