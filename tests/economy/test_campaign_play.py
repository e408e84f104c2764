"""The default level, played headless like `make play` for 4 game days: an
invasion arrives, and a trap is built from metal the minions mined (scripted: mark a vein
in the quarters' wall, place spinning blades in the corridor to the sanctum)."""
import json
import os
import subprocess
import sys

import pytest

from conftest import pysim_env

HERE = os.path.dirname(os.path.abspath(__file__))
CAMPAIGN = os.path.join(HERE, "..", "..", "godot_project", "levels", "campaign.level")
SCRIPT = """
[commands]
@0:05 {"type": "mine", "x": 27, "y": 3}
@0:06 {"type": "place_part", "kind": "spinning_blades", "x": 22, "y": 12}
"""


@pytest.mark.rule("MINE-03")
def test_four_days_of_the_campaign_bring_an_invasion_and_a_trap_of_mined_metal(tmp_path):
    text = open(CAMPAIGN, encoding="utf-8").read()
    assert "metal:" not in text           # no metal lies ready: all of it is mined
    assert "invasions: on" in text
    path = tmp_path / "campaign.level"
    path.write_text(text + SCRIPT, encoding="utf-8")
    r = subprocess.run([sys.executable, "-P", "-m", "pysim", "run", str(path), "--hours", "96",
                        "--events"], capture_output=True, text=True, env=pysim_env(),
                       cwd=str(tmp_path), timeout=900)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.strip().split("\n")
    assert lines[-1].startswith("final tick %d hash" % (96 * 600))
    evs = [json.loads(line) for line in lines[:-1]]
    of = lambda kind: [e for e in evs if e["type"] == kind]  # noqa: E731
    assert not of("refused")
    assert of("invasion_arrived")
    mined = of("metal_mined")
    built = [e for e in of("part_built") if e["kind"] == "spinning_blades"]
    assert len(mined) >= 2 and built
    assert mined[1]["tick"] < built[0]["tick"]
    delivered = of("metal_delivered")
    assert delivered and delivered[0]["tick"] > mined[0]["tick"]
