/**
 * Gameplay from the game's scenes, by key: the client is in gameplay while one of the gameplay
 * scenes runs. Scene keys, not class names, are followed: a minified build renames classes but
 * keeps the keys the game wrote.
 *
 * @module
 */
import type { PhaserGame, PhaserScene, PhaserSystems } from './types.js';

/** `Phaser.Scenes.RUNNING`: the scene's status while it updates. */
const RUNNING = 5;
/**
 * Scene events that make it run, and that make it stop running. `create` too: the game's first
 * scene starts before a global plugin can watch it, and one with a `preload` is still loading at
 * the plugin's first look.
 */
const ON = ['start', 'create', 'wake', 'resume'] as const;
const OFF = ['sleep', 'pause', 'shutdown', 'destroy'] as const;

/** What the tracker calls: the client's `gameplayStart`/`gameplayStop` (each where it exists). */
export interface GameplaySink {
  start(): void;
  stop(): void;
}

/**
 * Follows the scenes of `game` whose key is in `keys`: `sink.start()` when the first of them runs,
 * `sink.stop()` when the last stops. Scenes are found at each step (those added later too).
 * Returns a function that stops following (and stops gameplay, if it was on).
 */
export function trackGameplay(game: PhaserGame, keys: readonly string[], sink: GameplaySink): () => void {
  const wanted = new Set(keys);
  const running = new Set<string>();
  const watched = new WeakSet<PhaserSystems>();
  const undo: (() => void)[] = [];
  let stopped = false;
  const set = (key: string, on: boolean): void => {
    if (stopped) return; // a scene's event after the plugin stopped following
    const before = running.size > 0;
    if (on) running.add(key);
    else running.delete(key);
    const after = running.size > 0;
    if (after !== before) (after ? sink.start : sink.stop)();
  };
  const watch = (scene: PhaserScene): void => {
    const sys = scene.sys;
    if (watched.has(sys)) return;
    watched.add(sys);
    const key = sys.settings.key;
    if (!wanted.has(key)) return;
    const on = (): void => set(key, true);
    const off = (): void => set(key, false);
    // The emitter itself: a destroyed scene's `sys.events` is null, its emitter still takes `off`.
    const events = sys.events;
    for (const event of ON) events.on(event, on);
    for (const event of OFF) events.on(event, off);
    undo.push(() => {
      for (const event of ON) events.off(event, on);
      for (const event of OFF) events.off(event, off);
    });
    if (sys.settings.status === RUNNING) set(key, true); // it ran before the plugin saw it
  };
  const scan = (): void => {
    for (const scene of game.scene.scenes) watch(scene);
  };
  if (wanted.size === 0) return () => undefined;
  scan();
  for (const event of ['prestep', 'poststep']) {
    game.events.on(event, scan);
    undo.push(() => game.events.off(event, scan));
  }
  return () => {
    for (const u of undo.splice(0)) u();
    for (const key of [...running]) set(key, false);
    stopped = true;
  };
}
