// Editor side: the tp-web-sdk plugin, a single global object. Its runtime may run in a Web
// Worker: the SDK lives on the DOM side (c3runtime/domSide.js over the script-tag build), and
// the runtime side sends it bridge requests as strings through Construct's DOM messaging.
const SDK = globalThis.SDK;

// Never change the ID: projects using the plugin refer to it.
const PLUGIN_ID = "TpWebSdk";

const PLUGIN_CLASS = SDK.Plugins.TpWebSdk = class TpWebSdkPlugin extends SDK.IPluginBase {
	constructor() {
		super(PLUGIN_ID);
		SDK.Lang.PushContext("plugins." + PLUGIN_ID.toLowerCase());
		this._info.SetName(globalThis.lang(".name"));
		this._info.SetDescription(globalThis.lang(".description"));
		this._info.SetCategory("platform-specific");
		this._info.SetAuthor("tp-web-sdk");
		this._info.SetHelpUrl(globalThis.lang(".help-url"));
		this._info.SetIsSingleGlobal(true);
		this._info.SetDOMSideScripts(["c3runtime/domSide.js"]);
		// The SDK itself, loaded in the page (never in the worker).
		this._info.AddFileDependency({ filename: "c3runtime/tp-web-sdk.iife.js", type: "external-dom-script" });
		SDK.Lang.PopContext();
	}
};

PLUGIN_CLASS.Register(PLUGIN_ID, PLUGIN_CLASS);
