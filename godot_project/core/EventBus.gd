extends Node
# Autoload "EventBus": signals only. Every scene talks to every other scene through
# these; only SimClient (res://core/SimClient.gd) talks to the simulation.
# Emit with EventBus.emit_signal("name", args...); listen with EventBus.connect(...).
# Documented in docs/godot.md.
# The signals are emitted by other scripts (EventBus.emit_signal), never here:
# warning-ignore-all:unused_signal

# --- from the simulation (emitted by SimClient) -------------------------------------
# The session started: {"level": path, "seed": int, "width": int, "height": int}.
signal sim_started(info)
# The bridge or the level failed to load; text says why. The game cannot run.
signal sim_failed(text)
# Once per physics frame after stepping: the snapshot Dictionary (pool arrays).
signal snapshot_updated(snap)
# One per simulation event (a Dictionary with "type" and "tick"), in order.
signal sim_event(ev)
# A Python exception (traceback text) or another error; the game keeps running.
signal sim_error(text)
# Answer to describe_requested: describe(id) of the session (a Dictionary).
signal entity_described(entity_id, info)

# --- to the simulation (handled by SimClient) ----------------------------------------
# A command Dictionary with a "type" (see pysim/core/commands.py); sent with Session.send.
signal command_requested(cmd)
# Ask SimClient for describe(id); the answer comes back as entity_described.
signal describe_requested(entity_id)

# --- UI state ------------------------------------------------------------------------
# The selected entity changed; -1 means nothing is selected.
signal entity_selected(entity_id)
# The active tool changed ("select" is the default tool; others are registered by
# concepts with HUD.add_tool()).
signal tool_selected(tool_id)
# The mouse is over this tile (Vector2 of ints); emitted when the tile changes.
signal tile_hovered(tile)
# A click on the map while a tool other than "select" is active (button: BUTTON_LEFT...).
signal tile_clicked(tile, button, tool_id)
# A select-tool click on a tile that picked no new body (nobody there, or only the body
# already selected): the furniture panel shows the piece on it (economy/FurnitureExtension.gd).
signal tile_selected(tile)
# A left-button drag on the map with a tool other than "select" (for wiring, rooms...).
signal tile_drag_started(tile, tool_id)
signal tile_drag_finished(start_tile, end_tile, tool_id)
# Show a short message to the player: kind is "info", "warn" or "error".
signal notify(text, kind)
# A tool's preview of the hovered tile says what a click would do (ok) or why it would be
# refused: the HUD shows it beside the mouse; "" takes it away.
signal cursor_hint(text, ok)

# Save / load (the HUD's Save and Load buttons, F5 / F9); SimClient does the work.
signal save_requested()
# The player picked another level (a res:// path); SimClient starts it in place of the game.
signal level_requested(path)
signal load_requested()
# A save was written / a game was loaded from a save (path). A load replaces the whole
# game, so views that cache by version (the terrain image) start over.
signal game_saved(path)
signal game_loaded(path)

# --- settings -------------------------------------------------------------------------
# A setting changed (core/Settings.gd): key such as "audio/master" or "ui/scale", its value.
signal settings_changed(key, value)
