/**
 * Compile-time checks of natural breaks: `gameplayStart()`, `gameplayStop()` and `inGameplay` on
 * both clients, the `gameplay` event's payload, and the port the offer engine reads.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { GameplayEvent, LoggingClient, TpClient } from '../../src/index.js';
import type { GameplayEvent as LoggingGameplayEvent } from '../../src/logging.js';
import type { GameplayPort, OffersDeps } from '../../src/offers/index.js';

declare const tp: TpClient;
declare const logging: LoggingClient;

describe('natural breaks', () => {
  it('both clients have the two calls, taking nothing and returning nothing, and a read-only boolean', () => {
    expectTypeOf(tp.gameplayStart).toEqualTypeOf<() => void>();
    expectTypeOf(tp.gameplayStop).toEqualTypeOf<() => void>();
    expectTypeOf(logging.gameplayStart).toEqualTypeOf<() => void>();
    expectTypeOf(logging.gameplayStop).toEqualTypeOf<() => void>();
    expectTypeOf(logging.inGameplay).toEqualTypeOf<boolean>();
    // @ts-expect-error read-only: the game calls gameplayStart() or gameplayStop()
    tp.inGameplay = true;
    // @ts-expect-error no argument
    tp.gameplayStart('level-1');
  });

  it('the `gameplay` event carries the new state', () => {
    tp.on('gameplay', (e) => expectTypeOf(e).toEqualTypeOf<GameplayEvent>());
    logging.on('gameplay', (e) => expectTypeOf(e.inGameplay).toEqualTypeOf<boolean>());
    expectTypeOf<GameplayEvent>().toEqualTypeOf<LoggingGameplayEvent>();
    expectTypeOf<GameplayEvent>().toEqualTypeOf<{ readonly inGameplay: boolean }>();
  });

  it('the offer engine gets the port: the state, the page hidden or not, and a listener', () => {
    expectTypeOf<OffersDeps['gameplay']>().toEqualTypeOf<GameplayPort>();
    expectTypeOf<GameplayPort['inGameplay']>().toEqualTypeOf<boolean>();
    expectTypeOf<GameplayPort['pageHidden']>().toEqualTypeOf<boolean>();
    expectTypeOf<GameplayPort['onChange']>().toEqualTypeOf<(listener: (inGameplay: boolean) => void) => () => void>();
  });
});
