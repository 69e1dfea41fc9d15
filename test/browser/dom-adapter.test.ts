import { afterEach, describe, expect, it } from 'vitest';
import { createDomAdapter } from '../../src/ui/dom/dom-adapter.js';
import { buildOfferView } from '../../src/ui/offer-view.js';
import { decodeOffer, type Offer } from '../../src/offers/index.js';
import type { OfferActions } from '../../src/ui/types.js';
import { aiBody, offerRecord, personalizedBody } from '../fixtures/spec-samples.js';

const NOW = Date.UTC(2026, 0, 1);

function offer(body: unknown): Offer {
  const r = decodeOffer(offerRecord(1001, body));
  if (!r.ok) throw r.error;
  return r.offer;
}

function recordActions() {
  const calls: string[] = [];
  const actions: OfferActions = {
    dismiss: () => calls.push('dismiss'),
    interact: (id) => calls.push(`interact:${id}`),
    setDoNotShowAgain: (v) => calls.push(`toggle:${v}`),
  };
  return { calls, actions };
}

const root = () => document.querySelector('[data-tp-offer]')!.shadowRoot!;
const press = (key: string, shiftKey = false) =>
  root().activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, shiftKey, bubbles: true, composed: true }));

afterEach(() => {
  document.querySelectorAll('[data-tp-offer]').forEach((el) => el.remove());
  document.body.replaceChildren();
});

describe('DOM adapter', () => {
  it('renders title, colored spans per line, products, toggle and close into a labelled modal dialog', () => {
    const adapter = createDomAdapter();
    const view = buildOfferView(offer(aiBody), { languages: ['en'], store: 'ios', now: NOW });
    adapter.present(view, recordActions().actions);
    const dialog = root().querySelector('[role=dialog]')!;
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(root().getElementById(dialog.getAttribute('aria-labelledby')!)!.textContent).toBe('Sale');
    const lines = [...root().querySelectorAll('.message .line')];
    expect(lines.map((l) => l.textContent)).toEqual(['Get the Golden Sword', 'now!']);
    const gold = [...lines[0]!.querySelectorAll('span')].find((s) => s.textContent === 'Golden Sword')!;
    expect(getComputedStyle(gold).color).toBe('rgb(255, 215, 0)');
    expect(root().querySelector('.buy')!.getAttribute('aria-label')).toBe('Buy: golden_sword');
    expect(root().querySelector('.toggle')!.textContent).toBe("Don't show again");
    expect(root().querySelector('.close')!.getAttribute('aria-label')).toBe('Close');
  });

  it('uses the Korean labels for a Korean view', () => {
    createDomAdapter().present(buildOfferView(offer(aiBody), { languages: ['ko'], store: 'ios', now: NOW }), recordActions().actions);
    expect(root().querySelector('.close')!.getAttribute('aria-label')).toBe('닫기');
    expect(root().querySelector('.buy')!.textContent).toBe('구매');
  });

  it('never turns a string from the service into markup', () => {
    const hostile = {
      ...aiBody,
      display_parameters: {
        en: {
          title: '<img src=x onerror="window.pwned=1">',
          message: '<script>window.pwned=1</script><b onclick=x>bold?</b>',
          background_url: 'https://cdn.example.com/bg.png',
          toggle_message: '<i>t</i>',
        },
      },
    };
    createDomAdapter().present(buildOfferView(offer(hostile), { languages: ['en'], store: 'ios', now: NOW }), recordActions().actions);
    expect(root().querySelectorAll('script, img:not(.hero), [onerror], [onclick]')).toHaveLength(0);
    expect(root().querySelector('.title')!.textContent).toBe('<img src=x onerror="window.pwned=1">');
    expect(root().querySelector('.message')!.textContent).toBe('<script>window.pwned=1</script><b onclick=x>bold?</b>');
    expect((window as { pwned?: number }).pwned).toBeUndefined();
  });

  it('moves focus in, keeps Tab inside, dismisses on Escape, and returns focus on close', () => {
    const opener = document.createElement('button');
    opener.textContent = 'open';
    document.body.append(opener);
    opener.focus();
    const { calls, actions } = recordActions();
    const adapter = createDomAdapter();
    adapter.present(buildOfferView(offer(aiBody), { languages: ['en'], store: 'ios', now: NOW }), actions);
    expect(root().activeElement!.className).toBe('buy');
    press('Tab', true); // from the first control backwards: wraps to the last one
    expect(root().activeElement!.className).toBe('close');
    press('Tab'); // and forwards again to the first
    expect(root().activeElement!.className).toBe('buy');
    press('Escape');
    expect(calls).toEqual(['dismiss']);
    adapter.close();
    expect(document.querySelector('[data-tp-offer]')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('reports the purchase button with the product id, and the toggle', () => {
    const { calls, actions } = recordActions();
    createDomAdapter().present(buildOfferView(offer(aiBody), { languages: ['en'], store: 'ios', now: NOW }), actions);
    (root().querySelector('.toggle input') as HTMLInputElement).click();
    (root().querySelector('.buy') as HTMLButtonElement).click();
    (root().querySelector('.close') as HTMLButtonElement).click();
    expect(calls).toEqual(['toggle:true', 'interact:golden_sword', 'dismiss']);
  });

  it('shows a personalized offer’s price, discount and image; a broken image leaves the layout', async () => {
    const body = { ...personalizedBody, product_name: 'Gems', message: { en: { ...personalizedBody.message.en, image: 'http://127.0.0.1:9/none.png' } } };
    createDomAdapter().present(buildOfferView(offer(body), { languages: ['en'], store: 'ios', now: NOW }), recordActions().actions);
    expect(root().querySelector('.price')!.textContent).toBe('9,9006,930-30%');
    await expect.poll(() => root().querySelector('img.hero')).toBeNull();
    expect(root().querySelector('.title')!.textContent).toBe('For you');
  });
});
