/**
 * No adapter ever turns a string into markup. Fuzz strings (test/support/markup-fuzz.ts: tag
 * soup, HTML, `<script>`, event-handler attributes, `javascript:` URLs, random Unicode) go in as
 * the title, message, product name and toggle label of an AI offer, through the real path
 * (decodeOffer, buildOfferContent, parseRichText), and the DOM adapter's dialog is built from each
 * one in real Chromium. After each: the shadow root holds only the adapter's own element kinds, no
 * element has an event-handler attribute or a URL other than the hero image's, each text reads back
 * as given (the message as plainText(parseRichText(string))), and nothing ran.
 *
 * All 100,000 strings go through the adapter's dialog builder (`buildDialog`, the code that turns
 * the view's strings into elements), into a shadow root out of the page. Presenting into the page
 * costs about 2 ms a dialog (focus, style, layout), so 100,000 of them would take minutes, and the
 * adapter refuses a container out of the page or not rendered (a `display: none` container, which
 * this test used until the adapter refused it): the first 1,000 are also presented by the adapter
 * in the page. Every tenth view, and every view with a hero image,
 * comes from an offer body through decodeOffer and buildOfferContent; the others are the same
 * content with the four strings put in directly. About 10 s in all on a 2-core development
 * machine (15 s while it ran other tests). `VITE_MARKUP_FUZZ_CASES=2000` runs fewer.
 * Deterministic: a failure names the seed, the case and the string.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRichText, plainText } from '../../src/richtext/index.js';
import { buildDialog } from '../../src/ui/dom/build-dialog.js';
import { createDomAdapter } from '../../src/ui/dom/dom-adapter.js';
import { labelsFor } from '../../src/ui/labels.js';
import type { OfferView } from '../../src/ui/types.js';
import { aiBody } from '../fixtures/spec-samples.js';
import { fuzzString } from '../support/markup-fuzz.js';
import { FUZZ_TIME_LIMIT_MS, PROPERTY_TIME_LIMIT_MS } from '../support/time-limits.js';
import { recordingView } from '../support/views.js';

const SEED = 20_260_107;
const CASES = Number((import.meta as { env?: Record<string, string | undefined> }).env?.VITE_MARKUP_FUZZ_CASES ?? 100_000);
/** Every this many cases, the view goes the whole way from an offer body (decodeOffer, buildOfferContent). */
const FULL_PATH_EVERY = 10;
/** Cases presented into the page itself (each one focused and laid out: about 2 ms apiece). */
const IN_PAGE = 1_000;
/** Every this many cases, the offer has a hero image (an http(s) URL): the one `src` allowed. */
const HERO_EVERY = 1000;
const HERO = 'https://cdn.example.com/bg.png';
/** Title and toggle label are at most 512 characters, a product slug 256 (the offer schema). */
const MAX_LENGTH = 512;
const MAX_SLUG = 256;

const ELEMENT_KINDS = new Set(['DIV', 'H2', 'SPAN', 'UL', 'LI', 'BUTTON', 'LABEL', 'INPUT', 'S', 'IMG']);
const SPAN_STYLES = new Set(['color', 'font-weight', 'font-style', 'font-size']);
const EN = labelsFor('en');

type Probe = Window & { pwned?: unknown };

/** An AI offer body whose every free-text field is `text`. */
function bodyWith(text: string, hero: boolean): unknown {
  const [recommendation] = aiBody.recommendations;
  const slug = text.slice(0, MAX_SLUG);
  return {
    ...aiBody,
    recommendations: [{ ...recommendation, product_list: [{ ...recommendation!.product_list[0], purchasable_slug: slug === '' ? null : slug, product_index: '' }] }],
    display_parameters: { en: { title: text, message: text, background_url: hero ? HERO : null, toggle_message: text } },
  };
}

/** Why the presented dialog is not a safe rendering of `text`, or undefined. One pass over its elements. */
function problemOf(root: ShadowRoot, text: string, hero: boolean): string | undefined {
  let heroes = 0;
  const lines: string[] = [];
  const read: Record<string, string | null> = {};
  for (const el of root.querySelectorAll('*')) {
    const kind = el.tagName;
    if (!ELEMENT_KINDS.has(kind)) return `a <${kind.toLowerCase()}> element`;
    const isHero = kind === 'IMG' && el.className === 'hero';
    if (kind === 'IMG' && !isHero) return 'an image other than the hero';
    if (isHero) heroes += 1;
    for (const name of el.getAttributeNames()) {
      if (name.startsWith('on')) return `an ${name} attribute on <${kind.toLowerCase()}>`;
      if (name === 'href') return 'an href';
      if (name === 'src' && !(isHero && el.getAttribute(name) === HERO)) return `src=${el.getAttribute(name)}`;
    }
    if (kind === 'SPAN' && el.parentElement?.className === 'line') {
      const { style } = el as HTMLElement;
      for (let k = 0; k < style.length; k++) if (!SPAN_STYLES.has(style[k]!)) return `style ${style[k]} on a message span`;
    }
    if (el.className === 'line') lines.push(el.textContent ?? '');
    else if (el.className === 'title' || el.className === 'name' || el.className === 'toggle') read[el.className] = el.textContent;
  }
  if (heroes !== (hero ? 1 : 0)) return `${heroes} hero images`;
  // A blank title or toggle text (white space and invisible characters only) is shown as the
  // adapter's own words (docs/decisions.md).
  const orLabel = (label: string): string => (/[^\s\p{Default_Ignorable_Code_Point}]/u.test(text) ? text : label);
  if (read.title !== orLabel(EN.offer)) return 'the title does not read back';
  // Without a visible character the adapter leaves the message out; its plain text is line breaks only.
  const expected = plainText(parseRichText(text));
  if (lines.length > 0 ? lines.join('\n') !== expected : !/^\n*$/.test(expected)) return 'the message does not read back as its plain text';
  if (read.name !== text.slice(0, MAX_SLUG)) return 'the product name does not read back';
  if (read.toggle !== orLabel(EN.doNotShowAgain)) return 'the toggle label does not read back';
  return undefined;
}

describe('the DOM adapter presents fuzz strings as text, never as markup', () => {
  const calls: string[] = [];
  const saved = { alert: window.alert, confirm: window.confirm, prompt: window.prompt, open: window.open };
  let scripts = 0;
  let headChildren = 0;

  beforeAll(() => {
    window.alert = () => void calls.push('alert');
    window.confirm = () => (calls.push('confirm'), false);
    window.prompt = () => (calls.push('prompt'), null);
    window.open = () => (calls.push('open'), null);
    scripts = document.scripts.length;
    headChildren = document.head.childElementCount;
  });

  afterAll(() => {
    Object.assign(window, saved);
    document.querySelectorAll('[data-tp-offer]').forEach((el) => el.remove());
  });

  /**
   * Draws cases `from` to `to` (excluded) with `draw`, which gives back the shadow root holding the
   * dialog; every `fullPathEvery`th view is decoded from an offer body.
   */
  function presentCases(draw: (view: OfferView) => ShadowRoot | undefined, from: number, to: number, fullPathEvery: number): void {
    // The other views: the content of a decoded offer with its four strings replaced (what
    // buildOfferContent does with them: title, product name and label as they are, the message parsed).
    const base = recordingView(bodyWith('x', false)).view;
    for (let index = from; index < to; index++) {
      const text = fuzzString(SEED, index, { maxLength: MAX_LENGTH });
      const hero = index % HERO_EVERY === 0;
      const replay = `seed ${SEED}, case ${index} (fuzzString(${SEED}, ${index}, { maxLength: ${MAX_LENGTH} })): ${JSON.stringify(text)}`;
      const view =
        hero || index % fullPathEvery === 0
          ? recordingView(bodyWith(text, hero)).view
          : { ...base, title: text, message: parseRichText(text), products: [{ ...base.products[0]!, name: text.slice(0, MAX_SLUG) }], toggleLabel: text };
      const root = draw(view);
      if (!root) throw new Error(`nothing presented on ${replay}`);
      const problem = problemOf(root, text, hero);
      if (problem) throw new Error(`${problem} on ${replay}`);
      if ((window as Probe).pwned !== undefined || calls.length > 0) throw new Error(`a payload ran (${calls.join(', ') || 'window.pwned'}) on ${replay}`);
    }
  }

  function expectNothingRan(): void {
    expect((window as Probe).pwned).toBeUndefined();
    expect(calls).toEqual([]);
    expect(document.scripts.length).toBe(scripts);
    expect(document.head.childElementCount).toBe(headChildren);
  }

  it(`${CASES.toLocaleString('en-US')} strings, each dialog built out of the page (seed ${SEED})`, async () => {
    presentCases(
      (view) => {
        const shadow = document.createElement('div').attachShadow({ mode: 'open' });
        shadow.append(buildDialog(document, view, labelsFor(view.language), false).root);
        return shadow;
      },
      0,
      CASES,
      FULL_PATH_EVERY,
    );
    // Anything an element made from a string would have started (an image's error, a timer) runs now.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expectNothingRan();
  }, FUZZ_TIME_LIMIT_MS);

  it(`the first ${IN_PAGE.toLocaleString('en-US')} of them presented in the page: connected, focused, laid out`, async () => {
    const adapter = createDomAdapter({ container: document.body });
    presentCases((view) => (adapter.present(view), document.querySelector('[data-tp-offer]')?.shadowRoot ?? undefined), 0, IN_PAGE, 1);
    adapter.close();
    expect(document.querySelector('[data-tp-offer]')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expectNothingRan();
  }, PROPERTY_TIME_LIMIT_MS);
});
