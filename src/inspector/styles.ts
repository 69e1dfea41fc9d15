/**
 * The inspector's style sheet, inside its shadow root: nothing leaks into the page, nothing of the
 * page's CSS reaches in. Controls are at least 44×44 CSS px (touch); the panel fits a 360×640
 * phone and scrolls inside. Nothing moves (no transition or animation), so there is nothing for
 * `prefers-reduced-motion: reduce` to turn off.
 *
 * @module
 */
export const INSPECTOR_CSS = `
:host { all: initial; }
* { box-sizing: border-box; }
.fab, .panel { position: fixed; z-index: 2147483647; font: 14px/1.4 system-ui, sans-serif; color: #f2f2f2; }
.fab { min-width: 48px; min-height: 48px; border-radius: 24px; border: 2px solid #fff; background: #0b57d0; font-weight: 700; cursor: pointer; opacity: .85; }
.fab:hover, .fab:focus-visible { opacity: 1; }
.bottom-right { right: max(12px, env(safe-area-inset-right)); bottom: max(12px, env(safe-area-inset-bottom)); }
.bottom-left { left: max(12px, env(safe-area-inset-left)); bottom: max(12px, env(safe-area-inset-bottom)); }
.top-right { right: max(12px, env(safe-area-inset-right)); top: max(12px, env(safe-area-inset-top)); }
.top-left { left: max(12px, env(safe-area-inset-left)); top: max(12px, env(safe-area-inset-top)); }
.panel { display: flex; flex-direction: column; width: min(440px, calc(100vw - 16px)); max-height: calc(100vh - 16px); max-height: calc(100dvh - 16px);
  background: #16181d; border: 1px solid #5f6368; border-radius: 8px; box-shadow: 0 4px 24px rgba(0,0,0,.5); }
.panel.bottom-right, .panel.top-right { right: 8px; } .panel.bottom-left, .panel.top-left { left: 8px; }
.panel.bottom-right, .panel.bottom-left { bottom: 8px; } .panel.top-right, .panel.top-left { top: 8px; }
.panel[hidden], .fab[hidden] { display: none; }
header { display: flex; align-items: center; gap: 8px; padding: 4px 4px 4px 12px; border-bottom: 1px solid #3c4043; }
h2 { flex: 1; margin: 0; font-size: 16px; }
h2:focus { outline: none; }
h2:focus-visible { outline: 2px solid #8ab4f8; }
h3 { margin: 12px 0 4px; font-size: 14px; color: #fff; }
.body { overflow: auto; overscroll-behavior: contain; padding: 0 12px 12px; -webkit-overflow-scrolling: touch; }
.actions { display: flex; flex-wrap: wrap; gap: 8px; padding: 8px 12px 0; }
button { min-width: 44px; min-height: 44px; padding: 8px 12px; font: inherit; color: #fff; background: #2d3138; border: 1px solid #8a8f98; border-radius: 6px; cursor: pointer; touch-action: manipulation; }
button:focus-visible, .body:focus-visible { outline: 3px solid #8ab4f8; outline-offset: 2px; }
.close { font-size: 20px; line-height: 1; }
.message { margin: 8px 12px 0; min-height: 1.4em; color: #c8e6c9; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 2px 12px; margin: 0; }
dt { color: #bdc1c6; } dd { margin: 0; overflow-wrap: anywhere; }
table { width: 100%; border-collapse: collapse; font-size: 13px; }
th, td { text-align: left; vertical-align: top; padding: 3px 4px; border-bottom: 1px solid #3c4043; white-space: nowrap; }
td.wrap { width: 100%; white-space: normal; overflow-wrap: anywhere; }
th { color: #bdc1c6; font-weight: 600; }
ul, ol { margin: 0; padding-left: 18px; } li { margin: 2px 0; overflow-wrap: anywhere; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.none { color: #bdc1c6; margin: 0; }
textarea { width: 100%; min-height: 120px; margin-top: 8px; font: 12px/1.3 ui-monospace, monospace; color: #f2f2f2; background: #0d0f12; border: 1px solid #8a8f98; }
@media (forced-colors: active) { .fab, .panel, button { border: 1px solid CanvasText; } }
`;
