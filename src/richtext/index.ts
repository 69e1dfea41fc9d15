export { parseRichText, plainText, MAX_DEPTH, MAX_TAG_LENGTH, MAX_SIZE_PX, MAX_WARNINGS } from './parse.js';
export { parseColor, NAMED_COLORS } from './colors.js';
export { linesAsMarkup, toEngineMarkup, ENGINE_MARKUP_TARGETS, type EngineMarkupTarget } from './engine-markup.js';
export type { Line, MarkupWarning, MarkupWarningCode, RichText, Span } from './types.js';
