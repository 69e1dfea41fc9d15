/**
 * A small read-only view of what the service received, for the demo and for tests, its JSON
 * pretty-printed:
 *
 * - `GET /_tp/uploads`: every accepted POST /logs request, in arrival order;
 * - `GET /_tp/records?object=NAME&player_slug=P`: the records, flattened, with their request's
 *   `seq`; each filter optional;
 * - `GET /_tp/offers?player_slug=P`: offers with `first_opened_at`, the first-open updates
 *   received, and the offer-achievement metric (reaction counts, interact per impress);
 * - `GET /_tp/?player_slug=P&object=NAME`: the records, then the offers, as an HTML page
 *   ({@link viewPage}) with a form for the two filters; `/_tp` redirects there, since the page
 *   reads `records` and `offers` by relative URL.
 */
import { readFileSync } from 'node:fs';
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import { prettyJSON } from 'hono/pretty-json';
import { GROUP_TITLES, OBJECT_GROUPS } from '../../src/records/index.js';
import type { DataStore } from './data-store.js';

/** The kinds of the page's filter: the 43 object names, in the spec's groups. */
const KIND_OPTIONS = Object.entries(OBJECT_GROUPS)
  .map(([group, names]) => html`<optgroup label="${GROUP_TITLES[group as keyof typeof GROUP_TITLES]}">${names.map((name) => html`<option>${name}</option>`)}</optgroup>`)
  .join('');
const PAGE = readFileSync(new URL('./view.html', import.meta.url), 'utf8').replace('<!--kinds-->', KIND_OPTIONS);

/** The HTML page, served at `/_tp/` (the app routes strictly: `/_tp/` is not `/_tp`). */
export const viewPage = (c: Context) => c.html(PAGE);

/** The JSON routes, mounted at `/_tp`. */
export function viewRoutes(store: DataStore): Hono {
  const view = new Hono();
  view.use('*', prettyJSON({ force: true }));
  view.get('/uploads', (c) => c.json(store.uploads));
  view.get('/records', (c) => {
    const object = c.req.query('object');
    const player = c.req.query('player_slug');
    const rows: Array<{ seq: number; object: string; record: Record<string, unknown> }> = [];
    for (const upload of store.uploads) {
      for (const [name, records] of Object.entries(upload.body)) {
        if (object && name !== object) continue;
        for (const record of records) {
          if (player && record.player_slug !== player) continue;
          rows.push({ seq: upload.seq, object: name, record });
        }
      }
    }
    return c.json(rows);
  });
  view.get('/offers', (c) => {
    const player = c.req.query('player_slug');
    const offers = player ? store.offersOf(player) : store.allOffers();
    return c.json(offers.map((offer) => ({ ...offer, achievement: achievement(store, offer.offer_id) })));
  });
  return view;
}

function achievement(store: DataStore, offerId: number) {
  const counts = { impress: 0, open: 0, dismiss: 0, interact: 0 };
  for (const upload of store.uploads) {
    for (const r of upload.body.players_offers ?? []) {
      if (r.offer_id === offerId && typeof r.message_status === 'string' && r.message_status in counts) {
        counts[r.message_status as keyof typeof counts] += 1;
      }
    }
  }
  return { ...counts, interact_per_impress: counts.impress ? counts.interact / counts.impress : null };
}
