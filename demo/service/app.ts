/**
 * The reference service's HTTP app: the spec's three endpoints under `/v2021.4/<client family>`,
 * CORS for browser games on other origins, the read-only view (for loopback clients, or those with
 * the view token: view-access.ts), and the offer images.
 */
import type { IncomingMessage } from 'node:http';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { fail, requireAuth } from './auth.js';
import { VERSION_SEGMENT, type ServiceConfig } from './config.js';
import { serviceCors } from './cors.js';
import type { DataStore } from './data-store.js';
import { handleLogs, logsBodyLimit } from './logs-route.js';
import { handleFirstOpen, handleGetOffers } from './offers-route.js';
import { socketAddress, viewAccess, type ClientAddress } from './view-access.js';
import { viewPage, viewRoutes } from './view-route.js';

const ASSETS = fileURLToPath(new URL('../public/assets', import.meta.url));

/** `clientAddress`: where a request came from, for the view's loopback rule (tests stand in others). */
export function createServiceApp(config: ServiceConfig, store: DataStore, clientAddress: ClientAddress = socketAddress): Hono {
  const app = new Hono();
  const api = `/${VERSION_SEGMENT}/:family`;

  const cors = serviceCors();
  app.use(`/${VERSION_SEGMENT}/*`, cors);
  // The spec's table: the method, then the TP* headers, then the body (limited before it is read).
  app.post(`${api}/logs`, requireAuth(config), logsBodyLimit(config), (c) => handleLogs(c, config, store));
  app.all(`${api}/logs`, (c) => fail(c, { status: 403, reason: 'Method Not Allowed' }));
  app.get(`${api}/offers`, (c) => handleGetOffers(c, config, store, `${new URL(c.req.url).origin}/assets`));
  app.post(`${api}/offers`, (c) => handleFirstOpen(c, config, store));
  app.all(`${api}/offers`, (c) => fail(c, { status: 403, reason: 'Method Not Allowed' }));
  const access = viewAccess(config.viewToken, clientAddress);
  app.use('/_tp', access);
  app.use('/_tp/*', access);
  app.get('/_tp', (c) => c.redirect(`/_tp/${new URL(c.req.url).search}`, 301));
  app.get('/_tp/', viewPage);
  app.route('/_tp', viewRoutes(store));
  // With CORS: a canvas game loads the offer images with crossOrigin = 'anonymous' (canvas-adapter.ts).
  app.use('/assets/*', cors, async (_c, next) => {
    // `--image-delay-ms`: images late, as from a slow CDN.
    if (config.imageDelayMs) await new Promise((resolve) => setTimeout(resolve, config.imageDelayMs));
    await next();
  }, serveStatic({ root: ASSETS, rewriteRequestPath: (p) => p.replace(/^\/assets/, '') }));
  app.notFound((c) => c.json({ status: 404, reason: 'Not Found' }, 404));
  app.onError((error, c) => {
    // The connection closed while the body was read (the request time-out, a client gone): no one
    // is left to answer, and nothing went wrong in the service.
    if ((c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket?.destroyed) return c.body(null, 408);
    console.error(error);
    return c.json({ status: 500, reason: 'Internal Server Error' }, 500);
  });
  return app;
}
