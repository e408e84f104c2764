extends "res://core/ConceptExtension.gd"
# Traps UI (docs/rules/traps.md). Tools:
#   "trap_build"  Build Trap: click a tile to place the part chosen in the panel (a blueprint
#                 until a Traps-duty minion builds it);
#   "wire"        Wiring: drag from a part to another; the wire follows the drag tile by
#                 tile (diagonal moves become two orthogonal steps) and is sent as one `wire`
#                 command; a refused drag leaves nothing (the HUD toasts the sim's reason);
#                 while dragging, the end tile shows green or a red cross with the reason the
#                 wire would be refused (the command's own check, Session.check),
#                 before the button is let go;
#   "trap_select" Traps: click a part to select it; the panel sets a timer's delay, switches
#                 a lever, removes the part.
# The trap panel (a side panel in the HUD's right dock, under the selection panel) shows only
# while one of these tools is active or a part is selected; the selected part's details come
# from Session.describe_part (kind, state, rigged, lever, timer delay, decay time left).
# The reset workload (parts waiting for a reset) and how many minions are on Traps duty
# (DECAY-04) sit in the top bar beside the clock at all times. Every rule is pysim's; this
# only draws and sends commands.

const ET = preload("res://hud/EventText.gd")
const WirePath = preload("res://traps/WirePath.gd")
const TrapLayer = preload("res://traps/TrapLayer.gd")
const TrapWords = preload("res://traps/TrapWords.gd")
const Shared := preload("res://core/Shared.gd")
const KINDS := Shared.TRAP_KINDS     # the snapshot's part_kind codes index it
const TRAP_TOOLS := ["trap_build", "wire", "trap_select"]
const TOOL_HINTS := {
	"trap_build": "Click a floor tile of your domain to place a blueprint.",
	"wire": "Drag from a part to another part, a timer or a door.",
	"trap_select": "Click a trap part to select it.",
}
const STATE_WORDS := {"blueprint": "Blueprint", "ready": "Ready",
		"needs_reset": "Needs a reset", "expired": "Expired (needs its reset)",
		"counting": "Counting down"}
const STATE_COLORS := {"blueprint": Color(0.6, 0.75, 1), "ready": Color(0.55, 1, 0.55),
		"needs_reset": Color(1, 0.7, 0.3), "expired": Color(1, 0.45, 0.4),
		"counting": Color(0.55, 0.8, 1)}
const TICKS_PER_MINUTE := Shared.TICKS_PER_MINUTE   # the delay box speaks minutes
const TICKS_PER_HOUR := Shared.TICKS_PER_HOUR       # for "in 47 h" (display only)
const DESCRIBE_SECONDS := 0.25   # refresh of the selected part's details

var layer = null
var panel: GamePanel = null
var workload_label: Label = null
var title_label: Label = null
var close_button: Button = null
var build_row: Container = null
var kind_picker: OptionButton = null
var about_label: Label = null
var part_about := []         # per KINDS entry: "Dart thrower: 1 metal. Shoots one dart ..."
var hint_label: Label = null
var part_label: RichTextLabel = null
var delay_row: Container = null
var delay_box: SpinBox = null
var delay_button: Button = null
var lever_button: Button = null
var remove_button: Button = null
var part_info := {}           # Session.describe_part(selected_part), {} none
var _since_describe := 0.0
var _last_trap_version := -1
var snap := {}
var words = TrapWords.new()   # the log's words for the traps' events
var tool_id := "select"
var drag_path := []           # Vector2 tiles of the drag in progress
var dragging := false
var last_hover := Vector2(-1, -1)
var selected_part := -1
var last_wire_command := {}
var wire_check := {}          # the drag so far: {"tile", "ok", "reason"}, {} when none
var wire_preview = null       # world/TilePreview.gd at the drag's end tile


func setup(m) -> void:
	main = m
	add_tool("trap_build", "Build Trap", "Place a trap part (choose it in the Traps panel)", "_on_build_click")
	add_tool("wire", "Wiring", "Drag a wire from a trigger to a mechanism (or a timer, a door)")
	add_tool("trap_select", "Traps", "Select a trap part: timer delay, lever, remove", "_on_select_click")
	layer = TrapLayer.new()
	layer.name = "TrapLayer"
	main.world.add_layer(layer, false)
	wire_preview = preload("res://world/TilePreview.gd").new()
	wire_preview.name = "WirePreview"
	main.world.add_layer(wire_preview, true)
	_build_panel()
	if main.hud.has_method("add_tile_info"):
		main.hud.add_tile_info(self, "tile_info")
	var duty_tab = preload("res://traps/DutyTab.gd").new()
	duty_tab.name = "Duty"
	main.hud.add_selection_tab("Duty", duty_tab)
	listen({"snapshot_updated": "_on_snapshot", "tool_selected": "_on_tool_selected",
			"entity_selected": "_on_entity_selected", "tile_hovered": "_on_tile_hovered",
			"tile_drag_started": "_on_drag_started", "tile_drag_finished": "_on_drag_finished",
			"game_loaded": "_on_game_loaded"})
	event_texts(words.TEXTS, words)


func _build_panel() -> void:
	workload_label = Label.new()
	workload_label.name = "TrapWorkload"
	workload_label.hint_tooltip = "Trap parts waiting for a reset (or expired), and minions on Traps duty"
	workload_label.text = "Resets waiting: 0   Traps duty: 0"
	main.hud.add_status(workload_label)
	panel = add_side_panel("TrapPanel", "_on_close", "Close the trap panel (back to Select)")
	var box := panel.box
	title_label = panel.title
	close_button = panel.close_button
	build_row = panel.add_row("BuildRow")
	var l := Label.new()
	l.text = "Part"
	build_row.add_child(l)
	kind_picker = OptionButton.new()
	kind_picker.name = "KindPicker"
	kind_picker.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	kind_picker.focus_mode = Control.FOCUS_NONE
	for k in KINDS:
		kind_picker.add_item(k.replace("_", " ").capitalize())
	kind_picker.select(2)
	build_row.add_child(kind_picker)
	# What the picked part costs and does (Session.part_kinds), and in each item's tooltip.
	about_label = GamePanel.add_text(box, "About", Color(0.78, 0.72, 0.86))
	var _err := kind_picker.connect("item_selected", self, "_on_kind_picked")
	if main.sim != null and main.sim.has_method("part_kinds"):
		_err = EventBus.connect("sim_started", self, "_on_sim_started_kinds")
	hint_label = GamePanel.add_text(box, "Hint", Color(0.7, 0.62, 0.8))
	part_label = GamePanel.add_rich_text(box, "PartInfo")
	delay_row = panel.add_row("DelayRow")
	delay_box = SpinBox.new()
	delay_box.name = "Delay"
	# In game minutes, like the rest of the game (a tick is 6 game seconds: 0.1 min).
	delay_box.min_value = 0
	delay_box.max_value = 600
	delay_box.step = 0.1
	delay_box.suffix = "min"
	delay_box.hint_tooltip = "The timer's delay in game minutes (Enter or Set Delay to apply)"
	delay_box.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	delay_row.add_child(delay_box)
	# Typing a delay must not keep the keyboard: Enter gives it back to the game (WASD, Space).
	_err = delay_box.get_line_edit().connect("text_entered", self, "_on_delay_entered")
	delay_button = add_button(delay_row, "SetDelay", "Set Delay", "_on_set_delay")
	var row2 := panel.add_row("Actions")
	lever_button = add_button(row2, "SwitchLever", "Switch Lever", "_on_switch_lever")
	remove_button = add_button(row2, "RemovePart", "Remove", "_on_remove")
	_refresh_panel()


# -- snapshot lookups --------------------------------------------------------------------

func part_index_at(tile: Vector2) -> int:
	var pos = snap.get("part_pos", [])
	var kinds = snap.get("part_kind", [])
	var flags = snap.get("part_flags", [])
	for i in range(pos.size()):
		var p: Vector2 = pos[i].floor()
		if p == tile:
			return i
		if int(kinds[i]) == 1:
			var d: Vector2 = Vector2(0, 1) if (int(flags[i]) & 16) != 0 else Vector2(1, 0)
			if tile == p + d or tile == p - d:
				return i
	return -1


func wire_count() -> int:
	return snap.get("wire_id", []).size()


# -- signals -----------------------------------------------------------------------------

func _on_snapshot(s: Dictionary) -> void:
	snap = s
	words.snap = s
	var waiting := int(s.get("trap_workload", 0))
	var duty := int(s.get("traps_duty", 0))
	workload_label.text = "Resets waiting: %d   Traps duty: %d" % [waiting, duty]
	# Resets waiting and nobody on Traps duty: the player should notice (DECAY-04).
	var warn := waiting > 0 and duty == 0
	workload_label.add_color_override("font_color",
			Color(1, 0.55, 0.35) if warn else Color(0.8, 0.78, 0.72))
	var version := int(s.get("trap_version", -1))
	if version != _last_trap_version:
		_last_trap_version = version
		_describe_selected()
		if tool_id == "trap_build" and not placement.empty():
			preview_placement(placement.tile)      # a part went in: the tile is taken now
	_refresh_panel()


func _process(delta: float) -> void:
	if selected_part < 0:
		return
	_since_describe += delta
	if _since_describe >= DESCRIBE_SECONDS:
		_describe_selected()
		_refresh_panel()


func _describe_selected() -> void:
	_since_describe = 0.0
	part_info = {}
	if selected_part >= 0 and main != null and main.sim != null:
		part_info = main.sim.describe_part(selected_part)
		if part_info.empty():           # removed (by us or the sim): nothing selected
			selected_part = -1
			layer.selected_part = -1
			layer.update()


# The map's hover tip: the trap part on this tile and its state.
func tile_info(tile: Vector2, s: Dictionary) -> Array:
	var i := part_index_at(tile)
	if i < 0 or i >= s.get("part_kind", []).size():
		return []
	var kind: String = KINDS[int(s["part_kind"][i])] if int(s["part_kind"][i]) < KINDS.size() else "trap part"
	var st := int(s["part_state"][i])
	var state: String = ["a blueprint", "ready", "needs a reset", "expired: needs its reset"][clamp(st, 0, 3)]
	if (int(s["part_flags"][i]) & 32) != 0:
		state = "counting down"
	if (int(s["part_flags"][i]) & 1) != 0:
		state += ", RIGGED"
	if (int(s["part_flags"][i]) & TrapLayer.NOT_WIRED) != 0:
		state += ", not wired"
	return ["%s: %s" % [ET.kind_title(kind), state]]


# Another game: its parts are not the old ones, so the selection goes.
func _on_game_loaded(_path) -> void:
	select_part(-1)


func select_part(part_id: int) -> void:
	selected_part = part_id
	layer.selected_part = part_id
	layer.update()
	_describe_selected()
	var d := part_info
	if d.has("delay"):
		delay_box.value = float(d["delay"]) / TICKS_PER_MINUTE
	_refresh_panel()


func _on_tool_selected(id: String) -> void:
	tool_id = id
	dragging = false
	drag_path = []
	wire_check = {}
	wire_preview.clear()
	layer.preview = []
	placement = {}
	layer.placement = {}
	layer.update()
	_refresh_panel()


func _on_entity_selected(id: int) -> void:
	if id >= 0 and selected_part >= 0:
		select_part(-1)


func _on_close() -> void:
	select_part(-1)
	if tool_id in TRAP_TOOLS:
		EventBus.emit_signal("tool_selected", "select")
	_refresh_panel()


func _on_tile_hovered(tile: Vector2) -> void:
	last_hover = tile
	if dragging and tool_id == "wire":
		_extend(tile)
	if tool_id == "trap_build":
		preview_placement(tile)


# Costs and one-line descriptions of the parts, asked once the session runs.
func _on_sim_started_kinds(_info) -> void:
	if not part_about.empty():
		return
	var out: Dictionary = main.sim.part_kinds()
	var kinds = out.get("kinds", [])
	for k in range(KINDS.size()):
		var j: int = kinds.find(KINDS[k]) if typeof(kinds) == TYPE_ARRAY else -1
		if j < 0:
			part_about.append("")
			continue
		var line := "%s: %s. %s" % [str(out["names"][j]), ET.plural(int(out["metal"][j]), "metal", "metal"), str(out["notes"][j])]
		part_about.append(line)
		kind_picker.get_popup().set_item_tooltip(k, line)
	_on_kind_picked(kind_picker.selected)


func _on_kind_picked(index: int) -> void:
	if about_label != null:
		about_label.text = part_about[index] if index >= 0 and index < part_about.size() else ""
	if tool_id == "trap_build" and not placement.empty():
		preview_placement(placement.tile)


# The Build Trap tool's preview: before the click, the hovered tile is framed green
# or red and the panel says why not, from the command's own check (Session.check), and amber
# with its note when the command is taken with advice.
var placement := {}          # {"tile", "ok", "reason", "note"} for the hovered tile, {} when none


func preview_placement(tile: Vector2) -> void:
	placement = {}
	if main != null and main.sim != null and main.sim.has_method("check"):
		var r: Dictionary = main.sim.check_answer({"type": "place_part",
				"kind": KINDS[kind_picker.selected], "x": int(tile.x), "y": int(tile.y)})
		placement = {"tile": tile, "ok": bool(r.get("ok", false)), "reason": str(r.get("reason", "")),
				"note": str(r.get("note", ""))}
	layer.placement = placement
	layer.update()
	_refresh_panel()


func _extend(tile: Vector2) -> void:
	drag_path = WirePath.extend(drag_path, tile)
	layer.preview = drag_path
	layer.update()
	check_wire()


# The Wiring tool's preview: would the drag so far be taken as a wire?
func check_wire() -> void:
	wire_check = {}
	if drag_path.size() < 2 or main == null or main.sim == null:
		wire_preview.clear()
		_refresh_panel()
		return
	var why: String = main.sim.check({"type": "wire", "path": path_of(drag_path)})
	var end: Vector2 = drag_path[drag_path.size() - 1]
	wire_check = {"tile": end, "ok": why == "", "reason": why}
	wire_preview.show_at(end, wire_check.ok, "Let go: the wire is laid" if wire_check.ok else wire_check.reason)
	_refresh_panel()


static func path_of(tiles: Array) -> Array:
	return WirePath.as_lists(tiles)


func _on_drag_started(tile: Vector2, tool_name: String) -> void:
	if tool_name != "wire":
		return
	dragging = true
	drag_path = [tile]
	_extend(last_hover)


func _on_drag_finished(_from: Vector2, to: Vector2, tool_name: String) -> void:
	if tool_name != "wire":
		return
	_extend(to)
	var path := path_of(drag_path)
	dragging = false
	drag_path = []
	wire_check = {}
	wire_preview.clear()
	layer.preview = []
	layer.update()
	if path.size() >= 2:
		last_wire_command = {"type": "wire", "path": path}
		send(last_wire_command)


# A left click on the map with the Build Trap tool.
func _on_build_click(tile: Vector2) -> void:
	send({"type": "place_part", "kind": KINDS[kind_picker.selected],
			"x": int(tile.x), "y": int(tile.y)})


# A left click on the map with the Traps tool.
func _on_select_click(tile: Vector2) -> void:
	var i := part_index_at(tile)
	select_part(int(snap["part_id"][i]) if i >= 0 else -1)


func _refresh_panel() -> void:
	if panel == null:
		return
	var d := part_info if selected_part >= 0 else {}
	panel.visible = tool_id in TRAP_TOOLS or not d.empty()
	if not panel.visible:
		return
	build_row.visible = tool_id == "trap_build"
	about_label.visible = build_row.visible and about_label.text != ""
	hint_label.text = TOOL_HINTS.get(tool_id, "")
	if tool_id == "trap_build" and not placement.empty():
		hint_label.text = ("Here: %s can go." % ET.a_part(KINDS[kind_picker.selected])) if placement.ok \
				else "Not here: " + placement.reason
		if placement.ok and placement.note != "":
			hint_label.text += " But: " + placement.note      # a warning, not a refusal
	if tool_id == "wire" and not wire_check.empty():
		hint_label.text = "This wire can be laid: let go." if wire_check.ok else "Not this wire: " + wire_check.reason
	hint_label.visible = hint_label.text != "" and (d.empty() or tool_id != "trap_select")
	var kind := str(d.get("kind", ""))
	var st := str(d.get("state", ""))
	part_label.visible = not d.empty()
	delay_row.visible = kind == "timer"
	lever_button.visible = kind == "lever"
	lever_button.disabled = st == "blueprint"
	remove_button.visible = not d.empty()
	if d.empty():
		title_label.text = {"trap_build": "Build Trap", "wire": "Wiring"}.get(tool_id, "Traps")
		return
	title_label.text = str(d.get("name", kind.capitalize()))
	var text := part_bbcode(d)
	if text != part_label.bbcode_text:
		part_label.bbcode_text = text
	if kind == "lever":
		lever_button.text = "Switch Lever Off" if d.get("lever_on", false) else "Switch Lever On"


# The selected part's lines (from Session.describe_part; no rule decided here).
static func part_bbcode(d: Dictionary) -> String:
	var lines := []
	var st := str(d.get("state", ""))
	var col: Color = STATE_COLORS.get(st, Color(1, 1, 1))
	var head := "[color=#%s]%s[/color]" % [col.to_html(false), STATE_WORDS.get(st, st.capitalize())]
	if d.get("rigged", false):
		head += "  [color=#ff5050]RIGGED[/color]"
		if int(d.get("rigged_by", -1)) >= 0:
			head += " by " + ET.who(d["rigged_by"])
	lines.append(head)
	var about := str(d.get("role", "")).capitalize()
	if d.get("shoddy", false):
		about += ", shoddy"
	about += " " + ET.where(d.get("x", -1), d.get("y", -1))
	lines.append("[color=#b49ad0]%s[/color]" % about)
	var kind := str(d.get("kind", ""))
	if kind == "lever":
		lines.append("Lever: %s" % ("[color=#8cff8c]ON[/color]" if d.get("lever_on", false) else "off"))
	if kind == "timer":
		lines.append("Delay: %s" % ET.duration(int(d.get("delay", 0))))
	if d.has("fires_in"):
		lines.append("Fires in %s, then needs a reset" % ET.duration(int(d["fires_in"])))
	if str(d.get("needs", "")) != "":
		# TRAP-04: in no whole trap, it does nothing (pysim's words: what it still needs)
		lines.append("[color=#ff6a5a]Not wired:[/color] %s" % str(d["needs"]))
	if d.has("does"):
		lines.append(str(d["does"]))
	if st == "blueprint":
		lines.append("Metal on site: %d / %d" % [int(d.get("metal", 0)), int(d.get("metal_needed", 0))])
		if d.get("waiting_for_metal", false):
			lines.append("Waiting for metal: no pile holds any. Mark a vein with the Mine vein tool.")
	if d.has("expires_in"):
		var left := int(d["expires_in"])
		lines.append("Decays in %s" % ET.duration(left))
	if int(d.get("worker", -1)) >= 0:
		lines.append("%s is working on it" % ET.first_up(ET.who(d["worker"])))
	return PoolStringArray(lines).join("\n")


func _on_set_delay() -> void:
	if selected_part >= 0:
		delay_box.apply()      # a number typed but not yet confirmed with Enter counts
		delay_box.get_line_edit().release_focus()
		send({"type": "set_timer_delay", "part": selected_part,
				"delay": int(round(delay_box.value * TICKS_PER_MINUTE))})


func _on_delay_entered(_text: String) -> void:
	_on_set_delay()


func _on_switch_lever() -> void:
	if selected_part >= 0:
		send({"type": "switch_lever", "part": selected_part})


func _on_remove() -> void:
	if selected_part >= 0:
		send({"type": "remove_part", "part": selected_part})
		select_part(-1)
