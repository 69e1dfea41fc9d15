const C3 = globalThis.C3;

C3.Plugins.TpWebSdk = class TpWebSdkPlugin extends globalThis.ISDKPluginBase {
	constructor() {
		super();
	}
};
