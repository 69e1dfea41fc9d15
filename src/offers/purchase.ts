/**
 * Purchases from offers (the `purchase` option): after a Buy, the dialog is closed and the game's
 * handler runs; a `purchased` answer tracks one `characters_purchases` record, a `pending` one
 * leaves the attempt on the device (in its player's entry of the caps store) for
 * `offers.settlePurchase()` on any later page. A record the game tracks itself for the same
 * product within {@link DOUBLE_COUNT_MS} of the SDK's is warned about once (counted twice).
 *
 * @module
 */
import { ConfigError, OfferError, TpError } from '../errors/index.js';
import { randomId } from '../internal/index.js';
import type { OfferOutcome, OfferPurchase, ProductView, PurchaseAttempt, PurchaseResult } from '../ui/index.js';
import type { CapsStore } from './caps-ledger.js';
import type { OffersDeps } from './contract.js';
import type { EngineCore } from './core.js';
import { purchaseFallback, purchaseRecord, readPurchaseResult, type StoredAttempt } from './purchase-record.js';
import type { Offer } from './types.js';

/** Records of one product, by the SDK and by the game, closer than this (milliseconds) are warned about as counted twice. */
export const DOUBLE_COUNT_MS = 60_000;
/**
 * How long the handler waits for the attempt to be saved, in milliseconds: a store that answers
 * later does not hold the purchase back (the attempt is then saved while the handler runs). Well
 * within the Buy press's user activation (1 s in WebKit, 5 s in Chromium), which a handler opening
 * the store's window or `PaymentRequest.show()` needs.
 */
export const SAVE_WAIT_MS = 500;

/** What the purchases read. */
export type PurchaseDeps = Pick<OffersDeps, 'purchase' | 'characterSlug' | 'currencyCode' | 'records' | 'emitter' | 'now' | 'player'>;

type InteractOutcome = Extract<OfferOutcome, { action: 'interact' }>;

/** The purchases of one engine: see the module's description. */
export function createPurchases(core: Pick<EngineCore, 'fail' | 'warn' | 'requirePlayer'>, deps: PurchaseDeps, store: CapsStore) {
  const { emitter, records } = deps;
  /** The handlers running, each with the controller of its signal. */
  const running = new Set<AbortController>();
  /** Recent `characters_purchases` (device time, slug), the SDK's and the game's, for the double-count warning. */
  let recent: Array<{ readonly own: boolean; readonly slug: unknown; readonly at: number }> = [];
  /** The SDK is tracking its own record now (the hook of `track()` hears it too). */
  let own = false;

  const saveAttempt = (slug: string, attempt: StoredAttempt): Promise<unknown> =>
    store.change([slug], (entry) => ({ ...entry, opens: entry?.opens ?? [], purchases: [...(entry?.purchases ?? []), attempt] }));
  /** Removes attempt `id` of `slug`; resolves with it, or undefined when it was not there (settled already, or unknown). */
  const takeAttempt = async (slug: string, id: string): Promise<StoredAttempt | undefined> => {
    let taken: StoredAttempt | undefined;
    await store.change([slug], (entry) => {
      taken = entry?.purchases?.find((a) => a.attemptId === id);
      return taken && { ...entry!, purchases: entry!.purchases!.filter((a) => a !== taken) };
    });
    return taken;
  };

  /** A game's or the SDK's record of a product: the other's within the window is one warning. */
  const heard = (isOwn: boolean, slug: unknown): void => {
    const at = deps.now();
    recent = recent.filter((r) => Math.abs(at - r.at) <= DOUBLE_COUNT_MS);
    const twin = recent.find((r) => r.own !== isOwn && r.slug === slug);
    if (twin) {
      recent = recent.filter((r) => r !== twin);
      core.warn(new TpError('config', `characters_purchases of ${String(slug)} tracked by the game within ${DOUBLE_COUNT_MS / 1000} s of the one the SDK tracked for an offer's purchase: counted twice (purchases through the purchase option are tracked by the SDK)`));
    } else recent.push({ own: isOwn, slug, at });
  };

  /** The handler's answer for `product`, read as a PurchaseResult: `pending` when `signal` aborts first. */
  const ask = async (handler: NonNullable<OffersDeps['purchase']>, offer: Offer, product: ProductView, signal: AbortSignal): Promise<PurchaseResult> => {
    try {
      const answer = await new Promise<unknown>((resolve, reject) => {
        signal.addEventListener('abort', () => reject(signal.reason));
        Promise.resolve()
          .then(() => handler({ offer, product, signal }))
          .then(resolve, reject);
      });
      const read = readPurchaseResult(answer);
      if (!read) core.fail(new TpError('config', `the purchase handler answered something that is not a PurchaseResult for offer ${offer.offer_id}: failed (bad-result)`));
      return read ?? { status: 'failed', reason: 'bad-result' };
    } catch (cause) {
      if (signal.aborted) return { status: 'pending' };
      core.fail(new TpError('config', `the purchase handler threw for offer ${offer.offer_id}: failed, nothing tracked`, { cause }));
      return { status: 'failed', reason: 'threw' };
    }
  };
  /** Ends `attempt` with `result` (not `pending`): tracks a `purchased` one, and emits `offer:purchase`. */
  const conclude = (player: string, attempt: StoredAttempt, result: PurchaseResult): OfferPurchase => {
    let tracked = false;
    if (result.status === 'purchased') {
      const record = purchaseRecord(result, attempt.fallback, player, deps.characterSlug);
      if ('missing' in record) {
        core.warn(new TpError('config', `purchase from offer ${attempt.offerId} not tracked: no ${record.missing} (give it in the PurchaseResult, or see docs/decisions.md, "Purchase records")`));
      } else {
        own = true;
        try {
          tracked = records.track('characters_purchases', record);
        } catch (error) {
          core.fail(error); // `invalidRecords: 'throw'`
        } finally {
          own = false;
        }
        if (tracked) heard(true, record.purchasable_slug);
      }
    }
    const purchase: OfferPurchase = { result, tracked, ...(result.status === 'pending' && { attemptId: attempt.attemptId }) };
    emitter.emit('offer:purchase', { offerId: attempt.offerId, productId: attempt.productId, ...purchase });
    return purchase;
  };

  return {
    /**
     * After a Buy of `offer` (the dialog closed): runs the game's handler and resolves with the
     * outcome carrying what it came to. `signal` (`show()`'s) aborts the handler's signal too.
     */
    async run(offer: Offer, outcome: InteractOutcome, signal: AbortSignal | undefined): Promise<InteractOutcome> {
      const { product } = outcome;
      const handler = deps.purchase;
      if (!handler || !product) return outcome;
      const player = offer.player_slug;
      const controller = new AbortController();
      const abort = (): void => controller.abort(signal?.reason);
      signal?.addEventListener('abort', abort);
      if (signal?.aborted) abort();
      running.add(controller);
      const attempt: StoredAttempt = { attemptId: randomId(), offerId: offer.offer_id, productId: product.id, startedAt: deps.now(), fallback: purchaseFallback(offer, product, deps.currencyCode) };
      // Saved before the handler runs: a handler that takes the page at once (a redirect to the
      // store's checkout, an engine that reloads) leaves the attempt for a later page to settle.
      const saved = saveAttempt(player, attempt).catch(core.fail);
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([saved, new Promise((resolve) => (timer = setTimeout(resolve, SAVE_WAIT_MS)))]);
      clearTimeout(timer);
      // Aborted before the store was asked (the page went, show() aborted): nothing was bought.
      const result = controller.signal.aborted ? ({ status: 'cancelled' } as const) : await ask(handler, offer, product, controller.signal);
      running.delete(controller);
      signal?.removeEventListener('abort', abort);
      await saved;
      if (result.status !== 'pending') await takeAttempt(player, attempt.attemptId).catch(core.fail);
      return { ...outcome, purchase: conclude(player, attempt, result) };
    },
    /** See `OffersApi.purchases`. */
    async list(): Promise<PurchaseAttempt[]> {
      const entry = await store.get([core.requirePlayer()]);
      return (entry?.purchases ?? []).map(({ attemptId, offerId, productId, startedAt }) => ({ attemptId, offerId, productId, startedAt }));
    },
    /** See `OffersApi.settlePurchase`. */
    async settle(attemptId: string, answer: PurchaseResult): Promise<OfferPurchase> {
      const result = readPurchaseResult(answer);
      if (!result) throw new ConfigError('result', 'expected a PurchaseResult ({ status: purchased | cancelled | failed | pending, … })');
      const player = core.requirePlayer();
      if (result.status === 'pending') {
        const attempt = (await store.get([player]))?.purchases?.find((a) => a.attemptId === attemptId);
        if (!attempt) throw unknownAttempt(attemptId);
        return conclude(player, attempt, result);
      }
      const attempt = await takeAttempt(player, attemptId);
      if (!attempt) throw unknownAttempt(attemptId);
      return conclude(player, attempt, result);
    },
    /** A `characters_purchases` record `track()` accepted: the game's own is checked against the SDK's. */
    tracked(record: Readonly<Record<string, unknown>>): void {
      if (!own) heard(false, record['purchasable_slug']);
    },
    /** The page goes (`pagehide`) or the client stops: every handler's signal aborts; their attempts stay `pending`. */
    abortAll(): void {
      for (const controller of running) controller.abort(new DOMException('the page went away', 'AbortError'));
    },
  };
}

/** `OfferError` `unknown-purchase`: no unsettled attempt of that id for the identified player. */
const unknownAttempt = (attemptId: string): OfferError =>
  new OfferError(undefined, 'unknown-purchase', `no unsettled purchase attempt ${JSON.stringify(attemptId)} (settled already, unknown, or another player's)`);
