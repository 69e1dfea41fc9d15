/**
 * The records a game sends: the object names, their zod schemas by spec group, the catalog they
 * come from, validation, enrichment and size. The only door other domains use into records/.
 *
 * @module
 */
export { OBJECT_GROUPS, OBJECT_NAMES, isObjectName, type ObjectName } from './object-names.js';
export {
  kindOf,
  schemaOf,
  type EnrichedField,
  type RecordInput,
  type RecordOf,
} from './registry.js';
export { unreadableRecord, validateRecord, type ValidationResult } from './validate.js';
export type { OpenObjectName, RecordFields } from './fields.js';
export { enrichRecord, ownFields } from './enrich.js';
export { DEFAULT_MAX_RECORD_BYTES, jsonBytes } from './size.js';
export {
  GROUP_TITLES,
  MESSAGE_STATUSES,
  type ExtraValue,
  type FieldType,
  type MessageStatus,
} from './catalog/index.js';
export { MAX_STRING_LENGTH, integer, oneOf, sizedString } from './catalog/values.js';
export { WIRE_SDK_VERSION } from '../version.js';
