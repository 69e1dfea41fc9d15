/**
 * Tells the game, once per page, that a service worker other than the SDK's relay controls the
 * page: a request made as the page goes passes through that worker, which may keep it from the
 * network (docs/decisions.md, "Delivery: exactly once on reload and close"). The SDK then sends
 * its unload upload with `fetchLater`, past the worker, where the browser has it; elsewhere it does
 * not count that upload as delivered, and its records may arrive twice. The relay closes that window.
 *
 * @module
 */
import { TpError } from '../errors/index.js';
import { controlledByWorker, serviceWorkerContainer } from '../internal/index.js';

/** How long a page with `serviceWorkerRelay` waits for its worker to answer as the relay before it warns, in milliseconds. */
export const RELAY_ANSWER_MS = 10_000;

/** The warning's text. */
export const FOREIGN_WORKER_WARNING =
  'a service worker that is not the tp-web-sdk relay controls this page: the upload made as the page goes may not pass it (without fetchLater it is not counted as delivered, and its records may arrive twice); add the relay to that worker (installRelay from tp-web-sdk/sw) and set serviceWorkerRelay: true';

/**
 * Watches the page's controller (at start, and at `controllerchange`); calls `warn` once when a
 * worker controls the page and `relayAnswered()` stays false (at once without the relay option,
 * after {@link RELAY_ANSWER_MS} with it). Returns what stops watching.
 */
export function watchForeignWorker(options: { readonly relayWanted: boolean; readonly relayAnswered: () => boolean; readonly warn: (error: TpError) => void }): () => void {
  const container = serviceWorkerContainer();
  if (!container || typeof container.addEventListener !== 'function') return () => undefined;
  let warned = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = (): void => {
    if (stopped || warned || !controlledByWorker() || options.relayAnswered()) return;
    warned = true;
    options.warn(new TpError('config', FOREIGN_WORKER_WARNING));
  };
  const look = (): void => {
    if (!options.relayWanted) return check();
    if (timer === undefined && controlledByWorker()) timer = setTimeout(check, RELAY_ANSWER_MS);
  };
  // After the task that created the client: the game listens by then.
  queueMicrotask(look);
  container.addEventListener('controllerchange', look);
  return () => {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
    container.removeEventListener('controllerchange', look);
  };
}
