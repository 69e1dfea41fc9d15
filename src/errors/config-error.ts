/**
 * {@link ConfigError}: an option the client refuses.
 *
 * @module
 */
import { TpError } from './tp-error.js';

/**
 * An option is missing, unknown or malformed. Thrown synchronously by `createClient` (a
 * misconfigured client never starts) and by the setters that take one, such as `identify` and
 * `setClientKey`.
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
