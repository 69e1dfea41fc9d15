export { createCoreClient, type ClientStats, type DeadLettersApi, type EntryDefaults, type LoggingClient, type TpClient } from './create-client.js';
export type { ClientOptions } from './options.js';
