extends Node
# Autoload "Art": the map's sprites. One atlas texture (res://art/atlas.tiles, PNG bytes, and
# res://art/atlas.index, JSON, both made by `make art` from res://art/sprites.txt), and THE
# place where the game's kinds meet the table's things: which sprite a body, a trap part, a
# door, a piece of furniture or a pile is drawn with (body_thing, part_thing, ...). Layers draw
# with draw(canvas, thing, rect): every sprite from the one texture, so the map's draw calls
# share it (no texture per sprite). Without an atlas (never built) a thing is drawn as a
# plain coloured square and `missing` says so; nothing fails.

const ATLAS_PATH := "res://art/atlas.tiles"
const INDEX_PATH := "res://art/atlas.index"
const TILE := 32

# Body kinds by ent_kind (pysim/core/entities.py MINION 0, ADVENTURER 1, CREATURE 2, BOSS 3).
const BODY_KINDS := ["minion", "adventurer", "creature", "boss"]
const ADVENTURER_CLASSES := ["peasant", "warrior", "rogue", "scout", "priest", "knight"]
const CREATURE_KINDS := ["kobold", "troll", "wolf", "spider", "bear"]
# Trap parts by part_kind (pysim/traps/trap_parts.py order; traps/TrapLayer.gd KINDS).
const PART_KINDS := ["tripwire", "wide_tripwire", "pressure_plate", "sensor", "lever",
		"spinning_blades", "flame_sprayer", "gas_sprayer", "electric_coil", "dart_thrower",
		"blast_trap", "spider_trap", "web_trap", "terror_trap", "alarm_trap", "timer"]
const PART_FLAG_LEVER_ON := 2
# Furniture by furn_kind (pysim/economy/furniture.py KIND_ORDER).
const FURNITURE_KINDS := ["bed", "scrapper_table", "pyre", "altar", "cell", "guardpost",
		"scrying_pool", "treasury"]
# The gold pile sprites by the coins they show (map/gold/NN in the table).
const GOLD_PILES := [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 16, 19, 23, 25]

var texture: ImageTexture = null
var image: Image = null  # the atlas as an Image (the terrain strip is cut from it)
var regions := {}        # thing -> Rect2 in the atlas
var sources := {}        # thing -> where it came from (the table's source column)
var missing := ""        # why there is no atlas ("" when loaded)


func _ready() -> void:
	if not load_atlas():
		printerr("Malignus: %s (the map is drawn with plain squares)" % missing)


func load_atlas() -> bool:
	var a := read_atlas()
	missing = str(a.get("missing", ""))
	texture = a.get("texture")
	image = a.get("image")
	regions = a.get("regions", {})
	sources = a.get("sources", {})
	return missing == ""


# The atlas from its files: {texture, image, regions (thing -> Rect2), sources}, or {missing:
# why not}. Static, so the level editor's tool scripts read it too (autoloads do not run in
# the editor; addons/malignus_level/Level.gd keeps one per open level).
static func read_atlas() -> Dictionary:
	var index_text := _read_text(INDEX_PATH)
	if index_text == "":
		return {"missing": "no sprite atlas (%s): run make art" % INDEX_PATH}
	var parsed := JSON.parse(index_text)
	if parsed.error != OK or typeof(parsed.result) != TYPE_DICTIONARY:
		return {"missing": "%s:%d: %s" % [INDEX_PATH, parsed.error_line, parsed.error_string]}
	var f := File.new()
	if f.open(ATLAS_PATH, File.READ) != OK:
		return {"missing": "cannot read %s" % ATLAS_PATH}
	var bytes := f.get_buffer(f.get_len())
	f.close()
	var img := Image.new()
	if img.load_png_from_buffer(bytes) != OK:
		return {"missing": "%s is not a PNG" % ATLAS_PATH}
	if img.get_format() != Image.FORMAT_RGBA8:
		img.convert(Image.FORMAT_RGBA8)
	var tex := ImageTexture.new()
	tex.create_from_image(img, 0)        # no filter, no mipmaps, no repeat: crisp pixel art
	var found := {}
	var sprites = parsed.result.get("sprites", {})
	if typeof(sprites) == TYPE_DICTIONARY:
		for thing in sprites:
			var r = sprites[thing]
			if typeof(r) == TYPE_ARRAY and r.size() == 4:
				found[str(thing)] = Rect2(float(r[0]), float(r[1]), float(r[2]), float(r[3]))
	var src = parsed.result.get("sources", {})
	return {"texture": tex, "image": img, "regions": found,
			"sources": src if typeof(src) == TYPE_DICTIONARY else {}}


static func _read_text(path: String) -> String:
	var f := File.new()
	if not f.file_exists(path) or f.open(path, File.READ) != OK:
		return ""
	var text := f.get_as_text()
	f.close()
	return text


func has(thing: String) -> bool:
	return regions.has(thing)


func region(thing: String) -> Rect2:
	return regions.get(thing, Rect2())


# Draws thing's sprite into rect (world pixels of the canvas item); modulate tints it.
func draw(canvas: CanvasItem, thing: String, rect: Rect2, modulate: Color = Color(1, 1, 1, 1)) -> void:
	if texture != null and regions.has(thing):
		canvas.draw_texture_rect_region(texture, rect, regions[thing], modulate)
	else:
		canvas.draw_rect(rect.grow(-rect.size.x * 0.2), Color(0.9, 0.2, 0.9, 0.8 * modulate.a))


# Draws thing's sprite centred on c, size px square, turned by angle (radians) and mirrored
# when flip: the canvas's transform is set for it and put back.
func draw_turned(canvas: CanvasItem, thing: String, c: Vector2, size: float, angle: float,
		modulate: Color = Color(1, 1, 1, 1), flip: bool = false) -> void:
	canvas.draw_set_transform(c, angle, Vector2(-1 if flip else 1, 1))
	draw(canvas, thing, Rect2(Vector2(-size, -size) / 2, Vector2(size, size)), modulate)
	canvas.draw_set_transform(Vector2.ZERO, 0.0, Vector2.ONE)


# A thing's sprite as a texture a Control can show (a TextureRect, a Button's icon: the
# party screen's and the adventurer panel's class sprite); null without an atlas.
func icon(thing: String) -> Texture:
	if texture == null or not regions.has(thing):
		return null
	var t := AtlasTexture.new()
	t.atlas = texture
	t.region = regions[thing]
	return t


# --- which sprite each thing of the game is drawn with --------------------------------------

# A body by its ent_kind and look (Names.look: class or creature kind).
static func body_thing(kind: int, look: String) -> String:
	match kind:
		0:
			return "body/minion"
		1:
			return "body/adventurer/" + (look if look in ADVENTURER_CLASSES else "peasant")
		2:
			return "body/creature/" + (look if look in CREATURE_KINDS else "other")
		3:
			return "body/boss"
	return "body/creature/other"


# A trap part by its part_kind and part_flags (a lever on or off).
static func part_thing(kind: int, flags: int = 0) -> String:
	if kind < 0 or kind >= PART_KINDS.size():
		return "furniture/other"
	var name: String = PART_KINDS[kind]
	if name == "lever":
		return "part/lever_on" if (flags & PART_FLAG_LEVER_ON) != 0 else "part/lever_off"
	return "part/" + name


static func furniture_thing(kind: int) -> String:
	if kind < 0 or kind >= FURNITURE_KINDS.size():
		return "furniture/other"
	return "furniture/" + FURNITURE_KINDS[kind]


# A door by its door_state (pysim/doors: 4 = breached) and whether it is open.
static func door_thing(state: int, open: bool) -> String:
	if state == 4:
		return "door/breached"
	return "door/open" if open else "door/closed"


# The gold pile sprite for an amount of treasure: the biggest pile not above it.
static func gold_thing(amount: int) -> String:
	var best := 1
	for n in GOLD_PILES:
		if n <= amount:
			best = n
	return "map/gold/%02d" % best


# A level thing (a legend word kind:arg, as a level scene's Thing holds it) as the game draws
# it; "" for the words that only tell about another thing (duty, party, name, ...).
static func level_thing(kind: String, arg: String) -> String:
	var first := arg.split("/")[0].split(":")[0]
	match kind:
		"minion":
			return body_thing(0, "")
		"boss":
			return body_thing(3, "")
		"adventurer":
			return body_thing(1, first)
		"creature", "dungeon_creature":
			return body_thing(2, first)
		"kobold":
			return body_thing(2, "kobold")
		"door":
			return door_thing(0, first == "held")
		"padlock":
			return "door/padlock_disarmed" if first == "disarmed" else "door/padlock"
		"trap":
			return part_thing(PART_KINDS.find(first))
		"metal":
			return "map/metal_pile"
		"treasure":
			return gold_thing(int(first) if first.is_valid_integer() else 10)
		"vein":
			return "map/vein"
		"mark":
			return "map/scorch" if first == "scorch" else "map/blood_old/0"
	if kind in FURNITURE_KINDS:
		return furniture_thing(FURNITURE_KINDS.find(kind))
	return ""


# One of a thing's numbered variants ("terrain/floor/0".."/3"), picked by a tile's position.
static func variant(base: String, x: int, y: int, count: int) -> String:
	var h := (x * 73856093) ^ (y * 19349663)
	return "%s/%d" % [base, int(abs(h)) % count]
