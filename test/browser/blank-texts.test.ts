/**
 * An offer whose title or toggle text is empty or blank (the spec allows both: `title` and
 * `toggle_message` are plain strings): both adapters use their own words there. The failure this
 * guards against: the DOM dialog named by an empty heading (a screen reader announces an unnamed
 * dialog; axe: `aria-dialog-name`, `empty-heading`), the do-not-show-again checkbox, which hides
 * the offer for good, with no text at all (axe: `label`), and the canvas drawing and speaking the
 * same blanks.
 */
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { createCanvasAdapter } from '../../src/ui/canvas/canvas-adapter.js';
import { createDomAdapter } from '../../src/ui/dom/dom-adapter.js';
import { aiBody, personalizedBody } from '../fixtures/spec-samples.js';
import { accessibleNames } from '../support/ax-tree.js';
import { recordingView } from '../support/views.js';

afterEach(() => document.body.replaceChildren());

/** The spec's AI offer with `title` and `toggle_message` replaced in both languages. */
const blanks = (title: string, toggle: string) => ({
  ...aiBody,
  display_parameters: Object.fromEntries(
    Object.entries(aiBody.display_parameters).map(([language, d]) => [language, { ...d, title, toggle_message: toggle }]),
  ),
});

describe('DOM adapter', () => {
  /** Code points as `U+200B`, so that a test's name shows invisible ones. */
  const shown = (text: string) => [...text].map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(' ') || 'empty';
  // Blank also when only invisible characters that are not white space for `trim()`: zero-width
  // space, word joiner, zero-width joiner, soft hyphen, the Hangul filler (Korean "blank" text).
  for (const [title, toggle] of [['', ''], ['   ', ' \n '], ['\u200b', '\u00a0\u2060'], ['\u3164', '\u200d\ufeff\u00ad']] as const) {
    it(`title ${shown(title)}, toggle ${shown(toggle)}: the dialog and the checkbox have names, and axe finds no unnamed element`, async () => {
      createDomAdapter().present(recordingView(blanks(title, toggle)).view);
      expect(await accessibleNames('dialog')).toEqual(['Special offer']);
      expect(await accessibleNames('checkbox')).toEqual(["Don't show again"]);
      const host = document.querySelector('[data-tp-offer]')!;
      // The rules these blanks broke (contrast, checked in the e2e axe test, needs the entrance animation over).
      const { violations } = await axe.run(host, { runOnly: ['aria-dialog-name', 'empty-heading', 'label', 'button-name'] });
      expect(violations.map((v) => v.id)).toEqual([]);
    });
  }

  it('in Korean, the Korean words', async () => {
    createDomAdapter().present(recordingView(blanks('', ''), { languages: ['ko'] }).view);
    expect(await accessibleNames('dialog')).toEqual(['특별 제안']);
    expect(await accessibleNames('checkbox')).toEqual(['다시 보지 않기']);
  });

  it("the game's labels win, and an offer's own words are kept", async () => {
    createDomAdapter({ labels: { en: { offer: 'Shop', doNotShowAgain: 'Hide' } } }).present(recordingView(blanks('', '')).view);
    expect(await accessibleNames('dialog')).toEqual(['Shop']);
    expect(await accessibleNames('checkbox')).toEqual(['Hide']);
    document.body.replaceChildren();
    createDomAdapter().present(recordingView(aiBody).view);
    expect(await accessibleNames('dialog')).toEqual(['Sale']);
    expect(await accessibleNames('checkbox')).toEqual(["Don't show again"]);
  });
});

describe('canvas adapter', () => {
  it('names the offer and the toggle with its own words, and draws them', async () => {
    const canvas = document.createElement('canvas');
    canvas.style.cssText = 'width:360px;height:640px';
    document.body.append(canvas);
    const ctx = canvas.getContext('2d')!;
    const drawn: string[] = [];
    const fillText = ctx.fillText.bind(ctx);
    ctx.fillText = (text: string, x: number, y: number) => void (drawn.push(text), fillText(text, x, y));
    createCanvasAdapter({ context: ctx }).present(recordingView(blanks(' ', '')).view);
    expect(canvas.getAttribute('aria-label')).toBe('Special offer');
    await userEvent.keyboard('{Tab}{Tab}'); // past Buy, to the toggle
    expect(canvas.getAttribute('aria-label')).toBe("Special offer: Don't show again");
    expect(drawn.join(' ')).toContain('Special offer');
    expect(drawn.join(' ')).toContain("Don't");
  });

  it('a focused Buy button says the price, as the DOM one does', async () => {
    const canvas = document.createElement('canvas');
    canvas.style.cssText = 'width:360px;height:640px';
    document.body.append(canvas);
    createCanvasAdapter({ context: canvas.getContext('2d')! }).present(recordingView({ ...personalizedBody, product_name: 'Gems' }).view);
    await userEvent.keyboard('{Tab}');
    expect(canvas.getAttribute('aria-label')).toBe('For you: Buy: Gems, 6,930, was 9,900, -30%');
  });
});
