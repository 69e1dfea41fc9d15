import { TpError } from './tp-error.js';

/**
 * Thrown by `createClient` (and setters such as `identify`) when an option is missing or malformed.
 * Thrown synchronously: a misconfigured client never starts.
 */
export class ConfigError extends TpError {
  /** The option at fault, for example `baseUrl` or `flushIntervalMs`. */
  readonly option: string;

  constructor(option: string, reason: string) {
    super('config', `Invalid option "${option}": ${reason}`);
    this.name = 'ConfigError';
    this.option = option;
  }
}
