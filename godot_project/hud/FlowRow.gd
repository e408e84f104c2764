extends Container
# A row of controls that wraps: children left to right, and one that would cross the right
# edge starts a new row (Godot 3.2 has no flow container). Buttons in a panel, the tool bar,
# the top bar and the tab bar use it, so a narrow panel or window shows every button whole
# on more rows instead of cutting one off.
# - Each child keeps its minimum size; in each row, children with SIZE_EXPAND share the
#   row's spare width (a spacer pushing the speed buttons right); each is centred vertically
#   in its row.
# - The minimum width is the widest child's; `preferred_width` (> 0) asks for up to that much
#   width on one row when the parent gives its children only their minimum (a tool bar that
#   should not shrink to one button a row).
# - The minimum height is what the rows take at the current width: set after each layout,
#   so the parent grows or shrinks with the wrapping.
# - Children next to each other with the same meta "flow_group" wrap as one: the top bar's
#   speed readout and its buttons start a new row together rather than split across two.

export var hseparation := 6
export var vseparation := 4
export var preferred_width := 0.0

var _height := 0.0


func _init() -> void:
	mouse_filter = MOUSE_FILTER_IGNORE


func _notification(what: int) -> void:
	if what == NOTIFICATION_SORT_CHILDREN:
		var h := _layout(true)
		if h != _height:
			_height = h
			minimum_size_changed()


func _get_minimum_size() -> Vector2:
	var widest := 0.0
	var one_row := 0.0
	for c in _shown():
		var w: float = c.get_combined_minimum_size().x
		widest = max(widest, w)
		one_row += w + (hseparation if one_row > 0 else 0)
	var w := widest
	if preferred_width > 0:
		w = max(widest, min(one_row, preferred_width))
	if _height == 0.0 and rect_size.x < w:
		_height = _layout_height(w)
	return Vector2(w, _height)


func set_preferred_width(w: float) -> void:
	if w != preferred_width:
		preferred_width = w
		minimum_size_changed()
		queue_sort()


# The rows' height at width `w`, without moving anything.
func _layout_height(w: float) -> float:
	var y := 0.0
	for row in _rows(w):
		y += row[1] + (vseparation if y > 0 else 0)
	return y


# Places the children (place = true) and returns the height the rows take.
func _layout(place: bool) -> float:
	var w := rect_size.x
	var y := 0.0
	for row in _rows(w):
		var items: Array = row[0]
		var row_h: float = row[1]
		if y > 0:
			y += vseparation
		var used := 0.0
		var expanders := 0
		for c in items:
			used += c.get_combined_minimum_size().x
			if c.size_flags_horizontal & SIZE_EXPAND:
				expanders += 1
		used += hseparation * (items.size() - 1)
		var spare: float = max(0.0, w - used)
		var x := 0.0
		for c in items:
			var s: Vector2 = c.get_combined_minimum_size()
			var cw: float = min(s.x, w)
			if expanders > 0 and c.size_flags_horizontal & SIZE_EXPAND:
				cw += spare / expanders
			if place:
				fit_child_in_rect(c, Rect2(x, y + floor((row_h - s.y) / 2.0), cw, s.y))
			x += cw + hseparation
		y += row_h
	return y


# [[children of a row], row height] for the width w.
func _rows(w: float) -> Array:
	var rows := []
	var items := []
	var x := 0.0
	var row_h := 0.0
	var shown := _shown()
	for i in range(shown.size()):
		var c: Control = shown[i]
		var s: Vector2 = c.get_combined_minimum_size()
		if not items.empty() and x + _run_width(shown, i) > w:
			rows.append([items, row_h])
			items = []
			x = 0.0
			row_h = 0.0
		items.append(c)
		x += s.x + hseparation
		row_h = max(row_h, s.y)
	if not items.empty():
		rows.append([items, row_h])
	return rows


# The width from shown[i] to the end of its flow group (just its own outside a group, or
# within one after its first).
func _run_width(shown: Array, i: int) -> float:
	var group = shown[i].get_meta("flow_group") if shown[i].has_meta("flow_group") else null
	var w: float = shown[i].get_combined_minimum_size().x
	if group == null or (i > 0 and shown[i - 1].has_meta("flow_group") and shown[i - 1].get_meta("flow_group") == group):
		return w
	for k in range(i + 1, shown.size()):
		if not shown[k].has_meta("flow_group") or shown[k].get_meta("flow_group") != group:
			break
		w += hseparation + shown[k].get_combined_minimum_size().x
	return w


func _shown() -> Array:
	var out := []
	for c in get_children():
		if c is Control and c.visible and not c.is_set_as_toplevel():
			out.append(c)
	return out
