extends Reference
# Panels that stand in the middle of the screen (the key help, the end screen, the letters):
# one place sets their anchors and size, so they all centre and resize alike.


# A hidden PanelContainer centred on its parent, half_size from the centre to each edge.
static func centred(panel_name: String, half_size: Vector2) -> PanelContainer:
	var p := PanelContainer.new()
	p.name = panel_name
	p.visible = false
	p.anchor_left = 0.5
	p.anchor_right = 0.5
	p.anchor_top = 0.5
	p.anchor_bottom = 0.5
	p.margin_left = -half_size.x
	p.margin_right = half_size.x
	p.margin_top = -half_size.y
	p.margin_bottom = half_size.y
	return p
