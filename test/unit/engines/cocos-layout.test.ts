/**
 * What the Cocos Creator component (engines/cocos/TpOfferView.ts) draws for a view: one label per
 * styled span with its color, clamped size, bold and italic; the Buy buttons with prices; the toggle
 * and close words in the offer's language. Markup in the message never becomes a tag: the
 * component uses `Label`, and the text of a span is the text shown.
 */
import { expect, it } from 'vitest';
import fc from 'fast-check';
import { offerLayout, rgbaOf, type SpanLabel, wordsOf } from '../../../engines/cocos/offer-layout.js';
import { createClient, type HeadlessAdapter } from '../../../src/index.js';
import { aiBody, offerRecord, personalizedBody } from '../../fixtures/spec-samples.js';
import { memoryClientOptions, okEnvelope } from '../../support/memory-client.js';

const hostile = { ...aiBody, display_parameters: { ko: { ...aiBody.display_parameters.ko, message: '<color=#FF000080><size=200>큰</size></color> <i><b>굵게</b></i>\n<on click="x">눌러</on> 🎉' } } };

it('one label per span, styled; products as Buy buttons with prices; words in the offer language', async () => {
  const options = memoryClientOptions(async () => okEnvelope([offerRecord(1, hostile), offerRecord(2, personalizedBody)]));
  const tp = createClient({ ...options, language: 'ko', platform: 'ios', now: () => Date.UTC(2026, 0, 1, 12), productInfo: () => ({ price: 3300, currencyCode: 'KRW' }) });
  const ui = options.ui as HeadlessAdapter;
  await tp.offers.refresh();
  const ai = offerLayout(await tp.offers.view(1), 'ko-KR');
  expect(ai.lines).toEqual([
    [
      { text: '큰', rgba: [255, 0, 0, 128], fontSize: 48, bold: false, italic: false },
      { text: ' ', rgba: undefined, fontSize: 16, bold: false, italic: false },
      { text: '굵게', rgba: undefined, fontSize: 16, bold: true, italic: true },
    ],
    [{ text: '<on click="x">눌러</on> 🎉', rgba: undefined, fontSize: 16, bold: false, italic: false }],
  ]);
  expect(ai).toMatchObject({ title: '할인', toggle: '다시 보지 않기', close: '닫기' });
  expect(ai.buttons[0]).toMatchObject({ productIndex: 0, label: '구매 ₩3,300' });
  const personalized = offerLayout(await tp.offers.view(2), 'ko-KR');
  expect(personalized.buttons).toEqual([{ productIndex: 0, name: expect.any(String), price: '₩6,930', was: '₩9,900', label: '구매 ₩6,930' }]);
  expect(ui.current).toBeUndefined();
  await tp.shutdown();
});

it('colors: #rrggbbaa as 0–255 channels; anything else is the theme color', () => {
  expect(rgbaOf('#ffd700ff')).toEqual([255, 215, 0, 255]);
  expect(rgbaOf(undefined)).toBeUndefined();
  expect(rgbaOf('red')).toBeUndefined();
});

it('a line of several spans wraps word by word: each word keeps its spaces after it and its span style', () => {
  const plain = { rgba: undefined, fontSize: 16, bold: false, italic: false };
  const line: SpanLabel[] = [
    { ...plain, text: '  Only today: ' },
    { ...plain, text: '50%\u00a0off now', bold: true },
    { ...plain, text: ' 모든 아이템 🎉' },
  ];
  expect(wordsOf(line).map((w) => [w.text, w.bold])).toEqual([
    ['  ', false],
    ['Only ', false],
    ['today: ', false],
    ['50%\u00a0off ', true],
    ['now', true],
    [' ', false],
    ['모든 ', false],
    ['아이템 ', false],
    ['🎉', false],
  ]);
});

it('cutting into words loses, adds and reorders no text, and keeps each piece in its span', () => {
  const span = fc.record({ text: fc.string({ unit: fc.constantFrom('a', 'ㄱ', ' ', '\t', '🎉', '<', '\u00a0') }), bold: fc.boolean() });
  fc.assert(
    fc.property(fc.array(span), (spans) => {
      const line = spans.map((s) => ({ ...s, rgba: undefined, fontSize: 16, italic: false }));
      const words = wordsOf(line);
      expect(words.map((w) => w.text).join('')).toBe(line.map((s) => s.text).join(''));
      expect(words.every((w) => w.text.length > 0 && !/[^ \t][ \t]+[^ \t]/.test(w.text))).toBe(true);
      // Each span is the words taken in order until its text is spent, all in its style.
      let i = 0;
      for (const s of line) {
        let text = '';
        while (text.length < s.text.length) {
          expect(words[i]!.bold).toBe(s.bold);
          text += words[i++]!.text;
        }
        expect(text).toBe(s.text);
      }
      expect(i).toBe(words.length);
    }),
  );
});
