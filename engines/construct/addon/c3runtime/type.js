const C3 = globalThis.C3;

C3.Plugins.TpWebSdk.Type = class TpWebSdkType extends globalThis.ISDKObjectTypeBase {
	constructor() {
		super();
	}

	_onCreate() {}
};
