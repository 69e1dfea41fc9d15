/**
 * Where focus is, for an adapter that gives it back when the offer closes.
 *
 * @module
 */

/**
 * The focused element, looked for inside open shadow roots (a game's button inside a web
 * component, not its host); undefined when it is the page's `body` or nothing.
 */
export function deepActiveElement(doc: Document): HTMLElement | undefined {
  let active: Element | null = doc.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement && active !== doc.body ? active : undefined;
}
