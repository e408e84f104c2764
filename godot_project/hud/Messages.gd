extends VBoxContainer
# Above the map, left of the dock: the error banner (Python exceptions, a failed start: the
# last line of the traceback, the whole of it in the tooltip; Dismiss) and under it the toasts
# (short messages: refused commands, EventBus.notify), each wrapped at TOAST_WIDTH and gone
# after TOAST_SECONDS; at most MAX_TOASTS, the oldest going first (and sooner when the column
# lacks the room: drop_oldest_toast).

const EventText = preload("res://hud/EventText.gd")
const TOAST_SECONDS := 4.0
const TOAST_WIDTH := 420.0
const MAX_TOASTS := 4

onready var error_banner: PanelContainer = $ErrorBanner
onready var error_label: Label = $ErrorBanner/Row/Text
onready var toasts: VBoxContainer = $Toasts

var error_count := 0
var last_error := ""


func _ready() -> void:
	var _err := error_banner.get_node("Row/Close").connect("pressed", self, "hide_error")


func notify(text: String, kind: String = "info") -> void:
	var panel := PanelContainer.new()
	var style := StyleBoxFlat.new()
	style.bg_color = {"error": Color(0.45, 0.07, 0.08, 0.92), "warn": Color(0.40, 0.24, 0.05, 0.92)}.get(kind, Color(0.12, 0.1, 0.18, 0.92))
	style.content_margin_left = 10
	style.content_margin_right = 10
	style.content_margin_top = 4
	style.content_margin_bottom = 4
	style.set_corner_radius_all(4)
	panel.add_stylebox_override("panel", style)
	panel.mouse_filter = Control.MOUSE_FILTER_IGNORE
	panel.size_flags_horizontal = Control.SIZE_SHRINK_CENTER
	var label := Label.new()
	label.text = text
	label.align = Label.ALIGN_CENTER
	label.autowrap = true
	# as wide as the text, at most TOAST_WIDTH (or the room left of the dock): longer wraps
	var w: float = label.get_font("font").get_string_size(text).x + 1
	label.rect_min_size.x = min(min(w, TOAST_WIDTH), max(80.0, rect_size.x - 24))
	panel.add_child(label)
	toasts.add_child(panel)
	while toasts.get_child_count() > MAX_TOASTS:
		var _went := drop_oldest_toast()
	var _err := get_tree().create_timer(TOAST_SECONDS).connect("timeout", self, "_expire_toast", [weakref(panel)])


# The oldest toast goes now, while another is left (the column lacks the room: hud/HudSize.gd).
# Whether one went.
func drop_oldest_toast() -> bool:
	if toasts.get_child_count() < 2:
		return false
	var old = toasts.get_child(0)
	toasts.remove_child(old)
	old.queue_free()
	return true


func _expire_toast(ref: WeakRef) -> void:
	var panel = ref.get_ref()
	if panel != null:
		panel.queue_free()


func show_error(text: String) -> void:
	if text == last_error and error_banner.visible:
		error_count += 1
	else:
		error_count = 1
	last_error = text
	var summary := EventText.error_summary(text)
	if error_count > 1:
		summary += "  (x%d)" % error_count
	error_label.text = summary
	error_banner.hint_tooltip = text
	error_banner.visible = true


func hide_error() -> void:
	error_banner.visible = false
	error_count = 0


func show_failed_start(text: String) -> void:
	error_count = 0
	last_error = ""
	error_label.text = "The game could not start: " + text
	error_banner.hint_tooltip = text
	error_banner.visible = true
