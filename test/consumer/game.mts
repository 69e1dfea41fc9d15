// What a game writes, type-checked against the packed package by scripts/check-consumer-types.mjs
// (npm run typecheck:consumer: TypeScript 5.4.3 and the newest 5.x, four module resolutions), and
// against the source by npm run typecheck.
import { createClient, createHeadlessAdapter, type OfferOutcome } from 'tp-web-sdk';
import { createCanvasAdapter } from 'tp-web-sdk/canvas';
import { createDomAdapter } from 'tp-web-sdk/dom';
import { createClient as createLoggingClient } from 'tp-web-sdk/logging';

const tp = createClient({ baseUrl: 'https://api.example.com/v2021.4/web', clientKey: 'k', authMode: 'client', ui: createDomAdapter() });
tp.on('delivered', (info) => console.log(info.records));
tp.track('players_login', {});
const outcome: Promise<OfferOutcome> = tp.offers.show(1);
void outcome;
void createCanvasAdapter;
void createHeadlessAdapter;
createLoggingClient({ baseUrl: 'https://api.example.com/v2021.4/web', clientKey: 'k', authMode: 'client' }).track('players_join', {});

// Every type the options and results name can be imported by name: the logging options' from
// either entry point, the offer options' from tp-web-sdk.
import type { LoggingOptions, QueueEntry, RetryPolicy } from 'tp-web-sdk/logging';
import type { AutoRefreshOptions, ClientOptions, LoggingOptions as L2, OfferOptions, PlatformStore, ProductCheck, QueueEntry as Q2, RetryPolicy as R2 } from 'tp-web-sdk';
const retry: Partial<RetryPolicy> & Partial<R2> = { baseMs: 1000 };
const loggingOptions: LoggingOptions & L2 = { baseUrl: 'https://api.example.com/v2021.4/web', clientKey: 'k', authMode: 'client', retry };
void createLoggingClient(loggingOptions);
const platform: PlatformStore = 'web';
const refresh: AutoRefreshOptions = { onStart: true };
const check = (product: ProductCheck): boolean => product.id !== 'owned_sword';
const offerOptions: OfferOptions = { platform, offersAutoRefresh: refresh, canPurchase: check };
const clientOptions: ClientOptions = { ...loggingOptions, ...offerOptions };
void createClient(clientOptions);
// @ts-expect-error an offer option: tp-web-sdk/logging has no offers
void createLoggingClient({ ...loggingOptions, canPurchase: check });
// @ts-expect-error `store` is renamed `platform`
void createClient({ ...loggingOptions, store: 'web' });
const entry: QueueEntry & Q2 = { objectName: 'players_join', record: {}, enqueuedAt: 0 }; // a DeadLetter's entries
void entry;

// The TCF bridge, on any object with `consent` and `setConsent`.
import { consentFromTcf, type ConsentState, type TcfBridgeState } from 'tp-web-sdk/tcf';
const consentStore = { consent: 'pending' as ConsentState, setConsent(state: ConsentState) { this.consent = state; } };
const bridge = consentFromTcf(consentStore, { purposes: [1, 7, 8], timeoutMs: 2000 });
const bridgeState: TcfBridgeState = bridge.state;
void bridgeState;
bridge.stop();

// The inspector, on a client of either entry point.
import { attachInspector, type InspectorHandle, type InspectorReport } from 'tp-web-sdk/inspector';
const inspector: InspectorHandle = attachInspector(tp, { key: 'F9', queryParameter: false, button: false, corner: 'top-left' });
const inspectorReport: InspectorReport = inspector.report();
void inspectorReport.uploads[0]?.kinds.players_login;
attachInspector(createLoggingClient({ baseUrl: 'https://api.example.com/v2021.4/web', clientKey: 'k', authMode: 'client' })).detach();

// The types are the real ones under every module resolution, not `any`: each line below must fail.
// @ts-expect-error not one of the 43 object names
tp.track('players_logins', {});
// @ts-expect-error a string where a number belongs
tp.track('players_offers', { offer_id: '1', message_status: 'open' });
// @ts-expect-error authMode missing
createLoggingClient({ baseUrl: 'https://api.example.com/v2021.4/web', clientKey: 'k' });
// @ts-expect-error the canvas adapter needs a context
createCanvasAdapter({});
// @ts-expect-error not a corner
attachInspector(tp, { corner: 'middle' });
// @ts-expect-error not a consent state
consentFromTcf({ consent: 'yes', setConsent: () => undefined });
