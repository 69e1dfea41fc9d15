export { consentFromTcf, type ConsentTarget, type TcfBridge, type TcfBridgeState, type TcfOptions } from './bridge.js';
export type { ConsentState, TcData } from './decide.js';
export type { TcfApi, TcfCallback } from './locate.js';
