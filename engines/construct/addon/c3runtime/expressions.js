const C3 = globalThis.C3;

C3.Plugins.TpWebSdk.Exps = {
	SessionId() {
		return this._sessionId;
	},
	Queued() {
		return this._queued;
	},
	LastError() {
		return this._lastError;
	},
	LastOfferId() {
		return this._lastOfferId;
	},
	LastProductId() {
		return this._lastProductId;
	}
};
