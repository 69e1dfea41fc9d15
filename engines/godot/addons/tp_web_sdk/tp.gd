extends Node
## tp-web-sdk in a Godot 4 web export: the SDK's string bridge (docs/bridge.md) as an autoload.
##
## The export's Head Include loads the script-tag build, which defines `TPSDK`:
## `<script src="tp-web-sdk.iife.js"></script>`. Outside a web export every call does nothing and
## logs one warning; a failure never raises into the game: replies carry `ok: false` and an `error`.
##
##     Tp.init({"baseUrl": "...", "clientKey": "...", "authMode": "client", "playerSlug": "p-1"})
##     Tp.track("players_stages", {"stage_slug": "level-1", "stage_result": "clear"})
##     Tp.request("flush", {}, func(reply): print(reply))

## A client event (`offer:open`, `session:start`, `error`, …) with its payload.
signal event_received(event: String, data: Variant)

const TpOps := preload("res://addons/tp_web_sdk/tp_ops.gd")

## The bridge (`TPSDK.bridge`), or null outside a web export or before the script-tag build loads.
var _bridge: JavaScriptObject = null
## The listener's JavaScript callback. Held here: a callback nobody holds is freed, and the
## bridge would then call a dead function.
var _listener: JavaScriptObject = null
var _next_id := 0
## Callables waiting for the final reply of an asynchronous request, by id.
var _waiting := {}
var _warned := false


func _ready() -> void:
	if not OS.has_feature("web"):
		return
	var tpsdk: JavaScriptObject = JavaScriptBridge.get_interface("TPSDK")
	if tpsdk == null:
		push_warning("tp-web-sdk: TPSDK is not loaded: add the script-tag build to the export's Head Include")
		return
	_bridge = tpsdk.bridge
	# A callback from create_callback gets exactly one argument: an Array of the JavaScript
	# arguments. Its return value is never read.
	_listener = JavaScriptBridge.create_callback(_on_message)
	_bridge.listen(_listener)


## Runs a bridge op and returns its reply as a Dictionary (`ok`, `result` or `error`; `pending` for
## an asynchronous op, whose final reply goes to `on_reply`). Never raises.
func request(op: String, args: Dictionary = {}, on_reply: Callable = Callable()) -> Dictionary:
	if _bridge == null:
		if not _warned:
			_warned = true
			push_warning("tp-web-sdk: not a web export (or TPSDK missing): calls do nothing")
		var not_web := {"ok": false, "error": {"code": "not-web", "message": "not a web export"}}
		# A caller waiting for the reply gets it, in the editor and on desktop too.
		if on_reply.is_valid():
			on_reply.call(not_web)
		return not_web
	_next_id += 1
	var id := str(_next_id)
	# `call` is also Object.call in GDScript: name the JavaScript method explicitly.
	var text = _bridge.call("call", JSON.stringify({"v": 1, "id": id, "op": op, "args": args}))
	var reply = JSON.parse_string(str(text))
	if typeof(reply) != TYPE_DICTIONARY:
		return {"ok": false, "error": {"code": "bad-reply", "message": str(text)}}
	if reply.get("pending", false):
		if on_reply.is_valid():
			_waiting[id] = on_reply
	elif on_reply.is_valid():
		on_reply.call(reply)
	if not reply.get("pending", false) and not reply.get("ok", false):
		push_warning("tp-web-sdk: %s: %s" % [op, reply.get("error", {}).get("message", "")])
	return reply


func init(options: Dictionary) -> Dictionary:
	return request(TpOps.INIT, options)


func track(object_name: String, record: Dictionary) -> bool:
	return request(TpOps.TRACK, {"objectName": object_name, "record": record}).get("result", false) == true


func identify(player_slug: String) -> void:
	request(TpOps.IDENTIFY, {"playerSlug": player_slug})


func flush(on_reply: Callable = Callable()) -> void:
	request(TpOps.FLUSH, {}, on_reply)


func set_consent(state: String) -> void:
	request(TpOps.SET_CONSENT, {"state": state})


func gameplay_start() -> void:
	request(TpOps.GAMEPLAY_START)


func gameplay_stop() -> void:
	request(TpOps.GAMEPLAY_STOP)


func show_offer(offer_id: int, on_reply: Callable = Callable()) -> void:
	request(TpOps.OFFERS_SHOW, {"offerId": offer_id}, on_reply)


func show_at(placement: String, on_reply: Callable = Callable()) -> void:
	request(TpOps.OFFERS_SHOW_AT, {"placement": placement}, on_reply)


func _on_message(args: Array) -> void:
	if args.is_empty():
		return
	var message = JSON.parse_string(str(args[0]))
	if typeof(message) != TYPE_DICTIONARY:
		return
	if message.has("event"):
		event_received.emit(message["event"], message.get("data"))
		return
	var id := str(message.get("id", ""))
	if _waiting.has(id):
		var on_reply: Callable = _waiting[id]
		_waiting.erase(id)
		if on_reply.is_valid():
			on_reply.call(message)
