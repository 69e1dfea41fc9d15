/**
 * The first dialog a page shows runs cold: its code has never run and the browser has never laid
 * such a card out. In an idle moment after the adapter is created, a sample card is built and
 * laid out where nobody sees it, then removed; the first offer then costs what later ones do.
 *
 * @module
 */
import { labelsFor } from '../labels.js';
import { sampleView, whenIdle } from '../warm-up.js';
import { buildDialog } from './build-dialog.js';
import { adoptStyles } from './styles.js';

/** Builds, lays out and removes a hidden sample dialog in `doc`, in an idle moment; never throws. */
export function warmDialog(doc: Document, nonce: string | undefined): void {
  whenIdle(() => {
    const host = doc.createElement('div');
    host.style.cssText = 'position:fixed;left:-9999px;top:0;width:360px;visibility:hidden;pointer-events:none';
    const shadow = host.attachShadow({ mode: 'open' });
    adoptStyles(shadow, doc, nonce);
    shadow.append(buildDialog(doc, sampleView(), labelsFor('en'), false).root);
    doc.body.append(host);
    host.getBoundingClientRect();
    host.remove();
  }, 300);
}
