// Runtime side (the main thread or a Web Worker): every call goes to the DOM side as a bridge
// request string; replies and the bridge's messages come back as strings. Nothing here throws
// into the event sheet: failures set LastError and fire On error.
const C3 = globalThis.C3;

// Must match domSide.js.
const DOM_COMPONENT_ID = "tp-web-sdk";

C3.Plugins.TpWebSdk.Instance = class TpWebSdkInstance extends globalThis.ISDKInstanceBase {
	constructor() {
		super({ domComponentId: DOM_COMPONENT_ID });
		this._nextId = 0;
		this._sessionId = "";
		this._queued = 0;
		this._lastError = "";
		this._lastOfferId = 0;
		this._lastProductId = "";
		this._warned = false;
		/** Final replies awaited, by request id: an asynchronous action ends when its op does. */
		this._waiting = new Map();
		this._addDOMMessageHandler("message", (data) => this._onMessage(data));
	}

	_release() {
		super._release();
	}

	/**
	 * Sends one bridge request; the reply is read for errors and the counters it carries. For an
	 * asynchronous op (a `pending` reply) the promise ends with its final reply, so "Wait for
	 * previous actions to complete" waits for a flush or an offer on screen.
	 */
	_request(op, args) {
		const id = "c" + (++this._nextId);
		const request = JSON.stringify({ v: 1, id: id, op: op, args: args || {} });
		return this._postToDOMAsync("call", { request: request }).then(
			(data) => {
				const reply = this._onReply(op, data);
				if (!reply || !reply.pending) return reply;
				return new Promise((resolve) => this._waiting.set(id, (final) => resolve(this._onFinal(op, final))));
			},
			(error) => this._fail(op + ": " + (error && error.message ? error.message : String(error)))
		);
	}

	_onFinal(op, reply) {
		if (reply.ok === false) this._fail(op + ": " + (reply.error && reply.error.message));
		return reply;
	}

	_onReply(op, data) {
		this._count(data);
		let reply;
		try {
			reply = JSON.parse(data.reply);
		} catch (error) {
			return this._fail(op + ": the DOM side sent no JSON reply");
		}
		if (reply.ok === false && reply.error && reply.error.code === "not-loaded" && !this._warned) {
			// The page has no SDK (a preview without the DOM script): calls do nothing, said once.
			this._warned = true;
			console.warn("tp-web-sdk: the SDK is not loaded in the page; calls do nothing");
		}
		if (reply.ok === false) this._fail(op + ": " + (reply.error && reply.error.message));
		else if (op === "init" || op === "session") this._sessionOf(reply.result);
		return reply;
	}

	_onMessage(data) {
		this._count(data);
		let message;
		try {
			message = JSON.parse(data.message);
		} catch (error) {
			return;
		}
		const Cnds = C3.Plugins.TpWebSdk.Cnds;
		const payload = message.data || {};
		const waiting = message.id !== undefined && this._waiting.get(message.id);
		if (waiting) {
			this._waiting.delete(message.id);
			return waiting(message);
		}
		switch (message.event) {
			case "session:start": this._sessionId = String(payload.id || ""); break;
			case "offer:open": this._lastOfferId = payload.offer ? payload.offer.offer_id : 0; this._trigger(Cnds.OnOfferShown); break;
			// It left the screen: dismissed by the player, or closed (after a Buy, by the game, or
			// as it expired: offer:expired follows that offer:close).
			case "offer:dismiss":
			case "offer:close":
				this._lastOfferId = payload.offer ? payload.offer.offer_id : 0;
				this._trigger(Cnds.OnOfferClosed);
				break;
			case "offer:interact":
				this._lastOfferId = payload.offer ? payload.offer.offer_id : 0;
				this._lastProductId = String(payload.detail || "");
				this._trigger(Cnds.OnPurchase);
				break;
			case "error": this._fail(payload.message); break;
		}
	}

	_count(data) {
		if (data && typeof data.queued === "number") this._queued = data.queued;
		if (data && typeof data.sessionId === "string") this._sessionId = data.sessionId;
	}

	_sessionOf(result) {
		if (result && typeof result.id === "string") this._sessionId = result.id;
	}

	_fail(message) {
		this._lastError = String(message || "unknown error");
		this._trigger(C3.Plugins.TpWebSdk.Cnds.OnError);
	}

	_saveToJson() {
		return {};
	}

	_loadFromJson(o) {}
};
