#!/usr/bin/env python3
"""Print the pip requirements of the project venv, one a line, read from pyproject.toml:
[build-system].requires, [project].dependencies and every [project.optional-dependencies]
group. `make setup` installs exactly this list, so pyproject.toml stays the one source.

  --runtime   print only [project].dependencies (what an exported game needs beside pysim)
"""
import os
import sys
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# used only while pyproject.toml does not exist (or lists nothing)
FALLBACK = ["setuptools", "cython>=3", "numpy", "pytest", "hypothesis", "tcod"]
FALLBACK_RUNTIME = ["numpy"]


def main(argv):
    runtime = "--runtime" in argv
    path = os.path.join(ROOT, "pyproject.toml")
    data = {}
    if os.path.exists(path):
        with open(path, "rb") as f:
            data = tomllib.load(f)
    project = data.get("project", {})
    reqs = list(project.get("dependencies", []))
    if not runtime:
        reqs = list(data.get("build-system", {}).get("requires", [])) + reqs
        for group in project.get("optional-dependencies", {}).values():
            reqs += list(group)
    if not reqs:
        reqs = FALLBACK_RUNTIME if runtime else FALLBACK
    seen = set()
    for r in reqs:
        if r not in seen:
            seen.add(r)
            print(r)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
