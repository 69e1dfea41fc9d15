/**
 * Natural breaks: the game says when the player starts playing (`gameplayStart()`) and when play
 * stops (`gameplayStop()`), with the meaning of the portals' SDKs (Poki, CrazyGames): gameplay is
 * while the player plays; a break is from a stop to the next start (a menu, a stage cleared, game
 * over). Only there may the SDK interrupt the player on its own (docs/decisions.md, "Natural
 * breaks"). The state lives on the client, consent or not, so `tp-web-sdk/logging` has it too.
 *
 * @module
 */
import { guardListener, type EventSink } from '../bus/index.js';
import { pageHidden } from '../internal/index.js';
import type { GameplayPort } from '../offers/index.js';

/** The client's natural breaks: the public calls, and the port the offer engine reads. */
export interface Gameplay extends GameplayPort {
  /** `gameplayStart()`: in gameplay from now on; nothing when already in it. */
  start(): void;
  /** `gameplayStop()`: a break from now on; nothing when already at one. */
  stop(): void;
  /** `shutdown()`: the state stays as it is, later calls change nothing and tell no one. */
  shut(): void;
}

/** Starts at a break (not in gameplay); each change is told to `onChange` listeners, then as a `gameplay` event. */
export function trackGameplay(emitter: EventSink): Gameplay {
  let inGameplay = false;
  let shut = false;
  const listeners = new Set<(inGameplay: boolean) => void>();
  const set = (next: boolean): void => {
    if (shut || next === inGameplay) return;
    inGameplay = next;
    for (const listener of [...listeners]) listener(next);
    emitter.emit('gameplay', { inGameplay: next });
  };
  return {
    get inGameplay() {
      return inGameplay;
    },
    get pageHidden() {
      return pageHidden();
    },
    onChange(listener) {
      const guarded = (value: boolean): void => guardListener(listener)(value);
      listeners.add(guarded);
      return () => void listeners.delete(guarded);
    },
    start: () => set(true),
    stop: () => set(false),
    shut() {
      shut = true;
      listeners.clear();
    },
  };
}
