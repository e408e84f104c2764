"""What the player sees (docs/rules/invasions.md, "What the player sees"): the own domain
always shown (fog.py's YOURS), bodies the fog hides (unseen.py: ent_unseen, describe) and
the marks that keep every text from naming or placing them."""
import pytest

from pysim.invasions import fog, unseen
from pysim.level import load_text
from pysim.session import Session

# A corridor (x 1..24) to the sanctum; a plate at (6, 1) wired to a dart thrower in the wall
# above it; our minion sits in the closed room at the east end (behind a door at 26, 1),
# so nobody of ours sees the corridor. The adventurer walks in from (2, 1) for the sanctum.
LEVEL = """\
name: yours to see
seed: 5
domain: %(domain)s
invasions: on

[legend]
p = floor trap:pressure_plate
d = wall trap:dart_thrower
a = floor adventurer:warrior
g = floor guardpost:lit

[map]
%(rows)s
%(domain_rows)s
[wires]
6,1 6,0
"""
ROWS = ["xxxxx#d#xxxxxxxxxxxxxxxxxxxxxxx",
        "Pa....p...................D..SS",
        "xxxxx###xxxxxxxxxxxxxxxxxx#m.Sb",
        "xxxxxxxxxxxxxxxxxxxxxxxxxx#####",
        "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"]
# only the trap (x 5..7), the room and the sanctum are ours
DOMAIN = ["0" * 5 + ("111" if y < 3 else "000") + "0" * 18 + "11111" for y in range(len(ROWS))]


def game(domain="all", domain_rows=(), rows=ROWS):
    text = LEVEL % {"domain": domain, "rows": "\n".join(rows),
                    "domain_rows": ("\n[domain]\n" + "\n".join(domain_rows) + "\n")
                    if domain_rows else ""}
    return load_text(text)


def snap_of(g):
    s = Session.__new__(Session)
    s.game = g
    s._acc = 0
    return s.snapshot()


def adventurer(g):
    return [e for e in g.entities.values() if e.kind_name == "adventurer"][0]


def run_until(g, kind, most=600):
    out = []
    for _ in range(most):
        g.step()
        evs = g.take_events()
        out += evs
        if any(ev["type"] == kind for ev in evs):
            return out
    raise AssertionError("no %s in %d ticks" % (kind, most))


@pytest.mark.rule("ARRIVE-01")
def test_the_whole_domain_and_its_walls_show_though_nobody_sees_them():
    g = game()
    g.step()
    lay = fog.layer(g)
    assert lay[1, 10] == fog.YOURS             # the corridor: ours, nobody of ours sees it
    assert lay[0, 10] == fog.YOURS             # the rock beside it (touching the domain)
    assert lay[1, 0] == fog.YOURS              # the portal at its end
    assert lay[3, 10] == fog.UNSEEN            # two tiles off the domain: unexplored
    assert lay[2, 28] == fog.SEEN_NOW          # the minion's room
    # fog.yours is the domain grown by one tile, 8 ways
    near = fog.yours(g)
    assert near[0, 0] and near[2, 0] and not near[3, 0]


@pytest.mark.rule("ARRIVE-01")
def test_outside_the_domain_only_what_was_seen_shows():
    g = game("map", DOMAIN)
    g.step()
    lay = fog.layer(g)
    assert lay[1, 10] == fog.UNSEEN            # the corridor is not ours: unexplored
    assert lay[1, 25] == fog.YOURS             # touching the domain
    assert lay[2, 28] == fog.SEEN_NOW


@pytest.mark.rule("ARRIVE-01")
def test_a_dug_tile_joins_what_is_yours():
    g = game("map", DOMAIN)
    g.step()
    assert fog.layer(g)[1, 23] == fog.UNSEEN
    g.grid.domain[1, 24] = 1                   # (as digging.finish_dig does)
    g.grid.changed()
    g.step()
    assert fog.layer(g)[1, 23] == fog.YOURS


@pytest.mark.rule("ARRIVE-01")
def test_an_enemy_in_the_domain_is_hidden_unless_one_of_ours_sees_it():
    g = game()
    g.step()
    adv = adventurer(g)
    s = snap_of(g)
    row = list(s["ent_id"]).index(adv.id)
    assert s["fog"][1 * g.grid.width + adv.x] == fog.YOURS
    assert s["ent_unseen"][row] == 1
    minion = [e for e in g.entities.values() if e.kind_name == "minion"][0]
    assert s["ent_unseen"][list(s["ent_id"]).index(minion.id)] == 0
    # seen: a minion of ours stands beside it
    minion.x, minion.y = adv.x + 2, adv.y
    g.step()
    s = snap_of(g)
    assert s["ent_unseen"][list(s["ent_id"]).index(adv.id)] == 0


@pytest.mark.rule("ARRIVE-01")
def test_describe_tells_nothing_of_a_hidden_body():
    g = game()
    g.step()
    s = Session.__new__(Session)
    s.game = g
    s._acc = 0
    adv = adventurer(g)
    assert s.describe(adv.id) == {"id": adv.id, "unseen": True}
    minion = [e for e in g.entities.values() if e.kind_name == "minion"][0]
    assert s.describe(minion.id)["kind"] == "minion"
    minion.x, minion.y = adv.x + 2, adv.y
    g.step()
    assert s.describe(adv.id)["kind"] == "adventurer"


@pytest.mark.rule("ARRIVE-01")
def test_a_hidden_adventurer_setting_off_a_trap_is_marked_unseen_in_every_event():
    g = game()
    adv = adventurer(g)
    evs = run_until(g, "trap_triggered")
    evs += [ev for _ in range(20) for ev in (g.step() or g.take_events())]
    trig = [ev for ev in evs if ev["type"] == "trap_triggered"][0]
    assert trig["who"] == adv.id and trig["unseen"] == ["who"]     # the plate's place stays
    fired = [ev for ev in evs if ev["type"] == "mechanism_fired"][0]
    assert fired["unseen"] == ["who"]                              # our trap: told, placed
    dart = [ev for ev in evs if ev["type"] == "dart"][0]
    assert dart["unseen"] == ["target"]
    blow = [ev for ev in evs if ev["type"] in ("trap_hit", "trap_missed")][0]
    assert blow["unseen"] == ["entity"]
    # every event that names the adventurer marks it (or is withheld whole)
    for ev in evs:
        named = [k for k in unseen.BODY_KEYS if ev.get(k) == adv.id and
                 (ev["type"], k) not in unseen.NOT_BODIES]
        if named:
            assert ev.get("unseen") == ["*"] or set(named) <= set(ev["unseen"]), ev


@pytest.mark.rule("ARRIVE-01")
def test_the_same_events_seen_are_not_marked():
    lit = [ROWS[0], ROWS[1][:10] + "g" + ROWS[1][11:]] + ROWS[2:]
    g = game(rows=lit)                         # a lit guardpost 4 tiles from the plate
    evs = run_until(g, "trap_triggered")
    trig = [ev for ev in evs if ev["type"] == "trap_triggered"][0]
    assert "unseen" not in trig


def test_the_marks_of_each_sort_of_event():
    g = game()
    g.step()
    adv = adventurer(g)
    minion = [e for e in g.entities.values() if e.kind_name == "minion"][0]
    looks = unseen._Looks(g, fog.view_of(g).visible)

    def mark(**ev):
        return unseen.mark(ev, looks)
    h, m = adv.id, minion.id
    assert mark(type="wound", entity=h, by=-1, x=adv.x, y=adv.y) == ["*"]
    assert mark(type="wound", entity=m, by=h, x=minion.x, y=minion.y) == ["by"]
    assert mark(type="attack", attacker=h, target=m, x0=1, y0=1, x1=27, y1=2) == \
        ["attacker", "x0", "y0"]
    assert mark(type="shot", attacker=h, target=m, hit=m, x0=1, y0=1, x1=27, y1=2) == \
        ["attacker", "x0", "y0"]
    assert mark(type="noticed", entity=m, enemy=h, x=adv.x, y=adv.y) == ["enemy", "x", "y"]
    assert mark(type="door_opened", door=1, entity=h, x=26, y=1) == ["entity"]
    assert mark(type="treasure_taken", entity=h, amount=1, x=3, y=1) == ["entity"]
    assert mark(type="alarm", part=1, enemies=[h], x=3, y=1) == ["enemies"]
    assert mark(type="party_spotted", party=h, how="alarm", by=adv.id + 100, entity=h,
                x=adv.x, y=adv.y) == ["entity", "party", "x", "y"]
    assert mark(type="invasion_ended", party=h, dead=1) == ["party"]
    assert mark(type="invasion_arrived", party=h, members=[h], x=0, y=1) == ["*"]
    assert mark(type="letter", party=h, members=[{"entity": h, "name": "X"}]) == []
    assert mark(type="wound", entity=m, by=-1, x=1, y=1) == []
    # a prisoner is ours to see
    adv.fighter.captured = True
    looks = unseen._Looks(g, fog.view_of(g).visible)
    assert unseen.mark({"type": "woke", "entity": h, "x": adv.x, "y": adv.y}, looks) == []


def test_with_fog_off_nothing_is_hidden_or_marked():
    g = load_text(LEVEL.replace("invasions: on", "invasions: on\nfog: off") % {
        "domain": "all", "rows": "\n".join(ROWS), "domain_rows": ""})
    adv = adventurer(g)
    evs = run_until(g, "trap_triggered")
    assert not any("unseen" in ev for ev in evs)
    assert "ent_unseen" not in snap_of(g)
    assert not unseen.hides_id(g, adv.id)


def test_the_marks_and_ent_unseen_never_change_the_game():
    a, b = game(), load_text(LEVEL.replace("invasions: on", "invasions: on\nfog: off") % {
        "domain": "all", "rows": "\n".join(ROWS), "domain_rows": ""})
    for _ in range(300):
        a.step()
        b.step()
        snap_of(a)
    assert a.state_hash() == b.state_hash()


def _gd_consts(path):
    import re
    with open(path) as f:
        return {m.group(1): m.group(2) for m in
                re.finditer(r'^const (\w+) *:?= *(-?\d+|"[^"]*")', f.read(), re.M)}


def test_the_front_end_reads_the_fog_and_the_marks_with_these_values():
    """godot_project's copies of fog.py's layer values and unseen.py's stand-ins are the
    same numbers (one source: these modules; the scripts say where they come from)."""
    layer = _gd_consts("godot_project/invasions/FogLayer.gd")
    assert [int(layer[k]) for k in ("UNEXPLORED", "EXPLORED", "YOURS", "SEEN_NOW")] == \
        [fog.UNSEEN, fog.SEEN_BEFORE, fog.YOURS, fog.SEEN_NOW]
    names = _gd_consts("godot_project/core/Names.gd")
    assert int(names["UNSEEN_ID"]) == unseen.UNSEEN_ID
    assert int(names["NOWHERE"]) == unseen.NOWHERE
    assert names["WITHHELD_WHOLE"] == '"%s"' % unseen.WITHHELD_WHOLE


def test_the_underway_jump_goes_only_to_a_member_one_of_ours_sees():
    """Spotted by an alarm nobody of ours watches: the invasion says Underway, but there is
    no place to jump to (the camera would place what the fog hides); once seen, there is."""
    import test_arrival_spotting as arr
    g = arr.sent_game(arr.ALARMED)
    arr.run_until(g, "letter", 7200)
    s = snap_of(g)
    assert s["invasion_state"] == "underway" and s["invasion_party_pos"] == [-1, -1]
    member = g.entities[arr.sighting._underway(g).members[0]]
    boss = [e for e in g.entities.values() if e.kind_name == "boss"][0]
    boss.x, boss.y = member.x + 2, member.y
    g.step()
    assert snap_of(g)["invasion_party_pos"] == [member.x, member.y]
