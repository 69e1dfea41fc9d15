/**
 * The first dialog a page shows runs cold: its code has never run and the browser has never laid
 * such a card out. In idle moments after the adapter is created, a sample card is built and laid
 * out where nobody sees it; the first offer then costs what later ones do.
 *
 * The rehearsal goes in steps, one per idle moment, each under a long task at 4× CPU throttling
 * once the browser's number data is loaded (5–50 ms measured; docs/decisions.md, "The frame
 * budget"): the card built; the fonts (a line of text in each weight and style the card uses)
 * laid out; the card laid out. A step that lays out adds its hidden host to the page and takes it
 * away in the same task: the game never finds it there.
 *
 * @module
 */
import { labelsFor } from '../labels.js';
import { inIdleSteps, sampleView } from '../warm-up.js';
import { buildDialog } from './build-dialog.js';
import { adoptStyles } from './styles.js';

/** Rehearses a hidden sample dialog in `doc`, in idle moments; nothing of it stays in the page; never throws. */
export function warmDialog(doc: Document, nonce: string | undefined): void {
  let host: HTMLElement;
  /** Lays the host out in the page, and takes it away. */
  const layOut = (): void => {
    doc.body.append(host);
    try {
      host.getBoundingClientRect();
    } finally {
      host.remove();
    }
  };
  let card: HTMLElement;
  let text: HTMLElement;
  inIdleSteps(
    [
      () => {
        host = doc.createElement('div');
        host.style.cssText = 'position:fixed;left:-9999px;top:0;width:360px;visibility:hidden;pointer-events:none';
        const shadow = host.attachShadow({ mode: 'open' });
        adoptStyles(shadow, doc, nonce);
        card = buildDialog(doc, sampleView(), labelsFor('en'), false).root;
        // The card's font, its weights and styles: `.backdrop` sets the family, `.message` the line.
        text = doc.createElement('div');
        text.className = 'backdrop';
        const line = text.appendChild(doc.createElement('p'));
        line.className = 'message';
        const bold = doc.createElement('b');
        const italic = doc.createElement('i');
        bold.textContent = 'Bb';
        italic.textContent = 'Cc';
        line.append('Aa ', bold, ' ', italic);
        shadow.append(text);
      },
      layOut,
      () => {
        text.replaceWith(card);
        layOut();
      },
    ],
    300,
  );
}
