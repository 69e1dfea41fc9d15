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
 *   a swipe across it does not take the tab back a page either: it cancels the moves of a finger
 *   that scroll nothing in it (touches.ts);
 * - over the viewport, the card keeps out of a phone's notch, status bar and home indicator
 *   (`env(safe-area-inset-*)`, on a `viewport-fit=cover` page);
 * - the offer's image is loaded and decoded by `prepare`, before the dialog is drawn: drawn with
 *   it when it came, without it otherwise, and never added later (nothing moves as the player
 *   reads); a view presented without `prepare` loads its image as it is drawn;
 * - no string from the service is ever parsed as HTML; a URL is only followed when http(s).
 *
 * This file opens and closes the dialog; keys.ts holds its keys, touches.ts its touches,
 * placement.ts and cover.ts where it goes, while-open.ts what it watches while open,
 * build-dialog.ts its elements, styles.ts its CSS.
 *
 * @module
 */
import { deepActiveElement } from '../focus.js';
import { warmNumberFormats } from '../format.js';
import { preparedImages } from '../image.js';
import { labelsFor, type UiLabels } from '../labels.js';
import type { OfferView, UiAdapter } from '../types.js';
import { buildDialog } from './build-dialog.js';
import { dialogKeys } from './keys.js';
import { parentOverViewport, placeHost } from './placement.js';
import { adoptStyles } from './styles.js';
import { warmDialog } from './warm.js';
import { watchWhileOpen } from './while-open.js';

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

/**
 * Creates the DOM adapter. Call it in a browser; nothing is drawn until an offer is shown. Create
 * it as the game starts: in idle moments then, it makes the page's price formats and lays out a
 * hidden sample dialog off screen, a step at a time, then removes it, so the first offer shown
 * runs warm. The first price format of a page loads the browser's number data, 100–220 ms at 4×
 * CPU throttling in one task, wherever it falls.
 */
export function createDomAdapter(options: DomAdapterOptions = {}): UiAdapter {
  warmNumberFormats(); // the browser's first number format, while the game loads (ui/format.ts)
  if (typeof document === 'object') warmDialog(options.container?.ownerDocument ?? document, options.nonce);
  let host: HTMLElement | undefined;
  let returnFocus: HTMLElement | undefined;
  /** Stops what watches the page while the dialog is open (see `present`). */
  let unwatch: (() => void) | undefined;
  /** Gives back what the dialog made inert. */
  let restoreInert: (() => void) | undefined;
  const images = preparedImages();

  const close = (): void => {
    if (!host) return;
    unwatch?.();
    unwatch = undefined;
    host.remove();
    host = undefined;
    restoreInert?.();
    restoreInert = undefined;
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
    const [shown, uncover] = placeHost(doc, parent, view.offerId, options);
    host = shown;
    returnFocus = deepActiveElement(doc);
    const shadow = shown.attachShadow({ mode: 'open' });
    adoptStyles(shadow, doc, options.nonce);
    const parts = buildDialog(doc, view, labelsFor(view.language, options.labels), options.openLinks === true, images.drawn(view));
    // Over the viewport, the card keeps out of a notch or status bar (safe-area insets); in a
    // container, placing the stage is the game's.
    if (!options.container) parts.root.classList.add('safe');
    const onKey = dialogKeys(shadow, parts.dialog, view);
    parts.dialog.addEventListener('keydown', onKey);
    parts.dialog.addEventListener('keyup', onKey);
    shadow.append(parts.root);
    const [stop, restore] = watchWhileOpen(doc, shown, parent, parts, !options.container, () => {
      view.close();
      close();
    });
    restoreInert = restore;
    unwatch = () => {
      uncover?.();
      stop();
    };
    parts.initialFocus.focus();
  };

  return {
    // A container out of the page loads nothing: `present` refuses it at once.
    prepare: async (view, { signal }) => {
      if (options.container && !options.container.isConnected) throw new Error('the container is not in the page');
      return images.prepare(view, signal);
    },
    present,
    close,
  };
}
