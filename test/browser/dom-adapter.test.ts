import { afterEach, describe, expect, it } from 'vitest';
import { cdp, userEvent } from 'vitest/browser';
import { createDomAdapter } from '../../src/ui/dom/dom-adapter.js';
import { aiBody, personalizedBody } from '../fixtures/spec-samples.js';
import { hostileAiBody, recordingView, twoUnnamedProducts } from '../support/views.js';
import { wordsCutAcrossLines } from '../support/line-cuts.js';

const root = () => document.querySelector('[data-tp-offer]')!.shadowRoot!;
const press = (key: string, shiftKey = false) =>
  root().activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, shiftKey, bubbles: true, composed: true }));

afterEach(() => {
  document.querySelectorAll('[data-tp-offer]').forEach((el) => el.remove());
  document.body.replaceChildren();
});

describe('DOM adapter', () => {
  it('renders title, colored spans per line, products, toggle and close into a labelled modal dialog', () => {
    const adapter = createDomAdapter();
    adapter.present(recordingView(aiBody).view);
    const dialog = root().querySelector('[role=dialog]')!;
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(root().getElementById(dialog.getAttribute('aria-labelledby')!)!.textContent).toBe('Sale');
    const lines = [...root().querySelectorAll('.message .line')];
    expect(lines.map((l) => l.textContent)).toEqual(['Get the Golden Sword', 'now!']);
    const gold = [...lines[0]!.querySelectorAll('span')].find((s) => s.textContent === 'Golden Sword')!;
    expect(getComputedStyle(gold).color).toBe('rgb(255, 215, 0)');
    expect(root().querySelector('.buy')!.getAttribute('aria-label')).toBe('Buy: golden_sword');
    expect(root().querySelector('.toggle')!.textContent).toBe("Don't show again");
    expect(root().querySelector('.close')!.getAttribute('aria-label')).toBe('Close');
  });

  it('uses the Korean labels for a Korean view', () => {
    createDomAdapter().present(recordingView(aiBody, { languages: ['ko'] }).view);
    expect(root().querySelector('.close')!.getAttribute('aria-label')).toBe('닫기');
    expect(root().querySelector('.buy')!.textContent).toBe('구매');
  });

  it('never turns a string from the service into markup', () => {
    const hostile = hostileAiBody('https://cdn.example.com/bg.png');
    createDomAdapter().present(recordingView(hostile, { languages: ['en'] }).view);
    expect(root().querySelectorAll('script, img:not(.hero), [onerror], [onclick]')).toHaveLength(0);
    expect(root().querySelector('.title')!.textContent).toBe('<img src=x onerror="window.pwned=1">');
    expect(root().querySelector('.message')!.textContent).toBe('<script>window.pwned=1</script><b onclick=x>bold?</b>');
    expect((window as { pwned?: number }).pwned).toBeUndefined();
  });

  it('moves focus in, keeps Tab inside, dismisses on Escape, and returns focus on close', () => {
    const opener = document.createElement('button');
    opener.textContent = 'open';
    document.body.append(opener);
    opener.focus();
    const { calls, view } = recordingView(aiBody);
    const adapter = createDomAdapter();
    adapter.present(view);
    // Focus on the dialog itself, not on a button: a key pressed for the game as it opened buys nothing.
    expect(root().activeElement!.getAttribute('role')).toBe('dialog');
    press('Tab'); // to the first control
    expect(root().activeElement!.className).toBe('buy');
    press('Tab', true); // from the first control backwards: wraps to the last one
    expect(root().activeElement!.className).toBe('close');
    press('Tab'); // and forwards again to the first
    expect(root().activeElement!.className).toBe('buy');
    press('Escape');
    expect(calls).toEqual(['dismiss']);
    adapter.close();
    expect(document.querySelector('[data-tp-offer]')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('reports the purchase button with the product id, and the toggle', () => {
    const { calls, view } = recordingView(aiBody);
    createDomAdapter().present(view);
    (root().querySelector('.toggle input') as HTMLInputElement).click();
    (root().querySelector('.buy') as HTMLButtonElement).click();
    (root().querySelector('.close') as HTMLButtonElement).click();
    expect(calls).toEqual(['toggle:true', 'interact:golden_sword', 'dismiss']);
  });

  it('buys the product whose button was pressed, also when products have no purchasable_slug', () => {
    const { calls, view } = recordingView(twoUnnamedProducts);
    createDomAdapter().present(view);
    const buttons = root().querySelectorAll<HTMLButtonElement>('.buy');
    expect(buttons).toHaveLength(2);
    buttons[1]!.click();
    expect(calls).toEqual(['interact:#1']);
  });

  it('shows a personalized offer’s price, discount and image; a broken image leaves the layout', async () => {
    const body = { ...personalizedBody, product_name: 'Gems', message: { en: { ...personalizedBody.message.en, image: 'http://127.0.0.1:9/none.png' } } };
    createDomAdapter().present(recordingView(body, { languages: ['en'] }).view);
    expect(root().querySelector('.price')!.textContent).toBe('9,9006,930-30%');
    await expect.poll(() => root().querySelector('img.hero')).toBeNull();
    expect(root().querySelector('.title')!.textContent).toBe('For you');
  });

  it('follows a purchase URL only with openLinks, only when http(s), in a new tab without opener', () => {
    const opened: unknown[][] = [];
    const original = window.open;
    window.open = ((...args: unknown[]) => (opened.push(args), null)) as unknown as typeof window.open;
    try {
      const https = recordingView(aiBody);
      createDomAdapter({ openLinks: true }).present(https.view);
      (root().querySelector('.buy') as HTMLButtonElement).click();
      expect(https.calls).toEqual(['interact:golden_sword']);
      expect(opened).toEqual([['https://store.example.com/golden_sword', '_blank', 'noopener,noreferrer']]);

      // A view a game built by hand is checked too.
      document.querySelectorAll('[data-tp-offer]').forEach((el) => el.remove());
      const bad = recordingView(aiBody);
      const hostile = { ...bad.view, products: [{ ...bad.view.products[0]!, purchaseUrl: 'javascript:alert(1)' }] };
      createDomAdapter({ openLinks: true }).present(hostile);
      (root().querySelector('.buy') as HTMLButtonElement).click();
      expect(bad.calls).toEqual(['interact:golden_sword']);

      document.querySelectorAll('[data-tp-offer]').forEach((el) => el.remove());
      createDomAdapter().present(recordingView(aiBody).view); // default: never follows
      (root().querySelector('.buy') as HTMLButtonElement).click();
      expect(opened).toHaveLength(1);
    } finally {
      window.open = original;
    }
  });

  it('loads a hero image only from an http(s) URL, also in a view a game built by hand', () => {
    const { view } = recordingView(aiBody);
    for (const url of ['javascript:window.pwned=1', 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', 'blob:https://x/1', '//cdn.example.com/bg.png', 'bg.png']) {
      for (const urls of [{ backgroundUrl: url }, { backgroundUrl: undefined, imageUrl: url }]) {
        // One dialog at a time: `root()` reads the first in the page.
        document.querySelectorAll('[data-tp-offer]').forEach((el) => el.remove());
        createDomAdapter().present({ ...view, ...urls });
        expect(root().querySelector('img'), `${Object.keys(urls).at(-1)}: ${url}`).toBeNull();
      }
    }
    document.querySelectorAll('[data-tp-offer]').forEach((el) => el.remove());
    createDomAdapter().present(view); // the sample's https background: shown
    expect(root().querySelector('img.hero')!.getAttribute('src')).toBe('https://cdn.example.com/bg.png');
  });

  it('with a container, covers that element instead of the viewport', () => {
    const stage = document.createElement('div');
    stage.style.cssText = 'position:relative;width:300px;height:500px;margin:40px';
    document.body.append(stage);
    createDomAdapter({ container: stage }).present(recordingView(aiBody).view);
    const host = stage.querySelector('[data-tp-offer]') as HTMLElement;
    expect(host).not.toBeNull();
    const box = host.getBoundingClientRect();
    const stageBox = stage.getBoundingClientRect();
    expect([box.left, box.top, box.width, box.height]).toEqual([stageBox.left, stageBox.top, 300, 500]);
    const dialog = root().querySelector('.dialog')!.getBoundingClientRect();
    expect(dialog.width).toBeLessThanOrEqual(300 - 32);
  });

  it('makes the rest of the page inert while open (no focus, no screen reader), and gives it back as it was', () => {
    const game = document.createElement('button');
    game.textContent = 'fire';
    const sidebar = document.createElement('nav');
    sidebar.inert = true; // the page's own: stays inert after the dialog
    document.body.append(game, sidebar);
    game.focus();
    const adapter = createDomAdapter();
    adapter.present(recordingView(aiBody).view);
    expect([game.inert, sidebar.inert]).toEqual([true, true]);
    game.focus(); // a game calling focus() on its own element cannot pull focus out
    expect(root().activeElement!.getAttribute('role')).toBe('dialog');
    expect(document.activeElement).not.toBe(game);
    adapter.close();
    expect([game.inert, sidebar.inert]).toEqual([false, true]);
    expect(document.activeElement).toBe(game); // focus returned where it was
  });

  it('makes inert what the game adds beside it while open (a toast, a second layer), and gives it back on close', async () => {
    const adapter = createDomAdapter();
    adapter.present(recordingView(aiBody).view);
    const toast = document.createElement('button');
    toast.textContent = 'level up!';
    const ownInert = document.createElement('div');
    ownInert.inert = true;
    document.body.append(toast, ownInert);
    await new Promise((resolve) => setTimeout(resolve, 0)); // mutation records are delivered as a microtask
    expect([toast.inert, ownInert.inert]).toEqual([true, true]);
    toast.focus();
    expect(document.activeElement).not.toBe(toast);
    adapter.close();
    expect([toast.inert, ownInert.inert]).toEqual([false, true]);
    // Closed: what the page adds now is left alone.
    const later = document.createElement('button');
    document.body.append(later);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(later.inert).toBe(false);
  });

  it('keeps focus when the game adds an element and focuses it in the same task: Escape still dismisses', async () => {
    const { view, calls } = recordingView(aiBody);
    const adapter = createDomAdapter();
    adapter.present(view);
    root().querySelector<HTMLElement>('.close')!.focus();
    const chat = document.createElement('input'); // not inert yet: mutation records come as a microtask
    document.body.append(chat);
    chat.focus();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(chat.inert).toBe(true);
    expect(document.activeElement).toBe(document.querySelector('[data-tp-offer]'));
    expect(root().activeElement!.className).toBe('close'); // where the player was
    press('Escape');
    expect(calls).toEqual(['dismiss']);
    adapter.close();
  });

  it('when the page takes the dialog out itself, closes the view (nothing reported) and gives back what it made inert', async () => {
    const game = document.createElement('button');
    document.body.append(game);
    const { view, calls } = recordingView(aiBody);
    createDomAdapter().present(view);
    expect(game.inert).toBe(true);
    document.querySelector('[data-tp-offer]')!.remove(); // e.g. the game swaps its screen
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(game.inert).toBe(false);
    expect(calls).toEqual(['close']);
    const added = document.createElement('button');
    document.body.append(added);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(added.inert).toBe(false);
  });

  it('in fullscreen, opens inside the element in fullscreen (only it is drawn); refuses when that is a canvas', () => {
    const wrapper = document.createElement('div');
    const canvas = document.createElement('canvas');
    wrapper.append(canvas);
    document.body.append(wrapper);
    let inFullscreen: Element | null = wrapper;
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => inFullscreen });
    try {
      const adapter = createDomAdapter();
      adapter.present(recordingView(aiBody).view);
      expect(document.querySelector('[data-tp-offer]')!.parentElement).toBe(wrapper);
      expect(canvas.inert).toBe(true);
      adapter.close();
      expect(canvas.inert).toBe(false);
      // A canvas cannot hold the dialog, and one in body would not be seen: it refuses to open.
      inFullscreen = canvas;
      expect(() => adapter.present(recordingView(aiBody).view)).toThrow(/fullscreen on a <canvas>/);
      expect(document.querySelector('[data-tp-offer]')).toBeNull();
      expect(canvas.inert).toBe(false);
    } finally {
      delete (document as { fullscreenElement?: unknown }).fullscreenElement;
    }
    expect(document.fullscreenElement).toBeNull();
  });

  it('in fullscreen inside a web component, opens inside the element in fullscreen, not in its host', () => {
    // The document retargets fullscreenElement to the shadow host; the host's shadow root names the element.
    const game = document.createElement('div');
    const shadow = game.attachShadow({ mode: 'open' });
    const stage = document.createElement('div');
    const canvas = document.createElement('canvas');
    stage.append(canvas);
    shadow.append(stage);
    document.body.append(game);
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => game });
    Object.defineProperty(shadow, 'fullscreenElement', { configurable: true, get: () => stage });
    try {
      const adapter = createDomAdapter();
      adapter.present(recordingView(aiBody).view);
      expect(shadow.querySelector('[data-tp-offer]')!.parentElement).toBe(stage);
      expect(canvas.inert).toBe(true);
      adapter.close();
      expect(shadow.querySelector('[data-tp-offer]')).toBeNull();
    } finally {
      delete (document as { fullscreenElement?: unknown }).fullscreenElement;
    }
  });

  it('with a container, makes inert only what it covers: the container’s other content, not the page around it', () => {
    // body > header, app (shadow root: stage > canvas + the dialog's host; side panel)
    const header = document.createElement('header');
    const app = document.createElement('div');
    document.body.append(header, app);
    const shadow = app.attachShadow({ mode: 'open' });
    const stage = document.createElement('div');
    stage.style.cssText = 'position:relative;width:300px;height:500px';
    const canvas = document.createElement('canvas');
    const side = document.createElement('button');
    stage.append(canvas);
    shadow.append(stage, side);
    const adapter = createDomAdapter({ container: stage });
    adapter.present(recordingView(aiBody).view);
    const host = stage.querySelector('[data-tp-offer]') as HTMLElement;
    expect([canvas.inert, host.inert]).toEqual([true, false]);
    expect([side.inert, stage.inert, app.inert, header.inert]).toEqual([false, false, false, false]);
    adapter.close();
    expect(canvas.inert).toBe(false);
  });
  it('keeps the keys pressed in the dialog from the game behind it', async () => {
    const gameKeys: string[] = [];
    const onKey = (e: KeyboardEvent) => gameKeys.push(e.key);
    window.addEventListener('keydown', onKey); // a game's usual keyboard handler
    try {
      const { view, calls } = recordingView(aiBody);
      createDomAdapter().present(view);
      await userEvent.keyboard('{ArrowLeft}{Tab}{Tab}{ }'); // move, go past Buy to the toggle, tick it
      expect([gameKeys, calls]).toEqual([[], ['toggle:true']]);
    } finally {
      window.removeEventListener('keydown', onKey);
    }
  });

  it('a key held down in the game before the dialog opened neither buys nor dismisses with its auto-repeats', async () => {
    const game = document.createElement('button');
    document.body.append(game);
    const adapter = createDomAdapter();
    const held = async (key: Record<string, unknown>): Promise<string[]> => {
      adapter.close();
      game.focus();
      const { view, calls } = recordingView(aiBody);
      await cdp().send('Input.dispatchKeyEvent', { type: 'keyDown', ...key }); // held in the game
      adapter.present(view); // the offer opens
      (root().querySelector('.buy') as HTMLElement).focus(); // even with focus on Buy (the player tabbed there)
      await cdp().send('Input.dispatchKeyEvent', { type: 'keyDown', ...key, autoRepeat: true }); // the OS repeats it
      await cdp().send('Input.dispatchKeyEvent', { type: 'keyUp', ...key });
      return calls;
    };
    expect(await held({ key: 'Escape', code: 'Escape', windowsVirtualKeyCode: 27 })).toEqual([]);
    const calls = await held({ key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, text: '\r' });
    expect(calls).toEqual([]);
    await userEvent.keyboard('{Enter}'); // a press of its own buys
    expect(calls).toEqual(['interact:golden_sword']);
  });

  it('wraps the toggle label like the message: Korean words kept whole, a long word inside a 360 px dialog', () => {
    const phone = (): HTMLElement => {
      const c = document.createElement('div');
      c.style.cssText = 'position:relative;width:360px;height:640px';
      document.body.append(c);
      return c;
    };
    const korean = '이번특별할인제안을 앞으로는다시는절대로 보지않겠습니다 그리고알림도받지않겠습니다 감사합니다안녕히계세요';
    const ko = { ...aiBody, display_parameters: { ko: { ...aiBody.display_parameters.ko, toggle_message: korean } } };
    createDomAdapter({ container: phone() }).present(recordingView(ko, { languages: ['ko'] }).view);
    const text = document.createTreeWalker(root().querySelector('.toggle')!, NodeFilter.SHOW_TEXT).nextNode()!;
    expect(wordsCutAcrossLines(text, korean)).toEqual([]);
    document.querySelectorAll('[data-tp-offer]').forEach((el) => el.remove());
    document.body.replaceChildren();

    const url = "Don't show again (terms: https://store.example.com/promotions/2026/winter-sale/terms-and-conditions)";
    const en = { ...aiBody, display_parameters: { en: { ...aiBody.display_parameters.en, toggle_message: url } } };
    createDomAdapter({ container: phone() }).present(recordingView(en).view);
    const dialog = root().querySelector('.dialog') as HTMLElement;
    expect(dialog.scrollWidth).toBeLessThanOrEqual(dialog.clientWidth);
  });
});
