#!/bin/sh
# Malignus: starts the game installed under /opt/malignus. Unpacked elsewhere (dpkg -x ROOT),
# <ROOT>/usr/bin/malignus starts <ROOT>/opt/malignus. Arguments go to the game: Godot's own
# first, the game's after "--" (malignus -- --level=res://levels/first.level).
game="${0%/*}/../../opt/malignus/malignus.x86_64"
[ -x "$game" ] || game=/opt/malignus/malignus.x86_64
exec "$game" "$@"
