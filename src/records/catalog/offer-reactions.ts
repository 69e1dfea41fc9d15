/** Spec group "Offer reactions" (Offer-reaction record). */
import type { KindSpec } from './kind-spec.js';

export const OFFER_REACTIONS = {
  players_offers: {
    source: 'spec',
    required: { offer_id: 'integer', message_status: 'messageStatus' },
    optional: { message_detail: 'text' },
  },
} as const satisfies Record<string, KindSpec>;
