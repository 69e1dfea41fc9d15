import { afterEach, describe, expect, it } from 'vitest';
import { borrowCanvas } from '../../../src/ui/canvas/borrow.js';

afterEach(() => document.body.replaceChildren());

describe('borrowCanvas', () => {
  it('makes a canvas without tabindex focusable and outline-free, then gives both back', () => {
    const canvas = document.createElement('canvas');
    canvas.style.outline = '1px solid red';
    const outline = canvas.style.outline;
    document.body.append(canvas);
    const giveBack = borrowCanvas(canvas);
    expect(canvas.getAttribute('tabindex')).toBe('0');
    expect(canvas.style.outline).toMatch(/^none/); // happy-dom writes it out as 'none none'
    canvas.setAttribute('aria-label', 'Offer: Buy');
    giveBack();
    expect(canvas.hasAttribute('tabindex')).toBe(false);
    expect(canvas.hasAttribute('aria-label')).toBe(false);
    expect(canvas.style.outline).toBe(outline);
  });

  it("keeps the game's own tabindex and gives back its label", () => {
    const canvas = document.createElement('canvas');
    canvas.setAttribute('tabindex', '3');
    canvas.setAttribute('aria-label', 'Game');
    document.body.append(canvas);
    const giveBack = borrowCanvas(canvas);
    expect(canvas.getAttribute('tabindex')).toBe('3');
    canvas.setAttribute('aria-label', 'Offer');
    giveBack();
    expect(canvas.getAttribute('tabindex')).toBe('3');
    expect(canvas.getAttribute('aria-label')).toBe('Game');
  });

  it('tells where focus was when the canvas was borrowed', () => {
    const button = document.createElement('button');
    const canvas = document.createElement('canvas');
    document.body.append(button, canvas);
    button.focus();
    const giveBack = borrowCanvas(canvas);
    canvas.focus();
    expect(giveBack()).toBe(button);
  });
});
