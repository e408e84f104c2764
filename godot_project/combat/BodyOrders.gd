extends VBoxContainer
# What can be done with the selected body, under the selection panel's title on every tab:
# one button per order its state takes (describe's "orders", pysim/combat/body_orders.py:
# "Carry", "Imprison", "Execute", "Release" for a captured adventurer), each for the minion
# pysim offers to do it. An order the game would refuse now is greyed, its reason in the
# tooltip and in the line below; a press sends the order's command, or, for Carry, has the
# Order tool ask for the tile (CombatExtension.body_order). GDScript decides nothing here.

const GamePanel = preload("res://hud/GamePanel.gd")
const FlowRow = preload("res://hud/FlowRow.gd")
var ext = null                # CombatExtension
var heading: Label = null
var grid: Container = null    # hud/FlowRow.gd: the buttons wrap
var why: Label = null
var entity_id := -1
var _shown := []              # the orders the buttons were made from


func _init() -> void:
	name = "BodyOrders"
	heading = GamePanel.add_text(self, "Heading")
	grid = FlowRow.new()
	grid.name = "Buttons"
	grid.size_flags_horizontal = SIZE_EXPAND_FILL
	add_child(grid)
	why = GamePanel.add_text(self, "Why", Color(1, 0.75, 0.5))


func applies_to(info: Dictionary) -> bool:
	return not info.get("orders", []).empty()


# One order of describe's lists ("orders", "minion_orders": {order, label, ok, reason}) as a
# button: named by its label, greyed with the reason when the game would refuse it now.
static func order_button(o: Dictionary) -> Button:
	var b := Button.new()
	b.name = str(o.get("label", o.get("order", "")))
	b.text = b.name
	b.focus_mode = Control.FOCUS_NONE
	b.disabled = not bool(o.get("ok", false))
	b.hint_tooltip = str(o.get("reason", ""))
	return b


func show_entity(id: int, info: Dictionary) -> void:
	entity_id = id
	var orders: Array = info.get("orders", [])
	if orders == _shown:
		return
	_shown = orders.duplicate(true)
	GamePanel.clear(grid)
	var doer := int(orders[0].get("minion", -1)) if not orders.empty() else -1
	heading.text = "Orders (%s does it):" % Names.who(doer) if doer >= 0 else "Orders:"
	var reasons := []
	for o in orders:
		var b := order_button(o)
		if not b.disabled:
			b.hint_tooltip = "%s: %s" % [b.text, Names.who(o.get("minion", -1))]
		if b.disabled:
			reasons.append("%s: %s" % [b.text, str(o.get("reason", ""))])
		var _err := b.connect("pressed", self, "_on_pressed", [o])
		grid.add_child(b)
	why.text = PoolStringArray(reasons).join("\n")
	why.visible = not reasons.empty()


func button(label: String) -> Button:
	return grid.get_node_or_null(label) as Button


func _on_pressed(order: Dictionary) -> void:
	if ext != null:
		ext.body_order(order, entity_id)
