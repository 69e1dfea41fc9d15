export { createCoreClient } from './create-client.js';
export type { ClientStats, DeadLettersApi, LoggingClient, TpClient } from './api.js';
export type { BeforeSend, LoggingOptions } from './logging-options.js';
export { refuseOfferOptions, type ClientOptions } from './options.js';
