/**
 * Serves the demo page (demo/public and the bundled game) and `/config.json`, which tells the page
 * where the reference service is. The page and the service are on different origins, as a game
 * and the real service are, so every request crosses CORS.
 */
import { fileURLToPath } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';

const PUBLIC = fileURLToPath(new URL('./public', import.meta.url));
const BUILD = fileURLToPath(new URL('./.build', import.meta.url));

export interface SiteConfig {
  readonly baseUrl: string;
  readonly clientKey: string;
  readonly authMode: string;
  readonly viewUrl: string;
}

export function createSiteApp(config: SiteConfig): Hono {
  const app = new Hono();
  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  app.get('/config.json', (c) => c.json(config));
  app.use('/build/*', serveStatic({ root: BUILD, rewriteRequestPath: (p) => p.replace(/^\/build/, '') }));
  app.use('/*', serveStatic({ root: PUBLIC }));
  return app;
}
