/**
 * Work cut into slices that leave the page its frames: a loop asks `due()` after each step, and
 * `pause()` when it is, which lets the browser run input, rendering and the game's own frame
 * before the next slice (no SDK task over one frame).
 *
 * @module
 */

/** The longest slice of SDK work, in milliseconds, before the page gets its turn. */
export const SLICE_MS = 8;

/**
 * Lets the page run: a `MessageChannel` hop, a task queued behind those already waiting (the
 * game's timers, messages and network callbacks run first; rendering and input as always). Not
 * `scheduler.yield()`, whose continuation goes ahead of the game's own queued tasks, nor
 * `setTimeout(0)`, clamped to 4 ms once nested. Without `MessageChannel`, `setTimeout(0)`.
 */
export function yieldToPage(): Promise<void> {
  if (typeof MessageChannel !== 'function') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}

/** A slice's clock: `due()` once `budgetMs` passed since the slice began; `pause()` yields and begins the next. */
export interface Slices {
  due(): boolean;
  pause(): Promise<void>;
}

const clock = (): number => (typeof performance === 'object' ? performance.now() : Date.now());

/** Slices of at most `budgetMs` (default {@link SLICE_MS}). */
export function slices(budgetMs = SLICE_MS): Slices {
  let began = clock();
  return {
    due: () => clock() - began >= budgetMs,
    async pause() {
      await yieldToPage();
      began = clock();
    },
  };
}
