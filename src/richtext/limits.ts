/**
 * The engine's limits. They bound the work and the output on hostile input; Unity documents none
 * of them (docs/markup.md says what each one does).
 *
 * @module
 */

/** Longest tag recognised, in UTF-16 code units, `<` and `>` included (TextMesh Pro's limit). */
export const MAX_TAG_LENGTH = 128;

/** Deepest nesting applied: an element nested deeper is shown as text, both its tags. */
export const MAX_DEPTH = 32;

/** Largest `<size=N>`, in pixels: a larger N is applied as this size (`<size=0>` is invalid). */
export const MAX_SIZE_PX = 1000;

/** Most warnings reported for one message (the first ones, in source order). */
export const MAX_WARNINGS = 100;
