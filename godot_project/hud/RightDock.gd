extends Control
# The right-hand column of the HUD: the selection panel, then the concepts' side panels
# (hud.add_side_panel), stacked top down, never overlapping. The column is only as tall as
# the panels that show (the map below stays clickable) and scrolls when they are taller than
# the window. Its width is set by the HUD (hud/HudSize.gd: a share of the window, within bounds);
# every panel in it fills that width and wraps its texts and buttons.

var scroll: ScrollContainer = null
var panels: VBoxContainer = null


func _init() -> void:
	mouse_filter = MOUSE_FILTER_IGNORE
	scroll = ScrollContainer.new()
	scroll.name = "Scroll"
	scroll.scroll_horizontal_enabled = false
	scroll.mouse_filter = MOUSE_FILTER_STOP
	add_child(scroll)
	panels = VBoxContainer.new()
	panels.name = "Panels"
	panels.size_flags_horizontal = SIZE_EXPAND_FILL
	panels.mouse_filter = MOUSE_FILTER_IGNORE
	panels.add_constant_override("separation", 8)
	scroll.add_child(panels)
	var _err := panels.connect("minimum_size_changed", self, "_queue_fit")
	_err = connect("resized", self, "_queue_fit")


func add_panel(c: Control) -> void:
	c.size_flags_horizontal = SIZE_EXPAND_FILL
	panels.add_child(c)
	_queue_fit()


# The panels in the column, top first.
func docked() -> Array:
	return panels.get_children()


# The part of the column the panels take (in the HUD's coordinates), or an empty Rect2.
func used_rect() -> Rect2:
	return scroll.get_global_rect() if scroll.rect_size.y > 0 else Rect2()


func _queue_fit() -> void:
	call_deferred("_fit")


func _fit() -> void:
	var want: float = panels.get_combined_minimum_size().y
	var h: float = min(want, rect_size.y)
	scroll.rect_position = Vector2.ZERO
	scroll.rect_size = Vector2(rect_size.x, h)
