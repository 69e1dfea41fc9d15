/**
 * The offers the reference service creates for a player the first time that player asks for
 * offers: both kinds (AI and personalized), color markup in English and Korean, a flash sale that
 * lasts 60 seconds from its first open (it expires on screen if left open), and one offer for each
 * reason the client must not show one: inactive, expired, open count reached, not on sale, no
 * recommendation for the web store, malformed prices. (`wrong-player` needs a service that sends
 * another player's offer, and `hidden-by-player` a player's choice: the demo shows the latter.)
 */
import { formatUtcDateTime } from '../../src/internal/time.js';
import type { StoredOffer } from './data-store.js';

const DAY = 86_400_000;

/** Offers for `playerSlug`, created at `now` (ms); image URLs point at `assetBase`. */
export function seedOffers(playerSlug: string, now: number, assetBase: string, nextId: () => number): StoredOffer[] {
  const at = (ms: number): string => formatUtcDateTime(ms);
  const product = (slug: string, index: string, start: number | null, end: number | null) => ({
    product_index: index,
    purchasable_slug: slug,
    purchase_link: `https://store.example.com/products/${slug}`,
    start_datetime: start === null ? null : at(start),
    end_datetime: end === null ? null : at(end),
  });
  const onSale = [
    product('golden_sword', '1', now - DAY, now + 30 * DAY),
    product('starter_pack', '2', null, null),
  ];
  const aiBody = (active: boolean, products = [...onSale, product('last_season_skin', '3', now - 60 * DAY, now - 30 * DAY)], stores = ['ios', 'android', 'web']) =>
    JSON.stringify({
      offer_type: 'ai',
      is_offer_active: active,
      recommendations: stores.map((store) => ({ store, product_list: products })),
      display_parameters: {
        en: {
          title: 'Golden Sword Sale',
          message:
            'Limited time!\n<color=#FFD700>Golden Sword</color> is <color=#FF4040>50% off</color> today only.\nTap <b>Buy</b> to get it.',
          background_url: `${assetBase}/offer-bg.svg`,
          toggle_message: "Don't show this again",
        },
        ko: {
          title: '황금 검 할인',
          message: '기간 한정!\n<color=#FFD700>황금 검</color>을 오늘만 <color=#FF4040>50% 할인</color>된 가격으로 만나보세요.\n<b>구매</b>를 눌러 받으세요.',
          background_url: `${assetBase}/offer-bg.svg`,
          toggle_message: '다시 보지 않기',
        },
      },
    });
  const personalizedBody = (prices = { price: 9900, discount_rate: 0.3, discount_price: 6930 }, title = { en: 'Just for you: 100 gems, 30% off', ko: '당신만을 위한 보석 100개 30% 할인' }) =>
    JSON.stringify({
      ...prices,
      product_id: 'gem_pack_100',
      product_name: 'Gem Pack x100',
      message_layout: 'h',
      message: {
        en: { url: 'https://store.example.com/products/gem_pack_100', image: `${assetBase}/gems.svg`, title: title.en },
        ko: { url: 'https://store.example.com/products/gem_pack_100', image: `${assetBase}/gems.svg`, title: title.ko },
      },
    });
  const record = (offer: string, createdAgoMs: number, extra: Partial<StoredOffer> = {}): StoredOffer => ({
    offer_id: nextId(),
    player_slug: playerSlug,
    offer,
    create_datetime: at(now - createdAgoMs),
    valid_until: at(now + 30 * DAY),
    valid_for: 7 * 86_400,
    valid_open_count: 10,
    first_opened_at: null,
    is_offer_active: 1,
    first_open_updates: 0,
    ...extra,
  });
  const MINUTE = 60_000;
  const ended = [product('last_season_skin', '3', now - 60 * DAY, now - 30 * DAY)];
  return [
    // Usable.
    record(aiBody(true), 4 * MINUTE),
    record(personalizedBody(), 3 * MINUTE),
    record(personalizedBody(undefined, { en: 'Flash sale: 60 seconds from when you open it', ko: '반짝 세일: 열고 60초 동안' }), 9 * MINUTE, { valid_for: 60, valid_open_count: 3 }),
    // Not usable, one reason each.
    record(aiBody(true), 2 * MINUTE, { is_offer_active: 0 }),
    record(personalizedBody(), MINUTE, { valid_until: at(now - DAY) }),
    record(personalizedBody(), 5 * MINUTE, { valid_open_count: 0 }),
    record(aiBody(true, ended), 6 * MINUTE),
    record(aiBody(true, onSale, ['ios']), 7 * MINUTE),
    record(personalizedBody({ price: 9900, discount_rate: 0.3, discount_price: 9000 }), 8 * MINUTE),
  ];
}
