"""The README's benchmark table (build/bench/readme_table.py, `make bench-readme`): every name
it shows is one a bench makes, and the table is written between its two marker lines."""
import glob
import importlib.util
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _table_module():
    spec = importlib.util.spec_from_file_location(
        "readme_table", os.path.join(ROOT, "build", "bench", "readme_table.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _bench_sources():
    paths = glob.glob(os.path.join(ROOT, "build", "bench", "bench_*.py"))
    paths += [os.path.join(ROOT, "build", "bench", "run_all.py"),
              os.path.join(ROOT, "godot_project", "tests", "bench_bridge.gd"),
              os.path.join(ROOT, "godot_project", "tests", "bench_draw.gd")]
    return "\n".join(open(p).read() for p in paths)


def _made(name, text):
    """The name is in a bench's source whole, or as a quoted prefix and a quoted suffix
    (bench_bridge.gd's _spread puts prefix + "_p90_us" and the like together)."""
    if name in text:
        return True
    parts = name.split("_")
    for k in range(1, len(parts)):
        prefix, suffix = "_".join(parts[:k]), "_" + "_".join(parts[k:])
        if '"%s"' % prefix in text and '"%s"' % suffix in text:
            return True
    return False


def test_every_name_in_the_table_is_made_by_a_bench():
    mod = _table_module()
    text = _bench_sources()
    for _, names, _ in mod.ROWS:
        for name in names:
            # bench_bridge.py hands the full-scale level's bridge_* figures on as full_*;
            # names built as prefix + "_compiled" are found by their stem
            made = (_made(name, text) or _made("bridge_" + name[len("full_"):], text)
                    or name.rsplit("_", 1)[0] in text)
            assert made, "%s is in the README table but no bench makes it" % name
    assert not _made("full_frame_budget_frame_mean_typo", text)


def test_the_table_goes_between_the_markers(tmp_path):
    mod = _table_module()
    readme = tmp_path / "README.md"
    readme.write_text("intro\n%s\nOLD-TABLE-LINE\n%s\nafter\n" % (mod.START, mod.END))
    figures = tmp_path / "bench.json"
    figures.write_text('{"fullscale_ms_per_tick_compiled": 0.41}')
    assert mod.main(["x", str(figures), str(readme)]) == 0
    out = readme.read_text()
    assert out.startswith("intro\n") and out.endswith("after\n") and "OLD-TABLE-LINE" not in out
    assert "`fullscale_ms_per_tick_compiled` 0.41" in out
    assert "`window_speedup` (not in this run)" in out
    assert len([ln for ln in out.splitlines() if ln.startswith("| ")]) == len(mod.ROWS) + 1


def test_the_readme_has_the_markers():
    mod = _table_module()
    text = open(os.path.join(ROOT, "README.md")).read()
    assert text.index(mod.START) < text.index(mod.END)
