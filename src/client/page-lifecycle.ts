/**
 * When to make the last upload: the page became hidden (the last event a mobile browser reliably
 * fires before killing the tab), or it is being unloaded (`pagehide`); when the player came
 * back to it (offers may be refreshed then); and when a page hidden by `pagehide` is shown again
 * (`pageshow`, back from the back/forward cache).
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
  /** `pageshow`: the page is shown, at load or back from the back/forward cache after a `pagehide`. */
  readonly shown?: () => void;
}

/** Starts watching; returns a function that stops. A no-op outside a browser. */
export function watchPageLifecycle(handlers: LifecycleHandlers): () => void {
  if (typeof document !== 'object' || typeof addEventListener !== 'function') return () => undefined;
  const onVisibility = (): void => {
    if (document.visibilityState === 'hidden') handlers.hidden();
    else if (document.visibilityState === 'visible') handlers.visible?.();
  };
  const onPageHide = (): void => handlers.unload();
  const onPageShow = (): void => handlers.shown?.();
  document.addEventListener('visibilitychange', onVisibility);
  addEventListener('pagehide', onPageHide);
  addEventListener('pageshow', onPageShow);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    removeEventListener('pagehide', onPageHide);
    removeEventListener('pageshow', onPageShow);
  };
}
