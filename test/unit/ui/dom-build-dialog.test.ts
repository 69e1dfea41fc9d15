import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildDialog } from '../../../src/ui/dom/build-dialog.js';
import { labelsFor } from '../../../src/ui/labels.js';
import { aiBody } from '../../fixtures/spec-samples.js';
import { recordingView } from '../../support/views.js';

afterEach(() => vi.restoreAllMocks());

/** Each element under `el` as `tag.class`, depth first. */
const tree = (el: Element): string[] => [...el.querySelectorAll('*')].map((e) => `${e.localName}${e.className ? `.${e.className}` : ''}`);

const withoutToggle = {
  ...aiBody,
  display_parameters: { en: { ...aiBody.display_parameters.en, toggle_message: null, message: '', background_url: null } },
};

describe('buildDialog', () => {
  it('builds the backdrop, the dialog, its hero, title, message, products, toggle and close button in order', () => {
    const { view } = recordingView(aiBody);
    const { root, dialog, initialFocus } = buildDialog(document, view, labelsFor('en'), false);
    expect(root.className).toBe('backdrop');
    expect(initialFocus).toBe(dialog);
    expect(root.firstElementChild).toBe(dialog);
    expect(tree(root)).toEqual([
      'div.dialog',
      'img.hero',
      'div.body',
      'h2.title',
      'div.message',
      'div.line',
      'span',
      'span',
      'div.line',
      'span',
      'ul.products',
      'li.product',
      'div',
      'div.name',
      'button.buy',
      'label.toggle',
      'input',
      'span',
      'button.close',
    ]);
    expect(dialog.getAttribute('aria-describedby')).toBe('tp-offer-message');
    expect(dialog.getAttribute('aria-labelledby')).toBe('tp-offer-title');
    expect(root.querySelector('img')!.getAttribute('src')).toBe('https://cdn.example.com/bg.png');
  });

  it('leaves out the hero, the message and the toggle when the view has none', () => {
    const { view } = recordingView(withoutToggle);
    const { root, dialog } = buildDialog(document, view, labelsFor('en'), false);
    expect(tree(root)).toEqual(['div.dialog', 'div.body', 'h2.title', 'ul.products', 'li.product', 'div', 'div.name', 'button.buy', 'button.close']);
    expect(dialog.hasAttribute('aria-describedby')).toBe(false);
  });

  it('wires the buttons and the toggle to the view; a purchase opens its link only with openLinks', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { view, calls } = recordingView(aiBody);
    const quiet = buildDialog(document, view, labelsFor('en'), false).root;
    (quiet.querySelector('button.buy') as HTMLButtonElement).click();
    expect(open).not.toHaveBeenCalled();
    const { root } = buildDialog(document, view, labelsFor('en'), true);
    (root.querySelector('button.buy') as HTMLButtonElement).click();
    expect(open).toHaveBeenCalledWith('https://store.example.com/golden_sword', '_blank', 'noopener,noreferrer');
    const box = root.querySelector('input')!;
    box.checked = true;
    box.dispatchEvent(new Event('change'));
    (root.querySelector('button.close') as HTMLButtonElement).click();
    expect(calls).toEqual(['interact:golden_sword', 'interact:golden_sword', 'toggle:true', 'dismiss']);
  });

  it('keeps focus on a press on the backdrop only, and keeps touches in it', () => {
    const { view } = recordingView(aiBody);
    const { root, dialog } = buildDialog(document, view, labelsFor('en'), false);
    const press = (target: Element) => {
      const event = new MouseEvent('mousedown', { bubbles: true, cancelable: true });
      target.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect([press(root), press(dialog)]).toEqual([true, false]);
    const outside = vi.fn();
    document.body.append(root);
    // Plain events, as a page may dispatch: without touches, they are kept in all the same.
    for (const type of ['touchstart', 'touchmove', 'touchend']) {
      document.addEventListener(type, outside);
      dialog.dispatchEvent(new Event(type, { bubbles: true }));
      document.removeEventListener(type, outside);
    }
    root.remove();
    expect(outside).not.toHaveBeenCalled();
  });
});
