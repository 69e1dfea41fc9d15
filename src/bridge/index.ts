export { createBridge, type Bridge } from './bridge.js';
export { PAGE_UI } from './page-ui.js';
export { PROTOCOL_VERSION, type BridgeErrorCode } from './args.js';
export type { BridgeListener } from './outbox.js';
export { OP_CHECKS, type BridgeArgs, type BridgeAsyncOp, type BridgeOp, type BridgeRequest, type BridgeResults } from './protocol.js';
export type { BridgeInitOptions, BridgeInitResult, BridgeUi, BridgeView, BridgeViewContent } from './types.js';
export type { BridgeErrorJson } from './wire.js';
