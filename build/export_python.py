#!/usr/bin/env python3
"""Copy what an exported game needs from the venv into DEST/site-packages.

Run with the venv's python:  build/venv/bin/python build/export_python.py DEST
Copies the files of every runtime distribution listed by pyproject.toml's
[project].dependencies (and, recursively, of what they require), as recorded in each
distribution's RECORD, into DEST/site-packages.
"""
import os
import re
import shutil
import subprocess
import sys
from importlib import metadata

HERE = os.path.dirname(os.path.abspath(__file__))


def req_name(req):
    m = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", req)
    return m.group(1) if m else None


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    dest = os.path.join(os.path.abspath(argv[1]), "site-packages")
    runtime = subprocess.run([sys.executable, os.path.join(HERE, "requirements.py"), "--runtime"],
                             check=True, capture_output=True, text=True).stdout.split()
    todo = [n for n in (req_name(r) for r in runtime) if n]
    done = set()
    copied = 0
    while todo:
        name = todo.pop()
        key = name.lower().replace("_", "-")
        if key in done:
            continue
        done.add(key)
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            print("export_python: %s is not installed in the venv" % name, file=sys.stderr)
            return 1
        for req in dist.requires or []:
            if "extra ==" in req:
                continue
            n = req_name(req)
            if n:
                todo.append(n)
        for f in dist.files or []:
            src = f.locate()
            rel = str(f)
            if rel.startswith("..") or os.path.isabs(rel) or "__pycache__" in rel:
                continue
            if not os.path.isfile(src):
                continue
            out = os.path.join(dest, rel)
            os.makedirs(os.path.dirname(out), exist_ok=True)
            shutil.copy2(src, out)
            copied += 1
    print("export_python: %d files of %s into %s" % (copied, ", ".join(sorted(done)), dest))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
