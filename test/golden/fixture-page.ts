/**
 * The page the golden-image tests screenshot: one offer, drawn by the DOM or the canvas adapter,
 * in English or Korean. Bundled by esbuild in golden.test.ts and run in Chromium.
 */
import { createCanvasAdapter } from '../../src/ui/canvas/canvas-adapter.js';
import { createDomAdapter } from '../../src/ui/dom/dom-adapter.js';
import type { OfferView } from '../../src/ui/types.js';
import { recordingView } from '../support/views.js';

/** Fonts fixed by name (Debian's fonts-dejavu-core and fonts-nanum), so pixels do not depend on fontconfig's choice. */
export const FONT = '"DejaVu Sans", "NanumGothic", sans-serif';

const body = {
  offer_type: 'ai',
  is_offer_active: true,
  recommendations: [
    {
      store: 'web',
      product_list: [
        { product_index: '1', purchasable_slug: 'golden_sword', purchase_link: 'https://store.example.com/sword', start_datetime: null, end_datetime: null },
        { product_index: '2', purchasable_slug: 'gem_pack_500', purchase_link: 'https://store.example.com/gems', start_datetime: null, end_datetime: null },
      ],
    },
  ],
  display_parameters: {
    en: {
      title: 'Weekend sale',
      message:
        'Get the <color=#FFD700><b>Golden Sword</b></color> and a <color=#7CC4FFCC>gem pack</color> for <size=24><color=red>50% off</color></size>.\n<i>Only this weekend</i>, while the forge is hot: an extraordinarilylongwordthatmustbreak.',
      background_url: 'https://cdn.example.com/bg.svg',
      toggle_message: "Don't show this again",
    },
    ko: {
      title: '주말 특가',
      message:
        '<color=#FFD700><b>황금 검</b></color>과 <color=#7CC4FFCC>보석 꾸러미</color>를 <size=24><color=red>50% 할인</color></size>된 가격으로 만나 보세요.\n<i>이번 주말에만</i> 대장간이 뜨거울 때 서두르세요!',
      background_url: 'https://cdn.example.com/bg.svg',
      toggle_message: '다시 보지 않기',
    },
  },
};

/** The offer's view in `language`, for the web store (actions that record, nothing reported). */
const view = (language: string): OfferView => recordingView(body, { languages: [language], store: 'web' }).view;

/** Draws the offer; resolves once its image has loaded (or failed) and the result is on screen. */
async function render(adapter: 'dom' | 'canvas', language: string): Promise<void> {
  document.body.style.margin = '0';
  document.body.style.background = '#2a3f2a';
  if (adapter === 'dom') {
    const ui = createDomAdapter({ className: 'golden' });
    const style = document.createElement('style');
    style.textContent = `.golden{--tp-font:${FONT}}`;
    document.head.append(style);
    // As `offers.show()` draws it: the image prepared first, then the dialog, drawn once.
    const shown = view(language);
    await ui.prepare!(shown, { signal: new AbortController().signal }).catch(() => undefined);
    ui.present(shown);
  } else {
    const canvas = document.createElement('canvas');
    canvas.style.cssText = 'position:fixed;inset:0;width:100vw;height:100vh;display:block';
    document.body.append(canvas);
    const ui = createCanvasAdapter({ context: canvas.getContext('2d')!, theme: { font: FONT } });
    const shown = view(language);
    // As `offers.show()` draws it: the image prepared first, then the dialog, drawn once.
    await ui.prepare!(shown, { signal: new AbortController().signal }).catch(() => undefined);
    ui.present(shown);
  }
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
}

Object.assign(window, { render });
