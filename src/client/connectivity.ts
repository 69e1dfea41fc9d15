/**
 * Whether the browser says it is online, and when that changes. `navigator.onLine === false` is
 * reliable (no network at all); `true` only means "maybe", so failures are still handled by the
 * retry schedule.
 *
 * @module
 */

/** False only when the browser reports no network. Outside a browser, always true. */
export function isOnline(): boolean {
  return typeof navigator !== 'object' || navigator === null || navigator.onLine !== false;
}

/** Calls `online` when the browser reports the network back; returns a function that stops. */
export function watchConnectivity(online: () => void): () => void {
  if (typeof addEventListener !== 'function') return () => undefined;
  addEventListener('online', online);
  return () => removeEventListener('online', online);
}
