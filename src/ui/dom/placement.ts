/**
 * Where the DOM dialog goes and what it covers: its host element (over the viewport, or over the
 * game's container), the element in fullscreen, and what it makes inert.
 *
 * @module
 */
import { isDrawn } from '../drawn.js';
import { cover } from './cover.js';

/** How the host is placed: `container`, `zIndex`, `className` of the adapter's options. */
export interface HostOptions {
  readonly container?: HTMLElement | undefined;
  readonly zIndex?: number | undefined;
  readonly className?: string | undefined;
}

/**
 * Appends the host of the offer `offerId` to `parent`, over the viewport or over the container.
 * @returns the host, and what stops keeping it over a `static` container (undefined for others)
 * @throws {Error} the host, in place, is not drawn (see `isDrawn`): the offer would be reported
 *   open, unseen. Nothing is left in the page.
 */
export function placeHost(doc: Document, parent: Element, offerId: number, options: HostOptions): [host: HTMLElement, uncover: (() => void) | undefined] {
  const shown = doc.createElement('div');
  shown.setAttribute('data-tp-offer', String(offerId));
  if (options.className) shown.className = options.className;
  // The host is in the page, where the game's `*` and `div` rules beat any `:host` rule of the
  // shadow root (and what it inherits reaches the dialog): its own style beats them. Custom
  // properties stay.
  shown.style.all = 'initial';
  shown.style.position = options.container ? 'absolute' : 'fixed';
  shown.style.inset = '0';
  shown.style.zIndex = String(options.zIndex ?? 2147483000);
  // Unseen too: a host without a box (`display: none` on the container or around it) or
  // without an area. The host is measured, not the container: a `display: contents` container has no
  // box, yet the host gets one. Over the viewport the host is the viewport, however small `body`
  // is. A container of zero width or height is refused too: the card takes at most the host's
  // size and scrolls inside it, so there it is 0 px wide or tall, and nothing of it shows,
  // whatever the container's `overflow`.
  parent.append(shown);
  // A container that is not positioned (`static`, as Phaser's parent div is by default) is not
  // the host's containing block: `inset: 0` would cover the page, or whatever is positioned around
  // it. The host is then kept over it by measure, and the game's element keeps its own style. A
  // `display: contents` container has no box to cover: the host covers its containing block.
  const container = options.container;
  const uncover = container?.getClientRects().length && getComputedStyle(container).position === 'static' ? cover(shown, container) : undefined;
  if (!isDrawn(shown)) {
    uncover?.();
    shown.remove();
    throw new Error('the container is not rendered (display: none), has no size or is scrolled out of sight');
  }
  return [shown, uncover];
}

/**
 * Where a dialog over the viewport goes: `body`, or in fullscreen (Fullscreen API) the element in
 * fullscreen, since only it and its descendants are drawn then.
 * @throws {Error} the element in fullscreen is a canvas, video, image or frame: no dialog inside
 *   it would be seen (the game should fullscreen an element around it, or pass `container`).
 */
export function parentOverViewport(doc: Document): Element {
  let full = doc.fullscreenElement;
  // In an open shadow root the document sees only its host: go down to the element itself.
  while (full?.shadowRoot?.fullscreenElement) full = full.shadowRoot.fullscreenElement;
  if (!full) return doc.body;
  if (/^(CANVAS|VIDEO|IMG|IFRAME)$/.test(full.tagName)) {
    throw new Error(`the page is in fullscreen on a <${full.tagName.toLowerCase()}>, where no dialog can be seen: fullscreen an element around it, or pass \`container\``);
  }
  return full;
}

/**
 * Makes inert what the dialog covers: each element of `nodes` (its parent's children, the page's
 * `body` or the container, at open; then what the page adds there while it is open) other than
 * `host`, leaving alone those already inert; returns the ones it changed.
 */
export function inertBeside(host: Element, nodes: Iterable<Node>): Element[] {
  const changed: Element[] = [];
  for (const node of nodes) {
    if (node === host || node.nodeType !== 1) continue;
    const el = node as Element;
    if (el.hasAttribute('inert')) continue;
    el.setAttribute('inert', '');
    changed.push(el);
  }
  return changed;
}
