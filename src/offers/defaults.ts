/**
 * The defaults of the offer options that `checkUsability` also applies to a context without them:
 * one value each, for the options (options.ts) and the verdict (usability.ts).
 *
 * @module
 */

/** Default of `validForUnitMs`: `valid_for` counts seconds. */
export const VALID_FOR_UNIT_MS = 1000;

/** Default of `discountTolerance`: prices rounded to marketing prices pass. */
export const DISCOUNT_TOLERANCE = 0.05;
