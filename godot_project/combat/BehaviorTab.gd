extends VBoxContainer
# The "Behavior" tab of the selection panel: the stance slider (Flee .. Aggressive), the
# wounds with their locations and wound points, and the order buttons (your minions only:
# describe's "minion_orders", pysim/combat/body_orders.py; a press picks the Order tool,
# which asks for the enemy or body). What can be done with the body itself is the panel's
# row under its title (combat/BodyOrders.gd).

const GamePanel = preload("res://hud/GamePanel.gd")
const FlowRow = preload("res://hud/FlowRow.gd")
const BodyOrders = preload("res://combat/BodyOrders.gd")
var ext = null
var slider: HSlider = null
var stance_label: Label = null
var wounds_label: Label = null
var orders: Container = null       # hud/FlowRow.gd: the buttons wrap
var entity_id := -1
var _updating := false
var _shown := []          # the minion_orders the buttons were made from


func _init() -> void:
	name = "Behavior"
	stance_label = GamePanel.add_text(self, "StanceLabel")
	slider = HSlider.new()
	slider.name = "StanceSlider"
	slider.min_value = 0
	slider.max_value = 4
	slider.step = 1
	slider.tick_count = 5
	slider.ticks_on_borders = true
	slider.rect_min_size = Vector2(120, 24)
	slider.size_flags_horizontal = SIZE_EXPAND_FILL
	var _err := slider.connect("value_changed", self, "_on_value_changed")
	add_child(slider)
	var ends := HBoxContainer.new()
	var l := Label.new()
	l.text = "Flee"
	l.size_flags_horizontal = SIZE_EXPAND_FILL
	ends.add_child(l)
	var r := Label.new()
	r.text = "Aggressive"
	ends.add_child(r)
	add_child(ends)
	# The order buttons above the wounds: a growing wound list must not move them.
	orders = FlowRow.new()
	orders.name = "Orders"
	add_child(orders)
	wounds_label = GamePanel.add_text(self, "Wounds")


# The order buttons, made again when describe's minion_orders change.
func _show_orders(list: Array) -> void:
	if list == _shown:
		return
	_shown = list.duplicate(true)
	GamePanel.clear(orders)
	for o in list:
		var b: Button = BodyOrders.order_button(o)
		var _err := b.connect("pressed", self, "_on_order", [str(o.get("order", ""))])
		orders.add_child(b)


func applies_to(info: Dictionary) -> bool:
	return info.has("combat")


func show_entity(id: int, info: Dictionary) -> void:
	entity_id = id
	if not info.has("combat"):
		return
	var c: Dictionary = info["combat"]
	var is_minion: bool = str(info.get("kind", "")) == "minion"
	_updating = true
	slider.value = int(c.get("stance", 3))
	_updating = false
	slider.editable = is_minion
	_show_orders(info.get("minion_orders", []))
	orders.visible = is_minion and orders.get_child_count() > 0
	var names: Array = c.get("stances", [])
	var s := int(c.get("stance", 3))
	stance_label.text = "Stance: %s   (%s)" % [str(names[s]).capitalize() if s < names.size() else str(s), str(c.get("action", ""))]
	var lines := ["Wound points: %d / %d%s" % [int(c.get("wound_points", 0)), int(c.get("unable_at", 10)),
			"   bleeding" if c.get("bleeding", false) else ""]]
	for w in c.get("wounds", []):
		lines.append("  %s %s (%d)" % [str(w.level).capitalize(), str(w.location), int(w.points)])
	wounds_label.text = PoolStringArray(lines).join("\n")


func _on_value_changed(value: float) -> void:
	if _updating or ext == null:
		return
	ext.selected_id = entity_id if entity_id >= 0 else ext.selected_id
	ext.set_stance(int(value))


func _on_order(kind: String) -> void:
	if ext != null:
		ext.selected_id = entity_id
		ext.begin_order(kind)
