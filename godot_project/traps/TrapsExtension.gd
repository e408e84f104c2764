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
	event_texts({
		"trap_triggered": ["_text_triggered", Color(1, 0.6, 0.3)],
		"mechanism_fired": ["_text_fired", Color(1, 0.45, 0.3)],
		"part_expired": ["_text_expired", Color(0.8, 0.8, 0.5)],
		"reset_botched": ["_text_botched", Color(1, 0.3, 0.3)],
		"reset_failed": ["_text_reset_failed", Color(1, 0.75, 0.45)],
		"part_built": "_text_built",
		"part_reset": "_text_reset",
		"part_placed": "_text_placed",
		"part_removed": "_text_removed",
		"part_moved": "_text_moved",
		"wired": "_text_wired",
		"unwired": "_text_unwired",
		"timer_delay": "_text_timer_delay",
		"lever_switched": "_text_lever",
		"timer_started": "_text_timer_started",
		"timer_fired": "_text_timer_fired",
		"timer_dud": ["_text_timer_dud", Color(0.8, 0.8, 0.5)],
		"trap_dud": ["_text_trap_dud", Color(0.8, 0.8, 0.5)],
		"trap_hit": ["_text_trap_hit", Color(1, 0.6, 0.5)],
		"trap_missed": "_text_trap_missed",
		"scorch": ["_text_scorch", Color(1, 0.55, 0.25)],
		"gas_cloud": ["_text_gas", Color(0.6, 0.95, 0.4)],
		"blast": ["_text_blast", Color(1, 0.55, 0.25)],
		"spider_released": "_text_spider",
		"webs": "_text_webs",
		"web_broken": "_text_web_broken",
		"terrified": "_text_terrified",
		"terror_resisted": "_text_terror_resisted",
		"alarm": ["_text_alarm", Color(1, 0.85, 0.3)],
		"duty_set": "_text_duty",
		# A trigger switching on and off, and each dart: the trap_triggered / trap_hit /
		# trap_missed lines already tell the story on screen; the autoplay prints them all.
		"trigger_on": ["_text_trigger", null, true], "trigger_off": ["_text_trigger", null, true],
		"dart": ["_text_dart", null, true],
	})


func _build_panel() -> void:
	workload_label = Label.new()
	workload_label.name = "TrapWorkload"
	workload_label.hint_tooltip = "Trap parts waiting for a reset (or expired), and minions on Traps duty"
	workload_label.text = "Resets: 0  Traps duty: 0"
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
	var waiting := int(s.get("trap_workload", 0))
	var duty := int(s.get("traps_duty", 0))
	workload_label.text = "Resets: %d  Traps duty: %d" % [waiting, duty]
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


# -- event words ---------------------------------------------------------------------------

const DUTY_WORDS := {"traps": "Traps duty", "drudgery": "Drudgery duty"}


# "the pressure plate in the west room" from the snapshot's part_kind and part_pos (the part
# may be gone: "a trap part").
func part_name(part_id) -> String:
	var i := row_index(snap, "part_id", int(part_id))
	if i >= 0 and int(snap["part_kind"][i]) < KINDS.size():
		var pos: Vector2 = snap["part_pos"][i]
		return ET.part_at(KINDS[int(snap["part_kind"][i])], pos.x, pos.y)
	return "a trap part"


func _text_triggered(ev: Dictionary) -> String:
	var rig := " (it was rigged)" if ev.get("rigged", false) else ""
	if int(ev.get("who", -1)) == -1:
		return "%s triggered%s" % [ET.first_up(ET.part_at(ev.kind, ev.x, ev.y)), rig]
	return "%s set off %s%s" % [ET.first_up(ET.who(ev.who)), ET.part_at(ev.kind, ev.x, ev.y), rig]


func _text_fired(ev: Dictionary) -> String:
	return "%s fired%s" % [ET.first_up(ET.part_at(ev.kind, ev.x, ev.y)),
			", set off by a botched reset" if ev.get("botch", false) else ""]


func _text_expired(ev: Dictionary) -> String:
	return "%s %s worn out: %s 2-day reset" % [ET.first_up(ET.part_at(ev.kind, ev.x, ev.y)),
			ET.verb(ev.kind, "has", "have"), ET.verb(ev.kind, "it needs its", "they need their")]


func _text_botched(ev: Dictionary) -> String:
	var who := ET.first_up(ET.who(ev.get("entity", -1)))
	if str(ev.get("outcome", "")) == "rig":
		return "%s botched the reset of %s and rigged %s: it goes off at a touch!" % [who, part_name(ev.part), part_name(ev.trigger)]
	return "%s botched the reset of %s and set the trap off!" % [who, part_name(ev.part)]


func _text_reset_failed(ev: Dictionary) -> String:
	var why := "the roll failed"
	if ev.has("craft") and ev.has("difficulty"):
		why = "Craft %d against difficulty %d, the roll failed" % [int(ev.craft), int(ev.difficulty)]
	return "%s failed to reset %s (%s; trying again)" % [ET.first_up(ET.who(ev.entity)), part_name(ev.part), why]


func _text_built(ev: Dictionary) -> String:
	return "%s built %s" % [ET.first_up(ET.who(ev.get("entity", -1), "a minion")), ET.part_at(ev.kind, ev.x, ev.y)]


func _text_reset(ev: Dictionary) -> String:
	return "Reset done: %s, ready again" % ET.part_at(ev.kind, ev.x, ev.y)


func _text_placed(ev: Dictionary) -> String:
	# "A set of spinning blades is planned" (not "A spinning blades is planned").
	var what := ET.first_up(ET.a_part(ev.kind))
	if str(ev.get("state", "")) == "blueprint":
		return "%s is planned %s (a blueprint until built)" % [what, ET.where(ev.x, ev.y)]
	return "%s is placed %s" % [what, ET.where(ev.x, ev.y)]


func _text_removed(ev: Dictionary) -> String:
	return "%s %s removed" % [ET.first_up(ET.part_at(ev.kind, ev.x, ev.y)), ET.verb(ev.kind, "was", "were")]


func _text_moved(ev: Dictionary) -> String:
	var i := row_index(snap, "part_id", int(ev.part))
	var kind := "trap part"
	if i >= 0 and int(snap["part_kind"][i]) < KINDS.size():
		kind = KINDS[int(snap["part_kind"][i])]
	return "The %s moved from %s to %s" % [ET.kind_words(kind), ET.place(ev.from_x, ev.from_y), ET.place(ev.x, ev.y)]


func _text_wired(ev: Dictionary) -> String:
	var s := "A wire laid over %s" % ET.plural(ET.size_of(ev.get("tiles", [])), "tile")
	var joins := ET.size_of(ev.get("joins", []))
	var bumps := ET.size_of(ev.get("bumps", []))
	if joins > 0:
		s += ", %s" % ET.plural(joins, "join")
	if bumps > 0:
		s += ", jumping %s" % ET.plural(bumps, "wire")
	return s


func _text_unwired(_ev: Dictionary) -> String:
	return "A wire was taken out"


func _text_timer_delay(ev: Dictionary) -> String:
	return "%s now waits %s" % [ET.first_up(part_name(ev.part)), ET.duration(int(ev.delay))]


func _text_lever(ev: Dictionary) -> String:
	return "%s switched %s" % [ET.first_up(part_name(ev.part)), "on" if ev.get("on", false) else "off"]


func _text_timer_started(ev: Dictionary) -> String:
	return "%s is counting down: it fires in %s" % [ET.first_up(part_name(ev.part)),
			ET.duration(int(ev.fires_at) - int(ev.get("tick", 0)))]


func _text_timer_fired(ev: Dictionary) -> String:
	return "%s ran out and fired" % ET.first_up(part_name(ev.part))


func _text_timer_dud(ev: Dictionary) -> String:
	return "%s did not start: it needs a reset" % ET.first_up(part_name(ev.part))


func _text_trap_dud(ev: Dictionary) -> String:
	var what := part_name(ev.part)
	if what == "a trap part":
		what = "the " + ET.kind_words(ev.kind)
	return "%s did nothing: %s a reset" % [ET.first_up(what), ET.verb(ev.kind, "it needs", "they need")]


func _text_trap_hit(ev: Dictionary) -> String:
	if Names.is_unseen(ev.get("entity", -1)):
		# the fog hides whom it hit: that it hit is the trap's, how badly is not told
		return "The %s hit something" % ET.kind_words(ev.mechanism)
	var result := str(ev.get("result", ""))
	var name := ET.who(ev.entity)
	var after := "%s fights on" % name
	if result == "knocked out" or result == "killed":
		after = "%s is %s" % [name, result]
	elif result != "fights on":
		after = "%s: %s" % [name, result]
	var wound := str(ev.get("wound", "")).replace("_", " ")
	return "The %s gave %s %s to the %s; %s" % [ET.kind_words(ev.mechanism), name,
			ET.a_an(str(ev.level) + " " + (wound if wound != "" else "wound")), str(ev.location), after]


func _text_trap_missed(ev: Dictionary) -> String:
	return "The %s missed %s" % [ET.kind_words(ev.mechanism), ET.who(ev.entity)]


func _text_scorch(ev: Dictionary) -> String:
	return "Flames scorch everything within %s %s" % [ET.plural(int(ev.radius), "tile"), ET.where(ev.x, ev.y)]


func _text_gas(ev: Dictionary) -> String:
	return "Poison gas fills %s %s for %s" % [ET.plural(int(ev.radius), "tile"), ET.where(ev.x, ev.y),
			ET.duration(int(ev.until) - int(ev.get("tick", 0)))]


func _text_blast(ev: Dictionary) -> String:
	return "A blast %s hits everything within %s" % [ET.where(ev.x, ev.y), ET.plural(int(ev.radius), "tile")]


func _text_spider(ev: Dictionary) -> String:
	return "A spider crawls out of %s" % part_name(ev.part)


func _text_webs(ev: Dictionary) -> String:
	return "Sticky webs cover %s for %s" % [ET.plural(ET.size_of(ev.get("tiles", [])), "tile"),
			ET.duration(int(ev.until) - int(ev.get("tick", 0)))]


func _text_web_broken(ev: Dictionary) -> String:
	return "%s tore free of the web %s" % [ET.first_up(ET.who(ev.entity)), ET.where(ev.x, ev.y)]


func _text_terrified(ev: Dictionary) -> String:
	return "%s is terrified and flees for %s" % [ET.first_up(ET.who(ev.entity)), ET.duration(int(ev.until) - int(ev.get("tick", 0)))]


func _text_terror_resisted(ev: Dictionary) -> String:
	return "%s shrugs off the terror" % ET.first_up(ET.who(ev.entity))


func _text_alarm(ev: Dictionary) -> String:
	var n := ET.size_of(ev.get("enemies", []))
	return "The alarm %s rings: %s" % [ET.where(ev.x, ev.y),
			"no enemy near" if n == 0 else ET.plural(n, "enemy", "enemies") + " spotted"]


func _text_duty(ev: Dictionary) -> String:
	var d := str(ev.get("duty", ""))
	if d == "none" or d == "":
		return "%s has no duty now" % ET.first_up(ET.who(ev.entity))
	return "%s is now on %s" % [ET.first_up(ET.who(ev.entity)), DUTY_WORDS.get(d, d.replace("_", " ").capitalize() + " duty")]


func _text_trigger(ev: Dictionary) -> String:
	var label := ET.first_up(part_name(ev.part))
	if str(ev.type) == "trigger_off":
		return "%s switched off" % label
	var who := int(ev.get("who", -1))
	return "%s switched on%s" % [label, " by " + ET.who(who) if who >= 0 else ""]


func _text_dart(ev: Dictionary) -> String:
	return "A dart flies from %s at %s" % [ET.place(ev.x, ev.y), ET.who(ev.target)]
