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


def _modules(root):
    """{dotted name: (path, is_package)} for every .py under the pysim folder `root`."""
    mods = {}
    for here, subdirs, files in os.walk(root):
        subdirs[:] = sorted(d for d in subdirs if d != "__pycache__")
        rel = os.path.relpath(here, os.path.dirname(root)).replace(os.sep, ".")
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
    parts = module.split(".")          # "pysim.core" is the package's __init__.py
    return LAYERS.index(parts[1]) if len(parts) >= 2 and parts[1] in LAYERS else TOP


def _target(name, mods):
    """The pysim module an imported dotted name loads last: the name itself if it is a
    module, else the nearest package above it (an attribute imported from a module)."""
    while name and name not in mods:
        name = name.rpartition(".")[0]
    return name or None


def imports_of(module, mods):
    """[("FILE:LINE", imported module)] for every pysim import in the module and its .pxd
    (FILE relative to pysim's parent folder)."""
    path, is_pkg = mods[module]
    package = module if is_pkg else module.rpartition(".")[0]
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    shown = module.replace(".", "/") + ("/__init__.py" if is_pkg else ".py")
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.append(("%s:%d" % (shown, node.lineno), alias.name))
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
                found.append(("%s:%d" % (shown, node.lineno), full if full in mods else base))
    pxd = path[:-3] + ".pxd"
    if os.path.exists(pxd):
        with open(pxd, encoding="utf-8") as f:
            text = f.read()
        for m in _CIMPORT.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            found.append(("%s.pxd:%d" % (shown[:-3], line), m.group(1) or m.group(2)))
    out = []
    for where, name in found:
        if name == "pysim" or name.startswith("pysim."):
            target = _target(name, mods)
            if target and target != module:
                out.append((where, target))
    return out


def import_graph(root=PYSIM):
    """The modules and {module: [("FILE:LINE", imported pysim module)]}."""
    mods = _modules(root)
    return mods, {m: imports_of(m, mods) for m in mods}


def upward_imports(graph):
    """["FILE:LINE imports higher"] for every import of a higher-ranked module."""
    return ["%s imports %s" % (where, t)
            for m, edges in sorted(graph.items()) for where, t in edges
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


def dynamic_imports(root=PYSIM):
    """["FILE:LINE"] of every importlib.import_module or __import__ call under root."""
    found = []
    for module, (path, _) in sorted(_modules(root).items()):
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                fn = node.func
                name = fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", "")
                if name in ("import_module", "__import__"):
                    found.append("%s:%d" % (module, node.lineno))
    return found


def test_the_rule_loader_is_the_only_import_by_name():
    """game.load_rule_modules imports every rule module by name (so each registers itself);
    no other module imports by name, where the checks above could not see it."""
    found = dynamic_imports()
    assert [f.split(":")[0] for f in found] == ["pysim.core.game"]


def test_the_checks_catch_what_they_name(tmp_path):
    """An upward import, one inside a function, a relative one, a .pxd cimport and a cycle
    are each found."""
    graph = {
        "pysim.core.a": [("a.py:3", "pysim.doors.d")],
        "pysim.doors.d": [("d.py:5", "pysim.core.a")],
        "pysim.combat.b": [("b.py:9", "pysim.core.a")],
        "pysim.session": [("session.py:1", "pysim.economy.e")],
        "pysim.economy.e": [],
    }
    assert upward_imports(graph) == ["a.py:3 imports pysim.doors.d"]
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
    (pkg / "core" / "w.py").write_text("import cython\n")
    (pkg / "core" / "w.pxd").write_text("# typed\nfrom pysim.traps.z cimport f\n")
    _, g = import_graph(str(pkg))
    assert upward_imports(g) == ["pysim/core/w.pxd:2 imports pysim.traps.z",
                                 "pysim/core/x.py:2 imports pysim.traps.y",
                                 "pysim/traps/z.py:1 imports pysim.session"]
    assert cycles(g) == [["pysim.core.x", "pysim.traps.y"]]
    (pkg / "traps" / "v.py").write_text("import importlib\nimportlib.import_module('pysim.x')\n")
    assert dynamic_imports(str(pkg)) == ["pysim.traps.v:2"]
