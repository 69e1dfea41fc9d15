/** Spec group "Deposit and withdraw" (fields not shown: defined by tp-web-sdk). */
import { CHARACTER, type KindSpec } from './kind-spec.js';

const CURRENCY = { ...CHARACTER, currency_slug: 'slug', currency_quantity: 'double' } as const;
const ITEM = { ...CHARACTER, item_slug: 'slug', item_quantity: 'double' } as const;
const STORAGE = { storage_slug: 'slug' } as const;

export const DEPOSIT_AND_WITHDRAW = {
  characters_currencies_deposit: {
    source: 'sdk',
    required: CURRENCY,
    optional: STORAGE,
  },
  characters_items_deposit: {
    source: 'sdk',
    required: ITEM,
    optional: STORAGE,
  },
  characters_currencies_withdraw: {
    source: 'sdk',
    required: CURRENCY,
    optional: STORAGE,
  },
  characters_items_withdraw: {
    source: 'sdk',
    required: ITEM,
    optional: STORAGE,
  },
} as const satisfies Record<string, KindSpec>;
