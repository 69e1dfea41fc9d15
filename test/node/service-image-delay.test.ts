/**
 * `--image-delay-ms`: the reference service answers each offer image that much late (a slow CDN),
 * and the rest of its routes at once. Real HTTP.
 */
import { expect, it } from 'vitest';
import { AUTH, useService } from '../support/service.js';

const service = useService({ imageDelayMs: 400 });

it('answers an offer image after the delay, GET /offers at once', async () => {
  const headers = { TPAuthMode: AUTH.authMode, TPClientKey: AUTH.clientKey };
  let start = performance.now();
  const offers = await (await fetch(`${service.current.baseUrl}/offers?player_slug=p-delay`, { headers })).text();
  expect(performance.now() - start).toBeLessThan(400);
  const url = offers.match(/http:[^"\\]+\/assets\/[^"\\]+/)![0];
  start = performance.now();
  const image = await fetch(url);
  await image.arrayBuffer();
  expect(image.status).toBe(200);
  expect(performance.now() - start).toBeGreaterThanOrEqual(395);
});
