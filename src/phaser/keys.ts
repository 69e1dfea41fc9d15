/**
 * The overlay's keyboard: which keys it takes from the page while it is open, and what each does.
 *
 * @module
 */
import type { PhaserKeyboard } from './types.js';

/** Tab, Enter, Escape, Space and the arrows (key codes): their default actions are cancelled while the offer is open. */
const CAPTURED = [9, 13, 27, 32, 37, 38, 39, 40];

/**
 * Captures {@link CAPTURED} on the game's keyboard manager (so Space does not scroll the page and
 * Tab does not leave the game), except those the game already captures; returns a function that
 * releases the ones it added, leaving the game's own captures as they were.
 */
export function captureKeys(keyboard: PhaserKeyboard): () => void {
  const before = new Set(keyboard.getCaptures());
  const added = CAPTURED.filter((code) => !before.has(code));
  if (added.length > 0) keyboard.addCapture(added);
  return () => {
    if (added.length > 0) keyboard.removeCapture(added);
  };
}

/** What a key does on the card. */
export type KeyMove = 'next' | 'previous' | 'press' | 'dismiss' | undefined;

/** The move of a `keydown`: arrows and Tab move the focus, Enter and Space press, Escape dismisses. */
export function keyMove(event: KeyboardEvent): KeyMove {
  switch (event.key) {
    case 'ArrowDown':
    case 'ArrowRight':
      return 'next';
    case 'ArrowUp':
    case 'ArrowLeft':
      return 'previous';
    case 'Tab':
      return event.shiftKey ? 'previous' : 'next';
    case 'Enter':
    case ' ':
      return 'press';
    case 'Escape':
      return 'dismiss';
    default:
      return undefined;
  }
}

/** Whether the keyboard reaches the game now: its keyboard target has focus (always, when it is the window or the document). */
export function keyboardFocused(target: unknown): boolean {
  if (typeof Element === 'undefined' || !(target instanceof Element)) return true;
  const active = target.ownerDocument.activeElement;
  return active !== null && target.contains(active);
}

/** How long a key-up of a key the overlay took is waited for after it closed, in milliseconds. */
const KEY_UP_WAIT_MS = 10_000;

/**
 * Keeps from the game's scenes the key-ups of `codes` (keys whose key-down the overlay took) that
 * come after it closed: each is marked stopped for Phaser's keyboard plugins before they read it
 * (`cancelled = -1`, what Phaser's own `stopPropagation()` sets), so a game acting on the key-up of
 * Escape or Space does not act on the one that closed the offer. Listens on `target`, the game's
 * keyboard target, in the capture phase, until each came or {@link KEY_UP_WAIT_MS} passed. A new
 * press of one of them (its key-up was lost: the focus went elsewhere) is the game's, up and down.
 */
export function holdKeyUps(target: EventTarget, codes: ReadonlySet<number>): void {
  const waiting = new Set(codes);
  if (waiting.size === 0) return;
  const onKey = (event: Event): void => {
    const { keyCode, repeat, type } = event as KeyboardEvent;
    if ((type === 'keydown' && repeat) || !waiting.delete(keyCode)) return;
    if (type === 'keyup') (event as Event & { cancelled?: number }).cancelled = -1;
    if (waiting.size === 0) stop();
  };
  const timer = setTimeout(() => stop(), KEY_UP_WAIT_MS);
  const stop = (): void => {
    clearTimeout(timer);
    target.removeEventListener('keydown', onKey, true);
    target.removeEventListener('keyup', onKey, true);
  };
  target.addEventListener('keydown', onKey, true);
  target.addEventListener('keyup', onKey, true);
}
