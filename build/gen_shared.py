#!/usr/bin/env python3
"""Write godot_project/core/Shared.gd, the constants the game shares with pysim, from the
pysim source tree (pysim/shared.py). `make build` runs it; the file is not kept in git.

  build/venv/bin/python -P build/gen_shared.py OUT
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    sys.path.insert(0, ROOT)
    from pysim import shared
    text = shared.gdscript()
    out = argv[1]
    tmp = out + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
