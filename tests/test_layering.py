"""The package layering (docs/architecture.md, "Layering"): every import in pysim goes down
the package order, and no modules import each other in a cycle.

Every .py of pysim is parsed (ast): `import`, `from ... import` and relative imports,
wherever they stand (at the top, inside functions, under `if`); the .pxd files' `cimport`s
are read too. A module's rank is its package's place in LAYERS; the modules outside the
rule packages (pysim/__init__.py, session.py, driver.py, shared.py, level.py, __main__.py
and the sweep package) sit above all of them. A module may import modules of its own rank or
lower, never higher: a lower package that needs something of a higher one gets it
registered into its own registry (pysim/core/hooks.py) by the higher package.
"""
import ast
import os
import re

PYSIM = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "pysim")

# The rule packages, lowest first: the order of pysim/core/game.py RULE_PACKAGES.
LAYERS = ("core", "combat", "traps", "doors", "adventurers", "invasions", "economy")
TOP = len(LAYERS)

_CIMPORT = re.compile(r"^\s*(?:from\s+([\w.]+)\s+cimport\b|cimport\s+([\w.]+))", re.M)


def _modules():
    """{dotted name: (path, is_package)} for every .py under pysim."""
    mods = {}
    for here, subdirs, files in os.walk(PYSIM):
        subdirs[:] = sorted(d for d in subdirs if d != "__pycache__")
        rel = os.path.relpath(here, os.path.dirname(PYSIM)).replace(os.sep, ".")
        for name in sorted(files):
            if not name.endswith(".py"):
                continue
            path = os.path.join(here, name)
            if name == "__init__.py":
                mods[rel] = (path, True)
            else:
                mods[rel + "." + name[:-3]] = (path, False)
    return mods


def rank(module):
    """A module's layer: its rule package's place in LAYERS, or TOP outside them."""
    parts = module.split(".")
    if len(parts) >= 3 and parts[1] in LAYERS:
        return LAYERS.index(parts[1])
    if len(parts) == 2 and parts[1] in LAYERS:  # a rule package's __init__
        return LAYERS.index(parts[1])
    return TOP


def _target(name, mods):
    """The pysim module an imported dotted name loads last: the name itself if it is a
    module, else the nearest package above it (an attribute imported from a module)."""
    while name and name not in mods:
        name = name.rpartition(".")[0]
    return name or None


def imports_of(module, mods):
    """[(line, imported module)] for every pysim import in the module and its .pxd."""
    path, is_pkg = mods[module]
    package = module if is_pkg else module.rpartition(".")[0]
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.append((node.lineno, alias.name))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                base = ".".join(base + ([node.module] if node.module else []))
            else:
                base = node.module
            for alias in node.names:
                # `from pkg import mod` loads pkg.mod when that is a module
                full = base + "." + alias.name
                found.append((node.lineno, full if full in mods else base))
    pxd = path[:-3] + ".pxd"
    if os.path.exists(pxd):
        with open(pxd, encoding="utf-8") as f:
            text = f.read()
        for m in _CIMPORT.finditer(text):
            found.append((text.count("\n", 0, m.start()) + 1, m.group(1) or m.group(2)))
    out = []
    for line, name in found:
        if name == "pysim" or name.startswith("pysim."):
            target = _target(name, mods)
            if target and target != module:
                out.append((line, target))
    return out


def import_graph():
    mods = _modules()
    return mods, {m: imports_of(m, mods) for m in mods}


def upward_imports(graph):
    """["module:line imports higher"] for every import of a higher-ranked module."""
    return ["%s:%d imports %s" % (m, line, t)
            for m, edges in sorted(graph.items()) for line, t in edges
            if rank(t) > rank(m)]


def cycles(graph):
    """The strongly connected components of more than one module (Tarjan), sorted."""
    index, low, stack, on_stack, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for _, w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(out)


def test_layers_match_the_rule_packages():
    from pysim.core import game
    assert tuple(game.RULE_PACKAGES) == LAYERS


def test_every_module_is_seen():
    """The walk finds the modules of every layer and of the top (it cannot pass vacuously)."""
    mods, graph = import_graph()
    assert {rank(m) for m in mods} == set(range(TOP + 1))
    assert "pysim.session" in mods and rank("pysim.session") == TOP
    assert "pysim.sweep.play" in mods and rank("pysim.sweep.play") == TOP
    assert ("pysim.core.entities" in {t for _, t in graph["pysim.combat.fighter"]})


def test_no_upward_import():
    _, graph = import_graph()
    assert upward_imports(graph) == []


def test_no_import_cycle():
    _, graph = import_graph()
    assert cycles(graph) == []


def test_the_checks_catch_what_they_name(tmp_path):
    """An upward import, one inside a function, a relative one and a cycle are each found."""
    graph = {
        "pysim.core.a": [(3, "pysim.doors.d")],
        "pysim.doors.d": [(5, "pysim.core.a")],
        "pysim.combat.b": [(9, "pysim.core.a")],
        "pysim.session": [(1, "pysim.economy.e")],
        "pysim.economy.e": [],
    }
    assert upward_imports(graph) == ["pysim.core.a:3 imports pysim.doors.d"]
    assert cycles(graph) == [["pysim.core.a", "pysim.doors.d"]]
    pkg = tmp_path / "pysim"
    for sub in ("", "core", "traps"):
        (pkg / sub).mkdir(exist_ok=True)
        (pkg / sub / "__init__.py").write_text("")
    (pkg / "core" / "x.py").write_text(
        "def f():\n    from pysim.traps import y\n    return y\n")
    (pkg / "traps" / "y.py").write_text("from ..core import x\nfrom . import z\n")
    (pkg / "traps" / "z.py").write_text("import pysim.session\n")
    (pkg / "session.py").write_text("")
    global PYSIM
    saved, PYSIM = PYSIM, str(pkg)
    try:
        _, g = import_graph()
    finally:
        PYSIM = saved
    assert upward_imports(g) == ["pysim.core.x:2 imports pysim.traps.y",
                                 "pysim.traps.z:1 imports pysim.session"]
    assert cycles(g) == [["pysim.core.x", "pysim.traps.y"]]
