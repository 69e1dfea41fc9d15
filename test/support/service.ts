/**
 * Starts the reference service on 127.0.0.1:0 with a fresh data folder, for one test file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { DEFAULT_AUTH_MODE, DEFAULT_CLIENT_KEY } from '../../demo/service/config.js';
import { startService, type RunningService, type StartServiceOptions } from '../../demo/service/server.js';

export const AUTH = { authMode: DEFAULT_AUTH_MODE, clientKey: DEFAULT_CLIENT_KEY };

/**
 * A service started before the file's tests and stopped after them, with `config` over the
 * defaults. Read `.current` in tests.
 */
export function useService(config?: StartServiceOptions['config']): { current: RunningService } {
  const holder = {} as { current: RunningService };
  let dir = '';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tp-service-'));
    holder.current = await startService({ dataDir: dir, config });
  });
  afterAll(async () => {
    await holder.current?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return holder;
}

/** Records the service holds, flattened, optionally for one object name. */
export async function received(service: RunningService, object?: string): Promise<Array<Record<string, unknown>>> {
  const url = new URL(`${service.origin}/_tp/records`);
  if (object) url.searchParams.set('object', object);
  const rows = (await (await fetch(url)).json()) as Array<{ record: Record<string, unknown> }>;
  return rows.map((r) => r.record);
}

/** The title of {@link addKoreanOffer}'s offer: Korean and emoji, for checks that text crosses intact. */
export const KOREAN_OFFER_TITLE = '보석 100개 💎 30% 할인 🎉';

/** Gives `player` one usable personalized offer titled {@link KOREAN_OFFER_TITLE} (Korean only, no image); no offers are seeded then. */
export function addKoreanOffer(service: RunningService, player: string): void {
  service.store.addOffers((nextId) => [
    {
      offer_id: nextId(),
      player_slug: player,
      offer: JSON.stringify({ price: 9900, discount_rate: 0.3, discount_price: 6930, product_id: 'gem_pack_100', product_name: 'Gem Pack x100', message_layout: 'h', message: { ko: { url: 'https://store.example.com/gems', image: null, title: KOREAN_OFFER_TITLE } } }),
      create_datetime: '2026-01-01 00:00:00',
      valid_until: null,
      valid_for: null,
      valid_open_count: null,
      first_opened_at: null,
      is_offer_active: 1,
      first_open_updates: 0,
    },
  ]);
}
