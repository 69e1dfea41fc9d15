/**
 * Korean words stay whole in the DOM dialog whatever the view's language (a Korean item name in an
 * English offer), as on the canvas: Korean text breaks only at word boundaries (`word-break:
 * keep-all`), never inside a word.
 */
import { afterEach, expect, it } from 'vitest';
import { createDomAdapter } from '../../src/ui/dom/dom-adapter.js';
import { aiBody } from '../fixtures/spec-samples.js';
import { recordingView } from '../support/views.js';
import { wordsCutAcrossLines } from '../support/line-cuts.js';

afterEach(() => {
  document.querySelectorAll('[data-tp-offer]').forEach((el) => el.remove());
  document.body.replaceChildren();
});

it('keeps Korean words whole in the message of an English view', () => {
  const message = 'New: 황금검을 지금 바로 구매하세요 한정판매입니다';
  const container = document.createElement('div');
  container.style.cssText = 'position:relative;width:200px;height:640px';
  document.body.append(container);
  const body = { ...aiBody, display_parameters: { en: { ...aiBody.display_parameters.en, message } } };
  createDomAdapter({ container }).present(recordingView(body).view);
  const text = document.createTreeWalker(container.querySelector('[data-tp-offer]')!.shadowRoot!.querySelector('.message')!, NodeFilter.SHOW_TEXT).nextNode()!;
  expect(wordsCutAcrossLines(text, message)).toEqual([]);
});
