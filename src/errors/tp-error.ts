/**
 * The base of every error tp-web-sdk throws, rejects with or emits.
 *
 * @module
 */

/** Machine-readable kind of a {@link TpError}; stable across versions. */
export type TpErrorCode =
  | 'config'
  | 'validation'
  | 'service'
  | 'network'
  | 'protocol'
  | 'offer'
  | 'storage'
  | 'consent'
  | 'internal';

const BRAND = Symbol.for('tp-web-sdk.error');

/**
 * Base class of all SDK errors. `code` tells the kind; `cause` carries the underlying error
 * (a `TypeError` from `fetch`, a `DOMException` from IndexedDB) when there is one.
 *
 * Use {@link isTpError} rather than `instanceof` when the error may come from another copy of
 * the SDK (two bundles, an iframe): the check works across realms.
 */
export class TpError extends Error {
  /** The error's kind. */
  readonly code: TpErrorCode;

  constructor(code: TpErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TpError';
    this.code = code;
    Object.defineProperty(this, BRAND, { value: true });
  }
}

/**
 * True when `value` is an error thrown or emitted by tp-web-sdk (any copy of it), optionally of
 * the given `code`.
 */
export function isTpError(value: unknown, code?: TpErrorCode): value is TpError {
  if (typeof value !== 'object' || value === null || (value as Record<symbol, unknown>)[BRAND] !== true) {
    return false;
  }
  return code === undefined || (value as TpError).code === code;
}

/** `error` itself when it is a {@link TpError}, else a `TpError` with code `internal` wrapping it. */
export function toTpError(error: unknown): TpError {
  if (isTpError(error)) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new TpError('internal', `Unexpected failure: ${detail}`, { cause: error });
}
