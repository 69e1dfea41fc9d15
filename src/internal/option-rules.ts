/**
 * The checks `createClient` makes of its options, shared by the client's options and the offer
 * options: a rule is a check and the words of its error message.
 *
 * @module
 */

/** A check and the words of its error message ("expected …"). */
export type Rule = readonly [check: (value: unknown) => boolean, expected: string];

export const isBoolean = (v: unknown): boolean => typeof v === 'boolean';
export const isFunction = (v: unknown): boolean => typeof v === 'function';
export const isNonNegative = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && v >= 0;
export const isPositive = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && v > 0;
export const isCount = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 1;
export const isText = (v: unknown): boolean => typeof v === 'string' && v.length > 0 && v.length <= 256;
export const TEXT: Rule = [isText, 'a non-empty string of at most 256 characters'];
