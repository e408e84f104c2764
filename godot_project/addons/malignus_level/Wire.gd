tool
extends Line2D
# A wire of a level scene: its points are its corners, kept on tile centres (16 px tiles)
# while it is edited; pysim reads the tile under each point.

const TILE := 16.0


func _ready() -> void:
	set_process(Engine.editor_hint)


func _process(_delta: float) -> void:
	var moved := false
	var snapped := PoolVector2Array()
	for p in points:
		var q: Vector2 = ((p / TILE).floor() + Vector2(0.5, 0.5)) * TILE
		moved = moved or q != p
		snapped.append(q)
	if moved:
		points = snapped
