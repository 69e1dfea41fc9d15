/**
 * A Phaser scene that draws the offer on screen with Phaser's own game objects, the way a Phaser
 * game would use the SDK's headless view: it listens to a headless adapter, draws `current` (a
 * Rectangle card, a Text object per span, a Buy button per product, the toggle, a close button),
 * and calls the view's actions from pointer and keyboard input.
 *
 * Keyboard (Phaser's keyboard plugin, listening on the panel element only, so it acts while the
 * panel has focus): arrow keys move the focus ring through the buttons, Enter or Space presses
 * the focused one (the first Buy button to begin with), Escape dismisses.
 *
 * Part of the Phaser panel (loaded on demand; phaser is a devDependency of the demo only).
 */
import * as Phaser from 'phaser';
import type { HeadlessAdapter, OfferView } from 'tp-web-sdk';
import { labelsFor } from 'tp-web-sdk/dom';
import { addHero, addPriceLine } from './phaser-parts.js';
import { addMessage, addText } from './phaser-text.js';
import { hexColor, PHASER_THEME as T } from './phaser-theme.js';

const PAD = 20;
/** Buttons are at least 44 × 44 CSS pixels, as in the DOM dialog. */
const BUTTON = 44;
const MAX_CARD_WIDTH = 440;

/** What the scene drew in one Text object (for tools and tests: `window.demo.phaserTexts()`). */
export interface PhaserTextInfo {
  readonly text: string;
  /** The CSS color it is filled with (`#rrggbbaa` for a span colored by markup). */
  readonly color: string;
  readonly bold: boolean;
  readonly italic: boolean;
  /** Font size in pixels. */
  readonly size: number;
}

/** A button the scene drew, in CSS pixels from the top-left corner of its canvas. */
export interface PhaserControlInfo {
  /** `buy:<product index>`, `toggle` or `close`: the control, for the e2e tests. */
  readonly id: string;
  readonly label: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** It has the keyboard focus ring (drawn while the panel has focus). */
  readonly focused: boolean;
}

interface Control {
  readonly id: string;
  readonly label: string;
  /** The interactive area, a child of the card container. */
  readonly hit: Phaser.GameObjects.Rectangle;
  readonly press: () => void;
}

export class OfferScene extends Phaser.Scene {
  /** The view drawn now, if any. */
  private shown: OfferView | undefined;
  /** Everything drawn for the view (or the idle message); destroyed and rebuilt on each change. */
  private root: Phaser.GameObjects.Container | undefined;
  private ring: Phaser.GameObjects.Rectangle | undefined;
  private controls: Control[] = [];
  private focusIndex = 0;
  private checked = false;
  /** Id of the control a pointer went down on: a press is a down and an up on the same control. */
  private pressing: string | undefined;
  /** Keyboard events already acted on. */
  private readonly keysSeen = new WeakSet<KeyboardEvent>();
  /** Images already asked of the loader. */
  private readonly heroes = new Set<string>();

  /**
   * @param source The headless adapter the SDK presents to.
   * @param panel The focusable element around the game's canvas; its keyboard input is Phaser's.
   * @param onReady Called once the scene is created and holds what there is to draw (the first frame follows).
   */
  constructor(
    private readonly source: HeadlessAdapter,
    private readonly panel: HTMLElement,
    private readonly onReady: () => void,
  ) {
    super({ key: 'offer' });
  }

  create(): void {
    const stopPresent = this.source.onPresent((view) => this.show(view));
    const stopClose = this.source.onClose(() => this.show(undefined));
    const relayout = (): void => this.redraw();
    this.scale.on(Phaser.Scale.Events.RESIZE, relayout);
    const keyboard = this.input.keyboard!;
    // The panel's keys get no default action while it has focus: arrows and Space would scroll the
    // page, and Enter would press the button focus returns to when the offer closes (the opener).
    keyboard.addCapture('ENTER,SPACE,ESC,UP,DOWN,LEFT,RIGHT');
    keyboard.on('keydown', (event: KeyboardEvent) => this.onKey(event));
    const focusChanged = (): void => this.placeRing();
    this.panel.addEventListener('focus', focusChanged);
    this.panel.addEventListener('blur', focusChanged);
    let stopped = false;
    const stop = (): void => {
      if (stopped) return;
      stopped = true;
      stopPresent();
      stopClose();
      this.scale.off(Phaser.Scale.Events.RESIZE, relayout);
      this.panel.removeEventListener('focus', focusChanged);
      this.panel.removeEventListener('blur', focusChanged);
      // The scene stops (the game moves on) with an offer on screen: the game takes it off screen,
      // not the player (nothing reported), so that `offers.show()` settles and the next offer can
      // be shown. Without this the SDK would keep it open, answering `busy` to every later show().
      this.shown?.close();
      this.shown = undefined;
    };
    // SHUTDOWN when the scene is stopped or replaced; DESTROY (without SHUTDOWN) when the game is.
    this.events.once(Phaser.Scenes.Events.SHUTDOWN, stop);
    this.events.once(Phaser.Scenes.Events.DESTROY, stop);
    this.show(this.source.current); // presented before Phaser finished loading: drawn now
    this.onReady();
  }

  /** The Text objects on screen, in drawing order. */
  texts(): PhaserTextInfo[] {
    const out: PhaserTextInfo[] = [];
    const visit = (objects: readonly Phaser.GameObjects.GameObject[]): void => {
      for (const o of objects) {
        if (o instanceof Phaser.GameObjects.Container) visit(o.list);
        else if (o instanceof Phaser.GameObjects.Text && o.visible) {
          const { color, fontStyle, fontSize } = o.style;
          out.push({ text: o.text, color: String(color), bold: fontStyle.includes('bold'), italic: fontStyle.includes('italic'), size: Number.parseFloat(String(fontSize)) });
        }
      }
    };
    visit(this.children.list);
    return out;
  }

  /** URLs of the images on screen (the offer's, once loaded). */
  images(): string[] {
    const image = this.root?.list.find((o): o is Phaser.GameObjects.Image => o instanceof Phaser.GameObjects.Image);
    return image ? [image.texture.key.replace(/^hero:/, '')] : [];
  }

  /** The buttons on screen, in focus order. */
  controlRects(): PhaserControlInfo[] {
    const ringed = this.ring?.visible === true;
    return this.controls.map((c, i) => {
      const b = c.hit.getBounds(); // world = canvas CSS pixels (no camera scroll or zoom)
      return { id: c.id, label: c.label, x: b.x, y: b.y, width: b.width, height: b.height, focused: ringed && i === this.focusIndex };
    });
  }

  private show(view: OfferView | undefined): void {
    if (view !== this.shown) {
      this.shown = view;
      this.focusIndex = 0;
      this.checked = false;
      this.pressing = undefined;
    }
    this.redraw();
  }

  private redraw(): void {
    this.root?.destroy(); // and its children
    this.root = this.ring = undefined;
    this.controls = [];
    const { width, height } = this.scale.gameSize;
    if (this.shown) this.drawOffer(this.shown, width, height);
    else this.drawIdle(width, height);
    this.placeRing();
  }

  private drawIdle(width: number, height: number): void {
    const version = addText(this, 0, 0, `Phaser ${Phaser.VERSION}, canvas renderer`, { size: 13 }, T.muted);
    const idle = addText(this, 0, 0, 'No offer on screen', {}, T.fg);
    version.setPosition((width - version.width) / 2, height / 2 - version.height - 4);
    idle.setPosition((width - idle.width) / 2, height / 2 + 4);
    this.root = this.add.container(0, 0, [version, idle]);
    this.panel.setAttribute('aria-label', 'Phaser panel: no offer on screen');
  }

  private drawOffer(view: OfferView, width: number, height: number): void {
    const cw = Math.max(160, Math.min(MAX_CARD_WIDTH, width - 32));
    const inner = cw - 2 * PAD;
    const labels = labelsFor(view.language);
    const parts: Phaser.GameObjects.GameObject[] = [];
    let y = PAD;

    const hero = addHero(this, view.backgroundUrl ?? view.imageUrl, cw, this.heroes, () => this.redraw());
    if (hero) {
      parts.push(hero.image);
      y += hero.height;
    }

    const title = addText(this, PAD, y, view.title, { bold: true, size: 20 }, T.fg).setWordWrapWidth(inner - BUTTON, true);
    parts.push(title);
    y += title.height + 12;

    if (view.message.lines.some((line) => line.length > 0)) {
      const message = addMessage(this, view.message.lines, PAD, y, inner, T.fg);
      parts.push(...message.texts);
      y += message.height + 16;
    }

    view.products.forEach((product, index) => {
      const buy = addText(this, 0, 0, labels.buy, { bold: true }, T.accentFg);
      const bw = Math.min(inner / 2, Math.max(BUTTON, buy.width + 36));
      const info = inner - bw - 12;
      const name = addText(this, PAD, 0, product.name, { bold: true }, T.fg).setWordWrapWidth(info, true);
      const price = addPriceLine(this, product, PAD);
      const textH = name.height + price.height;
      const rowH = Math.max(BUTTON, textH);
      name.y = y + (rowH - textH) / 2;
      for (const p of price.parts) p.y += name.y + name.height;
      const button = this.add.rectangle(PAD + inner - bw, y + (rowH - BUTTON) / 2, bw, BUTTON, hexColor(T.accent)).setOrigin(0, 0);
      buy.setPosition(button.x + (bw - buy.width) / 2, button.y + (BUTTON - buy.height) / 2);
      parts.push(name, ...price.parts, button, buy);
      this.addControl(`buy:${index}`, `${labels.buy}: ${product.name}`, button, () => view.interact(product));
      y += rowH + 8;
    });
    if (view.products.length > 0) y += 4;

    if (view.toggleLabel !== undefined) {
      const label = addText(this, PAD + 28, 0, view.toggleLabel, { size: 14.4 }, T.muted).setWordWrapWidth(inner - 28, true);
      const rowH = Math.max(BUTTON, label.height);
      label.y = y + (rowH - label.height) / 2;
      const box = this.add.rectangle(PAD, y + (rowH - 20) / 2, 20, 20, hexColor(this.checked ? T.accent : T.muted)).setOrigin(0, 0);
      parts.push(box, label);
      if (this.checked) {
        const check = addText(this, 0, 0, '✓', { bold: true }, T.accentFg);
        check.setPosition(box.x + (20 - check.width) / 2, box.y + (20 - check.height) / 2);
        parts.push(check);
      } else {
        parts.push(this.add.rectangle(PAD + 2, box.y + 2, 16, 16, hexColor(T.bg)).setOrigin(0, 0));
      }
      const hit = this.add.rectangle(PAD, y, inner, rowH).setOrigin(0, 0); // no fill: only an area to press
      parts.push(hit);
      this.addControl('toggle', view.toggleLabel, hit, () => {
        this.checked = !this.checked;
        view.setDoNotShowAgain(this.checked);
        this.redraw();
      });
      y += rowH;
    }
    const cardH = y + 16;

    const close = this.add.rectangle(cw - 52, 8, BUTTON, BUTTON, 0x000000, 0.4).setOrigin(0, 0);
    const cross = addText(this, 0, 0, '×', { size: 22.4 }, '#ffffff');
    cross.setPosition(close.x + (BUTTON - cross.width) / 2, close.y + (BUTTON - cross.height) / 2);
    parts.push(close, cross);
    this.addControl('close', labels.close, close, () => view.dismiss());

    this.ring = this.add.rectangle(0, 0, 1, 1).setOrigin(0, 0).setStrokeStyle(3, hexColor(T.focus)).setVisible(false);
    const card = this.add.rectangle(0, 0, cw, cardH, hexColor(T.bg)).setOrigin(0, 0);
    // Taller than the panel: the whole card is scaled down to fit (pointer input follows the scale).
    const scale = Math.min(1, Math.max(0.1, (height - 32) / cardH));
    this.root = this.add.container((width - cw * scale) / 2, Math.max(0, (height - cardH * scale) / 2), [card, ...parts, this.ring]).setScale(scale);
  }

  private addControl(id: string, label: string, hit: Phaser.GameObjects.Rectangle, press: () => void): void {
    const index = this.controls.length;
    this.controls.push({ id, label, hit, press });
    hit.setInteractive({ useHandCursor: true });
    hit.on(Phaser.Input.Events.GAMEOBJECT_POINTER_DOWN, () => {
      this.pressing = id;
    });
    hit.on(Phaser.Input.Events.GAMEOBJECT_POINTER_UP, () => {
      if (this.pressing !== id) return;
      this.pressing = undefined;
      this.focusIndex = index;
      press();
    });
  }

  private onKey(event: KeyboardEvent): void {
    // Phaser's keyboard manager keeps a frame's DOM events in a queue and the plugin walks the whole
    // queue on each new one: two presses within one frame would hand us the first one twice.
    if (this.keysSeen.has(event)) return;
    this.keysSeen.add(event);
    const view = this.shown;
    const n = this.controls.length;
    if (!view || n === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowRight') this.focusIndex = (this.focusIndex + 1) % n;
    else if (event.key === 'ArrowUp' || event.key === 'ArrowLeft') this.focusIndex = (this.focusIndex + n - 1) % n;
    else if (event.key === 'Enter' || event.key === ' ') return this.controls[this.focusIndex]?.press();
    else if (event.key === 'Escape') return view.dismiss();
    else return;
    this.placeRing();
  }

  /** Puts the focus ring around the focused control while the panel has focus, and names it for screen readers. */
  private placeRing(): void {
    const ring = this.ring;
    const control = this.controls[this.focusIndex];
    if (!ring || !control || !this.shown) return;
    const { x, y, width, height } = control.hit;
    ring.setPosition(x - 3, y - 3).setSize(width + 6, height + 6);
    ring.setVisible(this.panel.ownerDocument.activeElement === this.panel);
    this.panel.setAttribute('aria-label', `Phaser panel: ${this.shown.title}. ${control.label}; arrow keys move, Enter presses`);
  }
}
