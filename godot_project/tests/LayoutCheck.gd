extends Reference
# The layout walker's checks (tests/test_layout.gd): problems(tree) walks every Control that
# shows, under every canvas layer of the scene tree (so panels and menus added later are
# checked too, whoever adds them), and returns one line per problem:
# - it lies outside the window (the part of it its scroll containers show);
# - it sticks out of its container (a button wider than its panel) or of a parent that clips;
# - it lies outside its scroll container's visible part and that container has no scroll bar
#   in that direction;
# - it is smaller than its own minimum size (its container squeezed it: content cut);
# - a Label's text (or one word of a wrapped one) is wider than the label, or some of its
#   lines are not shown; a Button's text is cut ("Bu..."); a RichTextLabel that does not
#   scroll shows less than its text;
# - two panels of one layer overlap (the HUD's map tip overlaps any panel).
# Rects are screen rects (through the canvas layers' transforms: the UI scale).

const TOLERANCE := 1.0
const OVERLAP_TOLERANCE := 2.0


static func problems(tree: SceneTree) -> Array:
	var out := []
	var screen := Rect2(Vector2.ZERO, tree.root.get_visible_rect().size)
	var panels := []
	_walk(tree.root, screen, out, panels)
	_overlaps(panels, out)
	return out


static func screen_rect(c: Control) -> Rect2:
	var t := c.get_global_transform_with_canvas()
	return Rect2(t.origin, c.rect_size * t.get_scale())


static func _walk(n: Node, screen: Rect2, out: Array, panels: Array) -> void:
	if n is CanvasItem and not n.visible:
		return
	if n is Node2D:
		return                  # the map and its layers draw in world space
	if n is Control:
		_check(n, screen, out)
		if n is PanelContainer and n.rect_size.x > 0:
			panels.append(n)
	for c in n.get_children():
		_walk(c, screen, out, panels)


static func _name(c: Control) -> String:
	var p := str(c.get_path())
	var cut := p.find("/Main/")
	return p.substr(cut + 6) if cut >= 0 else p


static func _check(c: Control, screen: Rect2, out: Array) -> void:
	if c.rect_size.x <= 0 or c.rect_size.y <= 0 or c is ScrollBar:
		return
	var r := screen_rect(c)
	var seen := _seen_rect(c)          # what a scroll container lets show of it
	if seen.size.x > 0 and seen.size.y > 0 and not screen.grow(TOLERANCE).encloses(seen):
		out.append("%s %s lies outside the window %s" % [_name(c), str(seen), str(screen.size)])
	_check_parents(c, r, out)
	var minimum := c.get_combined_minimum_size()
	if c.rect_size.x + TOLERANCE < minimum.x or c.rect_size.y + TOLERANCE < minimum.y:
		out.append("%s is %s, smaller than its minimum %s: its content is cut" % [_name(c), str(c.rect_size), str(minimum)])
	if c is Label:
		_check_label(c, out)
	elif c is Button:
		_check_button(c, out)
	elif c is RichTextLabel:
		if not c.scroll_active and c.get_content_height() > c.rect_size.y + TOLERANCE:
			out.append("%s shows %d of its %d px of text" % [_name(c), int(c.rect_size.y), c.get_content_height()])


# Inside a scroll container: outside its view only where it has a scroll bar; inside a
# container or a clipping parent: within its rect.
static func _check_parents(c: Control, r: Rect2, out: Array) -> void:
	var p = c.get_parent()
	var first := true
	while p is Control:
		var pr := screen_rect(p)
		if p is ScrollContainer:
			var below: bool = r.position.y < pr.position.y - TOLERANCE or r.end.y > pr.end.y + TOLERANCE
			var beside: bool = r.position.x < pr.position.x - TOLERANCE or r.end.x > pr.end.x + TOLERANCE
			if below and not p.get_v_scrollbar().visible:
				out.append("%s %s is out of sight in %s %s, which cannot scroll down" % [_name(c), str(r), _name(p), str(pr)])
			if beside and not p.get_h_scrollbar().visible:
				out.append("%s %s sticks out sideways of %s %s, which cannot scroll sideways" % [_name(c), str(r), _name(p), str(pr)])
			return
		if (first and p is Container) or p.rect_clip_content:
			if not pr.grow(TOLERANCE).encloses(r):
				out.append("%s %s sticks out of %s %s" % [_name(c), str(r), _name(p), str(pr)])
				return
		first = false
		p = p.get_parent()


static func _check_label(l: Label, out: Array) -> void:
	if l.text == "":
		return
	var font := l.get_font("font")
	var room: float = l.rect_size.x - l.get_stylebox("normal").get_minimum_size().x
	var text: String = l.text.to_upper() if l.uppercase else l.text
	if l.autowrap:
		for line in text.split("\n"):
			for word in line.split(" ", false):
				if font.get_string_size(word).x > room + TOLERANCE:
					out.append("%s: the word '%s' is wider than the label (%d px)" % [_name(l), word, int(room)])
		if l.get_visible_line_count() < l.get_line_count():
			out.append("%s shows %d of its %d lines" % [_name(l), l.get_visible_line_count(), l.get_line_count()])
	else:
		for line in text.split("\n"):
			if font.get_string_size(line).x > room + TOLERANCE:
				out.append("%s: '%s' is wider than the label (%d px) and does not wrap" % [_name(l), line, int(room)])


static func _check_button(b: Button, out: Array) -> void:
	if b.text == "":
		return
	var font := b.get_font("font")
	var need: float = font.get_string_size(b.text).x + b.get_stylebox("normal").get_minimum_size().x
	if b.icon != null:
		need += b.icon.get_width() + b.get_constant("hseparation")
	if b is OptionButton:
		need += b.get_icon("arrow").get_width() + b.get_constant("arrow_margin")
	if b.rect_size.x + TOLERANCE < need:
		out.append("%s cuts its text '%s' (%d of %d px)" % [_name(b), b.text, int(b.rect_size.x), int(need)])


# Panels of the same layer (a canvas layer, or a node in the group "layout_layer": the
# HUD's letters) must not overlap; a node in the group "layout_tip" (the map tip) overlaps
# no panel of its canvas layer.
static func _overlaps(panels: Array, out: Array) -> void:
	var tops := []
	for p in panels:
		if not _has_panel_ancestor(p):
			tops.append(p)
	for i in range(tops.size()):
		for j in range(i + 1, tops.size()):
			var a: Control = tops[i]
			var b: Control = tops[j]
			var tip: bool = a.is_in_group("layout_tip") or b.is_in_group("layout_tip")
			if tip:
				if _canvas_layer(a) != _canvas_layer(b):
					continue
			elif _layer(a) != _layer(b):
				continue
			var ra := _seen_rect(a).grow(-OVERLAP_TOLERANCE)
			var rb := _seen_rect(b).grow(-OVERLAP_TOLERANCE)
			if ra.size.x > 0 and ra.size.y > 0 and rb.size.x > 0 and rb.size.y > 0 and ra.intersects(rb):
				out.append("%s %s overlaps %s %s" % [_name(a), str(_seen_rect(a)), _name(b), str(_seen_rect(b))])


# The part of a control that shows: its rect cut to its scroll containers' views.
static func _seen_rect(c: Control) -> Rect2:
	var r := screen_rect(c)
	var p := c.get_parent()
	while p is Control:
		if p is ScrollContainer:
			r = r.clip(screen_rect(p))
		p = p.get_parent()
	return r


static func _has_panel_ancestor(c: Node) -> bool:
	var p := c.get_parent()
	while p != null and not (p is CanvasLayer) and not p.is_in_group("layout_layer"):
		if p is PanelContainer:
			return true
		p = p.get_parent()
	return false


static func _layer(c: Node) -> Node:
	var p := c.get_parent()
	while p != null and not (p is CanvasLayer) and not p.is_in_group("layout_layer"):
		p = p.get_parent()
	return p


static func _canvas_layer(c: Node) -> Node:
	var p := c.get_parent()
	while p != null and not (p is CanvasLayer):
		p = p.get_parent()
	return p
