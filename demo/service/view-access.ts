/**
 * Who may read the read-only view (`/_tp`): what the service received is players' data.
 *
 * - Without a view token (the default), clients on the loopback interface only (127.0.0.0/8,
 *   `::1`); any other gets 403 `Forbidden`.
 * - With one (`--view-token TOKEN`, `viewToken`), every client must give it, loopback or not, as the
 *   query parameter `token` (`/_tp/?token=TOKEN`, which the page keeps in its links and reads) or
 *   the header `Authorization: Bearer TOKEN`; without it, 401 `Unauthorized`. A proxy in front of
 *   the service makes every client look like loopback, so a service behind one needs a token.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import { fail } from './auth.js';

/** The address a request came from: the socket's remote address, or another in tests. */
export type ClientAddress = (incoming: IncomingMessage) => string | undefined;

export const socketAddress: ClientAddress = (incoming) => incoming.socket.remoteAddress;

/** Whether `address` is on the loopback interface (IPv4, IPv6, and IPv4 mapped into IPv6). */
export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) || address === '::1';
}

/** Middleware: lets a request on to the view, or answers 401 or 403 (module comment). */
export function viewAccess(token: string | undefined, clientAddress: ClientAddress): MiddlewareHandler {
  return async (c, next) => {
    if (token !== undefined) {
      const bearer = /^Bearer\s+(.+)$/i.exec(c.req.header('Authorization') ?? '')?.[1];
      const given = c.req.query('token') ?? bearer;
      if (given === undefined || !sameSecret(given, token)) {
        c.header('WWW-Authenticate', 'Bearer realm="_tp"');
        return fail(c, { status: 401, reason: 'Unauthorized' });
      }
    } else if (!isLoopback(clientAddress((c.env as { incoming: IncomingMessage }).incoming))) {
      return fail(c, { status: 403, reason: 'Forbidden' });
    }
    await next();
  };
}

/** Compares in constant time (of the digests: the lengths may differ). */
function sameSecret(given: string, token: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(token));
}
