/**
 * The Phaser plugin with the real client, in real Phaser 3.90 and Phaser 4 (canvas renderer: this
 * project's Chromium runs with --disable-gpu; WebGL is covered by test/e2e/phaser-plugin.test.ts).
 * Both ways of drawing: with `data.ui` (the client presents to the headless adapter the plugin
 * draws from) and without (the plugin draws the offer's view itself). Buy reports `interact`,
 * gameplay follows the `Play` scene into `client.inGameplay`, and bad input is one ConfigError at
 * boot, never an error in the game's loop.
 */
import * as Phaser3 from 'phaser';
import * as Phaser4 from 'phaser4';
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { ConfigError, createClient, createHeadlessAdapter, type HeadlessAdapter, type TpClient } from '../../src/index.js';
import { createPhaserPlugin, type PhaserNamespace } from '../../src/phaser.js';
import { offerRecord, personalizedBody } from '../fixtures/spec-samples.js';
import { memoryClientOptions, okEnvelope } from '../support/memory-client.js';
import { destroyGame, startTestGame, type TestGame } from '../support/phaser-game.js';

type PhaserNs = Parameters<typeof startTestGame>[0];

let game: TestGame | undefined;
let tp: TpClient | undefined;

afterEach(async () => {
  await game?.destroy();
  game = undefined;
  await tp?.shutdown();
  tp = undefined;
  document.body.replaceChildren();
});

/** A client listing two personalized offers (no image: nothing to fetch), and its headless adapter. */
async function offersClient(): Promise<{ client: TpClient; ui: HeadlessAdapter }> {
  const body = { ...personalizedBody, message: { en: { url: 'https://store.example.com/p', title: 'For you' } } };
  const options = memoryClientOptions(async () => okEnvelope([offerRecord(1, body), offerRecord(2, body)]));
  const client = createClient({ ...options, now: () => Date.UTC(2026, 0, 1, 12) });
  await client.offers.refresh();
  tp = client;
  return { client, ui: options.ui as HeadlessAdapter };
}

/**
 * A client listing offer 1 with an image from the test server (offer 2: the same without it) (`query`: its delay and CORS;
 * `crossOrigin`: from the same server under its other name), drawing to `ui` when given.
 */
async function imageClient(query: string, crossOrigin = false, ui?: HeadlessAdapter): Promise<TpClient> {
  const other = `${location.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1'}:${location.port}`;
  const origin = crossOrigin ? `${location.protocol}//${other}` : location.origin;
  const plain = { url: 'https://store.example.com/p', title: 'For you' };
  const body = { ...personalizedBody, message: { en: { ...plain, image: `${origin}/__tp-test/image.svg?${query}&n=${Math.random()}` } } };
  const options = memoryClientOptions(async () => okEnvelope([offerRecord(1, body), offerRecord(2, { ...personalizedBody, message: { en: plain } })]));
  const client = createClient({ ...options, ...(ui && { ui }), now: () => Date.UTC(2026, 0, 1, 12) });
  await client.offers.refresh();
  tp = client;
  return client;
}

const parent = (): HTMLElement => {
  const div = document.createElement('div');
  div.style.cssText = 'width:400px;height:500px';
  document.body.append(div);
  return div;
};

/** Clicks the overlay's control `id` on the game's canvas. */
async function press(id: string): Promise<void> {
  await expect.poll(() => game!.plugin.inspect().controls.map((c) => c.id)).toContain(id);
  const c = game!.plugin.inspect().controls.find((x) => x.id === id)!;
  await userEvent.click(game!.game.canvas, { position: { x: c.x + c.width / 2, y: c.y + c.height / 2 } });
}

describe.each([
  ['Phaser 3', Phaser3 as unknown as PhaserNs],
  ['Phaser 4', Phaser4 as unknown as PhaserNs],
])('%s, canvas', (_, Phaser) => {
  it('with data.ui: this.tp.show() is offers.show(), drawn in the overlay; Buy resolves interact and the scenes below resume', async () => {
    const { client, ui } = await offersClient();
    game = await startTestGame(Phaser, { type: Phaser.CANVAS, parent: parent(), client, data: { ui } });
    game.game.scene.start('Play');
    await expect.poll(() => client.inGameplay).toBe(true);
    const shown = game.plugin.show(1);
    await expect.poll(() => game!.plugin.inspect().texts.map((t) => t.text)).toContain('For you');
    expect(ui.current?.offerId).toBe(1); // presented to the adapter: the client's rules applied
    expect(client.inGameplay).toBe(false); // Play is paused under the overlay
    await press('buy:0');
    expect(await shown).toMatchObject({ action: 'interact', offerId: 1 });
    await expect.poll(() => game!.plugin.inspect().controls).toEqual([]);
    await expect.poll(() => client.inGameplay).toBe(true); // Play resumed
  });

  it.each([
    ['Escape', '{Escape}', 'dismiss'],
    ['Enter', '{Enter}', 'interact'],
  ])('with data.ui: the %s that closes the offer, down or up, does not reach the scene resumed below', async (_key, keys, action) => {
    const { client, ui } = await offersClient();
    game = await startTestGame(Phaser, { type: Phaser.CANVAS, parent: parent(), client, data: { ui } });
    game.game.scene.start('Play');
    await expect.poll(() => client.inGameplay).toBe(true);
    const shown = game.plugin.show(1);
    await expect.poll(() => game!.plugin.inspect().controls.length).toBeGreaterThan(0);
    await userEvent.keyboard(keys);
    expect(await shown).toMatchObject({ action, offerId: 1 });
    await expect.poll(() => client.inGameplay).toBe(true); // Play resumed
    await new Promise((r) => setTimeout(r, 100)); // a few of Phaser's steps
    expect(game.below()).toMatchObject({ keys: [], keyUps: [] });
    // The game's keys are its own again: the next press and release reach it.
    await userEvent.keyboard(keys);
    await expect.poll(() => game!.below()).toMatchObject({ keys: [_key], keyUps: [_key] });
  });

  it.each([
    ['ArrowRight', 39],
    [' ', 32],
  ])('with data.ui: a key the game held down before the offer opened (%j) presses nothing as it repeats, and its key-up is the game\'s', async (key, keyCode) => {
    const { client, ui } = await offersClient();
    game = await startTestGame(Phaser, { type: Phaser.CANVAS, parent: parent(), client, data: { ui } });
    game.game.scene.start('Play');
    await expect.poll(() => client.inGameplay).toBe(true);
    // The browser's auto-repeat, which Playwright's keyboard does not make: synthetic events.
    const send = (type: 'keydown' | 'keyup', repeat = false): void =>
      void document.body.dispatchEvent(new KeyboardEvent(type, { key, code: key === ' ' ? 'Space' : key, keyCode, repeat, bubbles: true, cancelable: true }));
    send('keydown'); // the player runs (or charges) in the game
    await expect.poll(() => game!.below().keys).toEqual([key]);
    const shown = game.plugin.show(1);
    await expect.poll(() => game!.plugin.inspect().controls.length).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) {
      send('keydown', true); // still held: auto-repeat
      await new Promise((r) => setTimeout(r, 40));
    }
    expect(game.plugin.inspect().offerId).toBe(1); // Buy (focused first) was not pressed
    game.plugin.close();
    expect(await shown).toMatchObject({ action: 'closed', offerId: 1 });
    await expect.poll(() => client.inGameplay).toBe(true); // Play resumed
    send('keyup'); // released after the offer closed: the game's key, which it saw go down
    await expect.poll(() => game!.below().keyUps).toEqual([key]);
  });

  it('with data.ui: a key-up of the closing key that never came (focus gone) does not take the game\'s next press of it', async () => {
    const { client, ui } = await offersClient();
    game = await startTestGame(Phaser, { type: Phaser.CANVAS, parent: parent(), client, data: { ui } });
    game.game.scene.start('Play');
    await expect.poll(() => client.inGameplay).toBe(true);
    const send = (type: 'keydown' | 'keyup'): void =>
      void document.body.dispatchEvent(new KeyboardEvent(type, { key: 'Escape', code: 'Escape', keyCode: 27, bubbles: true, cancelable: true }));
    const shown = game.plugin.show(1);
    await expect.poll(() => game!.plugin.inspect().controls.length).toBeGreaterThan(0);
    send('keydown'); // dismisses; its key-up is lost (the window lost focus meanwhile)
    expect(await shown).toMatchObject({ action: 'dismiss', offerId: 1 });
    await expect.poll(() => client.inGameplay).toBe(true);
    send('keydown'); // the game's own press, then its release
    await expect.poll(() => game!.below().keys).toEqual(['Escape']);
    send('keyup');
    await expect.poll(() => game!.below().keyUps).toEqual(['Escape']);
  });

  it.each(['close', 'buy:0'])('with data.ui: the click on %s that closes the offer does not reach the scene resumed below', async (id) => {
    const { client, ui } = await offersClient();
    game = await startTestGame(Phaser, { type: Phaser.CANVAS, parent: parent(), client, data: { ui } });
    game.game.scene.start('Play');
    await expect.poll(() => client.inGameplay).toBe(true);
    const shown = game.plugin.show(1);
    await press(id);
    expect(await shown).toMatchObject({ action: id === 'close' ? 'dismiss' : 'interact', offerId: 1 });
    await expect.poll(() => client.inGameplay).toBe(true); // Play resumed
    await new Promise((r) => setTimeout(r, 100)); // a few of Phaser's steps
    expect(game.below().pointers).toBe(0);
    expect(game.pointerUps()).toBe(0);
  });

  it('without data.ui: the plugin draws the offer view itself (no adapter involved); × resolves dismiss', async () => {
    const { client, ui } = await offersClient();
    game = await startTestGame(Phaser, { type: Phaser.CANVAS, parent: parent(), client });
    const opened: number[] = [];
    client.on('offer:open', (e) => opened.push(e.offer.offer_id));
    const shown = game.plugin.show(2);
    await expect.poll(() => game!.plugin.inspect().offerId).toBe(2);
    expect(ui.current).toBeUndefined();
    await expect.poll(() => opened).toEqual([2]); // open reported once drawn
    await press('close');
    expect(await shown).toMatchObject({ action: 'dismiss', offerId: 2 });
  });

  it('without data.ui: show()\'s signal aborting takes the offer off screen and rejects with its reason, as offers.show() does', async () => {
    const { client } = await offersClient();
    game = await startTestGame(Phaser, { type: Phaser.CANVAS, parent: parent(), client });
    const controller = new AbortController();
    const shown = game.plugin.show(1, { signal: controller.signal });
    await expect.poll(() => game!.plugin.inspect().offerId).toBe(1);
    controller.abort();
    await expect(shown).rejects.toMatchObject({ name: 'AbortError' });
    expect(game.plugin.inspect()).toMatchObject({ offerId: undefined, controls: [] });
  });

  it('without data.ui: a signal aborted while the view is made draws nothing and reports no open', async () => {
    const { client } = await offersClient();
    game = await startTestGame(Phaser, { type: Phaser.CANVAS, parent: parent(), client });
    const opened: number[] = [];
    client.on('offer:open', (e) => opened.push(e.offer.offer_id));
    const controller = new AbortController();
    const shown = game.plugin.show(1, { signal: controller.signal });
    controller.abort(); // the game moves on before the view is ready
    await expect(shown).rejects.toMatchObject({ name: 'AbortError' });
    await new Promise((r) => setTimeout(r, 100));
    expect(game.plugin.inspect().offerId).toBeUndefined();
    expect(opened).toEqual([]);
  });

  it('a gameplay scene that is the first scene and loads assets in preload() is followed', async () => {
    const { client } = await offersClient();
    class Level extends Phaser.Scene {
      constructor() {
        super({ key: 'Level' });
      }
      preload(): void {
        this.load.image('dot', '/__tp-test/image.svg?ms=300'); // still loading at the plugin's first look
      }
      create(): void {
        this.add.image(10, 10, 'dot');
      }
    }
    const made = new Phaser.Game({
      type: Phaser.CANVAS,
      parent: parent(),
      width: 200,
      height: 200,
      banner: false,
      audio: { noAudio: true },
      scene: [Level],
      plugins: { global: [{ key: 'tp', plugin: createPhaserPlugin(Phaser as unknown as PhaserNamespace), start: true, mapping: 'tp', data: { client, gameplayScenes: ['Level'] } }] },
    });
    game = { destroy: () => destroyGame(made as unknown as TestGame['game']) } as TestGame;
    await expect.poll(() => client.inGameplay).toBe(true);
    made.scene.stop('Level');
    await expect.poll(() => client.inGameplay).toBe(false);
  });

  it('without data.ui: the card is drawn once, its image in it, and open is reported after', async () => {
    const client = await imageClient('ms=400');
    game = await startTestGame(Phaser, { type: Phaser.CANVAS, parent: parent(), client });
    const atOpen: (readonly string[])[] = [];
    client.on('offer:open', () => atOpen.push(game!.plugin.inspect().images));
    const drawnWithout: number[] = [];
    game.game.events.on('postrender', () => {
      const seen = game!.plugin.inspect();
      if (seen.controls.length > 0 && seen.images.length === 0) drawnWithout.push(seen.controls.length);
    });
    void game.plugin.show(1);
    await expect.poll(() => atOpen.length, { timeout: 5000 }).toBe(1);
    expect(atOpen[0]).toHaveLength(1); // the image was in the card when open was reported
    expect(drawnWithout).toEqual([]); // never drawn before its image
    game.plugin.close();
  });

  it('without data.ui: an image that fails (no CORS) is left out, the card drawn without its space, never added later', async () => {
    const client = await imageClient('ms=0&cors=0', true);
    game = await startTestGame(Phaser, { type: Phaser.CANVAS, parent: parent(), client });
    const opened: number[] = [];
    client.on('offer:open', (e) => opened.push(e.offer.offer_id));
    void game.plugin.show(1);
    await expect.poll(() => opened).toEqual([1]);
    const first = game.plugin.inspect();
    await new Promise((r) => setTimeout(r, 300));
    expect(game.plugin.inspect()).toEqual(first);
    expect(first.images).toEqual([]);
    game.plugin.close();
    // Laid out as the same offer without an image.
    void game.plugin.show(2);
    await expect.poll(() => opened).toEqual([1, 2]);
    expect(game.plugin.inspect().controls).toEqual(first.controls);
    game.plugin.close();
  });

  it('without data.ui: close() while the image loads ends the offer there: show() resolves closed, nothing drawn, no open', async () => {
    const client = await imageClient('ms=never');
    game = await startTestGame(Phaser, { type: Phaser.CANVAS, parent: parent(), client });
    const opened: number[] = [];
    client.on('offer:open', (e) => opened.push(e.offer.offer_id));
    const shown = game.plugin.show(1);
    await new Promise((r) => setTimeout(r, 100));
    game.plugin.close();
    expect(await shown).toMatchObject({ action: 'closed', offerId: 1 });
    expect(game.plugin.inspect()).toMatchObject({ offerId: undefined, controls: [] });
    expect(opened).toEqual([]);
  });

  it('with data.ui and the plugin as the adapter\'s prepare: offers.show() reports open after the card is drawn with its image', async () => {
    let plugin: TestGame['plugin'] | undefined;
    const ui = createHeadlessAdapter({ prepare: (view, options) => plugin!.prepare(view, options) });
    const client = await imageClient('ms=400', false, ui);
    game = await startTestGame(Phaser, { type: Phaser.CANVAS, parent: parent(), client, data: { ui } });
    plugin = game.plugin;
    const atOpen: (readonly string[])[] = [];
    client.on('offer:open', () => atOpen.push(game!.plugin.inspect().images));
    void client.offers.show(1);
    await expect.poll(() => atOpen.length, { timeout: 5000 }).toBe(1);
    expect(atOpen[0]).toHaveLength(1);
    expect(ui.current?.imageState).toBe('ready');
    game.plugin.close();
  });

  it('with data.ui and an adapter without prepare: an image that comes after the card is drawn moves nothing', async () => {
    const ui = createHeadlessAdapter();
    const client = await imageClient('ms=400', false, ui);
    game = await startTestGame(Phaser, { type: Phaser.CANVAS, parent: parent(), client, data: { ui } });
    void client.offers.show(1);
    await expect.poll(() => game!.plugin.inspect().controls.length).toBeGreaterThan(0);
    expect(game.plugin.inspect().images).toEqual([]); // drawn before its image
    const before = game.plugin.inspect().controls;
    await expect.poll(() => game!.plugin.inspect().images.length, { timeout: 5000 }).toBe(1);
    expect(game.plugin.inspect().controls).toEqual(before);
    game.plugin.close();
  });

  it('a scene the game starts while the offer is open is paused below it, and runs again when it closes', async () => {
    const { client } = await offersClient();
    game = await startTestGame(Phaser, { type: Phaser.CANVAS, parent: parent(), client });
    const shown = game.plugin.show(1);
    await expect.poll(() => game!.plugin.inspect().offerId).toBe(1);
    game.game.scene.start('Play'); // a level loaded while the offer is up
    await expect.poll(() => game!.game.scene.isPaused('Play')).toBe(true);
    const keys = game.game.scene.getScenes(false).map((scene) => scene.sys.settings.key);
    expect(keys.at(-1)).toBe('tp-offer'); // the overlay is still drawn on top
    await userEvent.keyboard('{ArrowLeft}');
    expect(game.below().keys).toEqual([]);
    game.plugin.close();
    await expect(shown).resolves.toMatchObject({ action: 'closed' });
    await expect.poll(() => game!.game.scene.isActive('Play')).toBe(true);
  });

  it('without data.ui: a second show() while the first one\'s image loads replaces it, and close() then ends both', async () => {
    const client = await imageClient('ms=never');
    game = await startTestGame(Phaser, { type: Phaser.CANVAS, parent: parent(), client });
    const opened: number[] = [];
    client.on('offer:open', (e) => opened.push(e.offer.offer_id));
    const first = game.plugin.show(1); // its image never comes: drawn without it after 3000 ms, were it still shown
    await new Promise((r) => setTimeout(r, 100));
    const second = game.plugin.show(2);
    await expect.poll(() => game!.plugin.inspect().offerId).toBe(2);
    game.plugin.close();
    expect(await second).toMatchObject({ action: 'closed', offerId: 2 });
    const late = new Promise((r) => setTimeout(() => r('still waiting'), 3500));
    expect(await Promise.race([first, late])).toMatchObject({ action: 'closed', offerId: 1 });
    expect(game.plugin.inspect().offerId).toBeUndefined();
    expect(opened).toEqual([2]);
  });

  it('without data.ui: close() while the view is being made ends the offer there: nothing drawn, no open', async () => {
    const { client } = await offersClient();
    game = await startTestGame(Phaser, { type: Phaser.CANVAS, parent: parent(), client });
    const opened: number[] = [];
    client.on('offer:open', (e) => opened.push(e.offer.offer_id));
    const shown = game.plugin.show(1);
    game.plugin.close(); // the game changes scene at once
    const late = new Promise((r) => setTimeout(() => r('still waiting'), 1000));
    expect(await Promise.race([shown, late])).toEqual({ action: 'closed', offerId: 1 });
    await new Promise((r) => setTimeout(r, 100));
    expect(game.plugin.inspect().offerId).toBeUndefined();
    expect(opened).toEqual([]);
  });

  it('the plugin stopped with an offer on screen (game.plugins.stop): show() resolves closed, the game gets its scenes back', async () => {
    const { client } = await offersClient();
    game = await startTestGame(Phaser, { type: Phaser.CANVAS, parent: parent(), client });
    game.game.scene.start('Play');
    await expect.poll(() => client.inGameplay).toBe(true);
    const shown = game.plugin.show(1);
    await expect.poll(() => game!.plugin.inspect().offerId).toBe(1);
    game.game.plugins.stop('tp');
    const late = new Promise((r) => setTimeout(() => r('still waiting'), 1000));
    expect(await Promise.race([shown, late])).toEqual({ action: 'closed', offerId: 1 });
    await expect.poll(() => game!.game.scene.isActive('Play')).toBe(true);
  });

  it('the game destroyed with an offer on screen takes it off screen: show() resolves closed, nothing reported', async () => {
    const { client } = await offersClient();
    game = await startTestGame(Phaser, { type: Phaser.CANVAS, parent: parent(), client });
    const shown = game.plugin.show(1);
    await expect.poll(() => game!.plugin.inspect().offerId).toBe(1);
    await game.destroy();
    game = undefined;
    expect(await shown).toEqual({ action: 'closed', offerId: 1 });
  });

  it('the game destroyed while the offer\'s image loads: show() resolves closed, nothing drawn or reported', async () => {
    const client = await imageClient('ms=never');
    game = await startTestGame(Phaser, { type: Phaser.CANVAS, parent: parent(), client });
    const opened: number[] = [];
    client.on('offer:open', (e) => opened.push(e.offer.offer_id));
    const shown = game.plugin.show(1);
    await new Promise((r) => setTimeout(r, 100));
    await game.destroy();
    game = undefined;
    expect(await shown).toEqual({ action: 'closed', offerId: 1 });
    expect(opened).toEqual([]);
  });

  it.each([
    [{}, 'client'],
    [{ client: {}, gameplayScene: ['Play'] }, 'gameplayScene'], // a typo would turn gameplay off unseen
  ])('bad input: data %j is one ConfigError at boot naming `%s`; nothing fails afterwards in the loop', async (data, option) => {
    const errors: unknown[] = [];
    const onError = (e: ErrorEvent): void => void errors.push(e.error);
    window.addEventListener('error', onError);
    let thrown: unknown;
    try {
      // A key of its own: a game that threw at boot keeps its global plugin's key taken.
      const plugin = { key: `tp-bad-${option}`, plugin: createPhaserPlugin(Phaser as unknown as PhaserNamespace), start: true, mapping: 'tp', data };
      new Phaser.Game({ type: Phaser.CANVAS, parent: parent(), width: 100, height: 100, banner: false, audio: { noAudio: true }, plugins: { global: [plugin] } });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect(thrown).toMatchObject({ option });
    await new Promise((resolve) => setTimeout(resolve, 200)); // a dozen frames
    window.removeEventListener('error', onError);
    expect(errors).toEqual([]);
  });
});

it('bad input: a Phaser older than 3.60, or none, is a ConfigError naming `Phaser`', () => {
  const old = { VERSION: '3.55.2', Plugins: { BasePlugin: class {} } };
  expect(() => createPhaserPlugin(old)).toThrow(ConfigError);
  expect(() => createPhaserPlugin(old)).toThrow(/3\.60 or newer, got 3\.55\.2/);
  expect(() => createPhaserPlugin(undefined as unknown as PhaserNamespace)).toThrow(expect.objectContaining({ option: 'Phaser' }));
  expect(() => createPhaserPlugin({ VERSION: '3.60.0', Plugins: { BasePlugin: class {} } })).not.toThrow();
});
