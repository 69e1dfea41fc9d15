/** Spec group "Dismiss" (fields not shown: defined by tp-web-sdk). */
import { CHARACTER, REFERENCE, type KindSpec } from './kind-spec.js';

export const DISMISS = {
  players_characters_dismiss: {
    source: 'sdk',
    required: CHARACTER,
    optional: REFERENCE,
  },
  characters_items_dismiss: {
    source: 'sdk',
    required: { ...CHARACTER, item_slug: 'slug', item_quantity: 'double' },
    optional: REFERENCE,
  },
} as const satisfies Record<string, KindSpec>;
