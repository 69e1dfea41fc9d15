/**
 * The level gate of the debug log (options `logLevel` and `logger`): one boolean per
 * level, decided once, so a caller formats a line only behind `if (log.debug)`; and the writer,
 * which prefixes `[tp-web-sdk]` and never lets the game's logger throw into the SDK.
 *
 * @module
 */

/**
 * How much the SDK writes to the `logger`: nothing (`'silent'`), failures (`'error'`), also what
 * works on in a lesser way or lost records (`'warn'`), also the client's life and each upload's
 * outcome (`'info'`), also each record, batch and offer verdict (`'debug'`).
 */
export type LogLevel = 'silent' | 'error' | 'warn' | 'info' | 'debug';

/** Where the log goes: `console`, or any object with these four methods (each gets one string). */
export type Logger = Pick<Console, 'error' | 'warn' | 'info' | 'debug'>;

/** The logger's methods: a line's level. */
export type LogMethod = keyof Logger;

/** The gate and the writer of one client's log. */
export interface Log {
  readonly error: boolean;
  readonly warn: boolean;
  readonly info: boolean;
  readonly debug: boolean;
  /** Writes `[tp-web-sdk] ${text}` with the logger's `method`. Call it only behind its gate. */
  write(method: LogMethod, text: string): void;
}

/** The levels in order: a level lets through itself and those before it. */
const ORDER: readonly LogLevel[] = ['silent', 'error', 'warn', 'info', 'debug'];

/** Every level a client may be given (the option's check). */
export const LOG_LEVELS: readonly LogLevel[] = ORDER;

/** The log of a client at `level`, written to `logger`. */
export function createLog(level: LogLevel, logger: Logger): Log {
  const rank = ORDER.indexOf(level);
  return {
    error: rank >= 1,
    warn: rank >= 2,
    info: rank >= 3,
    debug: rank >= 4,
    write(method, text) {
      try {
        logger[method](`[tp-web-sdk] ${text}`);
      } catch {
        // The game's logger failed: the log is a convenience, the SDK goes on without this line.
      }
    },
  };
}
