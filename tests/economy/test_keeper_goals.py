"""KEEP-01..05: a level's goals for a new keeper, each kind met in play through the game's
own commands (and not met short of it), said as goal_* events, saved and loaded, hashed;
the [goals] section's errors; a level without goals keeps its state hash."""
import pytest

from pysim.combat import knockouts as KO
from pysim.core import clock, commands, entities as E, level, save
from pysim.economy import keeper_goals as K

from doorkit import cmd, of, refused, run

HEAD = """name: goals test
seed: 3
domain: all
%s
[legend]
u = floor minion duty:drudgery
n = floor minion duty:traps
M = floor metal:%d
V = rock vein:%d
B = floor bed
b = sanctum boss
a = floor adventurer:peasant
T = floor dungeon_creature:troll

[map]
%s

[goals]
%s
"""

# drudges at (1,1) and (2,1); a vein at (6,1) beside the floor at (5,1); metal piles at (1,3)
# (2,3); the sanctum and its Boss keep PATH-01 and the game (END-01); rock to dig east.
ROWS = ["##########xxxxx",
        "#uu..xVxxxxxxxx",
        "#.......xxxxxxx",
        "#MM.....xxxxxxx",
        "P.....SbSxxxxxx",
        "##########xxxxx"]


def game(goals, rows=ROWS, metal=5, vein=3, header=""):
    text = HEAD % (header, metal, vein, "\n".join(rows), "\n".join(goals))
    return level.load_text(text, "goals.level")


def state(g):
    return K.state_of(g)


def met(g):
    return [x.met_tick >= 0 for x in state(g).goals]


def goal_events(evs):
    return [e for e in evs if e["type"].startswith("goal")]


@pytest.mark.rule("KEEP-01")
def test_mine_n_metal_is_met_by_the_metal_mined_from_marked_veins():
    g = game(["mine 2: Mark the vein with Mine vein."], metal=1)
    evs = run(g, 1)
    cur = of(evs, "goal_current")
    assert len(cur) == 1 and cur[0]["goal"] == 0 and cur[0]["title"] == "Mine 2 metal"
    assert cur[0]["advice"] == "Mark the vein with Mine vein."
    run(g, 600)
    assert met(g) == [False] and state(g).goals[0].progress == 0    # nobody mines unmarked
    assert not refused(cmd(g, {"type": "mine", "x": 6, "y": 1}))
    evs = []
    while len(of(evs, "metal_mined")) < 1:
        evs += run(g, 10)
    run(g, 1)
    assert met(g) == [False] and state(g).goals[0].progress == 1     # 1 of 2: not met
    evs = run(g, 1200)
    assert len(of(evs, "metal_mined")) >= 1
    assert met(g) == [True] and state(g).goals[0].progress == 2
    done = of(evs, "goal_met")
    assert len(done) == 1 and done[0]["goal"] == 0 and done[0]["title"] == "Mine 2 metal"
    assert done[0]["tick"] == of(evs, "metal_mined")[0]["tick"]       # the tick it was mined
    assert len(of(evs, "goals_done")) == 1 and of(evs, "goals_done")[0]["goals"] == 1
    assert not goal_events(run(g, 600))                               # said once


@pytest.mark.rule("KEEP-01")
def test_dig_a_room_counts_only_tiles_that_touch():
    g = game(["dig 3: Mark rock with Dig."])
    # apart: two rooms of 1
    cmd(g, {"type": "dig", "x": 5, "y": 1})
    cmd(g, {"type": "dig", "x": 8, "y": 2})
    evs = run(g, 900)
    assert len(of(evs, "dug")) == 2
    assert met(g) == [False] and state(g).goals[0].progress == 1
    cmd(g, {"type": "dig", "x": 8, "y": 3})         # beside (8, 2): a room of 2
    run(g, 600)
    assert met(g) == [False] and state(g).goals[0].progress == 2
    cmd(g, {"type": "dig", "x": 9, "y": 3})         # a room of 3
    evs = run(g, 600)
    assert of(evs, "dug") and met(g) == [True]
    assert of(evs, "goal_met")[0]["title"] == "Dig out a room of 3 tiles"
    assert state(g).opened == []                     # nobody waits for them any more


def test_largest_room_is_orthogonal():
    assert K.largest_room([[0, 0], [1, 1], [2, 2]]) == 1
    assert K.largest_room([[0, 0], [0, 1], [1, 1], [5, 5], [5, 6]]) == 3
    assert K.largest_room([]) == 0


TRAP_ROWS = ["##########",
             "#nn.....S#",
             "#MM.....b#",
             "P.......S#",
             "##########"]


@pytest.mark.rule("KEEP-01")
def test_trap_is_met_by_a_built_trigger_wired_to_a_built_mechanism():
    g = game(["trap: Lay a plate and blades, then wire them."], rows=TRAP_ROWS)
    for kind, x in (("pressure_plate", 3), ("spinning_blades", 6)):
        assert not refused(cmd(g, {"type": "place_part", "kind": kind, "x": x, "y": 3}))
    run(g, 1500)
    traps = g.areas["traps"].parts
    assert all(p.built for p in traps.values()) and len(traps) == 2
    assert met(g) == [False]                     # both built, not wired: no trap yet
    path = [[x, 3] for x in range(3, 7)]
    evs = cmd(g, {"type": "wire", "path": path})
    assert of(evs, "wired") and not refused(evs)
    assert met(g) == [True] and of(evs, "goal_met")[0]["title"] == "Build and wire a trap"


@pytest.mark.rule("KEEP-01")
def test_trap_counts_wired_networks_not_parts_and_needs_both_built():
    g = game(["trap 2: Two traps."], rows=TRAP_ROWS)
    for kind, x in (("pressure_plate", 1), ("spinning_blades", 3), ("dart_thrower", 4)):
        cmd(g, {"type": "place_part", "kind": kind, "x": x, "y": 3})
    cmd(g, {"type": "wire", "path": [[x, 3] for x in range(1, 5)]})
    assert K.whole_traps(g, state(g)) == 0           # blueprints are no trap
    run(g, 2500)
    assert K.whole_traps(g, state(g)) == 1           # one plate, two mechanisms: one trap
    assert met(g) == [False] and state(g).goals[0].progress == 1


@pytest.mark.rule("KEEP-01")
def test_beds_for_every_minion_follows_the_minions():
    rows = ["##########",
            "#uuB.....#",
            "#MM....S.#",
            "P......b.#",
            "##########"]
    g = game(["beds: Build a bed for each minion."], rows=rows)
    run(g, 2)
    assert met(g) == [False]
    assert (state(g).goals[0].progress, state(g).goals[0].target) == (1, 2)
    assert not refused(cmd(g, {"type": "build_furniture", "kind": "bed", "x": 4, "y": 1}))
    evs = run(g, 900)
    assert of(evs, "furniture_built") and met(g) == [True]
    assert of(evs, "goal_met")[0]["title"] == "Build a bed for every minion"


@pytest.mark.rule("KEEP-01")
def test_build_a_treasury_is_met_when_it_stands_not_when_planned():
    g = game(["build treasury: Build a treasury.", "build bed 3: Three beds."])
    assert [x.title() for x in state(g).goals] == ["Build a treasury", "Build 3 beds"]
    assert not refused(cmd(g, {"type": "build_furniture", "kind": "treasury", "x": 4, "y": 2}))
    run(g, 5)
    assert met(g) == [False, False]                  # a blueprint is not a treasury
    evs = run(g, 900)
    assert of(evs, "furniture_built") and met(g) == [True, False]
    cur = of(evs, "goal_current")
    assert cur and cur[-1]["goal"] == 1 and cur[-1]["advice"] == "Three beds."


INV_ROWS = ["##########",
            "P.TTTTT.S#",
            "#.TTTTT.b#",
            "#.......S#",
            "##########"]


@pytest.mark.rule("KEEP-01")
def test_survive_is_met_when_the_first_invasion_is_beaten():
    g = game(["survive: Hold out."], rows=INV_ROWS, header="invasions: on")
    run(g, 5)
    assert met(g) == [False]
    evs = cmd(g, {"type": "send_invasion"})
    assert not refused(evs)
    evs += run(g, 3 * clock.TICKS_PER_HOUR)
    assert of(evs, "invasion_arrived") and of(evs, "invasion_ended")
    assert met(g) == [True]
    assert of(evs, "goal_met")[0]["tick"] == of(evs, "invasion_ended")[0]["tick"]


KO_ROWS = ["##########",
           "#u.a....S#",
           "#.......b#",
           "P.......S#",
           "##########"]


def _knock_out_the_adventurer(g):
    adv = [e for e in g.entities.values() if e.kind == E.ADVENTURER][0]
    KO.knock_out(g, adv)
    return adv


@pytest.mark.rule("KEEP-01")
@pytest.mark.parametrize("order, title", [("capture", "Capture an adventurer"),
                                          ("kill", "Kill an adventurer")])
def test_capture_and_kill_are_met_by_the_order(order, title):
    g = game(["capture: Capture one.", "kill: Kill one."], rows=KO_ROWS)
    adv = _knock_out_the_adventurer(g)
    run(g, 5)
    assert met(g) == [False, False]
    drudge = [e for e in g.entities.values() if e.kind == E.MINION][0]
    assert not refused(cmd(g, {"type": order, "entity": drudge.id, "body": adv.id}))
    evs = run(g, 120)
    assert met(g) == ([True, False] if order == "capture" else [False, True])
    assert of(evs, "goal_met")[0]["title"] == title
    assert (adv.state == E.DEAD) == (order == "kill")


@pytest.mark.rule("KEEP-01")
def test_day_n_is_met_at_the_start_of_that_day():
    g = game(["day 2: Hold out a day."])
    run(g, clock.TICKS_PER_DAY)
    assert met(g) == [False]
    evs = run(g, 1)
    assert met(g) == [True] and of(evs, "goal_met")[0]["tick"] == clock.TICKS_PER_DAY


@pytest.mark.rule("KEEP-03")
def test_goals_met_out_of_order_count_and_the_current_is_the_first_unmet():
    g = game(["mine 1: First mine.", "build bed 1: Then a bed."])
    run(g, 1)
    assert state(g).current == 0
    cmd(g, {"type": "build_furniture", "kind": "bed", "x": 4, "y": 2})
    evs = run(g, 900)
    assert met(g) == [False, True] and state(g).current == 0
    assert not of(evs, "goal_current")           # the first is still the one to do
    cmd(g, {"type": "mine", "x": 6, "y": 1})
    evs = run(g, 900)
    assert met(g) == [True, True] and state(g).current == 2
    assert [e["type"] for e in goal_events(evs)] == ["goal_met", "goals_done"]


@pytest.mark.rule("KEEP-02")
def test_a_goal_met_stays_met_when_the_game_moves_on():
    rows = ["##########",
            "#u.......#",
            "#MM....S.#",
            "P......b.#",
            "##########"]
    g = game(["beds: A bed."], rows=rows)
    cmd(g, {"type": "build_furniture", "kind": "bed", "x": 4, "y": 1})
    run(g, 900)
    assert met(g) == [True]
    g.spawn(E.MINION, 3, 3)                       # a second minion, still one bed
    run(g, 5)
    assert met(g) == [True]


@pytest.mark.rule("KEEP-02")
def test_goals_only_read_the_game():
    """The same commands with and without goals: every other area and every body end the
    same (the goals area aside)."""
    script = [(0, {"type": "mine", "x": 6, "y": 1}),
              (10, {"type": "build_furniture", "kind": "bed", "x": 4, "y": 2})]

    def play(goals):
        g = game(goals)
        for t in range(1500):
            for when, c in script:
                if when == t:
                    g.command(c)
            g.step()
        return g
    a = play(["mine 2: m.", "build bed: b.", "dig 2: d.", "trap: t."])
    b = play([])
    assert state(a).goals and not state(b).goals
    del a.areas["keeper_goals"], b.areas["keeper_goals"]
    assert a.state_hash() == b.state_hash()


@pytest.mark.rule("KEEP-05")
def test_goals_are_saved_loaded_and_hashed():
    g = game(["mine 1: m.", "build bed: b.", "day 3: d."])
    cmd(g, {"type": "mine", "x": 6, "y": 1})
    run(g, 900)
    assert met(g) == [True, False, False]
    text = save.dumps(g)
    back = save.loads(text, "goals.msave")
    assert [x.hash_state() for x in state(back).goals] == [x.hash_state() for x in state(g).goals]
    assert state(back).current == state(g).current == 1
    assert back.state_hash() == g.state_hash()
    # hashed: a goal's progress or its met tick moves the hash
    before = g.state_hash()
    state(g).goals[1].met_tick = g.tick
    assert g.state_hash() != before
    state(g).goals[1].met_tick = -1
    assert g.state_hash() == before
    state(g).current = 2
    assert g.state_hash() != before


@pytest.mark.rule("KEEP-05")
def test_a_level_without_goals_leaves_the_hash_as_it_was():
    g = game([])
    run(g, 30)
    assert state(g).unused
    with_area = g.state_hash()
    del g.areas["keeper_goals"]
    assert g.state_hash() == with_area
    h = game(["mine 1: m."])
    run(h, 30)
    assert not state(h).unused
    with_goals = h.state_hash()
    del h.areas["keeper_goals"]
    assert h.state_hash() != with_goals


def test_the_snapshot_lists_the_goals():
    from pysim.core import snapshot
    g = game(["mine 2: Mark the vein.", "build treasury: A treasury."])
    run(g, 1)
    snap = {}
    snapshot.Frames(g).run_parts(g, snap)
    assert snap["goal_kind"] == ["mine", "build"]
    assert snap["goal_title"] == ["Mine 2 metal", "Build a treasury"]
    assert snap["goal_advice"] == ["Mark the vein.", "A treasury."]
    assert snap["goal_met"] == [0, 0] and snap["goal_target"] == [2, 1]
    assert snap["goal_progress"] == [0, 0] and snap["goal_current"] == 0


# -- the [goals] section's errors -------------------------------------------------------------

@pytest.mark.parametrize("line, words", [
    ("mine: no number", "mine takes N"),
    ("mine 0: zero", "from 1 to"),
    ("mine lots: words", "not 'lots'"),
    ("mine 2 3: two numbers", "mine takes N"),
    ("dig 1: a room of one", "from 2 to"),
    ("beds 2: beds take no number", "beds takes no number"),
    ("trap 1 2: two", "one N at most"),
    ("dance 3: what", "unknown goal 'dance'"),
    ("build throne: no such", "build takes a furniture kind"),
    ("build: nothing", "build takes a furniture kind"),
    ("mine 3", "KIND [N]: advice"),
    ("mine 3:   ", "needs a line of advice"),
    ("survive: " + "x" * 241, "the most is 240"),
])
def test_a_bad_goal_line_is_an_error_at_its_line(line, words):
    text = HEAD % ("", 1, 1, "\n".join(ROWS), "mine 1: fine.\n" + line)
    with pytest.raises(level.LevelError) as exc:
        level.load_text(text, "bad.level")
    where = text.split("\n").index(line) + 1
    assert str(exc.value).startswith("bad.level:%d: " % where), str(exc.value)
    assert words in str(exc.value)
    assert K.goal_reason(line) != ""
    assert K.goal_reason("mine 1: fine.") == ""


def test_too_many_goals_and_a_second_section_are_errors():
    text = HEAD % ("", 1, 1, "\n".join(ROWS), "\n".join(["day 2: d."] * 21))
    with pytest.raises(level.LevelError) as exc:
        level.load_text(text, "many.level")
    assert "at most 20 goals" in str(exc.value)
    assert str(exc.value).startswith("many.level:%d:" % (text.split("\n").index("[goals]") + 22))
    text = HEAD % ("", 1, 1, "\n".join(ROWS), "day 2: d.\n[goals]\nday 3: e.")
    with pytest.raises(level.LevelError) as exc:
        level.load_text(text, "twice.level")
    assert "appears twice" in str(exc.value)


def test_the_catalogue_lists_every_kind_for_the_editor():
    cat = K.goal_catalog()
    assert [c["kind"] for c in cat] == ["mine", "dig", "trap", "beds", "build", "survive",
                                        "capture", "kill", "day"]
    build = [c for c in cat if c["kind"] == "build"][0]
    assert build["takes"] == "furniture" and "treasury" in build["choices"]
    assert [c for c in cat if c["kind"] == "beds"][0]["takes"] == "nothing"


# -- the scene format -------------------------------------------------------------------------

def test_goals_go_through_the_scene_format_both_ways():
    from pysim.core import level_scene, scene_writer
    text = HEAD % ("", 1, 3, "\n".join(ROWS), "mine 1: Mark it.\nbuild bed 2: Two beds.")
    scene = scene_writer.level_to_scene(text, "goals.level")
    assert '[node name="goals" type="Node" parent="Sections"]' in scene
    assert 'section = "goals"' in scene
    assert '"mine 1: Mark it.", "build bed 2: Two beds."' in scene
    back, _ = level_scene.scene_to_text(scene, "goals.tscn")
    assert "[goals]\nmine 1: Mark it.\nbuild bed 2: Two beds.\n" in back
    a = level.load_text(text, "goals.level")
    b = level.load_text(scene, "goals.tscn")
    for g in (a, b):
        g.command({"type": "mine", "x": 6, "y": 1})
        run(g, 700)
    assert met(a) == met(b) == [True, False]
    assert a.state_hash() == b.state_hash()


def test_a_bad_goal_in_a_scene_names_its_node_and_line():
    from pysim.core import scene_writer
    text = HEAD % ("", 1, 3, "\n".join(ROWS), "mine 1: Mark it.")
    scene = scene_writer.level_to_scene(text, "goals.level").replace("mine 1: Mark it.", "mine: x")
    with pytest.raises(level.LevelError) as exc:
        level.load_text(scene, "bad.tscn")
    where = scene.split("\n").index([ln for ln in scene.split("\n") if ln.startswith("lines = ")][-1]) + 1
    assert str(exc.value).startswith("bad.tscn:%d: node 'Sections/goals': mine takes N" % where), \
        str(exc.value)


def test_the_lairs_goals_teach_the_game_in_order():
    import os
    path = os.path.join(os.path.dirname(__file__), "..", "..", "godot_project", "levels",
                        "campaign.level")
    g = level.load_file(path)
    goals = state(g).goals
    kinds = [x.kind for x in goals]
    # metal first, then a trap, then the last ones carry the player into the invasions
    assert kinds[0] == "mine" and kinds.index("trap") < kinds.index("survive")
    assert kinds[-2:] == ["survive", "capture"]
    scene = level.load_file(path[:-len(".level")] + ".tscn")
    assert [x.hash_state() for x in state(scene).goals] == [x.hash_state() for x in goals]
    assert [x.advice for x in state(scene).goals] == [x.advice for x in goals]


def test_the_lairs_trap_advice_is_taken_where_it_points():
    """What the trap goals' advice tells a player to do on The Lair's map is taken, tile for
    tile: a pressure plate in the corridor from the entry hall to the sanctum (row 12) with
    spinning blades on the next tile, wired; a tripwire in the north corridor (column 14) and
    in the west corridor from the portal (row 12), each wired to a dart thrower on the floor
    a few tiles further in. (The corridors run through rock, outside the domain: a dart
    thrower "in a wall beside it" is refused there, so the advice must not say so.)"""
    import os
    path = os.path.join(os.path.dirname(__file__), "..", "..", LAIR)
    g = level.load_file(path)
    first, more = [x.advice for x in state(g).goals if x.kind == "trap"]
    assert "spinning blades on the next tile" in first
    assert "dart thrower on the floor" in more and "in a wall" not in more
    wanted = [
        {"type": "place_part", "kind": "pressure_plate", "x": 21, "y": 12},
        {"type": "place_part", "kind": "spinning_blades", "x": 22, "y": 12},
        {"type": "wire", "path": [[21, 12], [22, 12]]},
        {"type": "place_part", "kind": "tripwire", "x": 14, "y": 4},
        {"type": "place_part", "kind": "dart_thrower", "x": 14, "y": 7},
        {"type": "wire", "path": [[14, 4], [14, 5], [14, 6], [14, 7]]},
        {"type": "place_part", "kind": "tripwire", "x": 5, "y": 12},
        {"type": "place_part", "kind": "dart_thrower", "x": 8, "y": 12},
        {"type": "wire", "path": [[5, 12], [6, 12], [7, 12], [8, 12]]},
    ]
    evs = []
    for c in wanted:
        assert not commands.check(g, c), (c, commands.check(g, c))
        evs += cmd(g, c)
    assert not refused(evs), refused(evs)
    assert len(of(evs, "part_placed")) == 6
    assert commands.check(g, {"type": "place_part", "kind": "dart_thrower", "x": 15, "y": 4})


# -- The Lair, played by a keeper who does what the current goal says ---------------------------

LAIR = "godot_project/levels/campaign.level"


def _free_floor(g, near, kind):
    """The floor tile nearest `near` (octile, then row, column) that takes a `kind` piece."""
    import numpy as np
    ys, xs = np.nonzero(g.grid.domain)
    tiles = sorted(zip(xs.tolist(), ys.tolist()),
                   key=lambda t: (max(abs(t[0] - near[0]), abs(t[1] - near[1])), t[1], t[0]))
    for x, y in tiles:
        c = {"type": "build_furniture", "kind": kind, "x": x, "y": y}
        if not commands.check(g, c):
            return c
    return None


def _way_in(g):
    """The tiles of the walking way from the first map-edge portal to the sanctum."""
    import numpy as np
    from pysim.core import terrain
    from pysim.doors.digging import walk_mask
    from pysim.doors.walkpath import find_walk_path
    walk = walk_mask(g)
    portal = sorted(g.grid.tiles_of(terrain.PORTAL), key=lambda p: (p[1], p[0]))[0]
    goal = np.zeros(walk.shape, dtype=np.uint8)
    goal[portal[1], portal[0]] = 1
    starts = np.flatnonzero((g.grid.terrain == terrain.SANCTUM) & (walk != 0))
    path = find_walk_path(walk, goal, starts)
    w = g.grid.width
    return [(int(i) % w, int(i) // w) for i in reversed(path)]     # portal first


def _lay_a_trap(g):
    """A pressure plate and spinning blades two tiles apart on a straight stretch of the way
    in (the first that takes them, from the portal), and the wire between them."""
    way = _way_in(g)
    for i in range(len(way) - 2):
        a, b, c = way[i], way[i + 1], way[i + 2]
        if not (a[0] == b[0] == c[0] or a[1] == b[1] == c[1]):
            continue
        plate = {"type": "place_part", "kind": "pressure_plate", "x": a[0], "y": a[1]}
        blades = {"type": "place_part", "kind": "spinning_blades", "x": c[0], "y": c[1]}
        if not commands.check(g, plate) and not commands.check(g, blades):
            return [plate, blades, {"type": "wire", "path": [list(a), list(b), list(c)]}]
    return []


def _a_room(g, n):
    """Dig marks for n rock tiles that touch, beside your floor (the first spot that takes
    them all, nearest the sanctum's row)."""
    from pysim.core import terrain
    t = g.grid.terrain
    h, w = t.shape
    seeds = sorted(((x, y) for y in range(1, h - 1) for x in range(1, w - 1)
                    if int(t[y, x]) == terrain.ROCK and any(
                        int(g.grid.domain[y + dy, x + dx]) == 1 and int(t[y + dy, x + dx]) ==
                        terrain.FLOOR for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))),
                   key=lambda p: (p[1], p[0]))
    for seed in seeds:
        room = [seed]
        for x, y in room:
            for nx, ny in ((x + 1, y), (x, y - 1), (x - 1, y), (x, y + 1)):
                if len(room) < n and (nx, ny) not in room and 0 < nx < w - 1 and \
                        0 < ny < h - 1 and int(t[ny, nx]) == terrain.ROCK:
                    room.append((nx, ny))
        marks = [{"type": "dig", "x": x, "y": y} for x, y in room]
        if len(room) == n and all(not commands.check(g, m) for m in marks):
            return marks
    return []


def _tunnel(g):
    """Dig marks for the shortest tunnel of rock from your floor to beside the nearest vein
    nobody can stand beside yet (none when every vein can be reached)."""
    from pysim.core import terrain
    t, dom = g.grid.terrain, g.grid.domain
    h, w = t.shape
    veins = g.areas["economy"].veins
    near = set((x + dx, y + dy) for (x, y) in veins for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))
    frontier = [(x, y) for y in range(h) for x in range(w)
                if int(dom[y, x]) == 1 and int(t[y, x]) == terrain.FLOOR]
    came = {p: None for p in frontier}
    for x, y in frontier:
        if (x, y) in near:
            return []
        for n in ((x + 1, y), (x, y - 1), (x - 1, y), (x, y + 1)):
            if n in came or not (0 < n[0] < w - 1 and 0 < n[1] < h - 1) or n in veins or \
                    int(t[n[1], n[0]]) != terrain.ROCK:
                continue
            came[n] = (x, y)
            if n in near:
                path = []
                while n is not None and int(t[n[1], n[0]]) == terrain.ROCK:
                    path.append({"type": "dig", "x": n[0], "y": n[1]})
                    n = came[n]
                return path[::-1]
            frontier.append(n)
    return []


def _send(g, orders, evs):
    """Each order in turn, a tick apart (the next is chosen against the game the last made)."""
    for make in orders:
        c = make()
        for one in (c if isinstance(c, list) else [c] if c else []):
            g.command(one)
        evs.extend(run(g, 1))


def follow_the_goals(g, hours):
    """Plays `hours` game hours as a new keeper who reads the current goal every game
    minute and does what it says, through the game's own commands only. Returns the
    events."""
    from pysim.core import terrain
    evs = []
    done = set()
    sanctum = g.grid.tiles_of(terrain.SANCTUM)[0]
    for _ in range(int(hours) * 60):
        st = state(g)
        cur = st.goals[st.current] if 0 <= st.current < len(st.goals) else None
        if cur is not None and st.current not in done:
            done.add(st.current)
            if cur.kind == "trap":
                _send(g, [lambda: _lay_a_trap(g)] * (cur.target - cur.progress), evs)
            elif cur.kind == "beds":
                minions = [e for e in g.entities.values() if e.kind == E.MINION]
                _send(g, [lambda: _free_floor(g, (minions[0].x, minions[0].y), "bed")]
                      * (len(minions) - len(g.areas["afterwards"].beds)), evs)
            elif cur.kind == "build":
                _send(g, [lambda: _free_floor(g, sanctum, cur.what)] *
                      (cur.target - cur.progress), evs)
            elif cur.kind == "dig":
                _send(g, [lambda: _a_room(g, cur.target)], evs)
        if cur is not None and cur.kind == "mine":
            # the veins one can now stand beside marked; none left to mine: dig to the next
            econ = g.areas["economy"]
            _send(g, [lambda: [c for c in ({"type": "mine", "x": x, "y": y}
                                           for (x, y) in sorted(econ.veins))
                               if not commands.check(g, c)]], evs)
            if not econ.marked and not econ.digs:
                _send(g, [lambda: _tunnel(g)], evs)
        if cur is not None and cur.kind == "capture":
            down = [e for e in g.entities.values() if e.kind == E.ADVENTURER
                    and e.state == E.KNOCKED_OUT and not getattr(e.fighter, "captured", False)]
            free = [e for e in g.entities.values() if e.kind == E.MINION and e.state == E.UP
                    and getattr(e, "task", None) is None]
            if down and free:
                g.command({"type": "capture", "entity": free[0].id, "body": down[0].id})
        evs.extend(run(g, clock.TICKS_PER_MINUTE))
    return evs


def test_a_keeper_following_the_lairs_goals_is_busy_until_the_first_invasion():
    """The Lair's goals before the invasions (metal, a trap, beds, a treasury, a room, more
    traps, a guardpost, more metal, a scrapper's table, a cell) are met in order on day 1 by a
    keeper who only does what the current goal says; the first invasion comes after them."""
    g = level.load_file(LAIR)
    evs = follow_the_goals(g, 36)
    assert not refused(evs), refused(evs)[:3]
    kinds = [x.kind for x in state(g).goals]
    before = kinds.index("survive")
    assert before >= 8, kinds
    met_at = {e["goal"]: e["tick"] for e in of(evs, "goal_met")}
    first = [met_at.get(i) for i in range(before)]
    assert None not in first, (first, [x.title() for x in state(g).goals])
    assert first == sorted(first), "met in the list's order: %s" % first
    assert first[-1] < clock.TICKS_PER_DAY, "all on day 1: %s" % first
    arrived = of(evs, "invasion_arrived")
    assert not arrived or arrived[0]["tick"] > first[-1]
