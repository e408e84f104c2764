extends Node2D
# With an adventurer selected: a ring on every trigger it knows (describe's
# "known_triggers": the tile where it learned each). Fed by AdventurersExtension.

var tile_size := 32
const RING := Color(1.0, 0.35, 0.85, 0.9)

var marks := []   # tile Vector2s


func set_marks(known) -> void:
	var out := []
	for k in known:
		if typeof(k) == TYPE_DICTIONARY:
			out.append(Vector2(int(k.get("x", 0)), int(k.get("y", 0))))
	if out != marks:
		marks = out
		update()


func _draw() -> void:
	for t in marks:
		var c: Vector2 = (t + Vector2(0.5, 0.5)) * tile_size
		draw_arc(c, tile_size * 0.45, 0.0, TAU, 24, RING, 3.0)
