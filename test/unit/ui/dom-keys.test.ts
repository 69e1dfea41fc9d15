import { afterEach, describe, expect, it, vi } from 'vitest';
import { dialogKeys } from '../../../src/ui/dom/keys.js';
import type { OfferView } from '../../../src/ui/types.js';

afterEach(() => document.body.replaceChildren());

/** A dialog in a shadow root with two buttons and a checkbox, its keys handled by `dialogKeys`. */
function dialogWithKeys() {
  const host = document.createElement('div');
  document.body.append(host);
  const shadow = host.attachShadow({ mode: 'open' });
  const dialog = document.createElement('div');
  dialog.tabIndex = -1;
  const buy = document.createElement('button');
  const toggle = document.createElement('input');
  toggle.type = 'checkbox';
  const close = document.createElement('button');
  dialog.append(buy, toggle, close);
  shadow.append(dialog);
  const dismiss = vi.fn();
  const onKey = dialogKeys(shadow, dialog, { dismiss } as unknown as OfferView);
  dialog.addEventListener('keydown', onKey);
  dialog.addEventListener('keyup', onKey);
  const key = (type: 'keydown' | 'keyup', key: string, init: KeyboardEventInit = {}): KeyboardEvent => {
    const event = new KeyboardEvent(type, { key, bubbles: true, cancelable: true, composed: true, ...init });
    ((shadow.activeElement as HTMLElement | null) ?? dialog).dispatchEvent(event);
    return event;
  };
  return { shadow, dialog, buy, toggle, close, dismiss, key };
}

describe('dialogKeys', () => {
  it('Escape dismisses; a held Escape does not', () => {
    const { dialog, dismiss, key } = dialogWithKeys();
    dialog.focus();
    expect(key('keydown', 'Escape', { repeat: true }).defaultPrevented).toBe(true);
    expect(dismiss).not.toHaveBeenCalled();
    expect(key('keydown', 'Escape').defaultPrevented).toBe(true);
    expect(dismiss).toHaveBeenCalledTimes(1);
  });

  it('keeps keydown from the game behind, and lets keyup through', () => {
    const { dialog, key } = dialogWithKeys();
    dialog.focus();
    const reached: string[] = [];
    document.body.addEventListener('keydown', () => reached.push('keydown'));
    document.body.addEventListener('keyup', () => reached.push('keyup'));
    key('keydown', 'a');
    key('keyup', 'a');
    expect(reached).toEqual(['keyup']);
  });

  it('Tab from the last control goes to the first; Shift+Tab from the first, or from the dialog, to the last', () => {
    const { shadow, dialog, buy, close, key } = dialogWithKeys();
    close.focus();
    expect(key('keydown', 'Tab').defaultPrevented).toBe(true);
    expect(shadow.activeElement).toBe(buy);
    key('keydown', 'Tab', { shiftKey: true });
    expect(shadow.activeElement).toBe(close);
    dialog.focus();
    key('keydown', 'Tab', { shiftKey: true });
    expect(shadow.activeElement).toBe(close);
  });

  it('Tab between two controls is left to the browser', () => {
    const { buy, key } = dialogWithKeys();
    buy.focus();
    expect(key('keydown', 'Tab').defaultPrevented).toBe(false);
  });

  it('Enter presses a button as it goes down; Space as it comes up on the control it went down on', () => {
    const { buy, toggle, close, key } = dialogWithKeys();
    const pressed: string[] = [];
    buy.addEventListener('click', () => pressed.push('buy'));
    close.addEventListener('click', () => pressed.push('close'));
    buy.focus();
    key('keydown', 'Enter');
    expect(pressed).toEqual(['buy']);
    key('keydown', ' ');
    expect(pressed).toEqual(['buy']);
    expect(key('keyup', ' ').defaultPrevented).toBe(true);
    expect(pressed).toEqual(['buy', 'buy']);
    // Space went down on Buy, came up on ×: nothing pressed.
    key('keydown', ' ');
    close.focus();
    key('keyup', ' ');
    expect(pressed).toEqual(['buy', 'buy']);
    // Enter on the checkbox does nothing; Space ticks it.
    toggle.focus();
    key('keydown', 'Enter');
    expect(toggle.checked).toBe(false);
    key('keydown', ' ');
    key('keyup', ' ');
    expect(toggle.checked).toBe(true);
  });

  it('a held Enter or Space presses nothing', () => {
    const { buy, key } = dialogWithKeys();
    const click = vi.fn();
    buy.addEventListener('click', click);
    buy.focus();
    key('keydown', 'Enter', { repeat: true });
    key('keydown', ' ', { repeat: true });
    key('keyup', ' ');
    expect(click).not.toHaveBeenCalled();
  });
});
