"""Malignus simulation: every game rule lives in this package.

COMPILED tells whether this copy of the package is the Cython build (build/compiled) or
the plain-Python source tree.
"""
from pysim.core import game as _game

COMPILED = bool(_game.__file__.endswith((".so", ".pyd")))
