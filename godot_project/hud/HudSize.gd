extends Node
# The HUD's size at the UI scale (Settings "ui/scale"): the HUD's canvas layer is scaled as a
# whole and its root is as large as the window divided by the scale, so the containers lay
# it out for any window from 1280x720 to 4K. Then the widths that depend on the room (the
# dock's share, the log's, the tool bar's rows) and the log's height (what the left column
# leaves it). A child of hud/HUD.gd, which holds the pieces it sizes.

# The dock's width: DOCK_SHARE of the HUD's width, kept within these (a narrow window or a
# large UI scale leaves the map at least the rest).
const DOCK_SHARE := 0.27
const DOCK_MIN := 240.0
const DOCK_MAX := 400.0
const LOG_WIDTH := 460.0
const LOG_SHARE := 0.45          # the log's text is never taller than this share of the HUD

var hud = null
var ui_scale := 1.0


func _init(owner_hud) -> void:
	name = "Size"
	hud = owner_hud


func _ready() -> void:
	var _err: int = EventBus.connect("settings_changed", self, "_on_setting_changed")
	_err = get_viewport().connect("size_changed", self, "fit")
	_err = hud.layout.connect("minimum_size_changed", self, "_refit_layout")
	_err = hud.map_side.connect("minimum_size_changed", self, "_queue_fit_column")
	_err = hud.top_bar.connect("resized", self, "_queue_fit_column")
	ui_scale = float(Settings.value("ui/scale"))
	fit()


func _on_setting_changed(key: String, value) -> void:
	if key == "ui/scale":
		ui_scale = float(value)
		fit()


# The HUD at the UI scale; then the dock's width, the log's, the tool bar's room.
func fit() -> void:
	hud.scale = Vector2(ui_scale, ui_scale)
	var size: Vector2 = hud.get_viewport().get_visible_rect().size / ui_scale
	hud.root.rect_position = Vector2.ZERO
	hud.root.rect_size = size
	var dock_w: float = clamp(size.x * DOCK_SHARE, DOCK_MIN, DOCK_MAX)
	hud.right_dock.rect_min_size.x = dock_w
	var body: MarginContainer = hud.body
	var gaps: float = body.get_constant("margin_left") + body.get_constant("margin_right") + \
			hud.map_side.get_parent().get_constant("separation")
	var room: float = size.x - dock_w - gaps
	hud.event_log.rect_min_size.x = min(LOG_WIDTH, room)
	hud.tool_bar.set_room(room)
	_refit_layout()
	_fit_column()


# The log takes what the left column leaves: the room under the top bar less the error
# banner, the toasts, the tool bar (and never more than LOG_SHARE of the HUD's height). When
# even the log's fewest lines find no room (a large UI scale, the top bar on two rows, long
# toasts), the oldest toast goes first: toasts are passing news, the newest stays.
func _fit_column() -> void:
	var root: Control = hud.root
	var margins: float = hud.body.get_constant("margin_top") + hud.body.get_constant("margin_bottom")
	var avail: float = root.rect_size.y - hud.top_bar.rect_size.y - margins
	var log_text: float = hud.event_log.text_height()
	var others: float = hud.map_side.get_combined_minimum_size().y - log_text
	var least: float = hud.event_log.fewest_lines_height() if log_text > 0 else 0.0
	if avail - others < least and hud.messages.drop_oldest_toast():
		return           # the column's minimum shrinks: this runs again (minimum_size_changed)
	hud.event_log.set_max_height(min(avail - others, root.rect_size.y * LOG_SHARE))


func _queue_fit_column() -> void:
	call_deferred("_fit_column")


# The layout fills the root again once its minimum shrank (Godot 3.2 grows an anchored control
# to its minimum but never shrinks it back by itself: after a narrower window or a larger UI
# scale, the rows rewrap smaller only after this).
func _refit_layout() -> void:
	hud.layout.margin_right = 0.0
	hud.layout.margin_bottom = 0.0
