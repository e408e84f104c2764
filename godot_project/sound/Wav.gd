extends Reference
# Reads a .wav file (RIFF, 16-bit PCM, mono or stereo) into an AudioStreamSample without
# Godot's importer: the generated sounds (build/gen_sounds.py) sit in a folder the editor
# skips (.gdignore), and the export carries them as plain files (export_presets.cfg
# include_filter "*.wav"), so the game reads the same bytes in the source tree and exported.
# A file that is not such a WAV gives a String saying why instead of a stream: a bad file is a
# silent sound, never a crash; at most MAX_BYTES are read.

const MAX_BYTES := 16 * 1024 * 1024


# The file at `path` as an AudioStreamSample, or a String (the reason it is not one).
static func load_file(path: String):
	var f := File.new()
	if f.open(path, File.READ) != OK:
		return "%s: cannot be opened" % path
	var size := f.get_len()
	if size > MAX_BYTES:
		f.close()
		return "%s: %d bytes, more than %d" % [path, size, MAX_BYTES]
	var bytes := f.get_buffer(size)
	f.close()
	var out = parse(bytes)
	if out is String:
		return "%s: %s" % [path, out]
	out.resource_name = path.get_file()
	return out


# WAV bytes -> AudioStreamSample, or a String (why not).
static func parse(bytes: PoolByteArray):
	if bytes.size() < 12 or _tag(bytes, 0) != "RIFF" or _tag(bytes, 8) != "WAVE":
		return "not a RIFF/WAVE file"
	var sp := StreamPeerBuffer.new()
	sp.data_array = bytes
	sp.big_endian = false
	var pos := 12
	var channels := 0
	var rate := 0
	var data := PoolByteArray()
	var have_data := false
	while pos + 8 <= bytes.size() and not have_data:
		var id := _tag(bytes, pos)
		sp.seek(pos + 4)
		var size: int = sp.get_u32()
		var body := pos + 8
		if size > bytes.size() - body:
			return "chunk '%s' runs past the end of the file" % id
		if id == "fmt ":
			if size < 16:
				return "fmt chunk too short"
			sp.seek(body)
			var format: int = sp.get_u16()
			channels = sp.get_u16()
			rate = sp.get_u32()
			sp.seek(body + 14)
			var bits: int = sp.get_u16()
			if format != 1 or bits != 16 or channels < 1 or channels > 2:
				return "not 16-bit PCM, mono or stereo (format %d, %d bits, %d channels)" % [
						format, bits, channels]
			if rate < 1000 or rate > 192000:
				return "sample rate %d out of range" % rate
		elif id == "data":
			if channels == 0:
				return "data before the fmt chunk"
			var frame_bytes := 2 * channels
			var usable := size - size % frame_bytes
			if usable <= 0:
				return "no samples"
			data = bytes.subarray(body, body + usable - 1)
			have_data = true
		pos = body + size + size % 2                   # chunks are padded to even sizes
	if not have_data:
		return "no data chunk"
	var s := AudioStreamSample.new()
	s.format = AudioStreamSample.FORMAT_16_BITS
	s.stereo = channels == 2
	s.mix_rate = rate
	s.data = data
	return s


# Its length in frames (samples per channel).
static func frames(s: AudioStreamSample) -> int:
	return s.data.size() >> (2 if s.stereo else 1)


static func _tag(bytes: PoolByteArray, at: int) -> String:
	return bytes.subarray(at, at + 3).get_string_from_ascii()
