export { OBJECT_GROUPS, OBJECT_NAMES, isObjectName, type ObjectName } from './object-names.js';
export { schemaOf, type RecordInput, type RecordOf, type RecordSchemas, type EnrichedField } from './registry.js';
export { validateRecord, type ValidationResult } from './validate.js';
export { enrichRecord, type EnrichContext } from './enrich.js';
export { WIRE_SDK_VERSION } from './schemas/basic.js';
export { MESSAGE_STATUSES, type MessageStatus } from './schemas/offer-reactions.js';
