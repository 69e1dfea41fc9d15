/**
 * Validation of one record against its kind's schema, and its size.
 *
 * @module
 */
import { ValidationError } from '../errors/index.js';
import { toValidationIssues } from '../internal/index.js';
import { isObjectName, type ObjectName } from './object-names.js';
import { schemaOf, type RecordOf } from './registry.js';
import { DEFAULT_MAX_RECORD_BYTES, jsonBytes } from './size.js';

/** The outcome of {@link validateRecord}. */
export type ValidationResult<K extends ObjectName> =
  | { readonly ok: true; readonly record: RecordOf<K>; /** Its size as JSON, in bytes. */ readonly bytes: number }
  | { readonly ok: false; readonly error: ValidationError };

/**
 * Checks `record` against the schema of `objectName`, then its size as JSON against `maxBytes`.
 * Never throws: an unknown object name or a non-object record is a failed result like any other.
 */
export function validateRecord<K extends ObjectName>(
  objectName: K,
  record: unknown,
  maxBytes = DEFAULT_MAX_RECORD_BYTES,
): ValidationResult<K> {
  if (!isObjectName(objectName)) {
    return fail(String(objectName), '', `"${String(objectName)}" is not one of the 43 upload object names`, 'unknown_object');
  }
  const result = schemaOf(objectName).safeParse(record);
  if (!result.success) return { ok: false, error: new ValidationError(objectName, toValidationIssues(result.error.issues, record)) };
  const bytes = jsonBytes(result.data, maxBytes);
  if (bytes > maxBytes) return fail(objectName, '', `is larger than ${maxBytes} bytes as JSON (maxRecordBytes)`, 'too_big');
  return { ok: true, record: result.data as RecordOf<K>, bytes };
}

function fail(objectName: string, path: string, message: string, code: string): { ok: false; error: ValidationError } {
  return { ok: false, error: new ValidationError(objectName, [{ path, message, code }]) };
}

/** The issue code of a record that could not be read (a getter or a Proxy trap threw). */
const UNREADABLE = 'unreadable';

/**
 * The error of a record whose reading threw: a getter, a Proxy trap, a revoked Proxy. Never
 * throws itself, whatever `objectName` and `cause` are.
 */
export function unreadableRecord(objectName: unknown, cause: unknown): ValidationError {
  const name = typeof objectName === 'string' ? objectName : `(${typeof objectName} as object name)`;
  return new ValidationError(name, [{ path: '', code: UNREADABLE, message: `could not be read: reading it threw ${describeThrown(cause)}` }], cause);
}

/** `TypeError: message` for an error, else its type; a value that throws on reading reads `a value`. */
function describeThrown(cause: unknown): string {
  try {
    return cause instanceof Error ? `${cause.name}: ${cause.message}` : typeof cause;
  } catch {
    return 'a value';
  }
}
