/**
 * The DOM adapter's dialog in real Chromium: in the demo, driven by real key presses only (no
 * clicks once it is open) and checked by axe-core; and over a page of its own, for what it covers
 * (the accessibility tree) and fullscreen.
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openDemo, serviceUploads, useDemoInChromium } from './harness.js';

const harness = useDemoInChromium();
const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The focused element inside the dialog's shadow root: its class, or `outside`. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const host = document.querySelector('[data-tp-offer]');
    const inner = host?.shadowRoot?.activeElement;
    if (document.activeElement === host && inner) return (inner as HTMLElement).className || inner.tagName.toLowerCase();
    return (document.activeElement as HTMLElement | null)?.id || 'outside';
  });

async function reactionsOf(player: string, offerId: number): Promise<string[]> {
  return (await serviceUploads(harness.stack))
    .flatMap((u) => u.body.players_offers ?? [])
    .filter((r) => r.player_slug === player && r.offer_id === offerId)
    .map((r) => `${r.message_status}${r.message_detail ? `:${r.message_detail}` : ''}`);
}

/** Opens the demo and focuses the Show button of its AI offer with the keyboard's help. */
async function openAiOffer(page: Page, lang: string): Promise<{ player: string; opener: string }> {
  const player = `e2e-dialog-${randomUUID().slice(0, 8)}`;
  await openDemo(page, harness.stack, { player, flushIntervalMs: '0', lang });
  const show = page.locator('#offers li[data-kind="ai"][data-verdict="usable"] button').first();
  await show.scrollIntoViewIfNeeded();
  await show.focus();
  const opener = await show.evaluate((el) => (el.id ||= `opener-${Math.random().toString(36).slice(2)}`));
  await page.keyboard.press('Enter');
  await expect.poll(() => page.locator('[data-tp-offer] [role="dialog"]').count()).toBe(1);
  return { player, opener };
}

/** The script of {@link pageWithAdapter}, built once for the file. */
let adapterScript: Promise<string> | undefined;

/** A page of its own holding `html` and the DOM adapter over the viewport: `show()` presents the sample AI offer, `hide()` closes it. */
async function pageWithAdapter(html: string): Promise<Page> {
  adapterScript ??= build({
    stdin: {
      contents: [
        "import { createDomAdapter } from './src/ui/dom/dom-adapter.ts';",
        "import { recordingView } from './test/support/views.ts';",
        "import { aiBody } from './test/fixtures/spec-samples.ts';",
        'const ui = createDomAdapter();',
        'Object.assign(window, { show: () => ui.present(recordingView(aiBody).view), hide: () => ui.close() });',
      ].join('\n'),
      resolveDir: ROOT,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2022',
  }).then((out) => out.outputFiles[0]!.text);
  const page = await harness.page();
  // The sample offer's image, served: a failed load would be a console error.
  await page.route('https://**/*.png', (route) => route.fulfill({ status: 200, contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg"/>' }));
  await page.setContent(`<!doctype html><meta charset="utf-8"><title>game</title>${html}`);
  await page.addScriptTag({ content: await adapterScript });
  return page;
}

describe('the DOM dialog in Chromium', () => {
  it('keyboard only: focus moves in, Tab cycles inside, Escape dismisses, focus returns, Enter on Buy interacts', async () => {
    const page = await harness.page();
    const { player, opener } = await openAiOffer(page, 'en');
    const offerId = Number(await page.locator('[data-tp-offer]').getAttribute('data-tp-offer'));

    // The dialog itself has focus, not a button: a key pressed for the game as it opened buys nothing.
    expect(await focused(page)).toBe('dialog');
    const buttons = await page.locator('[data-tp-offer] .buy').count();
    const order = [];
    for (let i = 0; i < buttons + 3; i++) {
      await page.keyboard.press('Tab');
      order.push(await focused(page));
    }
    // every Buy button, the toggle's checkbox, Close, and round to the first Buy: never outside.
    expect(order).toEqual([...Array<string>(buttons).fill('buy'), 'input', 'close', 'buy']);
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe('close');
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe('input');

    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('[data-tp-offer]').count()).toBe(0);
    expect(await focused(page)).toBe(opener);
    expect(await page.locator('[data-tp-offer]').count()).toBe(0);

    await page.keyboard.press('Enter'); // the opener again
    await expect.poll(() => focused(page)).toBe('dialog');
    await page.keyboard.press('Enter'); // on the dialog: nothing
    expect(await page.locator('[data-tp-offer]').count()).toBe(1);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter'); // on the first Buy button
    await expect.poll(() => page.locator('[data-tp-offer]').count()).toBe(0);
    expect(await focused(page)).toBe(opener);

    await page.click('#flush');
    await expect.poll(() => reactionsOf(player, offerId)).toEqual(['impress', 'open', 'dismiss', 'open', 'interact:golden_sword']);
    await page.close();
  });

  it('a press on the backdrop keeps focus in the dialog: Escape still dismisses', async () => {
    const page = await harness.page();
    const { player } = await openAiOffer(page, 'en');
    const offerId = Number(await page.locator('[data-tp-offer]').getAttribute('data-tp-offer'));
    const box = (await page.locator('[data-tp-offer]').boundingBox())!;
    await page.mouse.click(box.x + 4, box.y + 4); // the dimmed area around the card
    expect(await focused(page)).toBe('dialog');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('[data-tp-offer]').count()).toBe(0);
    await page.click('#flush');
    await expect.poll(() => reactionsOf(player, offerId)).toEqual(['impress', 'open', 'dismiss']);
    await page.close();
  });

  it('hides what it covers from assistive technology while open (the accessibility tree), and gives it back on close', async () => {
    // The adapter over a whole page (the demo puts it in a container, beside other panels).
    const page = await pageWithAdapter('<main><button>Fire the cannon</button><canvas>Level 3</canvas></main>');
    const cdp = await page.context().newCDPSession(page);
    /** Whether Chromium's accessibility tree exposes a node named `name` (ignored nodes are not exposed). */
    const exposed = async (name: string): Promise<boolean> => {
      const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: Array<{ ignored: boolean; name?: { value?: unknown } }> };
      return nodes.some((n) => !n.ignored && n.name?.value === name);
    };
    expect(await exposed('Fire the cannon')).toBe(true);
    await page.evaluate(() => (window as unknown as { show: () => void }).show());
    expect(await exposed('Close')).toBe(true); // the dialog's own button
    expect(await exposed('Fire the cannon')).toBe(false); // the game's, behind the dialog
    await page.evaluate(() => (window as unknown as { hide: () => void }).hide());
    expect(await exposed('Fire the cannon')).toBe(true);
    await cdp.detach();
    await page.close();
  });

  it('in fullscreen, opens inside the element in fullscreen, where it is seen', async () => {
    const page = await pageWithAdapter('<div id="stage" style="background:#234"><button id="go" onclick="stage.requestFullscreen()">Fullscreen</button></div>');
    await page.click('#go'); // a user gesture: the Fullscreen API asks for one
    await expect.poll(() => page.evaluate(() => document.fullscreenElement?.id)).toBe('stage');
    await page.evaluate(() => (window as unknown as { show: () => void }).show());
    // The element drawn at the middle of the screen is the dialog's host, inside the fullscreen element.
    expect(await page.evaluate(() => document.elementFromPoint(innerWidth / 2, innerHeight / 2)?.closest('#stage [data-tp-offer]') !== null)).toBe(true);
    await page.close();
  });

  for (const lang of ['en', 'ko']) {
    for (const viewport of [{ width: 360, height: 640 }, { width: 1280, height: 720 }]) {
      it(`axe-core finds no accessibility violation in the open dialog (${lang}, ${viewport.width}×${viewport.height})`, async () => {
        const page = await harness.page();
        await page.setViewportSize(viewport);
        await openAiOffer(page, lang);
        // Checked as the player reads it: after the 160 ms entrance (its fade would lower every contrast).
        await page.evaluate(() => Promise.all(document.querySelector('[data-tp-offer]')!.shadowRoot!.getAnimations().map((a) => a.finished)));
        await page.addScriptTag({ path: AXE_PATH });
        const result = await page.evaluate(async () => {
          const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: Array<{ id: string; help: string; nodes: unknown[] }>; passes: unknown[] }> } }).axe;
          const r = await axe.run({ include: [['[data-tp-offer]']] }, { resultTypes: ['violations'] });
          return { violations: r.violations.map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes)}`), passes: r.passes.length };
        });
        expect(result.violations).toEqual([]);
        expect(result.passes).toBeGreaterThan(5); // it did look at the dialog
        await page.close();
      });
    }
  }
});
