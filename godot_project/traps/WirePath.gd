extends Reference
# A wire drag's tiles as the mouse moves (the Wiring tool in the game, the level editor's Wire
# tool): each new tile is reached from the last one by orthogonal steps (a diagonal move
# becomes a step across, then down), and dragging back over the path takes that part off.
# pysim checks the path (the wire command, the [wires] section).


# The path after the mouse reached `tile` (the path is changed in place and returned).
static func extend(path: Array, tile: Vector2) -> Array:
	if path.empty():
		path.append(tile)
		return path
	var cur: Vector2 = path[path.size() - 1]
	while cur != tile:
		if cur.x != tile.x:
			cur.x += sign(tile.x - cur.x)
		else:
			cur.y += sign(tile.y - cur.y)
		var back := path.find(cur)
		if back >= 0:
			path.resize(back + 1)      # dragged back over the path: undo that part
		else:
			path.append(cur)
	return path


# The path as pysim takes it: [[x, y], ...].
static func as_lists(tiles: Array) -> Array:
	var out := []
	for t in tiles:
		out.append([int(t.x), int(t.y)])
	return out
