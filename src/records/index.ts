export { OBJECT_GROUPS, OBJECT_NAMES, isObjectName, type ObjectName } from './object-names.js';
export {
  kindOf,
  schemaOf,
  type EnrichedField,
  type RecordInput,
  type RecordOf,
  type RecordSchemas,
  type SchemaOfKind,
} from './registry.js';
export { validateRecord, type ValidationResult } from './validate.js';
export { enrichRecord, type EnrichContext } from './enrich.js';
export { DEFAULT_MAX_RECORD_BYTES, jsonBytes } from './size.js';
export {
  CATALOG,
  FIELD_TYPE_DOCS,
  GROUP_TITLES,
  MESSAGE_STATUSES,
  type ExtraValue,
  type FieldType,
  type KindSource,
  type KindSpec,
  type MessageStatus,
} from './catalog/index.js';
export { MAX_STRING_LENGTH, integer, oneOf, sizedString } from './catalog/values.js';
export { WIRE_SDK_VERSION } from '../version.js';
