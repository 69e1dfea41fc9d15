/**
 * The reference service keeps idle keep-alive connections 65 s (docs/decisions.md, "Delivery: at
 * least once, and its one window"): longer than browsers keep idle sockets, so that Chromium never
 * sends a request on a socket the service is closing (it would send that POST again, unseen by the
 * SDK, and the service would store its records twice). Node's default is 5 s.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { KEEP_ALIVE_TIMEOUT_MS } from '../../demo/service/server.js';
import { AUTH, useService } from '../support/service.js';

const service = useService();

/** Sends one GET /offers on a raw socket; resolves with the response head and the still open socket. */
function firstAnswer(port: number): Promise<{ head: string; closed: () => boolean; end: () => void }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let closed = false;
    let text = '';
    socket.on('close', () => void (closed = true));
    socket.on('error', reject);
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      const headEnd = text.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(text)?.[1];
      if (headEnd >= 0 && length !== undefined && text.length >= headEnd + 4 + Number(length)) {
        resolve({ head: text.slice(0, headEnd), closed: () => closed, end: () => socket.destroy() });
      }
    });
    socket.write(
      `GET /v2021.4/web/offers?player_slug=p-keep-alive HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
        `TPAuthMode: ${AUTH.authMode}\r\nTPClientKey: ${AUTH.clientKey}\r\nContent-Type: application/json\r\n\r\n`,
    );
  });
}

describe('the reference service’s idle connections', () => {
  it(`announce and keep the ${KEEP_ALIVE_TIMEOUT_MS / 1000} s keep-alive time-out, not Node’s 5 s`, async () => {
    const port = Number(new URL(service.current.origin).port);
    const answer = await firstAnswer(port);
    try {
      expect(answer.head).toMatch(/^HTTP\/1\.1 200 /);
      expect(answer.head).toMatch(new RegExp(`\\r\\nKeep-Alive: timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}(\\r\\n|$)`, 'i'));
      // Idle past Node's default: the service has not closed it.
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(answer.closed()).toBe(false);
    } finally {
      answer.end();
    }
  }, 15_000);
});
