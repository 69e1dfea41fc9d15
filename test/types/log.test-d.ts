/**
 * Compile-time checks of the debug log's options: the five levels, and a logger that is
 * `console` or any object with the four methods, from both entries.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { ClientOptions, Logger, LogLevel } from '../../src/index.js';
import type { Logger as LoggingLogger, LogLevel as LoggingLogLevel } from '../../src/logging.js';

describe('logLevel and logger', () => {
  it('takes the five levels and nothing else', () => {
    expectTypeOf<LogLevel>().toEqualTypeOf<'silent' | 'error' | 'warn' | 'info' | 'debug'>();
    expectTypeOf<NonNullable<ClientOptions['logLevel']>>().toEqualTypeOf<LogLevel>();
    // @ts-expect-error not a level
    const verbose: ClientOptions['logLevel'] = 'verbose';
    void verbose;
  });

  it('takes console, or an object with error, warn, info and debug', () => {
    expectTypeOf(console).toMatchTypeOf<Logger>();
    const lines: string[] = [];
    const mine: Logger = { error: (l) => lines.push(l), warn: (l) => lines.push(l), info: (l) => lines.push(l), debug: (l) => lines.push(l) };
    expectTypeOf(mine).toMatchTypeOf<NonNullable<ClientOptions['logger']>>();
    // @ts-expect-error debug is missing
    const partial: Logger = { error() {}, warn() {}, info() {} };
    void partial;
  });

  it('the logging entry exports the same types', () => {
    expectTypeOf<LoggingLogger>().toEqualTypeOf<Logger>();
    expectTypeOf<LoggingLogLevel>().toEqualTypeOf<LogLevel>();
  });
});
