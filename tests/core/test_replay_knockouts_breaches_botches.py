"""DICE-03 on one map where a knockout, a breach and a botched reset all happen: the same seed
and the same commands give the same game, tick for tick (the replay tests never
covered these three together)."""
import pytest

from pysim.level import load_text

# The room trap (a held-open padlocked door that shuts behind the party, who must breach the
# exit), two minions waiting in the sanctum hall (the fight and its knockouts), and three
# lever traps whose parts need resets from three Traps-duty minions (the botches).
LEVEL = """name: three rolls
seed: 1
[legend]
D = floor door:held padlock
E = floor door padlock
p = floor trap:pressure_plate
L = floor trap:lever
X = floor trap:spinning_blades
n = floor minion duty:traps
[map]
#####P#############
#.....#L.X.L.X.L.X#
###D###...........#
#.....#.n..n..n...#
#..p..#...........#
#.....#############
###E###############
#..S..m.m.........#
###################
[wires]
3,4 3,3 3,2
7,1 9,1
11,1 13,1
15,1 17,1
[commands]
@0 {"type": "spawn_party", "members": 3, "subtypes": ["warrior", "warrior", "peasant"]}
"""
TICKS = 6000


def _play():
    g = load_text(LEVEL, "three.level")
    parts = g.areas["traps"].parts
    for p in parts.values():
        p.needs_reset = p.kind != "lever"
    levers = sorted(pid for pid, p in parts.items() if p.kind == "lever")
    hashes, counts = [], {}
    for t in range(TICKS):
        # every lever off and on again every 150 ticks: traps to reset, resets to botch
        if t % 150 in (100, 101):
            for pid in levers:
                g.command({"type": "switch_lever", "part": pid, "on": t % 150 == 101})
        g.step()
        for ev in g.take_events():
            counts[ev["type"]] = counts.get(ev["type"], 0) + 1
        hashes.append(g.state_hash())
    return hashes, counts


@pytest.mark.rule("DICE-03")
def test_knockouts_breaches_and_botched_resets_replay_tick_for_tick():
    first, counts = _play()
    assert counts.get("knockout", 0) >= 1
    assert counts.get("door_breached", 0) >= 1
    assert counts.get("reset_botched", 0) >= 1
    second, again = _play()
    assert again == counts
    for t, (a, b) in enumerate(zip(first, second)):
        assert a == b, "the replay differs from tick %d" % t
