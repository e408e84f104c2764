extends Control
# Behind the title menu: a torch-lit chamber dug out of the rock, where the menu stands, with
# metal veins glinting in the dark around it. Drawn once a size (no texture to import or
# export), the same at every start.

const TILE := 32.0
const ROCK := Color(0.07, 0.055, 0.085)
const ROCK_LIT := Color(0.2, 0.14, 0.17)
const FLOOR := Color(0.16, 0.115, 0.11)
const VEIN := Color(0.95, 0.55, 0.2)
const GLOW := Color(1.0, 0.45, 0.15)


func _init() -> void:
	anchor_right = 1
	anchor_bottom = 1
	mouse_filter = Control.MOUSE_FILTER_IGNORE
	var _err := connect("resized", self, "update")


func _draw() -> void:
	var area := rect_size
	draw_rect(Rect2(Vector2.ZERO, area), Color(0.025, 0.018, 0.035))
	var centre := area / 2
	var reach := area.length() / 2
	var rng := RandomNumberGenerator.new()
	rng.seed = 7
	var cols := int(ceil(area.x / TILE))
	var rows := int(ceil(area.y / TILE))
	# the chamber: an uneven room of floor around the middle
	var room := Vector2(min(area.x * 0.22, 300.0), area.y * 0.42)
	for y in range(rows):
		for x in range(cols):
			var p := Vector2(x, y) * TILE
			var mid := p + Vector2(TILE, TILE) / 2
			var light: float = clamp(1.0 - mid.distance_to(centre) / reach, 0.0, 1.0)
			var d := (mid - centre).abs()
			var inside := d.x < room.x + rng.randf_range(-TILE, TILE) and d.y < room.y + rng.randf_range(-TILE, TILE)
			var c: Color
			if inside:
				c = FLOOR.darkened(0.15 * rng.randf()).linear_interpolate(Color(0.3, 0.19, 0.14), light * 0.35)
			else:
				c = ROCK.linear_interpolate(ROCK_LIT, light * light * (0.6 + 0.4 * rng.randf()))
			draw_rect(Rect2(p + Vector2(1, 1), Vector2(TILE - 2, TILE - 2)), c)
			if not inside and rng.randf() < 0.05:
				for _k in range(3):
					var fleck := p + Vector2(rng.randf_range(6, TILE - 6), rng.randf_range(6, TILE - 6))
					draw_rect(Rect2(fleck, Vector2(3, 3)), Color(VEIN.r, VEIN.g, VEIN.b, 0.35 + 0.5 * light))
	# torchlight: soft rings toward the middle
	for i in range(16):
		var r := reach * (1.0 - i / 16.0) * 0.6
		draw_circle(centre, r, Color(GLOW.r, GLOW.g, GLOW.b, 0.015))
