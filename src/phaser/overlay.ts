/**
 * The overlay: a scene of its own, added to the game and run on top of the others while an offer
 * is on screen, with the game held below it (hold.ts: its scenes paused, its sound muted) until it
 * closes. It draws the card, and takes the keys and taps aimed at it.
 *
 * @module
 */
import { labelsFor } from '../dom.js';
import type { OfferView } from '../index.js';
import type { PhaserControlInfo, PhaserInspection, PhaserTextInfo } from './api.js';
import { drawCard, type Card } from './card.js';
import { GameHold } from './hold.js';
import { captureKeys, keyboardFocused, keyMove } from './keys.js';
import { cardImageUrl, type CardImage } from './images.js';
import { imageUrlOf, loadImage } from './parts.js';
import { BASE_PX, textPen, type TextLook } from './text.js';
import type { PhaserTheme } from './theme.js';
import type { PhaserGame, PhaserObject, PhaserScene, PhaserText } from './types.js';

/** How the overlay is set up. */
export interface OverlayOptions {
  readonly key: string;
  readonly theme: PhaserTheme;
  readonly announce: ((text: string) => void) | undefined;
  /** Called with what a callback of the overlay threw (the game loop never sees it). */
  readonly failed: (error: unknown) => void;
}

/** What the scene holds while it runs; undone when it shuts down. */
interface Attached {
  readonly scene: PhaserScene;
  readonly undo: (() => void)[];
  /** Gives the game back the keys the overlay captured (not once the scene is destroyed: its keyboard is gone). */
  releaseKeys?: () => void;
}

export class Overlay {
  private view: OfferView | undefined;
  /** Where the view's image stands, when the plugin prepared it (else the view's `imageState`). */
  private image: CardImage | undefined;
  private attached: Attached | undefined;
  private card: Card | undefined;
  private texts: { readonly text: PhaserText; readonly look: TextLook }[] = [];
  private focusIndex = 0;
  private checked = false;
  private pressing: string | undefined;
  private readonly hold: GameHold;
  private readonly keysSeen = new WeakSet<KeyboardEvent>();
  /** Keys whose key-down the overlay took and whose key-up has not come yet (key codes). */
  private readonly keysDown = new Set<number>();
  private readonly requested = new Set<string>();

  constructor(
    private readonly game: PhaserGame,
    private readonly options: OverlayOptions,
  ) {
    const overlay = this;
    this.hold = new GameHold(game, options.key, () => this.attached && game.scene.bringToTop(options.key), (fn) => this.guard(fn));
    game.scene.add(options.key, {
      create(this: PhaserScene) {
        overlay.attach(this);
      },
    }, false);
  }

  /** The offer on screen, if any. */
  get current(): OfferView | undefined {
    return this.view;
  }

  /**
   * Draws `view` on top of the game (replacing the offer drawn, which the game then took off
   * screen). `image`: where its image stands, when the plugin prepared it; by default the view's
   * `imageState`. `failed` draws the card without the image and never adds it later.
   */
  present(view: OfferView, image?: CardImage): void {
    const previous = this.view;
    this.view = view;
    this.image = image;
    this.focusIndex = 0;
    this.checked = false;
    this.pressing = undefined;
    if (previous && previous !== view) previous.close();
    if (this.attached) return this.redraw();
    this.hold.hold();
    this.game.scene.run(this.options.key);
    this.game.scene.bringToTop(this.options.key);
  }

  /** Removes the offer drawn, if any, and gives the game back its scenes and sound. */
  close(): void {
    if (!this.view) return;
    this.view = undefined;
    this.game.scene.stop(this.options.key);
    this.releaseGame();
    this.options.announce?.('');
  }

  inspect(): PhaserInspection {
    const focused = this.card?.ring.visible === true;
    const controls: PhaserControlInfo[] = (this.card?.controls ?? []).map((c, i) => {
      const b = c.hit.getBounds();
      return { id: c.id, label: c.label, x: b.x, y: b.y, width: b.width, height: b.height, focused: focused && i === this.focusIndex };
    });
    const texts: PhaserTextInfo[] = this.texts
      .filter(({ text }) => text.visible)
      .map(({ text, look }) => ({ text: text.text, color: look.color ?? '', bold: look.bold === true, italic: look.italic === true, size: Math.min(BASE_PX * 3, Math.max(BASE_PX / 2, look.size ?? BASE_PX)) }));
    const images = this.card?.image ? [imageUrlOf(this.card.image)].filter((u): u is string => u !== undefined) : [];
    return { offerId: this.view?.offerId, texts, controls, images };
  }

  /** Gives the game back its scenes and sound; the key-ups of the keys the overlay took are not its. */
  private releaseGame(): void {
    this.hold.release(this.keysDown);
    this.keysDown.clear();
  }

  /** The scene was created (it runs): listens to its input and size, draws. */
  private attach(scene: PhaserScene): void {
    const attached: Attached = { scene, undo: [] };
    this.attached = attached;
    const relayout = (): void => this.guard(() => this.redraw());
    scene.scale.on('resize', relayout);
    attached.undo.push(() => scene.scale.off('resize', relayout));
    this.listenToKeys(attached);
    scene.events.once('shutdown', () => this.detach(attached, false));
    scene.events.once('destroy', () => this.detach(attached, true));
    if (!this.view) this.game.scene.stop(this.options.key); // closed before Phaser ran it
    else this.redraw();
  }

  private listenToKeys(attached: Attached): void {
    const keyboard = attached.scene.input.keyboard;
    if (!keyboard) return;
    attached.releaseKeys = captureKeys(keyboard);
    const onKey = (event: KeyboardEvent): void => this.guard(() => this.onKey(event));
    const onKeyUp = (event: KeyboardEvent): void => {
      event.stopPropagation();
      this.keysDown.delete(event.keyCode);
    };
    keyboard.on('keydown', onKey);
    keyboard.on('keyup', onKeyUp);
    attached.undo.push(() => keyboard.off('keydown', onKey), () => keyboard.off('keyup', onKeyUp));
    const target = this.game.config.inputKeyboardEventTarget;
    if (typeof Element !== 'undefined' && target instanceof Element) {
      const focusChanged = (): void => this.guard(() => this.placeRing());
      target.addEventListener('focusin', focusChanged);
      target.addEventListener('focusout', focusChanged);
      attached.undo.push(() => {
        target.removeEventListener('focusin', focusChanged);
        target.removeEventListener('focusout', focusChanged);
      });
    }
  }

  /** The scene shut down (closed, or stopped or destroyed by the game). */
  private detach(attached: Attached, destroyed: boolean): void {
    if (this.attached !== attached) return;
    this.attached = undefined;
    this.card = undefined;
    this.texts = [];
    if (!destroyed) attached.releaseKeys?.();
    for (const undo of attached.undo.splice(0)) this.guard(undo);
    const view = this.view;
    if (!view) return;
    // The game stopped the overlay, or was destroyed, with an offer on screen: the game took it off
    // screen, not the player (nothing reported), so the next offer can be shown.
    this.view = undefined;
    // Scene events call this: a throw from the game's teardown must not reach Phaser's loop.
    this.guard(() => this.releaseGame());
    this.guard(() => view.close());
  }

  private redraw(): void {
    const attached = this.attached;
    this.card?.root.destroy();
    this.card = undefined;
    this.texts = [];
    const view = this.view;
    if (!attached || !view) return;
    const { scene } = attached;
    const url = cardImageUrl(view);
    const image = this.image ?? view.imageState;
    // Not prepared (`loading`): loaded now, and added when it comes (the card keeps its space).
    if (url && image !== 'failed') loadImage(scene, url, this.requested, () => this.guard(() => this.view === view && this.redraw()));
    const pen = textPen(scene, this.options.theme.font, (text, look) => this.texts.push({ text, look }));
    const { width, height } = scene.scale.gameSize;
    const actions = {
      buy: (product: Parameters<OfferView['interact']>[0]) => view.interact(product),
      toggle: () => this.toggle(view),
      close: () => view.dismiss(),
    };
    this.card = drawCard({ pen, theme: this.options.theme, view, checked: this.checked, withImage: url !== undefined && image !== 'failed', width, height, actions });
    this.card.controls.forEach((control, index) => this.listenToPointer(control.hit, control.id, index, control.press));
    this.placeRing();
  }

  private toggle(view: OfferView): void {
    this.checked = !this.checked;
    view.setDoNotShowAgain(this.checked);
    this.redraw();
  }

  /** A press is a pointer going down and up on the same control. */
  private listenToPointer(hit: PhaserObject, id: string, index: number, press: () => void): void {
    hit.setInteractive({ useHandCursor: true });
    hit.on('pointerdown', () => {
      this.pressing = id;
    });
    hit.on('pointerup', () =>
      this.guard(() => {
        // A press that closes the offer resumes the scenes below within Phaser's pointer dispatch,
        // which would hand them this pointerup next.
        this.attached?.scene.input.stopPropagation();
        if (this.pressing !== id) return;
        this.pressing = undefined;
        this.focusIndex = index;
        press();
      }),
    );
  }

  private onKey(event: KeyboardEvent): void {
    // Phaser's own stopPropagation (set on the event for its scenes): no scene below hears the key.
    // A key that closes the offer resumes them within this step, and they would read it next.
    event.stopPropagation();
    // A repeat is a key held since before: one the game saw go down (its key-up is the game's), or
    // one that already acted here. It moves the focus and presses nothing (Buy is focused first).
    if (!event.repeat) this.keysDown.add(event.keyCode);
    // Phaser's keyboard manager keeps a frame's DOM events in a queue and the plugin walks the whole
    // queue on each new one: two presses within one frame would hand the first one over twice.
    if (this.keysSeen.has(event)) return;
    this.keysSeen.add(event);
    const view = this.view;
    const controls = this.card?.controls ?? [];
    const n = controls.length;
    if (!view || n === 0) return;
    const move = keyMove(event);
    if (event.repeat && (move === 'press' || move === 'dismiss')) return;
    if (move === 'press') return controls[this.focusIndex]?.press();
    if (move === 'dismiss') return view.dismiss();
    if (move === 'next') this.focusIndex = (this.focusIndex + 1) % n;
    else if (move === 'previous') this.focusIndex = (this.focusIndex + n - 1) % n;
    else return;
    this.placeRing();
  }

  /** Puts the focus ring around the focused control while the keyboard reaches the game, and announces it. */
  private placeRing(): void {
    const card = this.card;
    const control = card?.controls[this.focusIndex];
    if (!card || !control || !this.view) return;
    const { x, y, width, height } = control.hit;
    card.ring.setPosition(x - 3, y - 3).setSize(width + 6, height + 6);
    card.ring.setVisible(keyboardFocused(this.game.config.inputKeyboardEventTarget));
    const title = this.view.title.trim() === '' ? labelsFor(this.view.language).offer : this.view.title;
    this.options.announce?.(`${title}. ${control.label}; arrow keys move, Enter presses`);
  }

  /** Runs `fn`; what it throws goes to `failed`, never into Phaser's loop. */
  private guard(fn: () => void): void {
    try {
      fn();
    } catch (error) {
      this.options.failed(error);
    }
  }
}
