/**
 * The demo game: embeds tp-web-sdk the way a studio would, and shows what it does.
 *
 * Query parameters (the browser tests use them): `player` (player slug), `flushIntervalMs`,
 * `lang` (offer language), `storage` (`indexeddb` or `memory`), `requestTimeoutMs`,
 * `maxBatchRecords`, `retryBaseMs` and `retryCapMs`; `consent` (`pending` plays a game waiting
 * for its consent banner, `denied`) and `gpc` (`1`: honour the browser's Global Privacy Control);
 * `sessionGraceMs` and `minIntervalMs` (the offer rules' grace and interval, 5000 and 20000 here)
 * and `stageResult` (`clear` or `fail`: every stage ends so, instead of a clear 70% of the time);
 * `store` and `storeDelayMs`: how the fake store behind an offer's Buy answers (fake-store.ts).
 *
 * Once the page is ready (`body[data-ready="true"]`), `window.demo` holds the client (`tp`), the
 * inspector's handle (`inspector`; `?tp-inspector` opens it at start) and
 * what tools and tests look at: `phaserReady` (a promise, true once the Phaser panel runs),
 * `phaserTexts()`, `phaserControls()` and `phaserImages()` (what the Phaser scene drew; see
 * views-panel.ts).
 */
import { createClient, isTpError, type Offer } from 'tp-web-sdk';
import { attachInspector } from 'tp-web-sdk/inspector';
import { fakeStore } from './fake-store.js';
import { createOfflineSwitch } from './offline-fetch.js';
import { drawScene, type SceneState } from './scene.js';
import { mountThreeWays } from './views-panel.js';

interface DemoConfig {
  baseUrl: string;
  clientKey: string;
  authMode: string;
  viewUrl: string;
}

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;
const params = new URLSearchParams(location.search);

function playerSlug(): string {
  const fromUrl = params.get('player');
  if (fromUrl) return fromUrl;
  let slug = localStorage.getItem('demo-player');
  if (!slug) {
    slug = `player-${Math.random().toString(36).slice(2, 8)}`;
    localStorage.setItem('demo-player', slug);
  }
  return slug;
}

function log(text: string): void {
  const item = document.createElement('li');
  item.textContent = `${new Date().toLocaleTimeString()} ${text}`;
  const list = $('log');
  list.prepend(item);
  while (list.children.length > 60) list.lastElementChild?.remove();
}

async function main(): Promise<void> {
  const config = (await (await fetch('/config.json')).json()) as DemoConfig;
  const player = playerSlug();
  const network = createOfflineSwitch();
  const intervalParam = params.get('flushIntervalMs');
  const storage = params.get('storage');
  const consent = params.get('consent');
  // Offers are drawn three ways at once: DOM, canvas and Phaser panels (views-panel.ts).
  const threeWays = mountThreeWays($('three-ways'), log);
  const tp = createClient({
    ui: threeWays.ui,
    baseUrl: config.baseUrl,
    clientKey: config.clientKey,
    authMode: config.authMode,
    playerSlug: player,
    fetch: network.fetch,
    appVersion: '1.0.0',
    region: 'KR',
    // The SDK sends players_login at each session's start and players_join once per player here.
    autoLogin: 'session',
    autoJoin: true,
    ...(intervalParam !== null ? { flushIntervalMs: Number(intervalParam) } : {}),
    ...(storage === 'memory' || storage === 'indexeddb' ? { storage } : {}),
    ...(consent === 'pending' || consent === 'denied' || consent === 'granted' ? { consent } : {}),
    // Offers at the game's two natural breaks. The caps are the demo's, short so that an offer
    // shows within a minute of play; a game keeps the defaults (3 minutes between two opens, none
    // in a session's first minute, 3 a session, 6 a day).
    offerRules: {
      minIntervalMs: params.get('minIntervalMs') ? Number(params.get('minIntervalMs')) : 20_000,
      sessionGraceMs: params.get('sessionGraceMs') ? Number(params.get('sessionGraceMs')) : 5_000,
      maxPerSession: 10,
      maxPerDay: 30,
      placements: { 'stage-clear': {}, 'game-over': {} },
      // A cleared stage asks for 'stage-clear' through this trigger, once its characters_stages
      // record is tracked, and the SDK runs it at the break (gameplayStop). The demo calls no
      // showAt('stage-clear') of its own: both would ask twice for one clear.
      triggers: [{ on: 'characters_stages', when: (r) => r.stage_result === 'clear', placement: 'stage-clear' }],
    },
    // A Buy on an offer goes through the game's store (here a fake one); the SDK tracks the
    // characters_purchases record of what was paid, for the demo's character.
    purchase: fakeStore(params, log),
    characterSlug: 'knight',
    ...(params.get('gpc') === '1' ? { respectGlobalPrivacyControl: true } : {}),
    ...(params.get('lang') ? { language: params.get('lang')! } : {}),
    ...(params.get('requestTimeoutMs') ? { requestTimeoutMs: Number(params.get('requestTimeoutMs')) } : {}),
    ...(params.get('maxBatchRecords') ? { maxBatchRecords: Number(params.get('maxBatchRecords')) } : {}),
    ...(params.get('retryBaseMs') ? { retry: { baseMs: Number(params.get('retryBaseMs')), capMs: Number(params.get('retryCapMs') ?? 300_000) } } : {}),
  });

  // The in-game inspector, for QA on a phone: the "Open inspector" button, F9, or ?tp-inspector in
  // the address open it (the demo has its own button, so no floating one over the page).
  const inspector = attachInspector(tp, { key: 'F9', button: false });
  $('inspector').addEventListener('click', () => inspector.open());

  $('player').textContent = player;
  $<HTMLAnchorElement>('view-link').href = config.viewUrl;
  const refreshStats = (): void => {
    const s = tp.stats();
    $('queued').textContent = String(s.queued);
    // stats() counts what this tab uploaded; with the game open in several tabs, one uploads for all.
    $('delivered').textContent = s.leader || s.delivered > 0 ? String(s.delivered) : `${s.delivered} (another tab uploads for this one)`;
    $('storage').textContent = s.storage;
  };
  tp.on('queue', refreshStats);
  tp.on('delivered', (info) => {
    refreshStats();
    log(`delivered ${info.records} record(s) in ${info.bytes} bytes${info.keepalive ? ' (keepalive)' : ''}`);
  });
  tp.on('error', (error) => log(`error: ${error.message}`));
  // The consent banner's buttons: records wait in memory until the player answers.
  const renderConsent = (): void => {
    $('consent').textContent = tp.consent === 'pending' ? 'pending (records wait in memory, nothing is stored or sent)' : tp.consent;
    refreshStats();
  };
  tp.on('consent', (e) => {
    log(`consent: ${e.state}${e.source === 'global-privacy-control' ? ' (the browser sends Global Privacy Control)' : ''}`);
    renderConsent();
  });
  tp.on('dropped', (e) => log(`dropped ${e.records} record(s): ${e.reason}`));
  $('consent-grant').addEventListener('click', () => tp.setConsent('granted'));
  $('consent-deny').addEventListener('click', () => tp.setConsent('denied'));
  $('forget').addEventListener('click', () => {
    tp.forget().then(
      () => log('forget: everything the SDK stored on this device is erased'),
      (e: unknown) => log(`forget failed: ${isTpError(e) ? e.message : String(e)}`),
    );
  });
  renderConsent();
  // The unload upload, made visible: what this page sends while it is being hidden or unloaded is
  // noted in sessionStorage (it survives a reload), because the page may never see the answer.
  // A trusted one (the service had been answering) counts as delivered; an untrusted one is sent
  // again from the queue next time. Notes carry this page's token and the request id, as the
  // observer below does.
  const pageToken = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const UNLOAD_KEY = 'tp-demo-unload-uploads';
  const previousUnloadUploads = JSON.parse(sessionStorage.getItem(UNLOAD_KEY) ?? '[]') as unknown[];
  if (previousUnloadUploads.length > 0) {
    const trusted = previousUnloadUploads.filter((u) => (u as { trusted?: boolean }).trusted).length;
    log(`the last page sent ${previousUnloadUploads.length} record(s) while unloading: ${trusted} counted as delivered (the service had been answering), the others are sent again if unconfirmed`);
  }
  sessionStorage.removeItem(UNLOAD_KEY);
  tp.on('upload', (info) => {
    if (!info.keepalive) return;
    const noted = JSON.parse(sessionStorage.getItem(UNLOAD_KEY) ?? '[]') as unknown[];
    noted.push(...info.entries.map((e) => ({ objectName: e.objectName, record: e.record, page: pageToken, requestId: info.requestId, trusted: info.trusted || info.relayed })));
    sessionStorage.setItem(UNLOAD_KEY, JSON.stringify(noted));
  });
  // Tools and tests watching the demo may install `window.tpObserver` before the page runs: it
  // hears every upload as it leaves (`upload`, or `upload-keepalive` while the page is hidden or
  // unloading, `upload-keepalive-trusted` when that one counts as delivered) and every
  // confirmation (the chaos suite matches them up).
  const observer = (window as unknown as { tpObserver?: (event: string, page: string, requestId: number, records?: unknown[]) => void }).tpObserver;
  if (observer) {
    tp.on('upload', (info) => observer(info.keepalive ? (info.trusted ? 'upload-keepalive-trusted' : 'upload-keepalive') : 'upload', pageToken, info.requestId, info.entries.map((e) => e.record)));
    tp.on('delivered', (info) => observer('delivered', pageToken, info.requestId));
  }

  // Logins and the join are the SDK's (autoLogin, autoJoin): the log shows the sessions.
  tp.on('session:start', (s) => log(`session ${s.index} started (${s.id.slice(0, 8)})`));
  tp.on('session:end', (e) => log(`session ${e.session.index} ended: ${e.reason}`));
  if (tp.session) log(`session ${tp.session.index} (${tp.session.id.slice(0, 8)})`);

  const state: SceneState = { stage: 1, gold: 0, potions: 0, message: 'Click the canvas to play a stage.' };
  const canvas = $<HTMLCanvasElement>('game');
  drawScene(canvas, state, 0);

  // A stage is gameplay; from its end to the next stage is a natural break (gameplayStop). A
  // failed stage is a game over: the break where the demo asks for the 'game-over' offer.
  let stagesRunning = 0; // a click during a stage starts another one over it
  const stageResult = params.get('stageResult');
  const gameOver = async (): Promise<void> => {
    const outcome = await tp.offers.showAt('game-over').catch((e: unknown) => log(`showAt: ${isTpError(e) ? e.message : String(e)}`));
    if (outcome && outcome.action !== 'skipped') log(`offer ${outcome.offerId} at game-over closed: ${outcome.action}`);
    renderOffers();
  };
  const playStage = (): void => {
    stagesRunning += 1;
    tp.gameplayStart();
    const started = performance.now();
    const cleared = stageResult === 'clear' || (stageResult !== 'fail' && Math.random() < 0.7);
    const animate = (t: number): void => {
      const p = Math.min(1, (t - started) / 500);
      drawScene(canvas, state, Math.sin(p * Math.PI));
      if (p < 1) requestAnimationFrame(animate);
      else finish();
    };
    const finish = (): void => {
      const stage = `stage_${state.stage}`;
      const result = cleared ? 'clear' : 'fail';
      tp.track('players_stages', { stage_slug: stage, stage_result: result, stage_score: cleared ? 100 : 0 });
      tp.track('characters_stages', { character_slug: 'knight', stage_slug: stage, stage_result: result });
      if (cleared) {
        state.gold += 10;
        state.stage += 1;
      }
      state.message = cleared ? `Cleared ${stage}! +10 gold` : `Game over at ${stage}. Try again.`;
      drawScene(canvas, state, 0);
      if (--stagesRunning > 0) return;
      tp.gameplayStop();
      if (!cleared) void gameOver();
    };
    requestAnimationFrame(animate);
  };
  canvas.addEventListener('click', playStage);
  canvas.addEventListener('keydown', (e) => e.key === 'Enter' && playStage());
  $('play').addEventListener('click', playStage);

  $('buy').addEventListener('click', () => {
    tp.track('characters_purchases', {
      character_slug: 'knight',
      purchasable_slug: 'potion',
      purchase_quantity: 1,
      purchase_unit_price: 0.99,
      purchase_total_price: 0.99,
      purchase_currency_code: 'USD',
    });
    state.potions += 1;
    state.message = 'Bought a potion.';
    drawScene(canvas, state, 0);
  });

  $('flush').addEventListener('click', () => {
    tp.flush().then(
      (r) => log(`flush: ${r.records} record(s) in ${r.batches} request(s)${r.deadLettered ? `, ${r.deadLettered} put aside` : ''}`),
      (e: unknown) => log(`flush failed: ${isTpError(e) ? e.message : String(e)}`),
    );
  });

  const offlineButton = $('offline');
  // The demo's switch, or the browser itself (DevTools, airplane mode), which the SDK watches too.
  const renderNetwork = (): void => {
    $('network').textContent = network.offline
      ? 'offline (uploads fail, records stay queued)'
      : navigator.onLine
        ? 'online'
        : 'offline: the browser (nothing is sent, records stay queued)';
  };
  addEventListener('online', renderNetwork);
  addEventListener('offline', renderNetwork);
  renderNetwork();
  offlineButton.addEventListener('click', () => {
    network.offline = !network.offline;
    offlineButton.setAttribute('aria-pressed', String(network.offline));
    offlineButton.textContent = network.offline ? 'Go online' : 'Go offline';
    renderNetwork();
    if (!network.offline) void tp.flush().catch(() => undefined);
  });

  const show = async (offerId: number): Promise<void> => {
    try {
      const outcome = await tp.offers.show(offerId);
      const purchase = outcome.action === 'interact' && outcome.purchase;
      log(`offer ${outcome.offerId} closed: ${outcome.action}${purchase ? ` (purchase ${purchase.result.status}${purchase.tracked ? ', tracked' : ''})` : ''}`);
    } catch (e) {
      log(`show: ${isTpError(e) ? e.message : String(e)}`);
    }
    renderOffers();
  };
  /** Updates the list in place (keyed by offer id), so a focused Show button survives a re-render and gets focus back when its dialog closes. */
  const renderOffers = (): void => {
    const list = $('offers');
    const items = new Map([...list.children].map((li) => [(li as HTMLElement).dataset.offerId, li as HTMLLIElement]));
    const listed = tp.offers.list();
    listed.forEach(({ offer, verdict, state }, index) => {
      let item = items.get(String(offer.offer_id));
      if (!item) {
        item = document.createElement('li');
        item.dataset.offerId = String(offer.offer_id);
        item.dataset.kind = offer.kind;
        item.append(document.createElement('span'));
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'Show';
        button.setAttribute('aria-label', `Show offer ${offer.offer_id} (${offer.kind})`);
        button.addEventListener('click', () => void show(offer.offer_id));
        item.append(button);
      }
      item.dataset.verdict = verdict.usable ? 'usable' : verdict.reason;
      item.dataset.state = state;
      item.querySelector('span')!.textContent = `#${offer.offer_id} ${offer.kind}: ${verdict.usable ? 'usable' : verdict.reason}, ${state} `;
      item.querySelector('button')!.hidden = !verdict.usable;
      // In the listed order; an item already in place is not moved (moving it would blur its button).
      if (list.children[index] !== item) list.insertBefore(item, list.children[index] ?? null);
    });
    const ids = new Set(listed.map((l) => String(l.offer.offer_id)));
    for (const [id, li] of items) if (!ids.has(id!)) li.remove();
  };
  const refreshOffers = async (): Promise<Offer[]> => {
    try {
      const offers = await tp.offers.refresh();
      renderOffers();
      return offers;
    } catch (e) {
      log(`offers: ${isTpError(e) ? e.message : String(e)}`);
      return [];
    }
  };
  $('refresh-offers').addEventListener('click', () => void refreshOffers());
  // Every move of an offer, as the state machine reports it.
  for (const status of ['impress', 'open', 'dismiss', 'interact'] as const) {
    tp.on(`offer:${status}`, (e) => {
      log(`offer ${e.offer.offer_id}: ${status}${e.detail ? ` (${e.detail})` : ''} → ${e.state}`);
      renderOffers();
    });
  }
  tp.on('offer:purchase', (e) => log(`offer ${e.offerId}: purchase of ${e.productId ?? '?'} ${e.result.status}${e.tracked ? ' (characters_purchases tracked)' : ''}`));
  tp.on('offer:expired', (e) => {
    log(`offer ${e.offer.offer_id} expired on screen: closed by the SDK`);
    renderOffers();
  });
  // Why a placement showed nothing (the inspector lists every decision with each offer's reason).
  tp.on('offer:skipped', (e) => log(`offer at ${e.placement}: skipped (${e.reason}${e.cap ? `: ${e.cap}` : ''})`));
  tp.on('warning', (w) => log(`warning: ${w.message}`));
  $('show-offer').addEventListener('click', async () => {
    const [newest] = await refreshOffers();
    if (newest) await show(newest.offer_id);
    else log('no usable offer');
  });
  void refreshOffers();

  refreshStats();
  // Which tab uploads changes without a queue event (a tab closed, this one elected).
  setInterval(refreshStats, 1000);
  const { phaserTexts, phaserControls, phaserImages } = threeWays;
  Object.assign(window, { demo: { tp, inspector, state, network, previousUnloadUploads, phaserTexts, phaserControls, phaserImages, phaserReady: threeWays.loadPhaser() } });
  document.body.dataset.ready = 'true';
}

void main();
