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
              os.path.join(ROOT, "godot_project", "tests", "bench_bridge.gd")]
    return "\n".join(open(p).read() for p in paths)


def test_every_name_in_the_table_is_made_by_a_bench():
    mod = _table_module()
    text = _bench_sources()
    for _, names, _ in mod.ROWS:
        for name in names:
            # bench_bridge.py hands the full-scale level's bridge_* figures on as full_*
            made = name in text or ("bridge_" + name[len("full_"):]) in text
            # names built from parts (prefix + "_compiled") are found by their stem
            made = made or name.rsplit("_", 1)[0] in text
            assert made, "%s is in the README table but no bench makes it" % name


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
