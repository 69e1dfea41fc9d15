/**
 * The engine's internal numeric codes, in a module of constants only: the bundler inlines those
 * (it keeps a `const` that shares its module with code as a variable).
 *
 * @module
 */

/** Tag names (`Tag.n`), by their index in the tag scanner's name table. */
export const B = 0;
export const I = 1;
export const SIZE = 2;
export const COLOR = 3;

/** Tag kinds (`Tag.k`): an opening tag, a closing tag, a valued tag whose value is invalid. */
export const OPEN = 0;
export const CLOSE = 1;
export const INVALID = 2;

/** Character codes. */
export const LF = 0x0a;
export const CR = 0x0d;
export const SLASH = 0x2f;
export const EQUALS = 0x3d;
