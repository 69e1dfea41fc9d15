/**
 * The view of a usable offer (`offers.view()`, and `offers.show()` through the adapter): its
 * content in the player's language, and the session (show-session.ts) whose moves go to the
 * reactions and which closes when the offer stops being usable or the sale of a product on it
 * ends. One view per offer.
 *
 * @module
 */
import { OfferError } from '../errors/index.js';
import { warmCurrencyFormat, type OfferOutcome, type OfferView, type ProductView } from '../ui/index.js';
import { buildOfferContent } from './content.js';
import type { OffersDeps } from './contract.js';
import { shutDown, type EngineCore } from './core.js';
import { resolveImages } from './images.js';
import { findOffer, type KnownOffers } from './known-offers.js';
import type { OnScreen } from './on-screen.js';
import { currencyCodeOf } from './product-info.js';
import type { Reactions } from './reactions.js';
import { createOfferView, type ShowSession } from './show-session.js';
import type { Offer } from './types.js';
import { checkUsability, usableUntil } from './usability.js';

/** Opens a view of a usable offer; `onEnded` runs when it ended, with how. */
export type OpenView = (offerId: number, onEnded: (outcome: OfferOutcome) => void) => Promise<OfferView>;

/** The first sale end among `products` (milliseconds, service time; Infinity: none ends). */
export const firstSaleEnd = (products: readonly ProductView[]): number => Math.min(...products.map((p) => p.saleEndsAt ?? Infinity));

/**
 * How long `offer`, on screen for `player`, stays usable, and whether it still is: decided by its
 * record in the last refresh of `player` (as the view was made while another player's offers are
 * known), and never past `saleEnd`, the first sale end among the products shown (a product no
 * longer on sale cannot be bought from it, even if the offer stays usable for the others).
 */
function expiry(
  { clock, context }: EngineCore,
  known: Pick<KnownOffers, 'of'>,
  offer: Offer,
  player: string | undefined,
  saleEnd: number,
): Pick<ShowSession, 'msLeft' | 'stillUsable'> {
  /** The offer as the last refresh of its player lists it (undefined: no longer listed), or as the view was made. */
  const latest = (): Offer | undefined => {
    const listed = known.of(player);
    return listed ? listed.get(offer.offer_id) : offer;
  };
  return {
    msLeft: () => {
      const at = clock.now();
      const current = latest() ?? offer;
      return Math.min(usableUntil(current, context(current, at)), saleEnd) - at;
    },
    // `valid_open_count` counts opens: it does not close an offer already open (the open that
    // reached the count is this one).
    stillUsable: () => {
      const current = latest();
      const ctx = current && context(current);
      return !!ctx && ctx.now < saleEnd && checkUsability(current, { ...ctx, local: { ...ctx.local, opens: 0 } }).usable;
    },
  };
}

/** What the views read: the identified player, the languages they prefer, what the game tells of products, `offerImages`. */
export type ViewDeps = Pick<OffersDeps, 'player' | 'languages' | 'productInfo' | 'currencyCode' | 'images'>;

/** The function that opens views of one engine's offers: see the module's description. */
export function createViewOpener(core: EngineCore, deps: ViewDeps, known: KnownOffers, reactions: Reactions, onScreen: OnScreen): OpenView {
  const { states, fail } = core;
  const { productInfo, currencyCode } = deps;
  // The browser's first format of this currency, while the game loads (ui/format.ts).
  if (currencyCode !== undefined) warmCurrencyFormat(currencyCodeOf(currencyCode)!);
  return async (offerId, onEnded) => {
    const player = deps.player();
    const offer = await findOffer(core, known, offerId);
    const now = core.requireUsable(offer);
    // Usable since the last refresh (a sale that started since): it reaches the player now.
    if (states.state(offerId) === 'received') await reactions.react(offer, 'impress');
    if (deps.player() !== player) throw new OfferError(offerId, 'unknown-offer', 'identify() changed the player');
    // `shutdown()` while it prepared: nothing is drawn.
    if (core.stopped) throw shutDown(offerId);
    states.check(offerId, 'open');
    // One view per offer: an earlier one not opened (taken and never drawn, say) ends here, unopened
    // (`closed`): both opened would count two opens, past `valid_open_count`.
    onScreen.close((earlier) => earlier.offerId === offerId);
    const content = resolveImages(buildOfferContent(offer, { ...core.context(offer, now), languages: deps.languages(), productInfo, currencyCode, onError: fail }), offer, deps.images, fail);
    const [view, recheck] = createOfferView({
      content,
      ...expiry(core, known, offer, player, firstSaleEnd(content.products)),
      onOpened: () => void reactions.react(offer, 'open').catch(fail),
      onEnd: (outcome, productId) => {
        reactions.ended(offer, outcome, productId);
        // What was drawn is taken away. An adapter that throws there (a game's own) is an `error`
        // event, not a failure of what ended the offer (a refresh, a timer, the player's press).
        try {
          onEnded(outcome);
        } catch (error) {
          fail(error);
        }
      },
    });
    onScreen.add(view, player!, recheck);
    return view;
  };
}
