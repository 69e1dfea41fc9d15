/**
 * The inspector's DOM: a host element on `document.body` (fixed, above the game, never inside its
 * canvas) holding a shadow root with the floating button and the panel, a non-modal dialog with a
 * heading, two actions and the sections. Opening moves focus to the heading; Escape or the close
 * button closes and gives focus back to what had it (to the page when nothing had it). Redrawn at most once per animation frame,
 * and at most every {@link REDRAW_MS}, only while open.
 *
 * @module
 */
import { drawSections, el } from './sections.js';
import { INSPECTOR_CSS } from './styles.js';
import type { InspectorOptions, InspectorReport } from './types.js';

/** Least time between two redraws of the open panel, in milliseconds. */
export const REDRAW_MS = 250;

/** What the panel calls back; each call is already guarded by its caller. */
export interface PanelActions {
  readonly report: () => InspectorReport;
  readonly flush: (say: (text: string) => void) => void;
  readonly copy: (json: string, say: (text: string) => void, fallback: HTMLTextAreaElement, what?: string) => void;
  /** The rehearsal script of the session so far (`rehearseOffers`' input). */
  readonly rehearsal: () => unknown;
  /** A failure inside a DOM listener of the panel. */
  readonly fault: (where: string, error: unknown) => void;
}

export interface Panel {
  readonly isOpen: boolean;
  open(): void;
  close(): void;
  /** Something changed: redraw soon if open. */
  changed(): void;
  remove(): void;
}

/** The constructed stylesheet (a strict `style-src` does not block it), else a `<style>` element. */
function adoptStyles(shadow: ShadowRoot): void {
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(INSPECTOR_CSS);
    shadow.adoptedStyleSheets = [sheet];
  } catch {
    // An engine without constructable stylesheets: an element (a strict CSP may block it; the panel still works unstyled).
    shadow.append(el('style', INSPECTOR_CSS));
  }
}

function button(text: string, label?: string, className?: string): HTMLButtonElement {
  const b = el('button', text, className) as HTMLButtonElement;
  b.type = 'button';
  if (label) b.setAttribute('aria-label', label);
  return b;
}

/** The element that has focus, looked for inside shadow roots (a game's own widgets may use them). */
function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** Builds the host, appends it to `document.body`, and returns the panel's controls. */
export function createPanel(options: InspectorOptions, actions: PanelActions): Panel {
  const corner = options.corner ?? 'bottom-right';
  const host = document.createElement('div');
  host.setAttribute('data-tp-inspector', '');
  const shadow = host.attachShadow({ mode: 'open' });
  adoptStyles(shadow);

  const fab = button('TP', 'TP inspector (tp-web-sdk)', `fab ${corner}`);
  fab.setAttribute('aria-expanded', 'false');
  fab.setAttribute('aria-controls', 'tp-inspector-panel');
  fab.hidden = options.button === false;

  const heading = el('h2', 'TP inspector');
  heading.id = 'tp-inspector-title';
  heading.tabIndex = -1;
  const close = button('×', 'Close the inspector', 'close');
  const flush = button('Flush now');
  const copy = button('Copy report as JSON');
  const copyScript = button('Copy as rehearsal script');
  const message = el('p', '', 'message');
  message.setAttribute('role', 'status');
  const fallback = el('textarea') as HTMLTextAreaElement;
  fallback.readOnly = true;
  fallback.hidden = true;
  fallback.setAttribute('aria-label', 'Report as JSON');
  // Scrolls inside on a small screen: focusable, so the keyboard scrolls it too.
  const body = el('div', [], 'body');
  body.tabIndex = 0;
  body.setAttribute('role', 'region');
  body.setAttribute('aria-label', 'Inspector details');
  const panel = el('section', [el('header', [heading, close]), el('div', [flush, copy, copyScript], 'actions'), message, el('div', [fallback], 'actions'), body], `panel ${corner}`);
  panel.id = 'tp-inspector-panel';
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-labelledby', heading.id);
  panel.hidden = true;
  // A complementary landmark holding both, so every control sits in a region of the page.
  const region = el('aside', [fab, panel]);
  region.setAttribute('aria-label', 'TP inspector (tp-web-sdk)');
  shadow.append(region);
  document.body.append(host);

  let returnFocus: Element | null = null;
  let frame: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let drawnAt = -Infinity;
  const say = (text: string): void => void (message.textContent = text);

  const draw = (): void => {
    frame = undefined;
    if (panel.hidden) return;
    drawnAt = performance.now();
    try {
      body.replaceChildren(...drawSections(actions.report()));
    } catch (error) {
      actions.fault('drawing the panel', error);
    }
  };
  const changed = (): void => {
    if (panel.hidden || frame !== undefined || timer !== undefined) return;
    const wait = drawnAt + REDRAW_MS - performance.now();
    if (wait <= 0) frame = requestAnimationFrame(draw);
    else timer = setTimeout(() => {
      timer = undefined;
      frame = requestAnimationFrame(draw);
    }, wait);
  };
  const guard = (where: string, listener: (event: Event) => void) => (event: Event): void => {
    try {
      listener(event);
    } catch (error) {
      actions.fault(where, error);
    }
  };

  const api: Panel = {
    get isOpen() {
      return !panel.hidden;
    },
    open() {
      if (!host.isConnected) return;
      if (panel.hidden) returnFocus = deepActiveElement();
      panel.hidden = false;
      fab.hidden = true;
      fab.setAttribute('aria-expanded', 'true');
      draw();
      heading.focus();
    },
    close() {
      if (panel.hidden) return;
      panel.hidden = true;
      fab.hidden = options.button === false;
      fab.setAttribute('aria-expanded', 'false');
      const target = returnFocus;
      returnFocus = null;
      const hadFocus = target instanceof HTMLElement && target !== document.body;
      if (hadFocus && target.isConnected) target.focus();
      else if (hadFocus && !fab.hidden) fab.focus(); // what had it is gone: the nearest place
      // Nothing had it (a canvas game listening on window): the keys go back to the page, not to
      // the button, where the game's Enter or Space would open the panel again.
      else (shadow.activeElement as HTMLElement | null)?.blur();
    },
    changed,
    remove() {
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(timer);
      const hadFocus = shadow.activeElement !== null;
      host.remove();
      if (hadFocus && returnFocus instanceof HTMLElement && returnFocus.isConnected) returnFocus.focus();
    },
  };
  fab.addEventListener('click', guard('the button', () => api.open()));
  close.addEventListener('click', guard('closing', () => api.close()));
  flush.addEventListener('click', guard('flush now', () => actions.flush(say)));
  copy.addEventListener('click', guard('copy', () => actions.copy(JSON.stringify(actions.report(), null, 2), say, fallback)));
  copyScript.addEventListener('click', guard('copy', () => actions.copy(JSON.stringify(actions.rehearsal(), null, 2), say, fallback, 'Rehearsal script')));
  panel.addEventListener('keydown', guard('a key', (event) => {
    if ((event as KeyboardEvent).key !== 'Escape') return;
    event.stopPropagation(); // the inspector's Escape does not pause the game
    api.close();
  }));
  return api;
}
