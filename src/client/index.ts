export { createCoreClient } from './create-client.js';
export type { ClientStats, DeadLettersApi, LoggingClient, TpClient } from './api.js';
export type { BeforeSend, ClientOptions } from './options.js';
