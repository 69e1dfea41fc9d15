/**
 * The canvas adapter breaks lines where the DOM dialog does (docs/decisions.md, "The canvas
 * adapter"): for offer-like text in Korean, Japanese, Chinese and English, each break opportunity
 * Chromium's line breaker gives the dialog's text (`white-space: pre-wrap; word-break: keep-all`)
 * is one the canvas wrapper takes, and no other. Measured in a box of zero width, where the DOM
 * breaks at every opportunity.
 */
import { expect, it } from 'vitest';
import { opportunity } from '../../src/ui/canvas/wrap.js';

const CORPUS = [
  // Korean: punctuation and symbols between words without a space.
  '구매하세요!지금', '지금구매?오늘만', '(한정)상품', '[이벤트]보상', '50%할인', '지금/바로', '골드-실버', '구매.지금', '구매,지금',
  '“특가”상품', '「특가」상품', '한정판ABC', 'ABC한정판', '한정판123', '1,000원', '₩1,000', '👍구매', '구매👍', '🎁선물🎁',
  // Emoji with the emoji presentation selector (U+FE0F): common in offers, broken like the emoji alone.
  '⚔️전투', '전투⚔️보상', '❤️하트', '🗡️과', '⭐️전투', 'Gold❤️Pack', '☀️Pack', 'A🗡️B', '©️전투',
  // Japanese and Chinese.
  '今すぐ購入！限定セール', '「特別」オファー', '限定　セール', '黄金の剣を今すぐ', '今日は晴れ。明日', '金币x2', 'Gold金币', '金币Gold',
  '限定セール（本日まで）', '购买，立即！', '数量…残りわずか',
  // English.
  'well-known', 'pre-order', 'x-5', '-50%', '10–20', 'a—b', 'wait…now', 'Buy?Now', 'Buy!Now', 'a/b', 'https://ex.com/shop/item',
  '1,000', '$9.99', '10:00', "it's", 'say"hi"now', 'end)next', '(50%)off', 'x2!', '👍🏽ok', '👨‍👩‍👧family', '🇰🇷KR',
];

/** Where Chromium breaks `text` at zero width: the indexes (in code points) that start a line. */
function domBreaks(host: HTMLElement, text: string): number[] {
  host.textContent = text;
  const node = host.firstChild!;
  const tops: number[] = [];
  let offset = 0;
  for (const cp of text) {
    const range = document.createRange();
    range.setStart(node, offset);
    range.setEnd(node, offset + cp.length);
    tops.push(range.getClientRects()[0]?.top ?? NaN);
    offset += cp.length;
  }
  return tops.flatMap((top, i) => (i > 0 && top > tops[i - 1]! + 1 ? [i] : []));
}

/** Where the canvas wrapper may break `text`, as code-point indexes (none of the corpus has spaces). */
function canvasBreaks(text: string): number[] {
  const cps = [...text];
  return cps.flatMap((c, i) => (i > 0 && opportunity(cps[i - 2] ?? '', cps[i - 1]!, c) ? [i] : []));
}

it('breaks offer text where the DOM dialog breaks it', () => {
  const host = document.createElement('div');
  host.style.cssText = 'position:absolute;top:0;left:0;width:0;font:16px sans-serif;line-height:2;white-space:pre-wrap;word-break:keep-all;overflow-wrap:normal';
  document.body.append(host);
  const show = (text: string, at: number[]) => [...text].map((c, i) => (at.includes(i) ? `|${c}` : c)).join('');
  const dom = CORPUS.map((text) => show(text, domBreaks(host, text)));
  host.remove();
  expect(CORPUS.map((text) => show(text, canvasBreaks(text)))).toEqual(dom);
});
