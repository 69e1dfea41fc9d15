/**
 * What the SDK may learn about the page it runs in. Every function takes its input as an
 * argument (the user-agent string, the language list) so it is testable without a browser, and
 * nothing here touches `window` at import time: importing the SDK in Node or a worker is safe.
 *
 * @module
 */

/** The store an AI offer's recommendation is for (`recommendations[].store`; the spec shows `ios`). */
export type PlatformStore = 'ios' | 'android' | 'web' | (string & {});

/** The page's `navigator`, or undefined outside a browser. */
export function browserNavigator(): Navigator | undefined {
  return typeof navigator === 'object' && navigator !== null ? navigator : undefined;
}

/**
 * True where `fetch(…, { keepalive: true })` is honoured: the request outlives the page. Engines
 * that ignore the flag (Firefox before 133) do not expose `Request.prototype.keepalive`.
 */
export function keepaliveSupported(): boolean {
  return typeof Request === 'function' && 'keepalive' in Request.prototype;
}

/**
 * The page's `navigator.serviceWorker`, or undefined where there is none or reading it throws (a
 * sandboxed iframe without `allow-same-origin`).
 */
export function serviceWorkerContainer(): ServiceWorkerContainer | undefined {
  try {
    return browserNavigator()?.serviceWorker ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * True when a service worker controls this page: its requests then pass through that worker, and
 * one made as the page goes may never reach the network (docs/decisions.md, "Delivery: exactly
 * once on reload and close").
 */
export function controlledByWorker(): boolean {
  return serviceWorkerContainer()?.controller != null;
}

/**
 * True where the browser has `fetchLater` (Chromium 135 and newer): a request the browser sends
 * itself, past the page's service worker, even after the page is gone.
 */
export function hasFetchLater(): boolean {
  return typeof (globalThis as { fetchLater?: unknown }).fetchLater === 'function';
}

/**
 * The page's localStorage, or undefined where there is none or touching it throws (sandboxed
 * iframes throw on the mere property access). Its methods may still throw (blocked, full).
 */
export function localStorageOrUndefined(): Storage | undefined {
  try {
    return (globalThis as { localStorage?: Storage }).localStorage;
  } catch {
    return undefined;
  }
}

/**
 * True while the page is hidden (`document.visibilityState` is `hidden`: a background tab, a
 * minimized window, a locked phone). False outside a browser, where there is no page to hide.
 */
export function pageHidden(): boolean {
  return typeof document === 'object' && document !== null && document.visibilityState === 'hidden';
}

/** True where a DOM exists to draw into. */
export function hasDom(): boolean {
  return typeof document === 'object' && document !== null && typeof document.createElement === 'function';
}

const IOS = /\b(iPhone|iPad|iPod)\b/;
const ANDROID = /\bAndroid\b/;

/**
 * Which store's recommendation fits this device: `ios` for iPhone/iPad/iPod (and iPadOS that
 * reports itself as a Mac with touch), `android` for Android, `web` for everything else.
 */
export function detectStore(userAgent: string, maxTouchPoints = 0): PlatformStore {
  if (IOS.test(userAgent) || (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1)) return 'ios';
  if (ANDROID.test(userAgent)) return 'android';
  return 'web';
}

/**
 * `device_info` as the spec writes it: OS version, model name and device type joined by `||`,
 * for example `Android 14||Pixel 7||phone` or `Windows 10||Chrome 124||desktop`. Unknown parts
 * are `unknown`; `|` inside a part is replaced so the three fields stay separable.
 */
export function describeDevice(userAgent: string, maxTouchPoints = 0): string {
  const ipadOs = /\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1;
  const os = ipadOs ? 'iPadOS' : firstMatch(userAgent, OS_PATTERNS);
  const model = firstMatch(userAgent, MODEL_PATTERNS);
  const type =
    ipadOs || /\biPad\b|\bAndroid\b(?!.*\bMobile\b)/.test(userAgent) ? 'tablet' : /\b(iPhone|iPod|Mobile)\b/.test(userAgent) ? 'phone' : 'desktop';
  return [os, model, type].map((part) => part.replace(/\|/g, '/').trim() || 'unknown').join('||');
}

type Pattern = readonly [RegExp, (m: RegExpExecArray) => string];

const dots = (v: string | undefined): string => (v ?? '').replace(/_/g, '.');
const OS_PATTERNS: readonly Pattern[] = [
  [/\bAndroid ([\d.]+)/, (m) => `Android ${m[1]}`],
  [/\b(?:iPhone|CPU) OS ([\d_]+)/, (m) => `iOS ${dots(m[1])}`],
  [/\bWindows NT ([\d.]+)/, (m) => `Windows ${m[1] === '10.0' ? '10' : m[1]}`],
  [/\bMac OS X ([\d_.]+)/, (m) => `macOS ${dots(m[1])}`],
  [/\b(CrOS|Linux)\b/, (m) => (m[1] === 'CrOS' ? 'ChromeOS' : 'Linux')],
];
const BROWSERS: Readonly<Record<string, string>> = { Edg: 'Edge', OPR: 'Opera', Version: 'Safari' };
const MODEL_PATTERNS: readonly Pattern[] = [
  [/\b(iPhone|iPad|iPod)\b/, (m) => m[1]!],
  [/\bAndroid [\d.]+; (?:[a-z]{2}[-_][a-zA-Z]{2}; )?([^;)]+?)(?: Build\/[^;)]*)?[;)]/, (m) => m[1]!],
  // Edge and Opera also say Chrome/, and Chrome says Safari/: the more specific names first.
  [/\b(Edg|OPR|Firefox)\/(\d+)/, (m) => `${BROWSERS[m[1]!] ?? m[1]} ${m[2]}`],
  [/(?:\b|Headless)(Chrome|Version)\/(\d+)/, (m) => `${BROWSERS[m[1]!] ?? m[1]} ${m[2]}`],
];

function firstMatch(userAgent: string, patterns: readonly Pattern[]): string {
  for (const [pattern, format] of patterns) {
    const m = pattern.exec(userAgent);
    if (m) return format(m);
  }
  return 'unknown';
}

/**
 * The region subtag of the first language that has one (`ko-KR` → `KR`); else the likely region of
 * the first language that has a likely country (`ko` → `KR`, `en` → `US`: `Intl.Locale#maximize`,
 * CLDR's likely subtags); else undefined (no language, or none with a country).
 */
export function regionFromLanguages(languages: readonly string[]): string | undefined {
  for (const tag of languages) {
    const m = /^[a-zA-Z]{2,3}(?:-[a-zA-Z]{4})?-([a-zA-Z]{2})(?:-|$)/.exec(tag);
    if (m) return m[1]!.toUpperCase();
  }
  for (const tag of languages) {
    try {
      // `es-419` maximizes to the UN M.49 area 419, not a country: passed over.
      const region = new Intl.Locale(tag).maximize().region;
      if (region && /^[A-Z]{2}$/.test(region)) return region;
    } catch {
      // Not a well-formed tag (`en_US`), or no Intl.Locale (before Safari 14): no guess.
    }
  }
  return undefined;
}

/** A random identifier (UUID v4 where `crypto.randomUUID` exists). */
export function randomId(): string {
  const c = (globalThis as { crypto?: Crypto }).crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  let out = '';
  for (let i = 0; i < 32; i++) out += Math.floor(Math.random() * 16).toString(16);
  return out;
}
