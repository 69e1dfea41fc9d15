/**
 * The dialog over a page's own positioned layers (research list, in-app messaging item 9: a site
 * header with a high z-index drew over the message, and Braze added a z-index option, then raised
 * its default). The header is made inert while the dialog is open, and inert elements are left
 * out of hit testing; so the test takes `inert` off the header for the one question it asks the
 * browser, which element is painted on top at a point.
 */
import { afterEach, expect, it } from 'vitest';
import { createDomAdapter } from '../../src/ui/dom/dom-adapter.js';
import { aiBody } from '../fixtures/spec-samples.js';
import { recordingView } from '../support/views.js';

afterEach(() => {
  document.body.replaceChildren();
});

/** What is painted on top at the middle of the viewport, with `inert` off `layer` while asking. */
function onTop(layer: HTMLElement): Element | null {
  const inert = layer.inert;
  layer.inert = false;
  const top = document.elementFromPoint(innerWidth / 2, innerHeight / 2);
  layer.inert = inert;
  return top;
}

it("is drawn above the game's fixed layer of z-index 2147482000 by default, and under it with zIndex: 1", () => {
  const header = document.createElement('header');
  header.style.cssText = 'position:fixed;inset:0;z-index:2147482000;background:red';
  document.body.append(header);

  const ui = createDomAdapter();
  ui.present(recordingView(aiBody).view);
  expect(header.inert).toBe(true); // covered, out of reach
  expect(onTop(header)).toBe(document.querySelector('[data-tp-offer]'));
  ui.close();
  expect(header.inert).toBe(false);

  const low = createDomAdapter({ zIndex: 1 }); // the option: a game that wants its own layer above
  low.present(recordingView(aiBody).view);
  expect(onTop(header)).toBe(header);
  low.close();
});
