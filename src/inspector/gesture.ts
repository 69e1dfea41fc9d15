/**
 * The gestures a game chooses to open the inspector: a query parameter in the page's address
 * (read once, at attach time) and a key that toggles the panel.
 *
 * @module
 */
import type { InspectorOptions } from './types.js';

/** Default of {@link InspectorOptions.queryParameter}. */
export const DEFAULT_QUERY_PARAMETER = 'tp-inspector';

/** True when the page's address has the option's query parameter. */
export function openedByAddress(options: InspectorOptions): boolean {
  const name = options.queryParameter ?? DEFAULT_QUERY_PARAMETER;
  return name !== false && typeof location !== 'undefined' && new URLSearchParams(location.search).has(name);
}

/** A text field, where a key press is the player typing. */
function typing(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return element?.isContentEditable === true || /^(INPUT|TEXTAREA|SELECT)$/.test(element?.tagName ?? '');
}

/**
 * Calls `toggle` on each press of the option's key (not while typing, not on auto-repeat).
 * Returns the function that stops listening; nothing to stop without a key.
 */
export function listenForKey(options: InspectorOptions, toggle: () => void): () => void {
  const key = options.key;
  if (key === undefined || typeof window === 'undefined') return () => undefined;
  const listener = (event: KeyboardEvent): void => {
    if (event.key !== key || event.repeat || typing(event.composedPath()[0] ?? event.target)) return;
    event.preventDefault();
    toggle();
  };
  window.addEventListener('keydown', listener);
  return () => window.removeEventListener('keydown', listener);
}
