"""The Godot lint (godot_project/tools/lint.gd): a GDScript warning fails it, so it fails
`make test` (the Godot suite's first check runs the same tools/ScriptCheck.gd). Here, not in
the Godot suite: the failing load prints a SCRIPT ERROR, which that suite forbids."""
import os
import shutil
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GODOT = shutil.which("godot3-server")

pytestmark = pytest.mark.skipif(GODOT is None, reason="godot3-server is not installed")


def lint(tmp_path, *scripts):
    env = dict(os.environ, LANG="C.UTF-8", LC_ALL="C.UTF-8", XDG_DATA_HOME=str(tmp_path / "xdg"))
    os.makedirs(tmp_path / "xdg" / "godot" / "app_userdata" / "Malignus" / "logs", exist_ok=True)
    return subprocess.run(
        ["timeout", "120", GODOT, "--path", os.path.join(ROOT, "godot_project"),
         "-s", "res://tools/lint.gd", "--", *[str(s) for s in scripts]],
        env=env, capture_output=True, text=True)


CLEAN = "extends Node\n\n\nfunc f() -> int:\n\tvar used := 1\n\treturn used\n"
WARNED = {
    "unused_variable": "extends Node\n\n\nfunc f() -> void:\n\tvar unused := 1\n",
    "return_value_discarded": "extends Node\n\n\nfunc f() -> void:\n\tconnect(\"ready\", self, \"f\")\n",
    "unused_signal": "extends Node\nsignal never_sent\n",
    "integer_division": "extends Node\n\n\nfunc f(a: int) -> int:\n\treturn a / 2\n",
}


def test_a_clean_script_passes(tmp_path):
    (tmp_path / "clean.gd").write_text(CLEAN)
    r = lint(tmp_path, tmp_path / "clean.gd")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "lint: 1 scripts, 0 problems" in r.stdout


@pytest.mark.parametrize("warning", sorted(WARNED))
def test_a_warning_fails_the_lint(tmp_path, warning):
    path = tmp_path / ("%s.gd" % warning)
    path.write_text(WARNED[warning])
    r = lint(tmp_path, path)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "LINT FAIL %s" % path in r.stdout
    # Godot says which warning, where
    assert "(warning treated as error)" in r.stdout + r.stderr
    assert "%s:" % path in r.stdout + r.stderr
