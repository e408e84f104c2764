extends Node2D
# Draws fights over the entities: attack lines (red hit, grey miss), shots (yellow), wound
# pops (floating text), bleeding marks. Fed by CombatExtension from snapshots and events.

const TILE := 16.0
const LINE_SECONDS := 0.4
const POP_SECONDS := 1.0

var lines := []      # [from Vector2, to Vector2, color, time left]
var pops := []       # [pos Vector2, text, color, time left]
var shots := []      # [from, to] from the snapshot
var bleeding := []   # positions
var font: Font = null


func _ready() -> void:
	var c := Control.new()
	font = c.get_font("font")
	c.free()


func _centre(x, y) -> Vector2:
	return Vector2((float(x) + 0.5) * TILE, (float(y) + 0.5) * TILE)


func on_snapshot(s: Dictionary) -> void:
	shots = []
	var arr = s.get("combat_shots", [])
	# combat_shots arrives as a flat PoolRealArray (N*4) or an Array of rows
	if typeof(arr) == TYPE_REAL_ARRAY:
		var n := int(arr.size() / 4)
		for i in range(n):
			shots.append([_centre(arr[4 * i], arr[4 * i + 1]), _centre(arr[4 * i + 2], arr[4 * i + 3])])
	elif typeof(arr) == TYPE_ARRAY:
		for row in arr:
			if row.size() >= 4:
				shots.append([_centre(row[0], row[1]), _centre(row[2], row[3])])
	bleeding = []
	var b = s.get("ent_bleeding", [])
	var pos = s.get("ent_pos", [])
	for i in range(min(b.size(), pos.size())):
		if int(b[i]) != 0:
			bleeding.append(Vector2(pos[i].x + 0.5, pos[i].y + 0.85) * TILE)
	update()


func on_event(ev: Dictionary) -> void:
	match str(ev.get("type", "")):
		"attack":
			var col := Color(1, 0.25, 0.2, 0.9) if str(ev.outcome) == "hit" else Color(0.8, 0.8, 0.8, 0.6)
			lines.append([_centre(ev.x0, ev.y0), _centre(ev.x1, ev.y1), col, LINE_SECONDS])
		"wound":
			pops.append([_centre(ev.x, ev.y) + Vector2(-6, -10), "-%d" % int(ev.points),
					Color(1, 0.5, 0.4), POP_SECONDS])
		"knockout":
			pops.append([_centre(ev.x, ev.y) + Vector2(-10, -14), "KO", Color(1, 0.9, 0.3), POP_SECONDS * 1.5])
		"death":
			pops.append([_centre(ev.x, ev.y) + Vector2(-12, -14), "dead", Color(1, 0.3, 0.3), POP_SECONDS * 1.5])


func _process(delta: float) -> void:
	if lines.empty() and pops.empty():
		return
	for l in lines:
		l[3] -= delta
	for p in pops:
		p[3] -= delta
		p[0].y -= 12.0 * delta
	var keep := []
	for l in lines:
		if l[3] > 0:
			keep.append(l)
	lines = keep
	keep = []
	for p in pops:
		if p[3] > 0:
			keep.append(p)
	pops = keep
	update()


func _draw() -> void:
	for s in shots:
		draw_line(s[0], s[1], Color(1, 0.95, 0.4, 0.9), 1.5)
	for l in lines:
		var c: Color = l[2]
		c.a *= clamp(l[3] / LINE_SECONDS, 0.0, 1.0)
		draw_line(l[0], l[1], c, 2.0)
	for b in bleeding:
		draw_circle(b, 2.0, Color(0.8, 0.05, 0.05))
	if font != null:
		for p in pops:
			var c2: Color = p[2]
			c2.a = clamp(p[3], 0.0, 1.0)
			draw_string(font, p[0], p[1], c2)
