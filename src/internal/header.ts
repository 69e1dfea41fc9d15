/**
 * What the SDK sends as an HTTP header value (`TPClientKey`, `TPAuthMode`, `TPPlayerId`).
 *
 * @module
 */

/** Printable ASCII, 1 to 1,024 characters, without leading or trailing spaces. */
export const HEADER_VALUE = /^[\x21-\x7e](?:[\x20-\x7e]{0,1022}[\x21-\x7e])?$/;
