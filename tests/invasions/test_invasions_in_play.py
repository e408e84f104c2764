"""Whole headless games with invasions on (everything joined up), and the indicator's
snapshot keys (INV-04)."""
import pytest

from invkit import run_hours, small_game
from pysim.core import clock
from pysim.invasions import invasion_snapshot as SNAP, scheduler as SCH

DAYS = 7       # pure Python and a shared CPU: keep this whole game short (measured ~10 s)


@pytest.mark.rule("INV-01")
@pytest.mark.rule("INV-03")
@pytest.mark.rule("PARTY-01")
def test_whole_games_join_up():
    for seed in (1,):
        g = small_game(seed=seed, treasure=6)
        evs = []
        for _ in range(DAYS * 24):
            run_hours(g, 1)
            evs += [e for e in g.take_events()
                    if e["type"].startswith(("invasion", "party_left", "treasure", "goal"))]
        arrivals = [e for e in evs if e["type"] == "invasion_arrived"]
        assert clock.day_hour_minute(arrivals[0]["tick"])[0] == 2
        assert arrivals[0]["classes"] == ["peasant"]
        assert len(arrivals) >= 3
        assert [a["number"] for a in arrivals] == list(range(1, len(arrivals) + 1))
        # each arrival after the first follows an end, within that end's limit
        last_end = None
        for e in evs:
            if e["type"] == "invasion_limit_started":
                last_end = e
            elif e["type"] == "invasion_arrived" and e["number"] > 1:
                assert last_end is not None
                assert e["tick"] - last_end["tick"] <= last_end["hours"] * clock.TICKS_PER_HOUR
        # the game stays replayable: a second run of the same seed ends the same
        g2 = small_game(seed=seed, treasure=6)
        g2.run(g.tick)
        assert g2.state_hash() == g.state_hash()


@pytest.mark.rule("INV-04")
def test_indicator_bands_and_states():
    # docs/rules/invasions.md: 0 Quiet, 1-9 Unlikely, 10-29 Possible, 30-59 Likely,
    # 60-100 Imminent
    want = ["quiet"] + ["unlikely"] * 9 + ["possible"] * 20 + ["likely"] * 30 + \
        ["imminent"] * 41
    assert [SNAP.band(p) for p in range(101)] == want


@pytest.mark.rule("INV-04")
def test_indicator_in_play():
    g = small_game(seed=3)
    snap = {}
    SNAP.invasion_snapshot(g, snap)
    assert snap["invasion_state"] == "quiet" and snap["invasion_chance_pct"] == 0  # day 1
    run_hours(g, 24)
    snap = {}
    SNAP.invasion_snapshot(g, snap)
    assert snap["invasion_chance_pct"] == 100 // 24 and snap["invasion_state"] == "unlikely"
    st = SCH.state_of(g)
    while st.phase != SCH.UNDERWAY:
        g.step()
    snap = {}
    SNAP.invasion_snapshot(g, snap)
    assert snap["invasion_state"] == "unlikely"      # fog: the last band until spotted
    g.fog_setting = "off"                            # as the level header `fog: off`
    snap = {}
    SNAP.invasion_snapshot(g, snap)
    assert snap["invasion_state"] == "underway"
    assert snap["invasion_party_pos"] != [-1, -1]
    off = small_game(on="off")
    snap = {}
    SNAP.invasion_snapshot(off, snap)
    assert snap["invasion_state"] == "off"


def test_send_invasion_command():
    g = small_game(seed=3)
    g.command({"type": "send_invasion"})
    g.step()
    evs = g.take_events()
    arrived = [e for e in evs if e["type"] == "invasion_arrived"]
    assert arrived and arrived[0]["number"] == 1 and arrived[0]["classes"] == ["peasant"]
    assert SCH.state_of(g).phase == SCH.UNDERWAY
    g.command({"type": "send_invasion"})
    g.step()
    assert [e for e in g.take_events() if e["type"] == "refused"]


@pytest.mark.rule("ARRIVE-01")
def test_parties_arrive_only_through_a_portal_on_the_map_edge():
    """A portal tile inside the map (levels refuse one; here the map is changed after
    loading, as a mod or a later tool might) with a walking way to the sanctum is never
    where a party comes in: every arrival is at the west edge's portal."""
    from invkit import SMALL, drive_schedule
    from pysim.core import terrain
    from pysim.level import load_text
    arrivals = []
    for seed in range(6):
        g = load_text(SMALL % {"seed": seed, "on": "on", "treasure": 3})
        g.grid.terrain[2, 5] = terrain.PORTAL
        g.grid.changed()
        got = drive_schedule(g, 10 * 24)
        arrivals += [ev for k, _, ev in got if k == "invasion_arrived"]
    assert len(arrivals) > 40
    assert {(ev["x"], ev["y"]) for ev in arrivals} == {(0, 1)}
