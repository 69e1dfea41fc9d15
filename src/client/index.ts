export { createCoreClient } from './create-client.js';
export type { ClientStats, DeadLettersApi, EntryDefaults, LoggingClient, TpClient } from './api.js';
export type { ClientOptions } from './options.js';
