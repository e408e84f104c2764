extends SceneTree
# make export-check: run by the exported game (`malignus.x86_64 -s <this file>`). The assets
# the game makes at build time are in the export and load as the game loads them:
# - every sound family and ambience loop of the sound player (SoundExtension.load_sounds: the
#   .wav files in the .pck, read by sound/Wav.gd): "ASSETCHECK sound <family> <files> <seconds>",
#   or "ASSETCHECK missing sound <family>";
# - the window icon (application/config/icon, read from the .pck as the engine reads it):
#   "ASSETCHECK icon <w>x<h>", or "ASSETCHECK missing icon <path>".
# Ends with "ASSETCHECK done" and exit 0, or exit 1 when anything is missing.


func _init() -> void:
	var ok := true
	var player = load("res://sound/SoundExtension.gd").new()
	player.load_sounds()
	for e in player.load_errors:
		print("ASSETCHECK error %s" % e)
		ok = false
	for family in player.FAMILIES.keys() + [player.CALM, player.TENSE]:
		var list: Array = player.streams.get(family, [])
		if list.empty():
			print("ASSETCHECK missing sound %s" % family)
			ok = false
			continue
		var seconds := 0.0
		for s in list:
			seconds += float(player.Wav.frames(s)) / s.mix_rate
		print("ASSETCHECK sound %s %d %.2f" % [family, list.size(), seconds])
	player.free()
	var icon_path := str(ProjectSettings.get_setting("application/config/icon"))
	var icon := Image.new()
	if icon_path == "" or icon.load(icon_path) != OK or icon.is_empty():
		print("ASSETCHECK missing icon %s" % icon_path)
		ok = false
	else:
		print("ASSETCHECK icon %dx%d" % [icon.get_width(), icon.get_height()])
	print("ASSETCHECK done" if ok else "ASSETCHECK failed")
	quit(0 if ok else 1)
