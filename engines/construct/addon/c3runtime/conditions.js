const C3 = globalThis.C3;

C3.Plugins.TpWebSdk.Cnds = {
	OnOfferShown() {
		return true;
	},
	OnOfferClosed() {
		return true;
	},
	OnPurchase() {
		return true;
	},
	OnError() {
		return true;
	}
};
