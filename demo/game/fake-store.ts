/**
 * The demo's fake store: what a game's `purchase` handler does with its real store (or a portal's),
 * played out in the page. It "opens" for `storeDelayMs` (400 ms; `body[data-store="open"]` meanwhile),
 * then answers as `store` says: `purchased` (the default: AI products at the store's own price,
 * personalized ones at the offer's discount price, in KRW), `cancelled`, `failed`, `pending`
 * (settled later: `demo.tp.offers.settlePurchase()`), `never` (answers only when its signal
 * aborts), `throw`, `junk` (not a PurchaseResult) or `no-currency` (a price but no currency).
 */
import type { PurchaseHandler, PurchaseResult } from 'tp-web-sdk';

/** The store's own prices of the AI products (their offers carry none), in won. */
const STORE_PRICES: Readonly<Record<string, number>> = { golden_sword: 3300, starter_pack: 1200 };

const wait = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

export function fakeStore(params: URLSearchParams, log: (text: string) => void): PurchaseHandler {
  const mode = params.get('store') ?? 'purchased';
  const delayMs = Number(params.get('storeDelayMs') ?? 400);
  return async ({ offer, product, signal }) => {
    document.body.dataset.store = 'open';
    log(`store: buying ${product.id ?? product.name} of offer ${offer.offer_id}…`);
    try {
      if (mode === 'never') await new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
      await wait(delayMs, signal);
      const price = offer.kind === 'ai' && product.id !== undefined ? { unitPrice: STORE_PRICES[product.id] ?? 1000 } : {};
      switch (mode) {
        case 'throw':
          throw new Error('the store is down');
        case 'junk':
          return { itemId: product.id } as unknown as PurchaseResult;
        case 'no-currency':
          return { status: 'purchased', ...price };
        case 'cancelled':
        case 'pending':
          return { status: mode };
        case 'failed':
          return { status: 'failed', reason: 'card declined' };
        default:
          return { status: 'purchased', ...price, currencyCode: 'KRW' };
      }
    } finally {
      delete document.body.dataset.store;
    }
  };
}
