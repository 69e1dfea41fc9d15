"use strict";

// DOM side: runs in the page, where the script-tag build (tp-web-sdk.iife.js, a DOM script
// dependency of the plugin) defines TPSDK. It answers the runtime's "call" messages with the
// bridge's reply and posts each bridge message to the runtime, with the queue's size.
{
	const DOM_COMPONENT_ID = "tp-web-sdk";

	const HANDLER_CLASS = class TpWebSdkDOMHandler extends globalThis.DOMHandler {
		constructor(iRuntime) {
			super(iRuntime, DOM_COMPONENT_ID);
			this._listening = false;
			this.AddRuntimeMessageHandlers([["call", (data) => this._call(data)]]);
		}

		_bridge() {
			return globalThis.TPSDK && globalThis.TPSDK.bridge;
		}

		_call(data) {
			const bridge = this._bridge();
			if (!bridge) return { reply: '{"v":1,"id":null,"ok":false,"error":{"name":"BridgeError","code":"not-loaded","message":"TPSDK is not loaded"}}' };
			if (!this._listening) {
				this._listening = true;
				bridge.listen((message) => this.PostToRuntime("message", Object.assign({ message: message }, this._counts(bridge))));
			}
			const reply = bridge.call(String(data.request));
			return Object.assign({ reply: reply }, this._counts(bridge));
		}

		/** The queue's size and the session, for the Queued and SessionId expressions. */
		_counts(bridge) {
			const stats = JSON.parse(bridge.call('{"v":1,"id":"tp-construct-stats","op":"stats"}'));
			const session = JSON.parse(bridge.call('{"v":1,"id":"tp-construct-session","op":"session"}'));
			const counts = {};
			if (stats.ok) counts.queued = stats.result.queued;
			if (session.ok && session.result) counts.sessionId = session.result.id;
			return counts;
		}
	};

	globalThis.RuntimeInterface.AddDOMHandlerClass(HANDLER_CLASS);
}
