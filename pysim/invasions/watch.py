"""Watching for parties: guardposts (ARRIVE-03), the scrying pool (ARRIVE-04) and the Eye
Scouts boon's ghostly eye (ARRIVE-05). Decisions and reasons: docs/rules/invasions.md
("Arrival"). Kept apart from any general furniture-building system so the two can be
joined later: a guardpost and a scrying pool are plain (x, y) structures here.

- Guardpost: level thing `guardpost` (`guardpost:lit` starts lit) or the command
  build_guardpost {x, y} (a floor tile of your domain; built at once, unlit). A Drudgery
  minion lights its torch (job "light_torch", LIGHT_TICKS on the post's tile: torch_lit); it
  burns TORCH_HOURS, then goes out (torch_out) and is lit again. A lit torch un-fogs what is
  in view of the post within GUARD_RANGE tiles (fog VIEW_SOURCES), so party members there
  are shown; it never spots the party (no letter, no pause).
- Scrying pool: level thing `scrying_pool` or build_furniture {kind: "scrying_pool"}. While the Boss is
  alive, the pools gather one charge per CHARGE_HOURS each (at most MAX_CHARGES), checked on
  the hour. The command `scry` spends one: `scried` names the next party on its way (its
  home, size, goal and hours until it arrives). Refused without a charge or with no party on
  its way (the charge is kept).
- Eye Scouts: the command eye_scouts sends a ghostly eye from the first guardpost; it floats
  (through walls) from post to post, one tile per EYE_PACE ticks, for EYE_HOURS; it sees
  EYE_RANGE tiles in view (in the dark as well: no sight here reads darkness) and counts as
  a spotter (ARRIVE-02, how "eye"). Refused with no guardpost or while the boon cools down
  (EYE_COOLDOWN_HOURS from sending).
The "watch" area exists once a level or a command made one of these things.
"""
from pysim.core import clock, duties, entities as E, level, movement, systems
from pysim.core.commands import command
from pysim.core.furniture_kinds import add_kind
from pysim.core.snapshot import snapshot_part

GUARDPOST_COST = 2          # decided: docs/rules/economy.md (FURN-03)
SCRYING_POOL_COST = 3

GUARD_RANGE = 8
TORCH_HOURS = 24
LIGHT_TICKS = 20
CHARGE_HOURS = 12
MAX_CHARGES = 3
EYE_HOURS = 24
EYE_COOLDOWN_HOURS = 72
EYE_RANGE = 8
EYE_PACE = 6


class WatchState(object):
    def __init__(self):
        self.posts = []         # [x, y, lit_until tick (-1 unlit), worker id]
        self.pools = []         # [x, y]
        self.charges = 0
        self.gathered = 0       # hours of gathering towards the next charge
        self.eye = None         # [x, y, until tick, index of the post it heads for]
        self.eye_ready = 0      # tick from which the boon can be used again

    def hash_state(self):
        return (self.posts, self.pools, self.charges, self.gathered, self.eye, self.eye_ready)


def area(game, make=False):
    st = game.areas.get("watch")
    if st is None and make:
        st = game.areas["watch"] = WatchState()
    return st


def lit(game, post):
    return post[2] > game.tick


# --- placing ---------------------------------------------------------------------------------

def add_post(game, x, y, lit_now=False):
    until = game.tick + TORCH_HOURS * clock.TICKS_PER_HOUR if lit_now else -1
    area(game, True).posts.append([int(x), int(y), until, -1])


def _guardpost_thing(game, x, y, arg):
    if arg not in (None, "", "lit"):
        raise ValueError("guardpost takes nothing or :lit")
    add_post(game, x, y, arg == "lit")


def _pool_thing(game, x, y, arg):
    area(game, True).pools.append([int(x), int(y)])


level.THINGS["guardpost"] = _guardpost_thing
level.THINGS["scrying_pool"] = _pool_thing
level.catalog("guardpost", "A built guardpost (lit: its torch burns).", level.FURNITURE,
              ("", "lit"))
level.catalog("scrying_pool", "A built scrying pool.", level.FURNITURE)


def _posts_at(game):
    st = area(game)
    return [] if st is None else [(p[0], p[1]) for p in st.posts]


def _pools_at(game):
    st = area(game)
    return [] if st is None else [(p[0], p[1]) for p in st.pools]


def _post_facts(game, x, y, info):
    """The furniture panel's lit, lit_for (ticks left of the torch, 0 unlit) and worker (the
    Drudgery minion lighting it, -1)."""
    post = [p for p in area(game).posts if (p[0], p[1]) == (x, y)][0]
    on = lit(game, post)
    worker = game.entities.get(post[3]) if post[3] >= 0 else None
    lighting = worker is not None and getattr(worker, "job", None) is not None \
        and worker.job[0] == "light_torch"
    info.update(lit=bool(on), lit_for=int(post[2] - game.tick) if on else 0,
                worker=int(post[3]) if lighting else -1)


def _pool_facts(game, x, y, info):
    """The furniture panel's charges (the pools', shared), max_charges and charge_hours."""
    info.update(charges=int(area(game).charges), max_charges=MAX_CHARGES,
                charge_hours=CHARGE_HOURS)


add_kind("guardpost", GUARDPOST_COST, "Guardpost",
         "A Drudgery minion lights its torch; while lit it shows adventurers within %d tiles."
         % GUARD_RANGE, lambda game, x, y: add_post(game, x, y), _posts_at,
         describe=_post_facts)
add_kind("scrying_pool", SCRYING_POOL_COST, "Scrying pool",
         "Gathers a charge every %d hours while your Boss lives; Scry spends one to see the "
         "next party on its way." % CHARGE_HOURS,
         lambda game, x, y: _pool_thing(game, x, y, None), _pools_at, describe=_pool_facts)


# --- the torch: a Drudgery job --------------------------------------------------------------

def _claimed(game, post):
    w = game.entities.get(post[3]) if post[3] >= 0 else None
    job = getattr(w, "job", None) if w is not None else None
    return (w is not None and w.state == E.UP and job is not None and job[0] == "light_torch")


def provide_light(game, e):
    st = area(game)
    if st is None:
        return False
    want = [(duties.octile(e.x, e.y, p[0], p[1]), i) for i, p in enumerate(st.posts)
            if not lit(game, p) and not _claimed(game, p)]
    for _, i in sorted(want):
        p = st.posts[i]
        if (e.x, e.y) != (p[0], p[1]) and not movement.go_to(game, e, p[0], p[1]):
            continue
        p[3] = e.id
        e.job = ["light_torch", i, 0, 0]
        return True
    return False


def _post_of(game):
    st = area(game)
    return lambda i: st.posts[i] if 0 <= i < len(st.posts) else None


def run_light(game, e):
    p = duties.job_target(game, e, _post_of(game), lambda p: not lit(game, p))
    if p is None or not duties.at_work(game, e, (p[0], p[1])):
        return
    e.job[3] += 1
    if e.job[3] >= LIGHT_TICKS:
        p[2] = game.tick + TORCH_HOURS * clock.TICKS_PER_HOUR
        p[3] = -1
        game.emit("torch_lit", entity=e.id, x=p[0], y=p[1])
        e.job = None


def _release_light(game, e):
    p = _post_of(game)(e.job[1])
    if p is not None and p[3] == e.id:
        p[3] = -1


duties.add_provider(duties.DRUDGERY, "light_torch", provide_light, 20)
duties.add_job("light_torch", run_light, _release_light)


# --- the ghostly eye -------------------------------------------------------------------------

@command("eye_scouts")
class EyeScouts:
    def check(game, cmd):
        st = area(game)
        if st is None or not st.posts:
            return "Build a guardpost first: the ghostly eye patrols your guardposts."
        if st.eye is not None:
            return "A ghostly eye already patrols."
        if game.tick < st.eye_ready:
            return "Eye Scouts is ready again in %d hours." % cooldown_hours(game, st)
        return None

    def apply(game, cmd):
        st = area(game)
        first = st.posts[0]
        st.eye = [first[0], first[1], game.tick + EYE_HOURS * clock.TICKS_PER_HOUR,
                  1 % len(st.posts)]
        st.eye_ready = game.tick + EYE_COOLDOWN_HOURS * clock.TICKS_PER_HOUR
        game.emit("eye_sent", x=first[0], y=first[1], hours=EYE_HOURS)


def cooldown_hours(game, st):
    return max(0, -(-(st.eye_ready - game.tick) // clock.TICKS_PER_HOUR))


def _step(a, b):
    return a + (1 if b > a else -1 if b < a else 0)


def _move_eye(game, st):
    eye = st.eye
    if game.tick >= eye[2] or not st.posts:
        game.emit("eye_gone", x=eye[0], y=eye[1])
        st.eye = None
        return
    if game.tick % EYE_PACE:
        return
    target = st.posts[eye[3] % len(st.posts)]
    if (eye[0], eye[1]) == (target[0], target[1]):
        eye[3] = (eye[3] + 1) % len(st.posts)
        return
    eye[0] = _step(eye[0], target[0])
    eye[1] = _step(eye[1], target[1])


def eye_spots(game, members):
    """ARRIVE-05: the eye counts as a spotter (sighting.SPOT_CHECKS)."""
    from pysim.combat import awareness
    from pysim.combat.sight import line_of_sight
    st = area(game)
    if st is None or st.eye is None:
        return None
    blocked = awareness.sight_blocked(game)
    x, y = st.eye[0], st.eye[1]
    for m in members:
        dx, dy = m.x - x, m.y - y
        if dx * dx + dy * dy <= EYE_RANGE * EYE_RANGE and line_of_sight(blocked, x, y,
                                                                         m.x, m.y):
            return ("eye", -1, m)
    return None


def view_sources(game):
    """Fog: lit guardposts and the eye see (pysim/invasions/fog.py VIEW_SOURCES)."""
    st = area(game)
    if st is None:
        return []
    out = [(p[0], p[1], GUARD_RANGE) for p in st.posts if lit(game, p)]
    if st.eye is not None:
        out.append((st.eye[0], st.eye[1], EYE_RANGE))
    return out


# --- scrying ---------------------------------------------------------------------------------

def boss_alive(game):
    return any(e.kind == E.BOSS and e.state != E.DEAD for e in game.live())


def _gather(game, st):
    if not st.pools or st.charges >= MAX_CHARGES or not boss_alive(game):
        return
    st.gathered += len(st.pools)
    if st.gathered >= CHARGE_HOURS:
        st.gathered -= CHARGE_HOURS
        st.charges += 1
        game.emit("scrying_charge", charges=st.charges)


def next_party(game):
    """The first party on its way (war or ordinary), or None."""
    from pysim.invasions import scheduler as SCH
    inv = SCH.state_of(game)
    if inv is None or not inv.pending:
        return None
    return inv.pending[0]


@command("scry")
class Scry:
    def check(game, cmd):
        st = area(game)
        if st is None or not st.pools:
            return "Build a scrying pool first."
        if st.charges <= 0:
            return "The scrying pool has no charge yet."
        if next_party(game) is None:
            return "The pool shows no party on its way."
        return None

    def apply(game, cmd):
        st = area(game)
        st.charges -= 1
        p = next_party(game)
        left = max(0, p["arrive"] - game.tick)
        game.emit("scried", faction=str(p.get("faction", "")), members=len(p["members"]),
                  goal=str(p["goal"]), war=not p.get("ordinary", False),
                  chasing=str(p.get("drifter", "")),
                  hours=-(-left // clock.TICKS_PER_HOUR), charges=st.charges)


@systems.system("watch", 515)
def watch_system(game):
    st = area(game)
    if st is None:
        return
    for p in st.posts:
        if p[2] == game.tick:
            game.emit("torch_out", x=p[0], y=p[1])
    if st.eye is not None:
        _move_eye(game, st)
    if game.tick > 0 and game.tick % clock.TICKS_PER_HOUR == 0:
        _gather(game, st)


@snapshot_part
def watch_snapshot(game, snap):
    """guardposts: [[x, y, lit 0/1]]; scrying_pools: [[x, y]]; scry_charges; eye_pos [x, y]
    ([-1, -1] none); eye_cooldown_hours (0: ready); watch_on: the area exists."""
    st = area(game)
    snap["watch_on"] = st is not None
    if st is None:
        return
    snap["guardposts"] = [[p[0], p[1], 1 if lit(game, p) else 0] for p in st.posts]
    snap["scrying_pools"] = [list(p) for p in st.pools]
    snap["scry_charges"] = st.charges
    snap["eye_pos"] = [st.eye[0], st.eye[1]] if st.eye is not None else [-1, -1]
    snap["eye_cooldown_hours"] = cooldown_hours(game, st)


def _hook():
    from pysim.invasions import fog, sighting
    fog.add_view_source(view_sources)
    sighting.add_spot_check(eye_spots)


_hook()
