/**
 * Validation of one record against its kind's schema.
 *
 * @module
 */
import { ValidationError } from '../errors/index.js';
import { toValidationIssues } from '../internal/zod-issues.js';
import { isObjectName, type ObjectName } from './object-names.js';
import { schemaOf, type RecordOf } from './registry.js';

/** The outcome of {@link validateRecord}. */
export type ValidationResult<K extends ObjectName> =
  | { readonly ok: true; readonly record: RecordOf<K> }
  | { readonly ok: false; readonly error: ValidationError };

/**
 * Checks `record` against the schema of `objectName`. Never throws: an unknown object name or a
 * non-object record is a failed result like any other.
 */
export function validateRecord<K extends ObjectName>(objectName: K, record: unknown): ValidationResult<K> {
  if (!isObjectName(objectName)) {
    return {
      ok: false,
      error: new ValidationError(String(objectName), [
        { path: '', message: `"${String(objectName)}" is not one of the 43 upload object names`, code: 'unknown_object' },
      ]),
    };
  }
  const result = schemaOf(objectName).safeParse(record);
  if (result.success) return { ok: true, record: result.data as RecordOf<K> };
  return { ok: false, error: new ValidationError(objectName, toValidationIssues(result.error.issues, record)) };
}
