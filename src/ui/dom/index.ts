/**
 * The DOM adapter's door (`tp-web-sdk/dom`): the adapter and the dialog's stylesheet.
 *
 * @module
 */
export { createDomAdapter, type DomAdapterOptions } from './dom-adapter.js';
export { DIALOG_CSS } from './styles.js';
