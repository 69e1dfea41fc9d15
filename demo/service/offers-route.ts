/**
 * GET /offers (the player's offers, newest first; seeded on first request) and POST /offers (the
 * first-open update: sets `first_opened_at` once, spec rule 1).
 */
import type { Context } from 'hono';
import { formatUtcDateTime, parseDateTime } from '../../src/internal/time.js';
import { checkAuth, fail, ok } from './auth.js';
import type { ServiceConfig } from './config.js';
import type { DataStore, StoredOffer } from './data-store.js';
import { seedOffers } from './seed-offers.js';

export function handleGetOffers(c: Context, config: ServiceConfig, store: DataStore, assetBase: string): Response {
  const authFailure = checkAuth(c, config);
  if (authFailure) return fail(c, authFailure);
  const player = c.req.query(config.offersPlayerParam);
  if (!player) return fail(c, { status: 400, reason: `Missing ${config.offersPlayerParam}` });
  let offers = store.offersOf(player);
  if (offers.length === 0) offers = store.addOffers((nextId) => seedOffers(player, Date.now(), assetBase, nextId));
  const newestFirst = [...offers].sort((a, b) => b.create_datetime.localeCompare(a.create_datetime) || b.offer_id - a.offer_id);
  return ok(c, newestFirst.map(toWire));
}

export function handleFirstOpen(c: Context, config: ServiceConfig, store: DataStore): Response {
  const authFailure = checkAuth(c, config);
  if (authFailure) return fail(c, authFailure);
  const offerId = c.req.header('TPOfferId');
  const playerId = c.req.header('TPPlayerId');
  const openedAt = c.req.header('TPOpenedAt');
  if (offerId === undefined) return fail(c, { status: 400, reason: 'Missing TPOfferId' });
  if (!/^\d+$/.test(offerId)) return fail(c, { status: 400, reason: 'Invalid TPOfferId' });
  if (playerId === undefined) return fail(c, { status: 400, reason: 'Missing TPPlayerId' });
  if (playerId === '') return fail(c, { status: 400, reason: 'Invalid TPPlayerId' });
  if (openedAt === undefined) return fail(c, { status: 400, reason: 'Missing TPOpenedAt' });
  const openedMs = parseDateTime(openedAt);
  if (openedMs === undefined) return fail(c, { status: 400, reason: 'Invalid TPOpenedAt' });
  const offer = store.findOffer(Number(offerId));
  if (!offer || offer.player_slug !== playerId) return fail(c, { status: 404, reason: 'Offer Not Found' });
  offer.first_open_updates += 1;
  const incoming = (c.env as { incoming?: { socket?: { remotePort?: number } } } | undefined)?.incoming;
  store.firstOpenArrivals.push({ offer_id: offer.offer_id, received_at: Date.now(), opened_at: openedAt, remote_port: incoming?.socket?.remotePort });
  offer.first_opened_at ??= formatUtcDateTime(openedMs);
  store.saveOffer(offer);
  return ok(c, { offer_id: offer.offer_id, first_opened_at: offer.first_opened_at });
}

/** The offer record as the spec shows it (without the service's own bookkeeping). */
export function toWire(offer: StoredOffer): Omit<StoredOffer, 'first_open_updates'> {
  const { first_open_updates: _, ...wire } = offer;
  return wire;
}
