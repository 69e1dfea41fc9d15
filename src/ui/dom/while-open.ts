/**
 * What the DOM dialog watches while it is open: focus kept inside it, what it covers kept inert
 * (also what the page adds there), the page taking it out, the page going into or out of
 * fullscreen.
 *
 * @module
 */
import type { DialogParts } from './build-dialog.js';
import { inertBeside, parentOverViewport } from './placement.js';

/**
 * Starts watching the page around an open dialog: its `host` (the shadow root holding `dialog`),
 * appended to `parent` (`body`, the element in fullscreen, or the container). Over the viewport
 * (`overViewport`: no container) the host follows the page into and out of fullscreen. When the
 * page takes the host out (a new screen, `body.replaceChildren()`), `onRemoved` is called.
 *
 * @returns what stops watching, and what gives back what was made inert (called after the host
 *   left the page, see `createDomAdapter`).
 */
export function watchWhileOpen(
  doc: Document,
  host: HTMLElement,
  parent: Element,
  parts: DialogParts,
  overViewport: boolean,
  onRemoved: () => void,
): [stop: () => void, restoreInert: () => void] {
  // Focus stays in the dialog: an element the page adds and focuses in one task is focusable
  // until its mutation record arrives (a microtask later); focus goes back where it was.
  let inside = parts.initialFocus;
  parts.dialog.addEventListener('focusin', (event) => (inside = event.target as HTMLElement));
  const [mount, where, unwatch, restoreInert] = watchParent(doc, host, onRemoved);
  mount(parent);
  const keepFocus = (event: FocusEvent): void => {
    if (event.target !== host && where().contains(event.target as Node)) inside.focus();
  };
  // The page went into or out of fullscreen while the dialog is open (a game going fullscreen on
  // the player's first tap): the dialog goes where it is drawn. Not into a canvas: it stays.
  const follow = (): void => {
    let into: Element;
    try {
      into = parentOverViewport(doc);
    } catch {
      return;
    }
    if (into === where()) return;
    mount(into);
    inside.focus();
  };
  if (overViewport) doc.addEventListener('fullscreenchange', follow);
  doc.addEventListener('focusin', keepFocus, true);
  return [
    () => {
      unwatch();
      doc.removeEventListener('focusin', keepFocus, true);
      doc.removeEventListener('fullscreenchange', follow);
    },
    restoreInert,
  ];
}

/**
 * Keeps what the dialog covers inert, and tells when the page takes the host out (`onRemoved`).
 *
 * @returns `mount` (appends the host to an element, unless it is there, and makes inert what it
 *   covers there, giving back what it made inert where it was), `where` (the element it is in),
 *   `unwatch` (stops watching the page), `restoreInert` (gives back what was made inert).
 */
function watchParent(
  doc: Document,
  host: HTMLElement,
  onRemoved: () => void,
): [mount: (into: Element) => void, where: () => Element, unwatch: () => void, restoreInert: () => void] {
  /** The elements this dialog made inert (not those the page had made inert itself). */
  let madeInert: Element[] = [];
  /** Where the host is: the parent, or the element in fullscreen after the page went into fullscreen. */
  let at: Element;
  const win = doc.defaultView as (Window & typeof globalThis) | null;
  const watcher = win?.MutationObserver
    ? new win.MutationObserver((changes) => {
        // The page took the dialog out itself: the offer left the screen without the player
        // (nothing reported), and the page gets back what was made inert.
        if (!host.isConnected) return onRemoved();
        for (const change of changes) if (change.target === at) madeInert.push(...inertBeside(host, change.addedNodes));
      })
    : undefined;
  const restoreInert = (): void => {
    for (const el of madeInert) el.removeAttribute('inert');
    madeInert = [];
  };
  const mount = (into: Element): void => {
    watcher?.disconnect();
    restoreInert();
    at = into;
    if (host.parentNode !== into) into.append(host); // at open, it is there already (measured)
    madeInert = inertBeside(host, [...into.children]);
    // The parent and each of its ancestors (through shadow roots): the dialog leaves the page
    // also when one of them does (a container removed with the screen around it).
    for (let node: Node | null = into; node; node = node.parentNode ?? (node as ShadowRoot).host) watcher?.observe(node, { childList: true });
  };
  return [mount, () => at, () => watcher?.disconnect(), restoreInert];
}
