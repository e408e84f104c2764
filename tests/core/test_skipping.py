"""The speeds (8x and 16x) and skip ahead (pysim/core/skipping.py; docs/architecture.md,
"Speeds and skip"): the command, the stops, in play, the driver running it flat out and
dropping back, and a save replaying it."""
import pytest

from pysim.core import clock, save, skipping, systems
from pysim.level import load_text
from pysim.session import Session

from test_event_samples import emit_sites

QUIET = """\
name: quiet
seed: 3

[legend]
u = floor minion duty:drudgery

[map]
##########
#u.......#
#......SS#
#......Sb#
##########
"""


def quiet(text=QUIET):
    return load_text(text)


def run(game, ticks):
    out = []
    for _ in range(ticks):
        game.step()
        out += game.take_events()
    return out


def of(evs, kind):
    return [ev for ev in evs if ev["type"] == kind]


def session_of(game):
    s = Session.__new__(Session)
    s.game = game           # (a driver of its own, without the sim thread)
    return s


@pytest.mark.parametrize("speed", [8, 16])
def test_set_speed_takes_8_and_16(speed):
    g = quiet()
    g.command({"type": "set_speed", "speed": speed})
    evs = run(g, 1)
    assert g.speed == speed and of(evs, "speed_changed") == [
        {"type": "speed_changed", "tick": 0, "speed": speed}]


def test_other_speeds_are_refused_with_the_list():
    g = quiet()
    g.command({"type": "set_speed", "speed": 32})
    evs = run(g, 1)
    assert g.speed == 1
    assert of(evs, "refused")[0]["reason"] == "Speed must be one of 0, 1, 2, 4, 8, 16."


def test_16x_runs_sixteen_times_the_ticks_of_1x():
    g = quiet()
    s = session_of(g)
    s.send({"type": "set_speed", "speed": 16})
    s.step(0.0)                     # (the command comes in)
    ran = sum(s.step(0.1) for _ in range(5))
    assert ran == 80                # half a second at 16x: 5 s of game time, 10 ticks each


def test_skip_ahead_starts_and_is_stopped_by_the_player():
    g = quiet()
    g.command({"type": "skip_ahead"})
    evs = run(g, 3)
    assert skipping.skipping(g) and skipping.pace(g) == skipping.SKIP_PACE
    assert of(evs, "skip_started") == [{"type": "skip_started", "tick": 0, "speed": 1}]
    g.command({"type": "skip_ahead"})
    evs = run(g, 1)
    assert of(evs, "refused")[0]["reason"] == "Already skipping ahead."
    g.command({"type": "stop_skip"})
    evs = run(g, 1)
    stopped = of(evs, "skip_stopped")[0]
    assert (stopped["reason"], stopped["cause"], stopped["ticks"]) == ("stopped", "", 5)
    assert not skipping.skipping(g) and skipping.pace(g) == 1
    g.command({"type": "stop_skip"})
    assert of(run(g, 1), "refused")[0]["reason"] == "Not skipping ahead."


def test_the_skip_stops_at_morning_and_the_speed_is_the_players_again():
    g = quiet()
    g.command({"type": "set_speed", "speed": 2})
    g.run(clock.ticks(hours=5, minutes=50))
    g.command({"type": "skip_ahead"})
    evs = run(g, 200)
    stopped = of(evs, "skip_stopped")
    assert len(stopped) == 1 and stopped[0]["reason"] == "morning"
    assert stopped[0]["tick"] == clock.ticks(hours=6)               # the first tick of 06:00
    assert stopped[0]["ticks"] == 101 and g.speed == 2


def test_setting_a_speed_stops_the_skip_even_the_same_one():
    g = quiet()
    g.command({"type": "skip_ahead"})
    run(g, 2)
    g.command({"type": "set_speed", "speed": 1})
    evs = run(g, 1)
    assert of(evs, "skip_stopped")[0]["reason"] == "speed" and g.speed == 1


def test_a_skip_from_pause_runs_and_drops_back_to_pause():
    g = quiet()
    g.command({"type": "set_speed", "speed": 0})
    run(g, 1)
    s = session_of(g)
    s.send({"type": "skip_ahead"})
    s.step(0.0)
    assert skipping.skipping(g) and g.speed == 0
    t0 = g.tick
    s.step(0.05)                     # paused, yet the skip runs: 50 ms at SKIP_PACE
    assert g.tick - t0 == 500
    g.command({"type": "stop_skip"})
    s.step(0.0)
    s.step(0.05)
    assert not skipping.skipping(g) and g.tick - t0 == 500     # paused again


# --- each kind of stop, in play ---------------------------------------------------------

def test_every_stop_is_an_event_pysim_emits():
    emitted = {t for t, _, _ in emit_sites()}
    assert set(skipping.STOPS) <= emitted, set(skipping.STOPS) - emitted
    assert set(skipping.OURS_IN) <= set(skipping.STOPS)
    for reason in set(skipping.STOPS.values()) | {"morning", "speed", "stopped"}:
        assert reason in SKIP_REASON_WORDS, reason


def _gd_reasons():
    import re
    with open("godot_project/hud/EventText.gd") as f:
        text = f.read()
    block = text[text.index("const SKIP_REASONS"):]
    block = block[:block.index("}")]
    return set(re.findall(r'"([a-z_]+)":', block))


SKIP_REASON_WORDS = _gd_reasons()


def _sample(kind, minion):
    """An event of `kind` naming our minion where the stop asks for one of ours."""
    ev = {"x": 1, "y": 1}
    for k in skipping.OURS_IN.get(kind, ()):
        ev[k] = minion
    return ev


def skip_with(g, kind, fields):
    """Skip ahead for 60 ticks while a system emits one `kind` event at tick 30 (as its rule
    would, in its tick); the events."""
    def emitter(game):
        if game.tick == 30:
            game.emit(kind, **fields)
    systems.register("test_emitter", emitter, 500)
    try:
        g.command({"type": "skip_ahead"})
        return run(g, 60)
    finally:
        systems.SYSTEMS[:] = [s for s in systems.SYSTEMS if s[1] != "test_emitter"]


@pytest.mark.parametrize("kind", sorted(skipping.STOPS))
def test_the_skip_stops_on_each_kind_of_event(kind):
    """The skip stops at the end of the tick with the event, with the kind's reason and the
    event as cause."""
    g = quiet()
    minion = [e for e in g.entities.values() if e.kind_name == "minion"][0].id
    evs = skip_with(g, kind, _sample(kind, minion))
    stopped = of(evs, "skip_stopped")
    assert len(stopped) == 1 and stopped[0]["tick"] == 30
    assert (stopped[0]["reason"], stopped[0]["cause"]) == (skipping.STOPS[kind], kind)


@pytest.mark.parametrize("kind", sorted(skipping.OURS_IN))
def test_a_fight_or_a_body_down_stops_it_only_with_one_of_ours_in_it(kind):
    g = quiet()
    evs = skip_with(g, kind, _sample(kind, 999))       # nobody of ours
    assert of(evs, "skip_stopped") == [] and skipping.skipping(g)


def test_a_commands_own_events_do_not_stop_it():
    """Only the tick's systems' events count: a command applied between ticks emits before
    the tick (here a refused build), and a replay applies it at the tick's start."""
    g = quiet()
    g.command({"type": "skip_ahead"})
    run(g, 2)
    g.command({"type": "set_duty", "entity": 999, "duty": "traps"})
    g.emit("error", message="a front end's own report between ticks")
    evs = run(g, 3)
    assert of(evs, "refused") and of(evs, "skip_stopped") == []


TRAP = """\
name: skip trap
seed: 5
domain: all

[legend]
p = floor trap:pressure_plate
d = wall trap:dart_thrower
a = floor adventurer:warrior

[map]
xxxxx#d#xxxxxxxxxxx
Pa....p...........x
xxxxx###xxxxxxxxxSx
xxxxxxxxxxxxxxxxSbx
xxxxxxxxxxxxxxxxxxx

[wires]
6,1 6,0
"""


def test_in_play_a_trap_going_off_stops_it_at_that_tick():
    g = load_text(TRAP)
    g.command({"type": "skip_ahead"})
    evs = run(g, 600)
    trig = of(evs, "trap_triggered")[0]
    stopped = of(evs, "skip_stopped")[0]
    assert (stopped["tick"], stopped["reason"], stopped["cause"]) == \
        (trig["tick"], "trap", "trap_triggered")


def test_in_play_a_party_spotted_stops_it():
    from invkit import small_game
    g = small_game()
    g.command({"type": "send_invasion"})
    g.command({"type": "skip_ahead"})
    evs = run(g, 3000)
    spotted = of(evs, "party_spotted")
    assert spotted
    first = of(evs, "skip_stopped")[0]
    assert first["tick"] <= spotted[0]["tick"]          # (a fight may come first)
    assert first["reason"] in ("spotted", "fight", "trap", "down")


DIG = """\
name: skip dig
seed: 3

[legend]
u = floor minion duty:drudgery

[map]
##########
#u.....xx#
#......SS#
#......Sb#
##########
"""


def test_in_play_the_last_tile_dug_stops_it_as_a_job_done():
    g = load_text(DIG)
    g.command({"type": "dig", "x": 7, "y": 1})
    g.command({"type": "dig", "x": 8, "y": 1})
    g.command({"type": "skip_ahead"})
    evs = run(g, 1200)
    dug = of(evs, "dug")
    stopped = of(evs, "skip_stopped")[0]
    assert len(dug) == 2 and stopped["cause"] == "digging_done"
    assert stopped["tick"] == dug[1]["tick"] and stopped["reason"] == "job_done"


def test_a_saved_game_replays_the_skip_to_the_same_tick_and_hash():
    g = load_text(TRAP)
    run(g, 5)
    g.command({"type": "skip_ahead"})
    evs = run(g, 400)
    stop_tick = of(evs, "skip_stopped")[0]["tick"]
    text = save.dumps(g)
    again, _ = save.read(text, "slot.msave")
    assert again.tick == g.tick and again.state_hash() == g.state_hash()
    assert not skipping.skipping(again) and skipping.state_of(again).since == 5
    assert stop_tick < g.tick


def test_the_driver_runs_a_skip_flat_out_and_stops_on_the_tick():
    """The driver (Session.step): a skip's pace is SKIP_PACE whatever the speed, and what was due at it
    is dropped when it stops (the game does not run on past the stop)."""
    g = quiet()
    g.run(clock.ticks(hours=5, minutes=30))
    s = session_of(g)
    s.send({"type": "skip_ahead"})
    s.step(0.0)
    t0 = g.tick
    s.step(0.1)                     # 0.1 s at SKIP_PACE: 1000 ticks due, morning in 300
    assert g.tick == clock.ticks(hours=6) + 1 and not skipping.skipping(g)
    s.step(0.1)
    assert g.tick == clock.ticks(hours=6) + 1 + 1    # 1x again: one tick in 0.1 s
    assert t0 < g.tick


def test_most_due_is_a_second_of_real_time_at_any_pace():
    assert skipping.most_due(1, 10) == 10 and skipping.most_due(16, 10) == 160
    assert skipping.most_due(1000, 10) == 10000
    assert skipping.drop_due(skipping.SKIP_PACE, 4) and skipping.drop_due(4, 0)
    assert not skipping.drop_due(4, 16) and not skipping.drop_due(skipping.SKIP_PACE,
                                                                   skipping.SKIP_PACE)


def test_the_kinds_the_design_names_all_stop_it():
    """A party spotted, a letter, a trap going off, a fight, a body down, a job done or
    refused, a reset needed (morning: its own test)."""
    want = {"party_spotted": "spotted", "letter": "letter", "drifter_asks": "letter",
            "trap_triggered": "trap", "mechanism_fired": "trap", "attack": "fight",
            "shot": "fight", "death": "down", "knockout": "down", "part_built": "job_done",
            "furniture_built": "job_done", "digging_done": "job_done",
            "task_failed": "job_refused", "blueprint_waiting_for_metal": "job_refused",
            "part_expired": "reset", "game_over": "game_over"}
    assert {k: skipping.STOPS.get(k) for k in want} == want


def test_a_speed_set_before_the_skip_in_the_same_tick_does_not_stop_it():
    g = quiet()
    g.command({"type": "set_speed", "speed": 0})
    g.command({"type": "skip_ahead"})
    evs = run(g, 5)
    assert of(evs, "skip_stopped") == [] and skipping.skipping(g) and g.speed == 0
