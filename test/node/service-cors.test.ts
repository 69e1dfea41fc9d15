/**
 * The reference service's answers to browsers on other origins, over real HTTP: the offer images
 * carry CORS headers (a canvas game loads them with `crossOrigin = 'anonymous'`), and only a real
 * preflight is answered as one.
 */
import { describe, expect, it } from 'vitest';
import { AUTH, useService } from '../support/service.js';

const service = useService();
const origin = 'https://game.example.com';
const headers = { TPAuthMode: AUTH.authMode, TPClientKey: AUTH.clientKey, 'Content-Type': 'application/json' };

describe('offer images', () => {
  it('every image URL of the seeded offers answers a cross-origin GET with Access-Control-Allow-Origin', async () => {
    const offers = await (await fetch(`${service.current.baseUrl}/offers?player_slug=p-images`, { headers })).text();
    const urls = [...new Set(offers.match(/http:[^"\\]+\/assets\/[^"\\]+/g))];
    expect(urls.length).toBeGreaterThanOrEqual(2);
    for (const url of urls) {
      const response = await fetch(url, { headers: { Origin: origin } });
      expect(response.status, url).toBe(200);
      expect(response.headers.get('access-control-allow-origin'), url).toBe('*');
      await response.arrayBuffer();
    }
  });
});

describe('OPTIONS', () => {
  const options = (path: string, extra: Record<string, string> = {}) =>
    fetch(`${service.current.baseUrl}${path}`, { method: 'OPTIONS', headers: { Origin: origin, ...extra } });

  it.each(['/logs', '/offers'])('OPTIONS %s that is not a preflight is 403 Method Not Allowed, as any other method it does not permit', async (path) => {
    const response = await options(path);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ status: 403, reason: 'Method Not Allowed' });
  });

  it('OPTIONS on a path that does not exist is 404 Not Found, as other methods are', async () => {
    const response = await options('/nowhere');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ status: 404, reason: 'Not Found' });
    expect((await fetch(`${service.current.baseUrl}/nowhere`)).status).toBe(404);
  });

  it.each(['/logs', '/offers'])('a preflight (Access-Control-Request-Method) to %s is still answered 204 with the CORS headers', async (path) => {
    const response = await options(path, { 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'tpauthmode,tpclientkey,content-type' });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')!.toLowerCase()).toContain('tpauthmode');
  });
});
