/**
 * The reference service's read-only view, over real HTTP: the page the demo links to is served at
 * `/_tp/`, `/_tp` redirects there, and what the page reads by relative URL answers.
 */
import { describe, expect, it } from 'vitest';
import { useService } from '../support/service.js';

const service = useService();

describe('the read-only view', () => {
  it('serves the page the demo links to (`/_tp/`), and the JSON it reads by relative URL', async () => {
    const page = await fetch(`${service.current.origin}/_tp/`);
    expect([page.status, page.headers.get('content-type')]).toEqual([200, expect.stringContaining('text/html')]);
    const html = await page.text();
    for (const relative of ['offers', 'records']) {
      expect(html).toContain(`fetch('${relative}')`);
      const answer = await fetch(new URL(relative, page.url));
      expect([answer.status, Array.isArray(await answer.json())]).toEqual([200, true]);
    }
  });

  it('redirects `/_tp` to `/_tp/`, where the relative URLs resolve under `/_tp/`', async () => {
    const answer = await fetch(`${service.current.origin}/_tp`, { redirect: 'manual' });
    expect([answer.status, answer.headers.get('location')]).toEqual([301, '/_tp/']);
  });
});
