/**
 * The records both sides of `npm run bench` measure with: one purchase as a game tracks it, the
 * same as it is queued (enriched), and a session of varied purchases.
 */

/** A `characters_purchases` record as a game passes it to `track()`. */
export const purchase = {
  character_slug: 'knight',
  purchasable_slug: 'potion',
  purchase_quantity: 1,
  purchase_unit_price: 0.99,
  purchase_total_price: 0.99,
  purchase_currency_code: 'USD',
};

/** The same record enriched, as it is queued and sent. */
export const fullPurchase = { ...purchase, player_slug: 'p-1', event_timestamp: 1_767_225_600 };

/**
 * A play session's purchases, varied as real ones are (seeded, so every run measures the same
 * records): 8 characters, 300 products, quantities 1–10, prices in cents, three currencies,
 * seconds to minutes apart. Repetitive synthetic records would compress far better than these.
 */
export function sessionPurchases(count: number): Record<string, unknown>[] {
  let seed = 42;
  const random = (): number => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const pick = (n: number): number => Math.floor(random() * n);
  let at = 1_767_225_600;
  return Array.from({ length: count }, () => {
    const quantity = 1 + pick(10);
    const unit = (99 + pick(9_900)) / 100;
    at += 1 + pick(120);
    return {
      player_slug: 'player-7f3a9c2e',
      character_slug: `character-${pick(8)}`,
      purchasable_slug: `product-${pick(300)}`,
      purchase_quantity: quantity,
      purchase_unit_price: unit,
      purchase_total_price: Math.round(unit * quantity * 100) / 100,
      purchase_currency_code: ['USD', 'KRW', 'EUR'][pick(3)],
      event_timestamp: at,
    };
  });
}
