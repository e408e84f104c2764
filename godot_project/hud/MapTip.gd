extends PanelContainer
# The tip beside the mouse while it is over the map:
# - the active tool's hint (EventBus.cursor_hint, from the previews): what a click would do,
#   in green, or why it would be refused, in red; at once, and only its first sentence;
# - after TIP_DELAY seconds on a tile, what is on it: its name (a concept's, add_tile_name:
#   "Metal vein (7 metal left)"; else the place), who stands or lies there (captured, knocked
#   out or dead), then the concepts' lines (add_tile_info).
# Its texts wrap at MAX_WIDTH. It stands below right of the mouse, or at another corner of it
# when that would cover a panel (`blocked`: the HUD's panels) or leave the screen; it never
# covers a panel (with no free place it shows the hint alone, or nothing); it is drawn over
# everything else.

const EventText = preload("res://hud/EventText.gd")
const TIP_DELAY := 0.35          # seconds on a tile before its tip shows
const MAX_WIDTH := 300.0
const OFFSET := Vector2(16, 18)  # from the mouse to the tip's nearest corner
const OK_COLOR := Color(0.55, 1, 0.6)
const BAD_COLOR := Color(1, 0.55, 0.5)

onready var hint_label: Label = $Box/Hint
onready var text_label: Label = $Box/Text

var blocked: FuncRef = null      # fn() -> Array of Rect2 (the HUD's units) not to cover
var hint := ""
var hint_ok := true
var _tile_infos := []            # FuncRefs: fn(tile: Vector2, snap) -> Array of lines
var _tile_names := []            # FuncRefs: fn(tile: Vector2, snap) -> String ("" none)
var _snap := {}
var _tile := Vector2(-1, -1)
var _since := 0.0
var _on_map := false
var _place_queued := false
var _crowded := false            # hidden for want of a free place (not for want of words)
var _fitted := []                # [hint, words shown] the labels' width was last fitted to
enum {WHOLE, HINT_ALONE, NOTHING}  # what the tip shows, in the order tried
var _asked := []                 # [mouse, panels, hint, words] it last chose for
var _chose: int = WHOLE


func _ready() -> void:
	add_to_group("layout_tip")       # it never covers a panel (tests/LayoutCheck.gd)
	var _err := connect("resized", self, "_queue_place")
	_err = EventBus.connect("snapshot_updated", self, "_on_snapshot")
	_err = EventBus.connect("tile_hovered", self, "_on_tile_hovered")
	_err = EventBus.connect("cursor_hint", self, "show_hint")


# The tip is placed again whenever its own size changes or a panel moves or changes size:
# containers sort after _process, so without this a frame could show the tip placed for the
# rects before the sort. A panel moves when a container above it moves (no signal of its own),
# so the containers between it and the HUD are watched too.
func watch(panel: Control) -> void:
	var node: Node = panel
	while node is Control and node != get_parent():
		if not node.is_connected("item_rect_changed", self, "_queue_place"):
			var _err: int = node.connect("item_rect_changed", self, "_queue_place")
		node = node.get_parent()


# Deferred to the end of the sort: a control's rect signal comes before its global rect is
# updated; several changes in one sort place it once.
func _queue_place() -> void:
	if not _place_queued:
		_place_queued = true
		call_deferred("_place_again")


func _place_again() -> void:
	_place_queued = false
	if visible:
		_show_what_fits(get_parent().get_local_mouse_position(), _panels())


# A concept adds lines to the tip: fn(tile: Vector2, snap: Dictionary) -> Array of Strings
# (its things on that tile).
func add_tile_info(target: Object, method: String) -> void:
	_tile_infos.append(funcref(target, method))


# A concept names a tile instead of its place: fn(tile: Vector2, snap: Dictionary) -> String,
# "" when it has nothing there (the first name given wins).
func add_tile_name(target: Object, method: String) -> void:
	_tile_names.append(funcref(target, method))


# The tip's lines for a tile: its name, who stands or lies there, then the concepts' lines.
func tile_lines(tile: Vector2) -> Array:
	if _unexplored(tile):
		return ["Unexplored"]       # the fog hides what is there, even its name
	var first := ""
	for f in _tile_names:
		if first == "" and f.is_valid():
			first = str(f.call_func(tile, _snap))
	if first == "":
		first = EventText.first_up(Names.place(tile.x, tile.y, "beyond the map"))
	var lines := [first]
	var ids = _snap.get("ent_id", [])
	var states = _snap.get("ent_state", [])
	var captured = _snap.get("ent_captured", [])
	var worlds := get_tree().get_nodes_in_group("world")
	# Who is drawn under the mouse (world/EntityLayer.gd: bodies sharing a tile are drawn
	# apart, walking ones between tiles).
	var under: Array = worlds[0].bodies_under_mouse(tile) if not worlds.empty() else []
	for i in range(min(ids.size(), states.size())):
		if int(ids[i]) in under:
			var st := int(states[i])
			var held: bool = st != 2 and i < captured.size() and int(captured[i]) == 1
			lines.append(EventText.first_up(Names.title(ids[i])) + (" (captured)" if held else
					["", " (knocked out)", " (dead)"][clamp(st, 0, 2)]))
	for f in _tile_infos:
		if f.is_valid():
			var more = f.call_func(tile, _snap)
			if typeof(more) == TYPE_ARRAY:
				lines += more
	return lines


# A tile of the map the fog shows black (invasions/FogLayer.gd: never seen, not yours).
func _unexplored(tile: Vector2) -> bool:
	if not _snap.get("fog_on", false):
		return false
	var w := int(_snap.get("width", 0))
	var fog = _snap.get("fog", PoolByteArray())
	var k := int(tile.y) * w + int(tile.x)
	if tile.x < 0 or tile.y < 0 or tile.x >= w or k >= fog.size():
		return false
	return fog[k] == preload("res://invasions/FogLayer.gd").UNEXPLORED


# The preview's words: only the first sentence ("" hides them).
func show_hint(text: String, ok: bool) -> void:
	var short := text.strip_edges()
	var stop := short.find(". ")
	if stop >= 0:
		short = short.substr(0, stop + 1)
	hint = short
	hint_ok = ok
	_refresh()


func _on_snapshot(snap: Dictionary) -> void:
	_snap = snap


func _on_tile_hovered(tile: Vector2) -> void:
	_tile = tile
	_since = 0.0
	_refresh()


# Any mouse motion hides the tip first; _unhandled_input shows it again when the motion was
# over the map (no panel took it).
func _input(event: InputEvent) -> void:
	if event is InputEventMouseMotion:
		_on_map = false


func _unhandled_input(event: InputEvent) -> void:
	if event is InputEventMouseMotion:
		_on_map = true
		_refresh()


func _process(delta: float) -> void:
	var was := _since
	_since += delta
	if visible or _crowded or (was < TIP_DELAY and _since >= TIP_DELAY):
		_refresh()


func _refresh() -> void:
	var words := ""
	if _tile.x >= 0 and _since >= TIP_DELAY:
		words = PoolStringArray(tile_lines(_tile)).join("\n")
	var mouse: Vector2 = get_parent().get_local_mouse_position()
	var panels := _panels()
	visible = _on_map and (words != "" or hint != "") and _covers(panels, Rect2(mouse, Vector2.ONE)) == 0.0
	if not visible:
		_crowded = false
		return
	text_label.text = words
	hint_label.text = hint
	hint_label.add_color_override("font_color", OK_COLOR if hint_ok else BAD_COLOR)
	_show_what_fits(mouse, panels)


# The tip never covers a panel: the whole tip in the free place nearest the mouse; when there
# is none (panels all round), the hint alone (what a click would do comes first); when even
# that finds no free place, no tip.
# With the mouse, the panels and the words as when it last chose, it starts from what it
# chose then: trying the whole tip again would resize it, and a resize asks for a place again
# (the tip grown and shrunk without end in one flush of deferred calls, till Godot's message
# queue filled up and dropped the containers' sorts).
func _show_what_fits(mouse: Vector2, panels: Array) -> void:
	var asked := [mouse, panels, hint_label.text, text_label.text]
	var first := _chose if asked == _asked else WHOLE
	_asked = asked
	for choice in range(first, NOTHING):
		text_label.visible = choice == WHOLE and text_label.text != ""
		hint_label.visible = hint_label.text != ""
		if not (text_label.visible or hint_label.visible):
			break
		var fit := [hint_label.text, text_label.text if text_label.visible else ""]
		if fit != _fitted:           # (measured again only when what shows changed)
			_fitted = fit
			_fit_width()
		var spot = _place(mouse, panels)
		if spot != null:
			rect_position = spot
			_crowded = false
			_chose = choice
			return
	_chose = NOTHING
	visible = false
	_crowded = true      # tried again each frame: a panel that goes makes room


# The labels as wide as their longest line, at most MAX_WIDTH (longer lines wrap).
func _fit_width() -> void:
	var font := text_label.get_font("font")
	var w := 0.0
	for l in [hint_label, text_label]:
		if l.visible:
			for line in l.text.split("\n"):
				w = max(w, font.get_string_size(line).x)
	w = min(ceil(w) + 1, MAX_WIDTH)
	hint_label.rect_min_size.x = w
	text_label.rect_min_size.x = w
	rect_size = Vector2.ZERO


# Where the tip goes: below right of the mouse if that is on screen and covers no panel; else
# the free place nearest the mouse among the other corners and the places beside the panels'
# edges; null when there is none.
func _place(at: Vector2, panels: Array):
	var size := get_combined_minimum_size()
	var screen := Rect2(Vector2.ZERO, get_parent().rect_size)
	var xs := [at.x + OFFSET.x, at.x - OFFSET.x - size.x]
	var ys := [at.y + OFFSET.y, at.y - OFFSET.y - size.y]
	for b in panels:
		xs += [b.end.x + 2, b.position.x - size.x - 2]
		ys += [b.end.y + 2, b.position.y - size.y - 2]
	var best := Vector2(xs[0], ys[0])
	var best_score := INF
	for x in xs:
		for y in ys:
			var r := Rect2(Vector2(x, y), size)
			var score: float = Vector2(clamp(at.x, r.position.x, r.end.x), clamp(at.y, r.position.y, r.end.y)).distance_to(at)
			if not screen.encloses(r):
				score += 1e7
			var cover := _covers(panels, r)
			if cover > 0 or r.grow(2).has_point(at):
				score += 1e5 + cover
			if score < best_score:
				best_score = score
				best = r.position
	if best_score < 1e5:
		return best
	return null


func _panels() -> Array:
	return blocked.call_func() if blocked != null and blocked.is_valid() else []


# How much of `r` the panels cover (0: nothing; a panel appeared under the mouse: the tip goes).
static func _covers(panels: Array, r: Rect2) -> float:
	var area := 0.0
	for b in panels:
		if r.intersects(b):
			area += max(r.clip(b).get_area(), 1.0)
	return area
