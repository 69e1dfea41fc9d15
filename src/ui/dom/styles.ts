/**
 * The dialog's stylesheet. It lives inside the adapter's shadow root, so the game's CSS cannot
 * reach it and it cannot reach the game. Theme it from outside with these custom properties on
 * the host element (they inherit through the shadow boundary):
 *
 * `--tp-bg`, `--tp-fg`, `--tp-muted`, `--tp-accent`, `--tp-accent-fg`, `--tp-radius`, `--tp-font`,
 * `--tp-backdrop`, `--tp-focus`.
 *
 * Over the viewport (`.safe`, set by the adapter) the card keeps out of a notch, a status bar or a
 * home indicator: at least `env(safe-area-inset-*)` from each edge, on a `viewport-fit=cover` page.
 * The backdrop and the card hold scroll chaining (`overscroll-behavior: contain`), so a wheel, a
 * finger or a key on the dialog does not scroll the page behind it.
 *
 * The dialog fades and rises in over 160 ms, except under `prefers-reduced-motion: reduce`. In
 * forced colors (backgrounds replaced, shadows dropped) the card and the buttons get a border.
 * Written one rule per line: it ships as this string, unminified. {@link adoptStyles} puts it in a
 * dialog's shadow root.
 *
 * @module
 */
export const DIALOG_CSS = `.backdrop{position:absolute;inset:0;display:flex;align-items:center;justify-content:center;padding:16px;overflow:auto;overscroll-behavior:contain;background:var(--tp-backdrop,#0009);font-family:var(--tp-font,system-ui,sans-serif)}
.safe{padding:max(16px,env(safe-area-inset-top)) max(16px,env(safe-area-inset-right)) max(16px,env(safe-area-inset-bottom)) max(16px,env(safe-area-inset-left))}
.dialog{display:flex;flex-direction:column;box-sizing:border-box;width:min(440px,100%);max-height:100%;overflow:auto;overscroll-behavior:contain;background:var(--tp-bg,#1d2330);color:var(--tp-fg,#f4f6fb);border-radius:var(--tp-radius,14px);box-shadow:0 12px 40px #0008}
.dialog:focus{outline:none}
@media (prefers-reduced-motion:no-preference){.dialog{animation:tp-in .16s ease-out}@keyframes tp-in{from{opacity:0;transform:translateY(8px)}}}
.hero{display:block;width:100%;max-height:180px;object-fit:cover}
.body{padding:20px 20px 16px}
.title{margin:0 44px 12px 0;font-size:1.25rem;line-height:1.3}
.title,.message,.name,.toggle span{overflow-wrap:anywhere;word-break:keep-all}
.message{margin:0 0 16px;line-height:1.5;white-space:pre-wrap}
.line{min-height:1.5em}
.products{list-style:none;margin:0 0 12px;padding:0;display:grid;gap:8px}
.product{display:flex;align-items:center;justify-content:space-between;gap:12px;flex-wrap:wrap}
.name{font-weight:600}
.price,.toggle{color:var(--tp-muted,#b8c0d4)}
.price s{margin-right:6px}
.rate{margin-left:6px;color:var(--tp-accent,#ffb020);font-weight:700}
button{font:inherit;cursor:pointer;border:0;border-radius:10px;min-height:44px;min-width:44px}
:focus-visible{outline:3px solid var(--tp-focus,#7cc4ff);outline-offset:2px}
.buy{padding:10px 18px;background:var(--tp-accent,#ffb020);color:var(--tp-accent-fg,#1b1300);font-weight:700}
.close{position:sticky;top:8px;order:-1;margin:8px 8px -52px auto;background:#0006;color:#fff;font-size:1.4rem;line-height:1;padding:0}
.toggle{display:flex;align-items:center;gap:8px;min-height:44px;font-size:.9rem}
.toggle input{width:20px;height:20px;margin:0}
@media (forced-colors:active){.dialog,button{border:1px solid}}`;

/** One parsed stylesheet per document, shared by every dialog it shows. */
const sheets = new WeakMap<Document, CSSStyleSheet>();

/**
 * Gives `shadow` the dialog's stylesheet: a constructed stylesheet, which a strict `style-src`
 * policy does not block, or a `<style>` element carrying `nonce` where a browser cannot construct
 * one (Safari before 16.4, Firefox before 101).
 */
export function adoptStyles(shadow: ShadowRoot, doc: Document, nonce: string | undefined): void {
  const view = doc.defaultView as (Window & typeof globalThis) | null;
  if (view && 'adoptedStyleSheets' in shadow && typeof view.CSSStyleSheet === 'function') {
    try {
      let sheet = sheets.get(doc);
      if (!sheet) {
        sheet = new view.CSSStyleSheet();
        sheet.replaceSync(DIALOG_CSS);
        sheets.set(doc, sheet);
      }
      shadow.adoptedStyleSheets = [sheet];
      return;
    } catch {
      // Older engines: constructor exists but is not constructable. Fall through.
    }
  }
  const style = doc.createElement('style');
  // The attribute, not the `nonce` property: the engines that need this fallback may read only the
  // attribute (older WebKit did), and setting it also sets the nonce the policy checks.
  if (nonce) style.setAttribute('nonce', nonce);
  style.textContent = DIALOG_CSS;
  shadow.append(style);
}
