extends Control
# The letters: panels in the middle of the screen, over the map and the docked panels (the
# key help, the end screen, the spotted party's letter and party screen, the drifter's plea;
# hud.add_letter). Each shows at its own width, or the window's if narrower, as tall as its
# text, and scrolls when the window is shorter; letters that show together stack in a
# column, each whole. A letter is a GamePanel (hud/GamePanel.gd): its owner toggles its
# `visible`.

const MARGIN := 16.0
const GAP := 8.0

var _frames := []          # [frame ScrollContainer, letter, width]


func _init() -> void:
	mouse_filter = MOUSE_FILTER_IGNORE
	# letters may cover the docked panels, not each other (tests/LayoutCheck.gd)
	add_to_group("layout_layer")
	var _err := connect("resized", self, "_queue_fit")


func add_letter(letter: Control, width: float) -> void:
	var frame := ScrollContainer.new()
	frame.name = str(letter.name) + "Frame"
	frame.scroll_horizontal_enabled = false
	frame.mouse_filter = MOUSE_FILTER_STOP
	add_child(frame)
	letter.size_flags_horizontal = SIZE_EXPAND_FILL
	frame.add_child(letter)
	_frames.append([frame, letter, width])
	var _err := letter.connect("visibility_changed", self, "_queue_fit")
	_err = letter.connect("minimum_size_changed", self, "_queue_fit")
	_queue_fit()


# Every letter, shown or not (the walker shows each in turn: tests/test_layout.gd).
func panels() -> Array:
	var out := []
	for f in _frames:
		out.append(f[1])
	return out


# The letters showing now.
func shown() -> Array:
	var out := []
	for f in _frames:
		if f[1].visible:
			out.append(f[1])
	return out


func _queue_fit() -> void:
	call_deferred("_fit")


func _fit() -> void:
	var showing := []
	for f in _frames:
		f[0].visible = f[1].visible
		if f[1].visible:
			showing.append(f)
	if showing.empty():
		return
	var room := rect_size - Vector2(2 * MARGIN, 2 * MARGIN)
	var share: float = (room.y - GAP * (showing.size() - 1)) / showing.size()
	var heights := []
	var total := 0.0
	for f in showing:
		var h: float = min(f[1].get_combined_minimum_size().y, share)
		heights.append(h)
		total += h
	var y: float = (rect_size.y - total - GAP * (showing.size() - 1)) / 2.0
	for i in range(showing.size()):
		var frame: ScrollContainer = showing[i][0]
		var w: float = min(float(showing[i][2]), room.x)
		frame.rect_position = Vector2(floor((rect_size.x - w) / 2.0), floor(y))
		frame.rect_size = Vector2(w, heights[i])
		y += heights[i] + GAP
