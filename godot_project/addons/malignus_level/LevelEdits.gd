tool
extends Reference
# Changes the level editor makes to a level scene's nodes (the dock's palette, Wire tool,
# light painting and Goals list), each one undoable step when an UndoRedo is given (the
# editor's), and what pysim reads of the scene as it is now (scene_text). Nodes are made as
# pysim/core/scene_writer.py writes them: things under Things, wires under Wires, the light
# under Light, sections (the goals) under Sections.

const Level = preload("res://addons/malignus_level/Level.gd")
const ADDON := "res://addons/malignus_level/"
const WIRE_COLOR := Color(1, 0.78, 0.25, 1)


# The scene's text as it is now, saved or not (packed into a temporary .tscn and read
# back): what pysim checks. "" when it cannot be packed.
static func scene_text(root: Node) -> String:
	var packed := PackedScene.new()
	if packed.pack(root) != OK:
		return ""
	var tmp := "user://malignus_level_check.tscn"
	if ResourceSaver.save(tmp, packed) != OK:
		return ""
	var f := File.new()
	if f.open(tmp, File.READ) != OK:
		return ""
	var text := f.get_as_text()
	f.close()
	return text


# The name pysim's converter gives a thing: kind_x_y (a trap part: trap_KIND_x_y), with a
# number after it when the name is taken.
static func thing_name(parent: Node, kind: String, arg: String, tile: Vector2) -> String:
	var base := kind
	if kind == "trap" and arg != "":
		base = "trap_" + arg.split("/")[0]
	return _free_name(parent, "%s_%d_%d" % [base, int(tile.x), int(tile.y)])


# A new Thing on a tile, under Things (made if the scene has none).
static func add_thing(root: Node, kind: String, arg: String, tile: Vector2, undo = null) -> Node2D:
	var thing := Node2D.new()
	thing.set_script(load(ADDON + "Thing.gd"))
	thing.kind = kind
	thing.arg = arg
	thing.position = tile * Level.cell_of(root)
	var parent := _group(root, "Things", "Node2D")
	thing.name = thing_name(parent, kind, arg, tile)
	_add(root, parent, thing, undo, "Add %s" % kind)
	return thing


# A new wire through these corners (tiles), under Wires (made if the scene has none): a
# point a corner at the tile's centre, as the converter writes wires.
static func add_wire(root: Node, corners: Array, undo = null) -> Line2D:
	var wire := Line2D.new()
	wire.set_script(load(ADDON + "Wire.gd"))
	var points := PoolVector2Array()
	var cell := Level.cell_of(root)
	for c in corners:
		points.append((Vector2(c[0], c[1]) + Vector2(0.5, 0.5)) * cell)
	wire.points = points
	wire.width = 3.0
	wire.default_color = WIRE_COLOR
	var parent := _group(root, "Wires", "Node2D")
	wire.name = _free_name(parent, "wire_%d" % (parent.get_child_count() + 1))
	_add(root, parent, wire, undo, "Add wire")
	return wire


# The scene's Light TileMap (painted with light.tres: tile id = light level 0 dark .. 9 full
# light), made if it has none.
static func light_map(root: Node, undo = null) -> TileMap:
	var lights = root.get_node_or_null("Light")
	if lights is TileMap:
		return lights
	var map := TileMap.new()
	map.name = "Light"
	map.tile_set = load(ADDON + "light.tres")
	map.cell_size = Level.cell_of(root)
	# right over the terrain (and the domain), under the things
	var under = root.get_node_or_null("Domain")
	if under == null:
		under = root.get_node_or_null("Terrain")
	_add(root, root, map, undo, "Add the Light map", under.get_index() + 1 if under != null else -1)
	return map


# Sets a [section]'s lines: the scene's Sections/<section> node (Section.gd; Sections and it
# made when missing, as the converter writes them), as one step of the undo (typing merges
# into one); `after` (an object with refresh()) is told after the do and the undo.
static func set_section_lines(root: Node, section: String, lines: PoolStringArray, undo = null,
		action: String = "Set the section's lines", merge: bool = false, after = null) -> Node:
	var sections = root.get_node_or_null("Sections")
	var node = sections.get_node_or_null(section) if sections != null else null
	var made := []            # [parent, new node], parents first
	if sections == null:
		sections = Node.new()
		sections.name = "Sections"
		made.append([root, sections])
	if node == null:
		node = Node.new()
		node.set_script(load(ADDON + "Section.gd"))
		node.name = section
		node.section = section
		made.append([sections, node])
	if undo == null:
		for m in made:
			m[0].add_child(m[1])
			m[1].owner = root
		node.lines = lines
		return node
	undo.create_action(action, UndoRedo.MERGE_ENDS if merge and made.empty() else UndoRedo.MERGE_DISABLE)
	for m in made:
		undo.add_do_method(m[0], "add_child", m[1])
		undo.add_do_method(m[1], "set_owner", root)
		undo.add_do_reference(m[1])
	undo.add_do_property(node, "lines", lines)
	undo.add_undo_property(node, "lines", node.lines)
	for i in range(made.size() - 1, -1, -1):
		undo.add_undo_method(made[i][0], "remove_child", made[i][1])
	if after != null:
		undo.add_do_method(after, "refresh")
		undo.add_undo_method(after, "refresh")
	undo.commit_action()
	return node


static func _free_name(parent: Node, base: String) -> String:
	var name := base
	var n := 2
	while parent.has_node(name):
		name = "%s_%d" % [base, n]
		n += 1
	return name


# The scene's Things or Wires node; made (owned by the scene, so it is saved) when missing.
static func _group(root: Node, name: String, type: String) -> Node:
	var node = root.get_node_or_null(name)
	if node != null:
		return node
	node = ClassDB.instance(type)
	node.name = name
	root.add_child(node)
	node.owner = root
	return node


# Adds node under parent (at child index `index` when it is 0 or more), owned by the scene
# root: through the UndoRedo as one step when there is one, else at once.
static func _add(root: Node, parent: Node, node: Node, undo, action: String, index: int = -1) -> void:
	if undo == null:
		parent.add_child(node)
		if index >= 0:
			parent.move_child(node, index)
		node.owner = root
		return
	undo.create_action(action)
	undo.add_do_method(parent, "add_child", node)
	if index >= 0:
		undo.add_do_method(parent, "move_child", node, index)
	undo.add_do_method(node, "set_owner", root)
	undo.add_do_reference(node)
	undo.add_undo_method(parent, "remove_child", node)
	undo.commit_action()
