"""Guardposts (ARRIVE-03), scrying (ARRIVE-04) and the Eye Scouts boon (ARRIVE-05), in play."""
import pytest

from pysim.core import clock
from pysim.invasions import fog, scheduler as SCH, watch
from pysim.level import load_text

H = clock.TICKS_PER_HOUR

# A corridor past a closed door; the party walks in from the west portal. `g` a guardpost in
# the corridor, `r` a scrying pool; one Drudgery minion in the Boss's room (`d`).
LEVEL = """\
name: watch test
seed: 1
domain: all
invasions: on

[legend]
g = floor %(post)s
r = floor scrying_pool
d = floor minion duty:drudgery

[map]
##################################
P.........g....D...d...........SS#
#..............#..r............Sb#
##################################
%(overworld)s"""


def game(post="guardpost", overworld=""):
    return load_text(LEVEL % {"post": post, "overworld": overworld})


def run_until(g, kind, ticks):
    evs = []
    for _ in range(ticks):
        g.step()
        evs += g.take_events()
        if any(e["type"] == kind for e in evs):
            break
    return evs


@pytest.mark.rule("ARRIVE-03")
def test_a_drudgery_minion_lights_the_torch_and_it_un_fogs_the_post():
    g = game()
    assert fog.layer(g)[1, 10] == fog.YOURS             # ours, nobody sees it now
    evs = run_until(g, "torch_lit", 2 * H)
    lit = [e for e in evs if e["type"] == "torch_lit"]
    assert lit and (lit[0]["x"], lit[0]["y"]) == (10, 1)
    assert g.entities[lit[0]["entity"]].kind == 0           # a minion
    lay = fog.layer(g)
    assert lay[1, 10] == fog.SEEN_NOW and lay[1, 3] == fog.SEEN_NOW     # 7 tiles off
    assert lay[1, 2] == fog.SEEN_NOW                                    # 8 tiles: the edge
    assert lay[1, 1] != fog.SEEN_NOW                    # 9 tiles: beyond 8


@pytest.mark.rule("ARRIVE-03")
def test_lighting_the_torch_takes_20_ticks_on_the_posts_tile_and_it_burns_24_hours():
    g = game()
    m = [e for e in g.entities.values() if e.kind == 0][0]
    arrived = None
    lit = []
    for _ in range(2 * H):
        g.step()
        if arrived is None and (m.x, m.y) == (10, 1) and m.step_len == 0:
            arrived = g.tick - 1                         # the tick it stepped onto the post
        lit = [e for e in g.take_events() if e["type"] == "torch_lit"]
        if lit:
            break
    assert arrived is not None and lit
    assert lit[0]["tick"] - arrived == 20
    post = watch.area(g).posts[0]
    assert post[2] == lit[0]["tick"] + 24 * H


@pytest.mark.rule("ARRIVE-03")
def test_a_lit_torch_shows_the_party_without_a_letter_or_a_pause():
    g = game("guardpost:lit")
    g.command({"type": "send_invasion"})
    g.step()
    member = g.entities[SCH.state_of(g).members[0]]
    evs = []
    shown = False
    for _ in range(60):
        g.step()
        evs += g.take_events()
        if member.x >= 3 and member.x <= 12:
            shown = shown or fog.seen_now(g, member.x, member.y)
    assert shown
    assert not [e for e in evs if e["type"] in ("letter", "party_spotted")]
    assert g.speed == 1


@pytest.mark.rule("ARRIVE-03")
@pytest.mark.rule("ARRIVE-04")
def test_a_guardpost_costs_2_metal_and_a_scrying_pool_3():
    """docs/rules/economy.md FURN-03's table."""
    g = game()
    g.command({"type": "build_furniture", "kind": "guardpost", "x": 5, "y": 2})
    g.command({"type": "build_furniture", "kind": "scrying_pool", "x": 7, "y": 2})
    g.step()
    placed = [e for e in g.take_events() if e["type"] == "furniture_placed"]
    assert [(e["kind"], e["cost"]) for e in placed] == [("guardpost", 2), ("scrying_pool", 3)]


@pytest.mark.rule("ARRIVE-03")
def test_guardposts_are_planned_only_inside_the_domain_on_floor():
    g = game()
    g.command({"type": "build_furniture", "kind": "guardpost", "x": 5, "y": 2})
    g.command({"type": "build_furniture", "kind": "guardpost", "x": 0, "y": 0})
    g.command({"type": "build_furniture", "kind": "guardpost", "x": 10, "y": 1})
    g.step()
    evs = g.take_events()
    assert [(e["x"], e["y"]) for e in evs if e["type"] == "furniture_placed"] == [(5, 2)]
    assert [e["reason"] for e in evs if e["type"] == "refused"] == [
        "Guardpost must stand on a floor tile.", "There is already a guardpost there."]


@pytest.mark.rule("ARRIVE-04")
def test_scrying_shows_the_next_party_on_its_way():
    g = game(overworld="\n[overworld]\nsettlement Greyford travel=6\n")
    g.command({"type": "scry"})
    g.step()
    assert [e for e in g.take_events() if e["type"] == "refused"]   # no charge
    # one pool: a charge every 12 hours while the Boss lives
    g.run(12 * H)
    assert watch.area(g).charges == 1
    # the first party sets out on day 2 at the drawn hour
    g.run(SCH.state_of(g).first_tick - g.tick + 1)
    set_out = [e for e in g.take_events() if e["type"] == "party_set_out"]
    assert set_out
    g.command({"type": "scry"})
    g.step()
    scried = [e for e in g.take_events() if e["type"] == "scried"]
    assert scried and scried[0]["faction"] == "Greyford"
    assert scried[0]["members"] == set_out[0]["members"] and scried[0]["hours"] == 6
    assert scried[0]["goal"] in ("kill_boss", "steal_treasure")
    assert watch.area(g).charges == scried[0]["charges"]


@pytest.mark.rule("ARRIVE-04")
def test_pools_gather_a_charge_every_12_hours_up_to_3_only_while_the_boss_lives():
    from pysim.combat import knockouts as KO
    from pysim.core import entities as E
    g = game()
    g.run(12 * H)                       # the hourly checks of hours 1..11 (and not 12 yet)
    assert watch.area(g).charges == 0
    g.run(1)                            # the check at 12:00
    assert watch.area(g).charges == 1
    g.run(36 * H)
    assert watch.area(g).charges == 3                      # at most 3 (4 would be due)
    two = load_text((LEVEL % {"post": "guardpost", "overworld": ""}).replace("r....", "rr..."))
    two.run(6 * H)
    assert watch.area(two).charges == 0
    two.run(1)
    assert watch.area(two).charges == 1                    # two pools: one every 6 hours
    dead = game()
    boss = [e for e in dead.entities.values() if e.kind == E.BOSS][0]
    KO.kill(dead, boss)
    dead.run(24 * H + 1)
    assert watch.area(dead).charges == 0                   # the Boss dead: none
    assert not [e for e in dead.take_events() if e["type"] == "scrying_charge"]


@pytest.mark.rule("ARRIVE-05")
def test_the_eye_patrols_the_guardposts_sees_the_party_and_cools_down():
    g = game()
    watch.add_post(g, 3, 2)                 # a second, built guardpost (the level thing's way)
    g.command({"type": "eye_scouts"})
    g.step()
    st = watch.area(g)
    sent = [e for e in g.take_events() if e["type"] == "eye_sent"]
    assert sent and (sent[0]["x"], sent[0]["y"]) == (10, 1) and st.eye is not None
    g.run(20 * 6)
    assert (st.eye[0], st.eye[1]) != (10, 1)                   # floating to the next post
    assert fog.seen_now(g, st.eye[0], st.eye[1])
    g.command({"type": "send_invasion"})
    evs = run_until(g, "party_spotted", 2 * H)
    spotted = [e for e in evs if e["type"] == "party_spotted"]
    assert spotted and spotted[0]["how"] == "eye"
    g.command({"type": "eye_scouts"})
    g.step()
    assert [e for e in g.take_events() if e["type"] == "refused"]   # one at a time
    g.run(24 * H)
    assert st.eye is None
    g.command({"type": "eye_scouts"})
    g.step()
    assert [e for e in g.take_events() if e["type"] == "refused"]   # cooling down


@pytest.mark.rule("ARRIVE-05")
def test_the_eye_floats_a_tile_every_6_ticks_sees_8_for_24_hours_and_waits_72():
    """docs/rules/invasions.md, "Eye Scouts": from post to post one tile every 6 ticks, it
    sees 8 tiles, for 24 game hours; the boon is back 72 game hours after sending."""
    g = game()
    watch.add_post(g, 25, 1)                         # a second post, east
    g.run(5)
    g.command({"type": "eye_scouts"})
    g.step()
    sent = g.tick - 1
    st = watch.area(g)
    assert (st.eye[0], st.eye[1]) == (10, 1)
    assert fog.seen_now(g, 2, 1) and not fog.seen_now(g, 1, 1)    # 8 tiles, not 9
    moves = []
    x = st.eye[0]
    for _ in range(120):
        g.step()
        if st.eye[0] != x:
            x = st.eye[0]
            moves.append(g.tick - 1)
    out = moves[:15]                                 # the 15 tiles to the east post
    assert len(out) == 15 and [b - a for a, b in zip(out, out[1:])] == [6] * 14
    assert out[0] - sent <= 6
    g.run(sent + 24 * H - g.tick)
    assert st.eye is not None
    g.step()
    gone = [e for e in g.take_events() if e["type"] == "eye_gone"]
    assert st.eye is None and gone and gone[0]["tick"] == sent + 24 * H
    g.run(sent + 72 * H - 1 - g.tick)
    g.command({"type": "eye_scouts"})
    g.step()
    assert [e["reason"] for e in g.take_events() if e["type"] == "refused"] == \
        ["Eye Scouts is ready again in 1 hours."]
    g.command({"type": "eye_scouts"})
    g.step()
    assert [e for e in g.take_events() if e["type"] == "eye_sent"]


@pytest.mark.rule("ARRIVE-03")
def test_a_torch_burns_out_after_a_day_and_is_lit_again():
    g = game("guardpost:lit")
    post = watch.area(g).posts[0]
    assert post[2] == 24 * H            # lit for 24 game hours
    post[2] = g.tick + 5                               # (as if the day had gone by)
    evs = run_until(g, "torch_lit", H)
    kinds = [e["type"] for e in evs if e["type"] in ("torch_out", "torch_lit")]
    assert kinds == ["torch_out", "torch_lit"]
    assert watch.lit(g, post)


@pytest.mark.rule("ARRIVE-04")
@pytest.mark.rule("INV-06")
def test_scrying_a_war_party_shows_its_size_and_goal_and_that_party_comes():
    g = game(overworld="\n[overworld]\nsettlement Greyford travel=6\n")
    g.run(3 * 24 * H)                        # day 4: past the first invasion
    for _ in range(2):                       # two raids: grudge 4, a war party sets out
        g.command({"type": "raid_settlement", "settlement": "Greyford"})
    g.step()
    assert [e for e in g.take_events() if e["type"] == "party_departed"]
    assert watch.area(g).charges > 0
    st = SCH.state_of(g)
    war = [p for p in st.pending if not p.get("ordinary")][0]
    while st.pending[0] is not war:          # an ordinary party on its way first
        st.pending.pop(0)
    g.command({"type": "scry"})
    g.step()
    scried = [e for e in g.take_events() if e["type"] == "scried"][0]
    assert scried["war"] is True and scried["faction"] == "Greyford"
    assert scried["members"] == len(war["members"]) >= 2 and scried["goal"] == war["goal"]
    arrived = []
    for _ in range(7 * 24):
        g.run(H)
        arrived = [e for e in g.take_events() if e["type"] == "invasion_arrived"]
        if arrived:
            break
    assert arrived and arrived[0]["faction"] == "Greyford"
    assert len(arrived[0]["members"]) == scried["members"]      # the party the pool showed
    assert arrived[0]["goal"] == scried["goal"]
