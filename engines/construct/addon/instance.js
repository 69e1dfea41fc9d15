const SDK = globalThis.SDK;

SDK.Plugins.TpWebSdk.Instance = class TpWebSdkEditorInstance extends SDK.IInstanceBase {
	constructor(sdkType, inst) {
		super(sdkType, inst);
	}

	Release() {}

	OnCreate() {}

	OnPropertyChanged(id, value) {}

	LoadC2Property(name, valueString) {
		return false;
	}
};
