"""What the player may be told of bodies the fog hides: the one place that decides it.

The fog (fog.py) is the player's view: a tile is seen now when one of theirs sees it. A body
is hidden (`hides`) when fog is on, it is not the dungeon's (the Boss, minions, creatures
and prisoners are always the player's to see) and it stands on a tile none of theirs sees
now (or is gone from the map). Only views read this module; no rule does.

Three things follow from it, and nothing else decides any of them:
- the snapshot's `ent_unseen` (uint8 per entity row, ent_id order): 1 for a hidden body. The
  front end neither draws nor picks it (godot_project/world/EntityLayer.gd), so no hover tip
  or panel can name it;
- describe(id) of a hidden body is only {"id", "unseen": True} (Session.describe): the
  selection panel says it is out of sight, no tab tells where it is or what it does;
- the marks on events (`unseen`, below), which the front end applies to every event before
  anything hears of it (godot_project/core/Names.gd as_seen): no log line, effect or sound
  names or places a hidden body.

The marks (decided). At the end of every tick (system "unseen", after the fog's) each event
of that tick that names a hidden body gets `unseen`: the list of its keys the player may not
be told (the hidden bodies' ids, and the coordinates that are their places), or ["*"] when
the event is withheld whole. The front end sets a withheld id to -2 ("something"), a hidden
id in a list to -2, a withheld coordinate to -1 ("somewhere"), and drops a withheld event.
- An event is withheld whole when every body it names is hidden, unless it shows a thing of
  the player's acting or changing (THING_EVENTS: a trap part going off, its mechanism's
  blow, a door opening or being breached, the treasure taken, an altar smashed) or is one
  the rules announce (ANNOUNCED: a party spotted, an invasion's end). So "Something set off
  the dart thrower in the west corridor" is told; an unseen party's arrival, its waking,
  its trap knowledge and its wounds are not.
- In THING_EVENTS an event's x, y is the thing's place (kept): the player's own trap or door
  is theirs to place. Elsewhere x, y is the place of the body in PLACE_OF (default
  "entity"), and x0, y0 / x1, y1 those of the attacker and the one hit.
- The letter (ARRIVE-02) names every member: that is what spotting brings (EXEMPT).
The headless runner's events keep every key (the marks are only added).
"""
import cython
import numpy as np

from pysim.core import entities as E, systems
from pysim.core.entities import Entity
from pysim.core.snapshot import snapshot_part
from pysim.invasions import fog

WITHHELD_WHOLE = "*"
# (the values the front end puts in place of what is withheld: godot_project/core/Names.gd)
UNSEEN_ID = -2
NOWHERE = -1

# Keys whose value is one body's id, and keys whose value is a list of them.
BODY_KEYS = ("entity", "attacker", "target", "hit", "enemy", "by", "who", "body", "party")
BODY_LISTS = ("members", "enemies", "listeners")
# (type, key) pairs whose value is not a body (party_spotted's "by" is a part for an alarm)
NOT_BODIES = {("party_spotted", "by")}
# Events that show a thing of the player's acting or changing: told with the hidden bodies
# in them withheld; their x, y is the thing's place.
THING_EVENTS = frozenset((
    "trap_triggered", "trigger_on", "trigger_off", "mechanism_fired", "dart", "trap_hit",
    "trap_missed", "alarm",
    "disarm_succeeded", "disarm_botched", "door_opened", "door_closed", "door_breached",
    "door_unlocked", "door_rearmed", "breach_started", "breach_roll", "breach_switched",
    "breach_given_up", "treasure_taken", "treasure_dropped", "party_left_with_treasure",
    "altar_smashed", "imprisoned"))
# Events the rules announce: told even when every body in them is hidden.
ANNOUNCED = frozenset(("party_spotted", "invasion_ended"))
# Events told whole: the letter names the party it announces (ARRIVE-02).
EXEMPT = frozenset(("letter",))
# Whose place an event's coordinates are, where it is not the "entity"'s.
PLACE_OF = {"noticed": {"x": "enemy"}, "attack": {"x0": "attacker", "x1": "target"},
            "shot": {"x0": "attacker", "x1": "hit"}}
PAIRS = (("x", "y"), ("x0", "y0"), ("x1", "y1"))


def hides(game, ent, visible=None):
    """Does the fog hide this body from the player now? (A view: never a rule.)"""
    if ent is None:
        return True
    if visible is None:
        if not fog.fog_on(game):
            return False
        visible = fog.view_of(game).visible
    return _hidden(ent, visible)


@cython.cfunc
@cython.boundscheck(False)
@cython.wraparound(False)
def _hidden(e: Entity, visible: cython.uchar[:, ::1]) -> cython.bint:
    """Not the dungeon's, not a prisoner (the player's), and off every tile seen now."""
    if e.side == E.DUNGEON:
        return False
    f = e.fighter
    if f is not None and f.captured:
        return False
    if e.x < 0 or e.y < 0 or e.y >= visible.shape[0] or e.x >= visible.shape[1]:
        return True
    return visible[e.y, e.x] == 0


def hides_id(game, eid):
    """hides() for a body's id (False with fog off; an id the game does not know is hidden)."""
    if not fog.fog_on(game):
        return False
    return hides(game, game.entities.get(int(eid)))


class _Looks(object):
    """hides() for one tick's events, each body and party asked once."""

    def __init__(self, game, visible):
        self.game = game
        self.visible = visible
        self.known = {}
        self.parties = {}

    def body(self, eid):
        hidden = self.known.get(eid)
        if hidden is None:
            hidden = hides(self.game, self.game.entities.get(eid), self.visible)
            self.known[eid] = hidden
        return hidden

    def party(self, pid):
        """A party is hidden when none of its members is seen."""
        hidden = self.parties.get(pid)
        if hidden is None:
            hidden = all(self.body(eid) for eid in _members(self.game).get(pid, (pid,)))
            self.parties[pid] = hidden
        return hidden


def _members(game):
    """{party id: [member ids]}, kept beside the game until a body is added (a body never
    changes party; not state)."""
    kept = getattr(game, "unseen_parties", None)
    if kept is None or kept[0] != game.next_id:
        parties = {}
        for e in game.entities.values():
            pid = getattr(e, "party", -1)
            if pid is not None and pid >= 0:
                parties.setdefault(pid, []).append(e.id)
        kept = (game.next_id, parties)
        game.unseen_parties = kept
    return kept[1]


def _is_id(v):
    # (events hold plain values: pysim/core/events.py; a bool is no id)
    return type(v) is int and v >= 0


def mark(ev, looks):
    """The keys of `ev` the player may not be told (["*"]: none of it), [] when all may."""
    t = ev.get("type")
    if t in EXEMPT:
        return []
    withheld = []
    shown = 0                           # bodies named that the player sees
    for k in BODY_KEYS:
        v = ev.get(k)
        if not _is_id(v) or (t, k) in NOT_BODIES:
            continue
        if (looks.party(int(v)) if k == "party" else looks.body(int(v))):
            withheld.append(k)
        else:
            shown += 1
    for k in BODY_LISTS:
        v = ev.get(k)
        if not isinstance(v, list):
            continue
        ids = [int(i) for i in v if _is_id(i)]
        hidden = [i for i in ids if looks.body(i)]
        shown += len(ids) - len(hidden)
        if hidden:
            withheld.append(k)
    if not withheld:
        return []
    if not shown and t not in THING_EVENTS and t not in ANNOUNCED:
        return [WITHHELD_WHOLE]
    owners = PLACE_OF.get(t, {"x": "entity"})
    for (kx, ky) in PAIRS:
        if kx not in ev:
            continue
        if kx == "x" and t in THING_EVENTS:
            continue
        if owners.get(kx) in withheld:
            withheld += [kx, ky]
    return withheld


def mark_events(game, events, looks=None):
    """Marks every event of `events` that names a hidden body (see the module's words)."""
    if looks is None:
        looks = _Looks(game, fog.view_of(game).visible)
    for ev in events:
        keys = mark(ev, looks)
        if keys:
            ev["unseen"] = keys


@systems.system("unseen", 591)
def unseen_system(game):
    """After the fog's: this tick's events (and those since the last tick) are marked."""
    if not fog.fog_on(game):
        return
    view = game.fog_view
    evs = game.events
    start = view.marked_upto if view.marked_list is evs else 0
    if start < len(evs):
        mark_events(game, evs[start:] if start else evs, _Looks(game, view.visible))
    view.marked_list = evs
    view.marked_upto = len(evs)


def _unseen_rows(game, visible):
    """hides() of every entity, in id order."""
    out = np.zeros(len(game.entities), dtype=np.uint8)
    rows: cython.uchar[::1] = out
    seen: cython.uchar[:, ::1] = visible
    i: cython.Py_ssize_t = 0
    for e in game.entities.values():
        if _hidden(e, seen):
            rows[i] = 1
        i += 1
    return out


@snapshot_part
def unseen_snapshot(game, snap):
    """ent_unseen: uint8 per entity row (ent_id order), 1 where the fog hides the body; only
    with fog on. Made again only when a tick, a body or the view moved (the same array)."""
    if not fog.fog_on(game):
        return
    view = fog.view_of(game)
    lay = fog.layer(game)
    key = (game.serial, game.tick, game.next_id, len(game.entities), id(lay))
    if view.unseen_key != key:
        view.unseen_key = key
        view.unseen_rows = _unseen_rows(game, view.visible)
        view.unseen_layer = lay        # (held: its id stays its own while it is the key)
    snap["ent_unseen"] = view.unseen_rows
