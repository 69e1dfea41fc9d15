/**
 * A Vite plugin for the browser project: the test page's server answers
 * `/__tp-test/image.svg?ms=N` with the demo's offer background after N milliseconds (`ms=never`:
 * never answers), with CORS headers unless `cors=0`. Browser tests load it from the page's origin,
 * or from the same server under another name (`127.0.0.1` for `localhost`) to make it
 * cross-origin.
 */
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const SVG = readFileSync(fileURLToPath(new URL('../../demo/public/assets/offer-bg.svg', import.meta.url)));

export function slowImages(): Plugin {
  const hanging = new Set<ServerResponse>();
  return {
    name: 'tp-slow-images',
    configureServer(server) {
      server.httpServer?.on('close', () => {
        for (const res of hanging) res.destroy();
      });
      server.middlewares.use('/__tp-test/image.svg', (req, res) => {
        const query = new URL(req.url ?? '/', 'http://x').searchParams;
        const ms = query.get('ms') ?? '0';
        const answer = (): void => {
          hanging.delete(res);
          res.setHeader('Content-Type', 'image/svg+xml');
          res.setHeader('Cache-Control', 'no-store');
          // Vite's own CORS middleware set it already: taken away for an image served without CORS.
          if (query.get('cors') !== '0') res.setHeader('Access-Control-Allow-Origin', '*');
          else for (const name of res.getHeaderNames()) if (name.startsWith('access-control-')) res.removeHeader(name);
          res.end(SVG);
        };
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        if (ms !== 'never') setTimeout(answer, Number(ms));
      });
    },
  };
}
