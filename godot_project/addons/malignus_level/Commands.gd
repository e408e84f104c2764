tool
extends Node
# A level's scripted commands, one a line: "@TIME {json}" (TIME in ticks or h:mm), as in the
# text format's [commands] section (docs/level-format.md). In time order.

export(PoolStringArray) var lines := PoolStringArray()
