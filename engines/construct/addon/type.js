const SDK = globalThis.SDK;

SDK.Plugins.TpWebSdk.Type = class TpWebSdkType extends SDK.ITypeBase {
	constructor(sdkPlugin, iObjectType) {
		super(sdkPlugin, iObjectType);
	}
};
