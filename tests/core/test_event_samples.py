"""Every event type pysim emits has a sample in godot_project/tests/data/event_samples.json.

The Godot test (godot_project/tests/test_event_words.gd) feeds each sample to HUD.event_words
and through EventBus.sim_event, so the game words every event (no generic "Type: key value"
fallback) and no layer trips over an event's fields. This test keeps the fixture honest: it
reads pysim/*.py, finds every `game.emit(...)` call (its type, or both types of
`emit("a" if c else "b", ...)`, and its keyword fields), and checks that for each call site
the fixture holds a sample of that type with exactly `type`, `tick` and those fields. A new
event type or a new field therefore needs a sample (and words in the game) before this passes.
"""
import ast
import json
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
PYSIM = ROOT / "pysim"
FIXTURE = ROOT / "godot_project" / "tests" / "data" / "event_samples.json"


def _types_of(arg, where):
    """The event type names an emit call's first argument can take."""
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return [arg.value]
    if isinstance(arg, ast.IfExp):
        return _types_of(arg.body, where) + _types_of(arg.orelse, where)
    raise AssertionError("%s: emit() with a type this scan cannot read (%s); use a string "
                         "literal or `\"a\" if c else \"b\"`" % (where, ast.dump(arg)))


def emit_sites():
    """[(type, frozenset(fields), "file:line")] for every game.emit(...) call in pysim."""
    sites = []
    for path in sorted(PYSIM.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "emit" and node.args):
                continue
            where = "%s:%d" % (path.name, node.lineno)
            assert all(k.arg is not None for k in node.keywords), \
                "%s: emit(**data) hides the event's fields from this scan" % where
            fields = frozenset(k.arg for k in node.keywords)
            for t in _types_of(node.args[0], where):
                sites.append((t, fields, where))
    return sites


def load_samples():
    samples = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert isinstance(samples, list) and samples, "the fixture is a JSON list of events"
    return samples


def test_scan_sees_every_emitted_type():
    # A plain-text cross-check of the AST scan: every emit("name" and every
    # `"name" if ... else "other"` first argument is found by emit_sites().
    text = "\n".join(p.read_text(encoding="utf-8") for p in sorted(PYSIM.rglob("*.py")))
    by_text = set(re.findall(r'\bemit\(\s*"([a-z_]+)"', text))
    for a, b in re.findall(r'\bemit\(\s*"([a-z_]+)"\s+if\b[^"]*else\s+"([a-z_]+)"', text):
        by_text.update((a, b))
    by_ast = {t for t, _, _ in emit_sites()}
    assert by_text - by_ast == set()
    for t in ("door_held", "door_released", "lock_armed", "lock_disarmed", "scrapped",
              "burnt", "trigger_on", "trigger_off"):
        assert t in by_ast, t


def test_every_emit_site_has_a_sample():
    have = {(s["type"], frozenset(k for k in s if k not in ("type", "tick")))
            for s in load_samples()}
    missing = sorted("%s %s (%s)" % (t, sorted(f), where) for t, f, where in emit_sites()
                     if (t, f) not in have)
    assert not missing, ("no sample in %s shaped like these emits:\n  %s" % (
        FIXTURE.relative_to(ROOT), "\n  ".join(missing)))


def test_samples_are_shaped_like_pysim_events():
    shapes = {}
    for t, f, _ in emit_sites():
        shapes.setdefault(t, set()).add(f)
    for s in load_samples():
        assert isinstance(s, dict), s
        t = s.get("type")
        assert t in shapes, "sample of a type pysim never emits: %r" % (t,)
        assert isinstance(s.get("tick"), int) and s["tick"] >= 0, s
        fields = frozenset(k for k in s if k not in ("type", "tick"))
        assert fields in shapes[t], "%s sample has fields %s; pysim emits %s" % (
            t, sorted(fields), [sorted(x) for x in shapes[t]])
        for k, v in s.items():
            assert v is not None, "%s.%s is null: pysim never sends None here" % (t, k)
