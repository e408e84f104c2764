"""Cython build of pysim (pure-Python-mode sources) into build/compiled/pysim.

    build/venv/bin/python setup.py -q build_ext --build-lib build/compiled \
        --build-temp build/temp --parallel 2

Every .py of pysim and its subpackages (pysim/core, pysim/combat, ...) except __init__.py,
__main__.py and the plain-Python packages (UNCOMPILED_PACKAGES: pysim/sweep, pysim/keepers) becomes an
extension module (its .pxd, if any, beside it gives the C types).
Every __init__.py, __main__.py and data file is copied as it is, so
`PYTHONPATH=build/compiled` imports the compiled package. Generated C goes to
<build-temp>/cython; cythonize regenerates only what changed (it follows .pxd cimports) and
build_ext recompiles only extensions older than their C file.
"""
import glob
import os
import shutil
import sys

import numpy
from Cython.Build import cythonize
from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = os.path.dirname(os.path.abspath(__file__))
PKG = os.path.join(ROOT, "pysim")
UNCOMPILED = ("__init__.py", "__main__.py")
# Packages copied as plain Python, not compiled. pysim/sweep drives games rather than
# playing them: its time goes into the games (compiled) and into tqdm, matplotlib and Dask,
# which it imports lazily, so compiling it gains nothing; and Dask sends its task function to
# the workers by value (cloudpickle), which needs a plain Python function.
# pysim/keepers (the keeper policies) likewise drives games as a player does: a policy's
# turn every few ticks is a small part of a run beside the game's ticks.
UNCOMPILED_PACKAGES = (os.path.join("pysim", "sweep"), os.path.join("pysim", "keepers"))
DATA_PATTERNS = ("*.txt", "*.json", "*.pxd")


def _package_dirs():
    """pysim and every subpackage (a folder with an __init__.py), relative, sorted."""
    dirs = []
    for here, subdirs, files in os.walk("pysim"):
        subdirs[:] = sorted(d for d in subdirs if d != "__pycache__")
        if "__init__.py" in files:
            dirs.append(here)
    return sorted(dirs)


def _sources():
    return sorted(p for d in _package_dirs() if d not in UNCOMPILED_PACKAGES
                  for p in glob.glob(os.path.join(d, "*.py"))
                  if os.path.basename(p) not in UNCOMPILED)


class BuildExtAndCopy(build_ext):
    """build_ext that also copies the uncompiled files next to the extensions."""

    def run(self):
        super().run()
        keep = {os.path.splitext(p)[0] for p in _sources()}
        for pkg in _package_dirs():
            dest = os.path.join(self.build_lib, pkg)
            os.makedirs(dest, exist_ok=True)
            names = [n for n in UNCOMPILED if os.path.exists(os.path.join(pkg, n))]
            if pkg in UNCOMPILED_PACKAGES:
                names += [os.path.basename(p) for p in glob.glob(os.path.join(pkg, "*.py"))]
            for pattern in DATA_PATTERNS:
                names += [os.path.basename(p) for p in glob.glob(os.path.join(pkg, pattern))]
            for name in sorted(set(names)):
                src = os.path.join(pkg, name)
                dst = os.path.join(dest, name)
                if not os.path.exists(dst) or os.path.getmtime(src) > os.path.getmtime(dst):
                    shutil.copy2(src, dst)
        # A module deleted or moved in the source tree must not linger in the compiled
        # package, nor a whole package that is gone (the old flat layout, say).
        root = os.path.join(self.build_lib, "pysim")
        live = {os.path.join(self.build_lib, d) for d in _package_dirs()}
        for here, subdirs, files in os.walk(root, topdown=False):
            if here not in live:
                shutil.rmtree(here, ignore_errors=True)
                continue
            rel = os.path.relpath(here, self.build_lib)
            for name in files:
                if name.endswith(".so") and os.path.join(rel, name.split(".")[0]) not in keep:
                    os.remove(os.path.join(here, name))
                elif name.endswith((".py", ".pxd")) and not os.path.exists(os.path.join(rel, name)):
                    os.remove(os.path.join(here, name))


def _build_temp():
    # Generated C lives under --build-temp, so separate build dirs never share C files.
    argv = sys.argv
    for i, arg in enumerate(argv):
        if arg == "--build-temp" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--build-temp="):
            return arg.split("=", 1)[1]
    return os.path.join("build", "temp")


os.chdir(ROOT)
extensions = cythonize(
    _sources(),
    build_dir=os.path.join(_build_temp(), "cython"),
    compiler_directives={"language_level": 3},
    nthreads=0,
    quiet=True,
)
for ext in extensions:
    ext.include_dirs.append(numpy.get_include())
    ext.define_macros.append(("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION"))
    ext.extra_compile_args += ["-O2", "-Wno-unused-function", "-Wno-unreachable-code"]

setup(
    name="pysim",
    packages=[],
    ext_modules=extensions,
    cmdclass={"build_ext": BuildExtAndCopy},
    zip_safe=False,
)
