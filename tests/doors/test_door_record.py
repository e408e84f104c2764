"""The Door record (pysim/doors/doors.py; compiled a typed class, doors.pxd): every write to a
field the snapshot shows counts in SHOWN_WRITES (and one to `open` in OPEN_WRITES), which the
snapshot's door rows, the stopping list and the work list key on; a write to another field
does not. Both builds: the same values read back and the same hash_state."""
import pytest

from pysim.doors import doors as D
from pysim.core import level


SHOWN = {"open": True, "held": True, "trigger_on": True, "padlock": D.PADLOCK_BUILT,
         "armed": True, "breached": True}
NOT_SHOWN = {"close_at": 7, "metal": 1, "haulers": 2, "work": 3, "worker": 5}


@pytest.mark.parametrize("field,value", sorted(SHOWN.items()) + sorted(NOT_SHOWN.items()))
def test_a_write_to_a_shown_field_is_counted_and_to_another_not(field, value):
    d = D.Door(3, 4, 9)
    shown, opened = D.SHOWN_WRITES[0], D.OPEN_WRITES[0]
    setattr(d, field, value)
    assert getattr(d, field) == value
    assert D.SHOWN_WRITES[0] == shown + (field in SHOWN)
    assert D.OPEN_WRITES[0] == opened + (field == "open")
    assert (field in SHOWN) == (field in D.SHOWN_FIELDS)


def test_a_new_door_is_counted_and_hashes_its_fields_in_order():
    shown, opened = D.SHOWN_WRITES[0], D.OPEN_WRITES[0]
    d = D.Door(3, 4, 9)
    assert D.SHOWN_WRITES[0] > shown and D.OPEN_WRITES[0] > opened
    assert d.hash_state() == (9, 3, 4, False, -1, False, False, D.PADLOCK_NONE, False, False,
                              0, 0, 0, -1)
    d.padlock, d.armed = D.PADLOCK_BUILT, True
    assert d.locked() and d.stops() and d.state_code() == D.STATE_LOCKED
    d.held = True                         # HOLD-01: resting open, so it stops no one
    assert d.rest_open() and not d.stops()


def test_the_work_list_follows_the_doors_fields():
    game = level.load_text("""
[legend]
D = floor door
[map]
#####
#DDD#
#...#
#####
""", "doors.level", 1)
    a = D.area(game)
    one, two, three = a.ordered
    assert a.with_work() == []
    three.padlock = D.PADLOCK_BLUEPRINT
    one.breached = True
    assert a.with_work() == [one, three]          # by id
    one.breached = False
    three.padlock = D.PADLOCK_BUILT
    assert a.with_work() == []
