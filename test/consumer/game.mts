// What a game writes, type-checked against the built package (dist/types) by its own name.
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
