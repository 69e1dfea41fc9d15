/**
 * `tp-web-sdk/bridge`: the SDK driven by JSON strings, for game engines whose code cannot hold a
 * JavaScript object, a Promise or a function (Unity WebGL, Godot, Construct, Cocos). The
 * script-tag build has the same bridge as `TPSDK.bridge`. docs/bridge.md lists the ops.
 *
 * ```ts
 * import { bridge } from 'tp-web-sdk/bridge';
 * bridge.listen((message) => engine.receive(message));
 * bridge.call('{"v":1,"id":"1","op":"init","args":{"baseUrl":"…","clientKey":"…","authMode":"client","ui":"engine"}}');
 * bridge.call('{"v":1,"id":"2","op":"track","args":{"objectName":"players_stages","record":{…}}}');
 * ```
 *
 * @module tp-web-sdk/bridge
 */
import { createBridge, PAGE_UI, type Bridge } from './bridge/index.js';
import { createClient } from './index.js';

/** The page's bridge: one client per page, created by its `init` op. */
export const bridge: Bridge = /* @__PURE__ */ createBridge({ createClient, ui: PAGE_UI });

export {
  PROTOCOL_VERSION,
  type Bridge,
  type BridgeArgs,
  type BridgeAsyncOp,
  type BridgeErrorCode,
  type BridgeErrorJson,
  type BridgeInitOptions,
  type BridgeInitResult,
  type BridgeListener,
  type BridgeOp,
  type BridgeRequest,
  type BridgeResults,
  type BridgeUi,
  type BridgeView,
  type BridgeViewContent,
} from './bridge/index.js';
