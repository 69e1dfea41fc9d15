/**
 * The game held below an open offer: the scenes that run are paused (Phaser gives a paused scene
 * no pointer and no keyboard input), a scene the game starts meanwhile is paused too, and the
 * sound is muted; all come back as they were on release, with the key-ups of the keys the overlay
 * took kept from the scenes.
 *
 * @module
 */
import { holdKeyUps } from './keys.js';
import type { PhaserGame } from './types.js';

export class GameHold {
  private held = false;
  private paused: string[] = [];
  private mutedBefore: boolean | undefined;

  /**
   * @param overlayKey - the overlay's scene, never paused
   * @param keepOnTop - puts the overlay back on top after a scene was started under it
   * @param guard - runs a step callback, keeping what it throws from Phaser's loop
   */
  constructor(
    private readonly game: PhaserGame,
    private readonly overlayKey: string,
    private readonly keepOnTop: () => void,
    private readonly guard: (fn: () => void) => void,
  ) {}

  /** Pauses the scenes running and mutes the sound, until {@link release}. */
  hold(): void {
    if (this.held) return;
    this.held = true;
    this.paused = [];
    this.pauseRunning();
    this.game.events.on('prestep', this.keepHeld);
    const sound = this.game.sound;
    if (sound) {
      this.mutedBefore = sound.mute;
      sound.mute = true;
    }
  }

  /** Resumes the scenes it paused and the sound; `keysDown` (key codes): keys whose key-up the scenes must not get. */
  release(keysDown: ReadonlySet<number>): void {
    if (!this.held) return;
    this.held = false;
    holdKeyUps((this.game.config.inputKeyboardEventTarget as EventTarget | undefined) ?? window, keysDown);
    this.game.events.off('prestep', this.keepHeld);
    for (const k of this.paused.splice(0)) if (this.game.scene.isPaused(k)) this.game.scene.resume(k);
    const sound = this.game.sound;
    if (sound && this.mutedBefore !== undefined) sound.mute = this.mutedBefore;
    this.mutedBefore = undefined;
  }

  /** Pauses every running scene but the overlay, remembering it for {@link release}; true when it paused one. */
  private pauseRunning(): boolean {
    const running = this.game.scene.getScenes(true).map((s) => s.sys.settings.key).filter((k) => k !== this.overlayKey);
    for (const k of running) {
      this.game.scene.pause(k);
      if (!this.paused.includes(k)) this.paused.push(k);
    }
    return running.length > 0;
  }

  /** At each step while held: a scene started since is paused, and the overlay stays on top. */
  private readonly keepHeld = (): void =>
    this.guard(() => {
      if (this.pauseRunning()) this.keepOnTop();
    });
}
