"""The one error a level or a save file gives: its message starts "FILE:LINE: "."""


class LevelError(Exception):
    """A file refused: `source` (the file's name), `line` (1-based; 0 for the whole file)
    and `reason`, kept apart so code that moves an error elsewhere (a saved level's line
    inside the save, a generated level's line onto its scene) reads them as data: a file
    name may hold ':' itself."""

    def __init__(self, source, line, reason):
        super().__init__("%s:%d: %s" % (source, line, reason))
        self.source = str(source)
        self.line = int(line)
        self.reason = str(reason)

    def __reduce__(self):
        # (pickles, say to a sweep's parent process, with its three parts)
        return (type(self), (self.source, self.line, self.reason))
