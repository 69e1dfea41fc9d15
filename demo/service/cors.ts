/**
 * CORS for browser games on other origins (docs/decisions.md, "Cross-origin requests and their
 * preflights"): one policy for the API and for the offer images.
 */
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

/**
 * Hono's `cors` middleware with the service's policy, answering only a real preflight as one.
 *
 * Hono's middleware answers every OPTIONS request 204, on any path. A CORS preflight is an OPTIONS
 * request that carries `Access-Control-Request-Method` (Fetch standard); any other OPTIONS request
 * goes on to the routes, which answer it as they answer every method they do not permit (403
 * `Method Not Allowed` from an endpoint, 404 for a path that does not exist).
 */
export function serviceCors(): MiddlewareHandler {
  const handle = cors({
    origin: '*',
    // OPTIONS is not listed: the service permits no OPTIONS request but the preflight itself,
    // which needs no listing.
    allowMethods: ['GET', 'POST'],
    allowHeaders: ['Content-Type', 'TPAuthMode', 'TPClientKey', 'TPOfferId', 'TPPlayerId', 'TPOpenedAt'],
    // The SDK's service clock reads Date, its retry schedule Retry-After.
    exposeHeaders: ['Date', 'Retry-After'],
    maxAge: 600,
  });
  return (c, next) => (c.req.method === 'OPTIONS' && c.req.header('Access-Control-Request-Method') === undefined ? next() : handle(c, next));
}
