tool
extends Node
# Another [section] of the text level format, kept as its lines (docs/level-format.md).

export var section := ""
export(PoolStringArray) var lines := PoolStringArray()
