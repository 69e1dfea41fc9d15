@tool
extends EditorPlugin
## Registers the `Tp` autoload (tp.gd) while the plugin is enabled.

const AUTOLOAD := "Tp"


func _enter_tree() -> void:
	add_autoload_singleton(AUTOLOAD, "res://addons/tp_web_sdk/tp.gd")


func _exit_tree() -> void:
	remove_autoload_singleton(AUTOLOAD)
