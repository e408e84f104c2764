tool
extends Line2D
# A wire of a level scene: its points are its corners, kept on tile centres (the level's
# cells) while it is edited; pysim reads the tile under each point.

const Level = preload("res://addons/malignus_level/Level.gd")


func _ready() -> void:
	set_process(Engine.editor_hint)


func _process(_delta: float) -> void:
	var moved := false
	var snapped := PoolVector2Array()
	var wires := get_parent()
	var cell := Level.cell_of(wires.get_parent() if wires != null else null)
	for p in points:
		var q: Vector2 = ((p / cell).floor() + Vector2(0.5, 0.5)) * cell
		moved = moved or q != p
		snapped.append(q)
	if moved:
		points = snapped
