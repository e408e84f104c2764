"""The one error a level or a save file gives: its message starts "FILE:LINE: "."""


class LevelError(Exception):
    pass
