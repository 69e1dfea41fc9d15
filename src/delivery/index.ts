export { buildLogsBody, takeBatch, type BatchLimits, type LogsBody } from './batch.js';
export { encodeLogsBody, type Compression, type EncodedBody } from './encode.js';
export { Transport, type Credentials, type Envelope, type TransportConfig } from './transport.js';
export { Uploader, type DeadLetterInfo, type DeliveryInfo, type DeliveryWatch, type FlushResult, type UploadInfo, type UploaderOptions } from './uploader.js';
export { backoffDelay, DEFAULT_RETRY, MAX_RETRY_AFTER_MS, parseRetryAfter, type RetryPolicy } from './backoff.js';
export { UploadScheduler, type RetryInfo, type SchedulerOptions, type Trigger } from './scheduler.js';
export { createSendGate, type GateClosed, type SendGate, type SendGateSources } from './send-gate.js';
export { createServiceHealth, FAILURE_MEMORY_MS, SUCCESS_MEMORY_MS, type ServiceHealth } from './service-health.js';
export { connectRelay, RELAY_WAIT_MS, type RelayConfig, type UnloadRelay } from './relay.js';
