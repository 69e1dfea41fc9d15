import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DialogParts } from '../../../src/ui/dom/build-dialog.js';
import { watchWhileOpen } from '../../../src/ui/dom/while-open.js';

afterEach(() => document.body.replaceChildren());

/** The game's canvas, and a dialog host beside it, watched over the viewport. */
function openOverGame() {
  const game = document.createElement('canvas');
  const host = document.createElement('div');
  document.body.append(game, host);
  const dialog = document.createElement('div');
  dialog.tabIndex = -1;
  const buy = document.createElement('button');
  dialog.append(buy);
  host.attachShadow({ mode: 'open' }).append(dialog);
  const parts: DialogParts = { root: dialog, dialog, initialFocus: dialog };
  const onRemoved = vi.fn();
  const [stop, restoreInert] = watchWhileOpen(document, host, document.body, parts, true, onRemoved);
  return { game, host, dialog, buy, onRemoved, stop, restoreInert };
}

/** Lets the MutationObserver's records arrive. */
const mutationsDelivered = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('watchWhileOpen', () => {
  it('makes inert what the dialog covers, and what the page adds there while it is open; gives it back', async () => {
    const { game, restoreInert, stop } = openOverGame();
    expect(game.hasAttribute('inert')).toBe(true);
    const added = document.createElement('div');
    document.body.append(added);
    await mutationsDelivered();
    expect(added.hasAttribute('inert')).toBe(true);
    stop();
    restoreInert();
    expect(game.hasAttribute('inert') || added.hasAttribute('inert')).toBe(false);
  });

  it('tells when the page takes the dialog out, until stopped', async () => {
    const first = openOverGame();
    first.host.remove();
    await mutationsDelivered();
    expect(first.onRemoved).toHaveBeenCalledTimes(1);
    first.stop();
    document.body.replaceChildren();
    const second = openOverGame();
    second.stop();
    second.host.remove();
    await mutationsDelivered();
    expect(second.onRemoved).not.toHaveBeenCalled();
  });

  it('brings focus back into the dialog when something it covers takes it, until stopped', () => {
    const { game, buy, stop } = openOverGame();
    game.removeAttribute('inert');
    const outside = document.createElement('button');
    document.body.append(outside);
    buy.focus();
    outside.focus();
    expect((buy.getRootNode() as ShadowRoot).activeElement).toBe(buy);
    stop();
    outside.focus();
    expect(document.activeElement).toBe(outside);
  });
});
