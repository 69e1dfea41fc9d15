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

/**
 * The most a player waits, in milliseconds, between asking for an offer and seeing it: what
 * `offers.show()` gives the adapter's `prepare` to load the offer's image.
 */
export const DEFAULT_WAIT_MS = 3000;
