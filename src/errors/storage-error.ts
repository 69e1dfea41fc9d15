import { TpError } from './tp-error.js';

/**
 * IndexedDB failed (blocked, quota, connection lost). Emitted as an `error` event; the SDK keeps
 * running on memory storage, and says so.
 */
export class StorageError extends TpError {
  /** What the SDK was doing: `open`, `append`, `read`, `remove`, `state`. */
  readonly operation: string;

  constructor(operation: string, cause: unknown) {
    const detail = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
    super('storage', `Storage ${operation} failed: ${detail}`, { cause });
    this.name = 'StorageError';
    this.operation = operation;
  }
}
