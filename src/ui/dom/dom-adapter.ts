/**
 * The DOM adapter: an accessible modal dialog in a shadow root, over the game.
 *
 * - `role="dialog"`, `aria-modal="true"`, labelled by the offer's title;
 * - focus moves onto the dialog itself (not a button: a key pressed for the game as it opens
 *   buys nothing; Tab goes to the first button), Tab and Shift+Tab stay
 *   inside it, focus given to what it covers comes straight back (even to an element the game
 *   adds and focuses in one task), Escape dismisses, Enter and Space press the focused control
 *   also in a game that cancels their default action (Phaser's keyboard capture), and focus
 *   returns where it was when the dialog closes;
 * - while it is open, what it covers is `inert` (the rest of the page; with a `container`, the
 *   container's other content): screen readers cannot reach the game behind it (with
 *   `aria-modal` alone, Chromium's accessibility tree keeps it), nor can a pointer or a
 *   `focus()` call;
 * - the game's CSS and the dialog's CSS cannot touch each other (shadow DOM); theme it with CSS
 *   custom properties on the host (`--tp-bg`, `--tp-accent`, … see styles.ts) or the `className` hook;
 * - readable from a 360×640 phone in portrait to a landscape desktop (taller than the screen, it
 *   scrolls inside, the close button staying in view); Korean breaks between words;
 *   its short entrance animation is off under `prefers-reduced-motion`;
 * - the page behind it does not scroll from a wheel, a finger or a key on the dialog (nor the
 *   page around a `container`): `overscroll-behavior`, in styles.ts; the game's `body` is not touched;
 * - over the viewport, the card keeps out of a phone's notch, status bar and home indicator
 *   (`env(safe-area-inset-*)`, on a `viewport-fit=cover` page);
 * - no string from the service is ever parsed as HTML; a URL is only followed when http(s).
 *
 * @module
 */
import { deepActiveElement } from '../focus.js';
import { labelsFor, type UiLabels } from '../labels.js';
import type { OfferView, UiAdapter } from '../types.js';
import { isDrawn } from '../drawn.js';
import { buildDialog } from './build-dialog.js';
import { DIALOG_CSS } from './styles.js';

/** Options of {@link createDomAdapter}. */
export interface DomAdapterOptions {
  /**
   * Where the dialog's host element is appended. Default: `document.body`, or in fullscreen the
   * element in fullscreen (a canvas in fullscreen cannot hold it: `present` throws, and `show()`
   * rejects with `ui-failed`, before anything is reported), and it follows the page into and out
   * of fullscreen while it is open; the dialog covers the viewport
   * (`position: fixed`). When given, the dialog covers that element instead (`position: absolute`),
   * for a game whose stage is one panel, whatever the container's `position`: one left `static`
   * (Phaser's parent div) is covered by measure at each frame, following it as it resizes, moves
   * or scrolls, and only in the part that elements around it (a scrolling panel) show; its style is
   * not touched.
   * Either way, what it covers is inert while it is open: the rest of the page, or the container's
   * other content (the page around the container stays usable). A container not in the page when
   * an offer is shown is refused the same way (`ui-failed`, nothing reported), and so is one not
   * rendered (`display: none` on it or around it) or of zero width or height, and a `static` one
   * that elements around it hide entirely (scrolled out of a panel); one the page
   * removes, or removes an element around, while the dialog is in it closes the view (nothing
   * reported; `show()` resolves with `closed`).
   */
  readonly container?: HTMLElement;
  /** Stacking order of the overlay. Default: 2147483000 (above typical game overlays). */
  readonly zIndex?: number;
  /** A class added to the host element, for theming through CSS custom properties. */
  readonly className?: string;
  /** Per-language overrides of the dialog's own labels (`{ ko: { buy: '구매하기' } }`). */
  readonly labels?: Readonly<Record<string, Partial<UiLabels>>>;
  /**
   * Open the product's purchase URL in a new tab when its Buy button is pressed (after reporting
   * `interact`). Only http(s) URLs are ever opened. Default: false (the game takes the next step
   * from `show()`'s outcome, whose product carries `purchaseUrl`).
   */
  readonly openLinks?: boolean;
  /**
   * The nonce of the page's Content-Security-Policy (`style-src 'self' 'nonce-…'`), given to the
   * dialog's `<style>` element. Only browsers without constructable stylesheets (Safari before 16.4,
   * Firefox before 101) style the dialog with that element, and a `style-src` without
   * `'unsafe-inline'` blocks it unless it carries the policy's nonce: the dialog then shows
   * unstyled, and the policy reports a violation. Other browsers adopt a constructed stylesheet,
   * which no policy blocks, and ignore this option. Default: none.
   */
  readonly nonce?: string;
}

/** Creates the DOM adapter. Call it in a browser; nothing is drawn until an offer is shown. */
export function createDomAdapter(options: DomAdapterOptions = {}): UiAdapter {
  let host: HTMLElement | undefined;
  let returnFocus: HTMLElement | undefined;
  /** The elements this dialog made inert (not those the page had made inert itself). */
  let madeInert: Element[] = [];
  /** Stops what watches the page while the dialog is open (see `present`). */
  let unwatch: (() => void) | undefined;

  const close = (): void => {
    if (!host) return;
    unwatch?.();
    unwatch = undefined;
    host.remove();
    host = undefined;
    for (const el of madeInert) el.removeAttribute('inert');
    madeInert = [];
    const target = returnFocus;
    returnFocus = undefined;
    if (target?.isConnected) target.focus();
  };

  const present = (view: OfferView): void => {
    close();
    const doc = (options.container ?? document.body).ownerDocument;
    const parent = options.container ?? parentOverViewport(doc);
    // A dialog out of the page would be reported open, unseen, and never closed.
    if (!parent.isConnected) throw new Error('the container is not in the page');
    const shown = doc.createElement('div');
    shown.setAttribute('data-tp-offer', String(view.offerId));
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
    host = shown;
    returnFocus = deepActiveElement(doc);
    const shadow = shown.attachShadow({ mode: 'open' });
    adoptStyles(shadow, doc, options.nonce);
    const parts = buildDialog(doc, view, labelsFor(view.language, options.labels), options.openLinks === true);
    // Over the viewport, the card keeps out of a notch or status bar (safe-area insets); in a
    // container, placing the stage is the game's.
    if (!options.container) parts.root.classList.add('safe');
    const onKey = keys(shadow, parts.dialog, view);
    parts.dialog.addEventListener('keydown', onKey);
    parts.dialog.addEventListener('keyup', onKey);
    shadow.append(parts.root);
    // Focus stays in the dialog: an element the page adds and focuses in one task is focusable
    // until its mutation record arrives (a microtask later); focus goes back where it was.
    let inside = parts.initialFocus;
    parts.dialog.addEventListener('focusin', (event) => (inside = event.target as HTMLElement));
    /** Where the host is: `parent`, or the element in fullscreen after the page went into fullscreen. */
    let at: Element = parent;
    const keepFocus = (event: FocusEvent): void => {
      if (event.target !== shown && at.contains(event.target as Node)) inside.focus();
    };
    const win = doc.defaultView as (Window & typeof globalThis) | null;
    const watcher = win?.MutationObserver
      ? new win.MutationObserver((changes) => {
          // The page took the dialog out itself (a new screen, `body.replaceChildren()`): the offer
          // left the screen without the player (nothing reported), and the page gets back what was
          // made inert.
          if (!shown.isConnected) {
            view.close();
            return close();
          }
          for (const change of changes) if (change.target === at) madeInert.push(...inertBeside(shown, change.addedNodes));
        })
      : undefined;
    const mount = (into: Element): void => {
      watcher?.disconnect();
      for (const el of madeInert) el.removeAttribute('inert');
      at = into;
      if (shown.parentNode !== into) into.append(shown); // at open, it is there already (measured)
      madeInert = inertBeside(shown, [...into.children]);
      // The parent and each of its ancestors (through shadow roots): the dialog leaves the page
      // also when one of them does (a container removed with the screen around it).
      for (let node: Node | null = into; node; node = node.parentNode ?? (node as ShadowRoot).host) watcher?.observe(node, { childList: true });
    };
    mount(parent);
    // The page went into or out of fullscreen while the dialog is open (a game going fullscreen on
    // the player's first tap): the dialog goes where it is drawn. Not into a canvas: it stays.
    const follow = (): void => {
      let into: Element;
      try {
        into = parentOverViewport(doc);
      } catch {
        return;
      }
      if (into === at) return;
      mount(into);
      inside.focus();
    };
    if (!options.container) doc.addEventListener('fullscreenchange', follow);
    doc.addEventListener('focusin', keepFocus, true);
    unwatch = () => {
      uncover?.();
      watcher?.disconnect();
      doc.removeEventListener('focusin', keepFocus, true);
      doc.removeEventListener('fullscreenchange', follow);
    };
    parts.initialFocus.focus();
  };

  return { present, close };
}

/**
 * The dialog's keys. Enter and Space press the focused control here, not through the browser's
 * default action: a game's keyboard capture cancels that on `window` (Phaser's `addCapture`, which
 * `createCursorKeys()` calls, cancels Space's `keyup`, and with it a native button's press and a
 * checkbox's change). As natively, Enter presses a button as it goes down, Space a button or the
 * checkbox as it comes up on the control it went down on, and a held key's repeats press nothing.
 */
function keys(shadow: ShadowRoot, dialog: HTMLElement, view: OfferView): (event: KeyboardEvent) => void {
  /** The control Space went down on, until it comes up. */
  let spaceOn: HTMLElement | undefined;
  return (event) => {
    const { key } = event;
    const active = shadow.activeElement as HTMLElement | null;
    if (event.type === 'keyup') {
      // Its default action cancelled here, whoever else cancels it: the control is pressed once.
      // (`keyup` passes on: a key the game saw go down is released there.)
      if (key === ' ' && spaceOn) {
        if (spaceOn === active) {
          event.preventDefault();
          active.click();
        }
        spaceOn = undefined;
      }
      return;
    }
    // Keys pressed in the modal dialog are its own: the game behind it does not get them.
    event.stopPropagation();
    // An auto-repeat is a key held down from before the dialog opened, or on a control: it neither
    // buys nor dismisses, nor presses again.
    if (event.repeat && (key === 'Enter' || key === ' ' || key === 'Escape')) return event.preventDefault();
    if (key === 'Escape') {
      event.preventDefault();
      view.dismiss();
      return;
    }
    if (active && active !== dialog && (key === ' ' || (key === 'Enter' && active.localName === 'button'))) {
      event.preventDefault();
      if (key === ' ') spaceOn = active;
      else active.click();
      return;
    }
    if (key !== 'Tab') return;
    const focusable = [...dialog.querySelectorAll<HTMLElement>('button, input, [href]')].filter((el) => !el.hasAttribute('disabled'));
    if (focusable.length === 0) return;
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    if (event.shiftKey && (active === first || active === dialog || !active)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || active === dialog || !active)) {
      event.preventDefault();
      first.focus();
    }
  };
}

/**
 * Keeps `host` (absolutely positioned, in `box`) over `box`, at each animation frame until the
 * returned function is called: for a container that is not positioned, whose box the host cannot
 * take from CSS without a `position` on the game's element, which would move what the game
 * positions inside it. Measured against the host's own box, so neither the host's containing block
 * (the page, or an element around `box`) nor a CSS scale on an element around both need be known;
 * the host follows the container as it resizes, moves or scrolls. The elements around `box` that
 * clip it (`overflow`, a scrolling panel) do not clip the host, whose containing block is around
 * them: the host covers only the part of `box` they show (none: nothing of the offer would be seen).
 */
function cover(host: HTMLElement, box: HTMLElement): () => void {
  const doc = box.ownerDocument;
  const win = doc.defaultView!;
  const clips: Element[] = [];
  // Up to `body`, not further: the page's own scrolling is the viewport's, which clips the host too.
  for (let el: Element | undefined = box; (el = el.parentElement ?? (el.getRootNode() as ShadowRoot).host) && !el.contains(doc.body); ) {
    if (getComputedStyle(el).overflow !== 'visible') clips.push(el);
  }
  const style = host.style;
  // At the containing block's top-left corner, 1 px wide: the first measure gives the scale too.
  style.inset = '0 auto auto 0';
  style.width = '1px';
  let x = 0;
  let y = 0;
  let w = 1;
  let frame = 0;
  const place = (): void => {
    const c = box.getBoundingClientRect();
    let [left, top, right, bottom] = [c.left, c.top, c.right, c.bottom];
    for (const el of clips) {
      const r = el.getBoundingClientRect();
      left = Math.max(left, r.left + el.clientLeft);
      top = Math.max(top, r.top + el.clientTop);
      right = Math.min(right, r.left + el.clientLeft + el.clientWidth);
      bottom = Math.min(bottom, r.top + el.clientTop + el.clientHeight);
    }
    const h = host.getBoundingClientRect();
    // Layout pixels per pixel on screen: 1, unless an element around both is scaled.
    const k = (h.width && w / h.width) || 1;
    x += (left - h.left) * k;
    y += (top - h.top) * k;
    w = Math.max(0, right - left) * k;
    style.translate = `${x}px ${y}px`;
    style.width = `${w}px`;
    style.height = `${Math.max(0, bottom - top) * k}px`;
    frame = win.requestAnimationFrame(place);
  };
  place();
  return () => win.cancelAnimationFrame(frame);
}

/** One parsed stylesheet per document, shared by every dialog it shows. */
const sheets = new WeakMap<Document, CSSStyleSheet>();

function adoptStyles(shadow: ShadowRoot, doc: Document, nonce: string | undefined): void {
  // Constructable stylesheets are not blocked by a strict style-src CSP; <style> is the fallback
  // (Safari before 16.4, Firefox before 101), allowed by such a policy only with its nonce.
  const view = doc.defaultView as (Window & typeof globalThis) | null;
  if (view && 'adoptedStyleSheets' in shadow && typeof view.CSSStyleSheet === 'function') {
    try {
      let sheet = sheets.get(doc);
      if (!sheet) {
        sheet = new view.CSSStyleSheet();
        sheet.replaceSync(DIALOG_CSS);
        sheets.set(doc, sheet);
      }
      shadow.adoptedStyleSheets = [sheet];
      return;
    } catch {
      // Older engines: constructor exists but is not constructable. Fall through.
    }
  }
  const style = doc.createElement('style');
  // The attribute, not the `nonce` property: the engines that need this fallback may read only the
  // attribute (older WebKit did), and setting it also sets the nonce the policy checks.
  if (nonce) style.setAttribute('nonce', nonce);
  style.textContent = DIALOG_CSS;
  shadow.append(style);
}

/**
 * Where a dialog over the viewport goes: `body`, or in fullscreen (Fullscreen API) the element in
 * fullscreen, since only it and its descendants are drawn then.
 * @throws {Error} the element in fullscreen is a canvas, video, image or frame: no dialog inside
 *   it would be seen (the game should fullscreen an element around it, or pass `container`).
 */
function parentOverViewport(doc: Document): Element {
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
function inertBeside(host: Element, nodes: Iterable<Node>): Element[] {
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
