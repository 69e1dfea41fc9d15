/**
 * The DOM dialog's keys: Escape dismisses, Tab and Shift+Tab stay inside it, Enter and Space press
 * the focused control even in a game that cancels their default action.
 *
 * @module
 */
import type { OfferView } from '../types.js';

/**
 * The dialog's keydown and keyup handler. Enter and Space press the focused control here, not
 * through the browser's default action: a game's keyboard capture cancels that on `window`
 * (Phaser's `addCapture`, which `createCursorKeys()` calls, cancels Space's `keyup`, and with it a
 * native button's press and a checkbox's change). As natively, Enter presses a button as it goes
 * down, Space a button or the checkbox as it comes up on the control it went down on, and a held
 * key's repeats press nothing.
 */
export function dialogKeys(shadow: ShadowRoot, dialog: HTMLElement, view: OfferView): (event: KeyboardEvent) => void {
  /** The control Space went down on, until it comes up. */
  let spaceOn: HTMLElement | undefined;
  return (event) => {
    const { key } = event;
    const active = shadow.activeElement as HTMLElement | null;
    if (event.type === 'keyup') {
      // Its default action cancelled here, whoever else cancels it: the control is pressed once.
      // (`keyup` passes on: a key the game saw go down is released there.)
      if (key === ' ' && spaceOn) {
        if (spaceOn === active) {
          event.preventDefault();
          active.click();
        }
        spaceOn = undefined;
      }
      return;
    }
    // Keys pressed in the modal dialog are its own: the game behind it does not get them.
    event.stopPropagation();
    // An auto-repeat is a key held down from before the dialog opened, or on a control: it neither
    // buys nor dismisses, nor presses again.
    if (event.repeat && (key === 'Enter' || key === ' ' || key === 'Escape')) return event.preventDefault();
    if (key === 'Escape') {
      event.preventDefault();
      view.dismiss();
      return;
    }
    if (active && active !== dialog && (key === ' ' || (key === 'Enter' && active.localName === 'button'))) {
      event.preventDefault();
      if (key === ' ') spaceOn = active;
      else active.click();
      return;
    }
    if (key !== 'Tab') return;
    // Tab from the last control (Shift+Tab from the first), or from the dialog itself, wraps around.
    const focusable = [...dialog.querySelectorAll<HTMLElement>('button, input, [href]')].filter((el) => !el.hasAttribute('disabled'));
    if (focusable.length === 0) return;
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    if (event.shiftKey && (active === first || active === dialog || !active)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || active === dialog || !active)) {
      event.preventDefault();
      first.focus();
    }
  };
}
