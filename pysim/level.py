"""The level format's entry points for scripts and tools (the format lives in
pysim/core/level.py, docs/level-format.md is the reference):

    from pysim.level import load_file, load_text, LevelError
    game = load_file("godot_project/levels/first.level", seed=3)
"""
from pysim.core.level import LevelError, build, load_file, load_text, parse

__all__ = ["LevelError", "build", "load_file", "load_text", "parse"]
