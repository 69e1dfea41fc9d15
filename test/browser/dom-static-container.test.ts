/**
 * The DOM adapter's `container` left `position: static` (the default, and Phaser's parent div):
 * the dialog covers that element, not the page, without a style on it, and follows it as it
 * resizes, moves and scrolls. `position: absolute; inset: 0` alone on the dialog's host would
 * cover the nearest positioned element around the container: the whole page.
 */
import { afterEach, expect, it } from 'vitest';
import { createDomAdapter } from '../../src/ui/dom/dom-adapter.js';
import type { UiAdapter } from '../../src/ui/types.js';
import { aiBody } from '../fixtures/spec-samples.js';
import { recordingView } from '../support/views.js';

let adapter: UiAdapter | undefined;

afterEach(() => {
  adapter?.close();
  adapter = undefined;
  document.body.replaceChildren();
});

const add = (tag: string, css: string, into: HTMLElement = document.body): HTMLElement => {
  const el = document.createElement(tag);
  el.style.cssText = css;
  into.append(el);
  return el;
};
/** left, top, width, height on screen, to 0.1 px. */
const box = (el: Element): number[] => {
  const r = el.getBoundingClientRect();
  return [r.left, r.top, r.width, r.height].map((v) => Math.round(v * 10) / 10);
};
const host = (): HTMLElement => document.querySelector('[data-tp-offer]')!;
const backdrop = (): Element => host().shadowRoot!.querySelector('.backdrop')!;
const open = (container: HTMLElement): void => {
  adapter = createDomAdapter({ container });
  adapter.present(recordingView(aiBody).view);
};

it('covers a position: static container, not the page around it, and leaves its style alone', () => {
  const header = add('header', 'height:100px');
  const stage = add('div', 'width:300px;height:500px;margin-left:40px');
  const style = stage.getAttribute('style');
  open(stage);
  // A regression covers the page from its top-left corner, the header with it.
  expect(box(backdrop())).toEqual(box(stage));
  const [x, y] = [50, 50];
  expect(document.elementFromPoint(x, y)).toBe(header);
  expect([stage.getAttribute('style'), getComputedStyle(stage).position]).toEqual([style, 'static']);
  const card = host().shadowRoot!.querySelector('.dialog')!.getBoundingClientRect();
  expect(card.width).toBeLessThanOrEqual(300 - 32);
});

it('covers a static container inside a scaled element (a stage fitted to the screen with a CSS transform)', () => {
  const fitted = add('div', 'transform:scale(0.5);transform-origin:0 0;margin:30px');
  add('div', 'height:60px', fitted);
  const stage = add('div', 'width:600px;height:800px', fitted);
  open(stage);
  expect(box(stage).slice(2)).toEqual([300, 400]);
  expect(box(backdrop())).toEqual(box(stage));
});

it('follows a static container as it resizes, as the page above it grows, and as an element around it scrolls, covering only the part it shows', async () => {
  const above = add('div', 'height:20px');
  const scroller = add('div', 'height:300px;overflow:auto');
  const stage = add('div', 'width:300px;height:500px;margin-top:50px', scroller);
  add('div', 'height:400px', scroller);
  const below = add('footer', 'height:200px');
  /** The part of the stage the scroller shows. */
  const shown = (): number[] => {
    const [s, c] = [stage.getBoundingClientRect(), scroller.getBoundingClientRect()];
    const [top, bottom] = [Math.max(s.top, c.top), Math.min(s.bottom, c.top + scroller.clientHeight)];
    return [s.left, top, s.width, bottom - top].map((v) => Math.round(v * 10) / 10);
  };
  open(stage);
  expect(box(backdrop())).toEqual(shown());
  // The part of the stage the scroller hides is not covered: the page below the scroller is still there.
  const bottom = scroller.getBoundingClientRect().bottom;
  expect(stage.getBoundingClientRect().bottom).toBeGreaterThan(bottom + 100);
  expect(box(backdrop())[3]).toBe(250);
  expect(document.elementFromPoint(60, bottom + 20)).toBe(below);
  expect(document.elementFromPoint(60, bottom - 20)).toBe(host());

  stage.style.width = '250px';
  await expect.poll(() => box(backdrop())).toEqual(shown());
  above.style.height = '70px';
  await expect.poll(() => box(backdrop())).toEqual(shown());
  scroller.scrollTop = 120; // the stage's top goes above the scroller's
  await expect.poll(() => box(backdrop())).toEqual(shown());
  expect(box(backdrop())[3]).toBe(300);
  expect(document.elementFromPoint(60, scroller.getBoundingClientRect().top - 10)).toBe(above);
});

it('refuses a static container that an element around it scrolls entirely out of sight (the offer would be seen by nobody)', () => {
  const scroller = add('div', 'height:300px;overflow:auto');
  add('div', 'height:400px', scroller);
  const stage = add('div', 'width:300px;height:200px', scroller);
  expect(() => open(stage)).toThrow(/scrolled out of sight/);
  expect(host()).toBeNull();
  scroller.scrollTop = 300;
  open(stage);
  expect(box(backdrop())).toEqual(box(stage));
});

it('keeps covering its containing block in a display: contents container (no box of its own)', () => {
  const positioned = add('div', 'position:relative;width:360px;height:640px');
  const stage = add('div', 'display:contents', positioned);
  open(stage);
  expect(box(backdrop())).toEqual(box(positioned));
});
