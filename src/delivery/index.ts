export { buildLogsBody, type LogsBody } from './batch.js';
export { encodeLogsBody, type Compression, type EncodedBody } from './encode.js';
export { Transport, type Credentials, type Envelope, type TransportConfig } from './transport.js';
export { Uploader, type DeadLetterInfo, type DeliveryInfo, type FlushResult, type UploadInfo, type UploaderOptions } from './uploader.js';
