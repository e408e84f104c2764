extends VBoxContainer
# Selection-panel tab "Duty" for a minion: shows its duty and current job (Session.describe:
# "duty", "job") and sets it with the set_duty command (pysim/core/duties.py).

const GamePanel = preload("res://hud/GamePanel.gd")
const FlowRow = preload("res://hud/FlowRow.gd")
const Shared := preload("res://core/Shared.gd")
const DUTIES := Shared.DUTIES
const LABELS := ["No duty", "Traps", "Drudgery"]

var entity_id := -1
var label: Label = null


func _ready() -> void:
	label = GamePanel.add_text(self, "Label")
	var row := FlowRow.new()
	add_child(row)
	for i in range(DUTIES.size()):
		var b := Button.new()
		b.name = "Duty_" + DUTIES[i]
		b.text = LABELS[i]
		b.focus_mode = FOCUS_NONE
		var _err := b.connect("pressed", self, "_on_duty", [DUTIES[i]])
		row.add_child(b)


func applies_to(info: Dictionary) -> bool:
	return info.get("kind", "") == "minion"


func show_entity(id: int, info: Dictionary) -> void:
	entity_id = id
	if label != null:
		var job: String = info.get("job", "")
		label.text = "Duty: %s%s" % [LABELS[max(0, DUTIES.find(info.get("duty", "none")))],
				(" (job: %s)" % job) if job != "" else ""]


func _on_duty(duty: String) -> void:
	if entity_id >= 0:
		EventBus.emit_signal("command_requested", {"type": "set_duty", "entity": entity_id, "duty": duty})
