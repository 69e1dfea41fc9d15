/**
 * The authentication and header rows of the spec's POST /logs error table, in the table's order,
 * shared by both write endpoints.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { ServiceConfig } from './config.js';

/** A failure row: HTTP status and the envelope's reason. */
export interface Failure {
  readonly status: 400 | 401 | 403 | 404 | 413;
  readonly reason: string;
  readonly errors?: unknown;
}

/** Checks the TP* auth headers; returns the first failing row, or undefined. */
export function checkAuth(c: Context, config: ServiceConfig): Failure | undefined {
  const authMode = c.req.header('TPAuthMode');
  const clientKey = c.req.header('TPClientKey');
  if (authMode === undefined && clientKey === undefined && c.req.header('Content-Type') === undefined) {
    return { status: 400, reason: 'Missing Headers' };
  }
  if (authMode === undefined) return { status: 400, reason: 'Missing TPAuthMode' };
  if (!config.authModes.includes(authMode)) return { status: 400, reason: 'Invalid TPAuthMode' };
  if (clientKey === undefined) return { status: 400, reason: 'Missing TPClientKey' };
  if (!config.clientKeys.includes(clientKey)) return { status: 403, reason: 'Invalid TPClientKey' };
  return undefined;
}

/** Middleware: answers the first failing auth row of `checkAuth`, or goes on. */
export function requireAuth(config: ServiceConfig): MiddlewareHandler {
  return async (c, next) => {
    const failure = checkAuth(c, config);
    if (failure) return fail(c, failure);
    await next();
  };
}

/** Answers with the spec's envelope: `{ status, reason }` (+ `errors` for our own 400 rows). */
export function fail(c: Context, failure: Failure): Response {
  return c.json({ status: failure.status, reason: failure.reason, ...(failure.errors ? { errors: failure.errors } : {}) }, failure.status);
}

/** The success envelope. */
export function ok(c: Context, data: unknown): Response {
  return c.json({ status: 200, reason: 'OK', data }, 200);
}
