import { afterEach, describe, expect, it, vi } from 'vitest';
import { inertBeside, parentOverViewport, placeHost } from '../../../src/ui/dom/placement.js';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
  delete (document as { fullscreenElement?: unknown }).fullscreenElement;
});

/** Puts `el` in fullscreen, as far as `document.fullscreenElement` tells. */
const fullscreen = (el: Element): void => void Object.defineProperty(document, 'fullscreenElement', { value: el, configurable: true });

/** Every element has an area (happy-dom lays nothing out). */
const drawnEverywhere = (): void =>
  void vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ x: 0, y: 0, width: 300, height: 200, top: 0, left: 0, right: 300, bottom: 200 } as DOMRect);

describe('inertBeside', () => {
  it('makes inert every element but the host, leaves alone those already inert and other nodes, returns what it changed', () => {
    const host = document.createElement('div');
    const game = document.createElement('canvas');
    const hud = document.createElement('div');
    const modal = document.createElement('div');
    modal.setAttribute('inert', '');
    const text = document.createTextNode('score');
    document.body.append(game, hud, modal, text, host);
    expect(inertBeside(host, document.body.childNodes)).toEqual([game, hud]);
    expect(game.hasAttribute('inert') && hud.hasAttribute('inert')).toBe(true);
    expect(host.hasAttribute('inert')).toBe(false);
  });
});

describe('parentOverViewport', () => {
  it('is body, or the element in fullscreen (down through open shadow roots)', () => {
    expect(parentOverViewport(document)).toBe(document.body);
    const stage = document.createElement('div');
    document.body.append(stage);
    fullscreen(stage);
    expect(parentOverViewport(document)).toBe(stage);
    const inner = document.createElement('section');
    stage.attachShadow({ mode: 'open' }).append(inner);
    Object.defineProperty(stage.shadowRoot!, 'fullscreenElement', { value: inner, configurable: true });
    expect(parentOverViewport(document)).toBe(inner);
  });

  it('throws when a canvas, video, image or frame is in fullscreen: no dialog inside it is seen', () => {
    for (const tag of ['canvas', 'video', 'img', 'iframe']) {
      fullscreen(document.createElement(tag));
      expect(() => parentOverViewport(document)).toThrow(`fullscreen on a <${tag}>`);
    }
  });
});

describe('placeHost', () => {
  it('appends a host over the viewport: fixed, styled alone, named by the offer, with the game class and stacking order', () => {
    drawnEverywhere();
    const [host, uncover] = placeHost(document, document.body, 1001, { className: 'themed' });
    expect(host.parentElement).toBe(document.body);
    expect(host.getAttribute('data-tp-offer')).toBe('1001');
    expect(host.className).toBe('themed');
    expect(host.style.position).toBe('fixed');
    expect(host.style.zIndex).toBe('2147483000');
    expect(uncover).toBeUndefined();
  });

  it('over a positioned container, is absolute at the given stacking order', () => {
    drawnEverywhere();
    const container = document.createElement('div');
    container.style.position = 'relative';
    document.body.append(container);
    const [host, uncover] = placeHost(document, container, 1, { container, zIndex: 5 });
    expect(host.parentElement).toBe(container);
    expect(host.style.position).toBe('absolute');
    expect(host.style.zIndex).toBe('5');
    expect(uncover).toBeUndefined();
  });

  it('refuses a host the page does not draw, and leaves nothing behind', () => {
    expect(() => placeHost(document, document.body, 1, {})).toThrow('not rendered');
    expect(document.body.children).toHaveLength(0);
  });
});
