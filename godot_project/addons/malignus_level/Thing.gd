tool
extends Node2D
# A thing of a level scene: `kind` and `arg` are a legend word kind:arg of the text format
# (docs/level-format.md), e.g. trap + "timer/delay=20", minion + "", duty + "traps",
# adventurer + "peasant", door + "held", metal + "10". It stands on the tile under its
# position (kept snapped to the level's grid while edited: its Terrain's cells). Things on one
# tile are placed in the scene tree's order (a duty or a padlock after its minion or door).
# Drawn with the game's sprite of it (Art.level_thing, from the atlas its level reads); a word
# that only tells about another thing (duty, party, name ...) as a badge in the tile's
# corner; without an atlas, as a glyph.

const Level = preload("res://addons/malignus_level/Level.gd")
const Art = preload("res://art/Art.gd")
# kind -> [glyph, colour, small (drawn as a badge in the tile's corner)]
const LOOK := {
	"minion": ["m", Color(0.35, 0.85, 0.4), false],
	"adventurer": ["a", Color(0.95, 0.6, 0.25), false],
	"boss": ["B", Color(0.8, 0.35, 0.95), false],
	"creature": ["c", Color(0.6, 0.8, 0.5), false],
	"kobold": ["k", Color(0.85, 0.75, 0.4), false],
	"dungeon_creature": ["K", Color(0.55, 0.9, 0.75), false],
	"door": ["D", Color(0.65, 0.45, 0.25), false],
	"padlock": ["L", Color(1.0, 0.85, 0.2), true],
	"trap": ["T", Color(0.95, 0.3, 0.3), false],
	"metal": ["M", Color(0.7, 0.75, 0.8), false],
	"duty": ["d", Color(0.5, 0.9, 1.0), true],
	"party": ["p", Color(1.0, 0.7, 0.5), true],
	"faction": ["f", Color(1.0, 0.7, 0.5), true],
	"trait": ["t", Color(1.0, 0.7, 0.5), true],
	"bed": ["b", Color(0.6, 0.6, 0.95), false],
	"scrapper_table": ["S", Color(0.75, 0.65, 0.5), false],
	"pyre": ["F", Color(1.0, 0.5, 0.1), false],
	"treasure": ["$", Color(1.0, 0.85, 0.1), false],
	"mark": ["~", Color(0.6, 0.1, 0.1), true],
	"guardpost": ["G", Color(1.0, 0.7, 0.25), false],
	"scrying_pool": ["O", Color(0.55, 0.45, 0.95), false],
	"vein": ["V", Color(0.85, 0.5, 0.35), false],
	"cell": ["#", Color(0.7, 0.7, 0.75), false],
	"altar": ["A", Color(0.75, 0.3, 0.85), false],
	"name": ["n", Color(0.9, 0.9, 0.9), true],
	"down": ["x", Color(0.9, 0.25, 0.25), true],
	"treasury": ["T", Color(0.85, 0.6, 0.25), false],
}
# Kind and Arg are edited in the Inspector from lists of pysim's catalogue of level things
# (ThingFields.gd); LOOK draws each kind pysim knows (tests/core/test_level_scene.py checks).
export var kind := "minion" setget set_kind
export var arg := "" setget set_arg
var drawn_thing := ""     # the sprite the last _draw drew ("" a glyph or a badge; tests)


func _ready() -> void:
	if Engine.editor_hint:
		set_notify_transform(true)


func is_level_thing() -> bool:
	return true


func set_kind(value: String) -> void:
	kind = value
	update()


func set_arg(value: String) -> void:
	arg = value
	update()


func _notification(what: int) -> void:
	if what == NOTIFICATION_TRANSFORM_CHANGED and Engine.editor_hint:
		var cell := _cell()
		var snapped := (position / cell).floor() * cell
		if snapped != position:
			position = snapped


# The glyph's text: the kind's letter, or a trap part's initials (a timer reads "Ti",
# spinning blades "SB").
func glyph() -> String:
	var look: Array = LOOK.get(kind, ["?", Color(1, 0, 1), false])
	if kind == "trap" and arg != "":
		var words := arg.split("/")[0].split("_")
		if words.size() == 1:
			return words[0].substr(0, 2).capitalize()
		return (words[0].substr(0, 1) + words[1].substr(0, 1)).to_upper()
	return look[0]


func _draw() -> void:
	var look: Array = LOOK.get(kind, ["?", Color(1, 0, 1), false])
	var colour: Color = look[1]
	var font := _font()
	var tile := _cell().x
	drawn_thing = _draw_sprite(tile)
	if drawn_thing != "":
		return
	if look[2]:
		var badge := Rect2(Vector2(tile - 7, 0), Vector2(7, 7))
		draw_rect(badge, colour)
		return
	if kind in ["door", "trap", "metal", "bed", "scrapper_table", "pyre", "treasure", "vein",
			"cell", "altar", "treasury"]:
		draw_rect(Rect2(Vector2(2, 2), Vector2(tile - 4, tile - 4)), colour.darkened(0.55))
		draw_rect(Rect2(Vector2(2, 2), Vector2(tile - 4, tile - 4)), colour, false, 1.0)
	else:
		draw_circle(Vector2(tile / 2, tile / 2), tile / 2 - 1.5, colour.darkened(0.5))
		draw_arc(Vector2(tile / 2, tile / 2), tile / 2 - 1.5, 0, TAU, 16, colour, 1.0)
	if font != null:
		var text := glyph()
		var size := font.get_string_size(text)
		var scale_to := min(1.0, (tile - 4) / max(size.x, 1.0))
		draw_set_transform(Vector2(tile / 2 - size.x * scale_to / 2, tile / 2 + font.get_ascent() * scale_to / 2 - 1), 0, Vector2(scale_to, scale_to))
		draw_string(font, Vector2(), text, colour.lightened(0.4))
		draw_set_transform(Vector2(), 0, Vector2(1, 1))


# Draws the game's sprite of this thing over its tile; the thing drawn, "" when there is none
# (a badge word, no atlas, not in a level).
func _draw_sprite(tile: float) -> String:
	var thing := Art.level_thing(kind, arg)
	var things := get_parent()
	var level = things.get_parent() if things != null else null
	if thing == "" or level == null or not level.has_method("atlas"):
		return ""
	var atlas: Dictionary = level.atlas()
	if not atlas.get("regions", {}).has(thing):
		return ""
	draw_texture_rect_region(atlas["texture"], Rect2(Vector2.ZERO, Vector2(tile, tile)), atlas["regions"][thing])
	return thing


# The tile this thing stands on, in pixels (its level's cells).
func _cell() -> Vector2:
	var things := get_parent()
	return Level.cell_of(things.get_parent() if things != null else null)


static func _font() -> Font:
	var c := Control.new()
	var f := c.get_font("font")
	c.free()
	return f
