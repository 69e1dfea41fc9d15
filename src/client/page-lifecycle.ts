/**
 * When to make the last upload: the page became hidden (the last event a mobile browser reliably
 * fires before killing the tab), or it is being unloaded (`pagehide`); and when the player came
 * back to it (offers may be refreshed then).
 *
 * @module
 */

export interface LifecycleHandlers {
  /** `visibilitychange` to hidden. The page may come back. */
  readonly hidden: () => void;
  /** `pagehide`: the page is unloading or entering the back/forward cache. */
  readonly unload: () => void;
  /** `visibilitychange` back to visible. */
  readonly visible?: () => void;
}

/** Starts watching; returns a function that stops. A no-op outside a browser. */
export function watchPageLifecycle(handlers: LifecycleHandlers): () => void {
  if (typeof document !== 'object' || typeof addEventListener !== 'function') return () => undefined;
  const onVisibility = (): void => {
    if (document.visibilityState === 'hidden') handlers.hidden();
    else if (document.visibilityState === 'visible') handlers.visible?.();
  };
  const onPageHide = (): void => handlers.unload();
  document.addEventListener('visibilitychange', onVisibility);
  addEventListener('pagehide', onPageHide);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    removeEventListener('pagehide', onPageHide);
  };
}
