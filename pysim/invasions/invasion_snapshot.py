"""What the front end sees of invasions (godot_project/invasions/InvasionsExtension.gd).

invasion_state: "off" (the level has none: the indicator hides), "quiet", "unlikely",
"possible", "likely", "imminent" (bands of this hour's chance, INV-04) or "underway".
invasion_chance_pct: this hour's chance, percent. invasion_storm_hours: hours of Rite of
Storms left (0: none). invasion_party_pos: [x, y] of the party's first member up that the fog
does not hide (for the camera jump: pysim/invasions/unseen.py), [-1, -1] when none.
Decided: with fog on, a party walking in unspotted is not announced: the indicator says
"underway" only once the party is spotted (ARRIVE-02); until then it keeps the last band it
showed (the view's memory, game.invasion_band, like fog's game.fog_view: not game state).
Per frame only from what changed: this hour's chance asks whether there is a way
in (INV-05: a search from the portals to the sanctum, ~0.1 ms at full scale), so it is kept
(game.invasion_chance_kept, a cache beside the game) until something it reads moved: the
hour, the scheduler's phase, hours, limit and war parties, the storm, the map.
"""
from pysim.core import clock
from pysim.core.entities import UP
from pysim.core.snapshot import snapshot_part
from pysim.invasions import unseen
from pysim.invasions import scheduler as SCH

# (lowest percent, word): INV-04 bands, decided in docs/rules/invasions.md
BANDS = ((60, "imminent"), (30, "likely"), (10, "possible"), (1, "unlikely"), (0, "quiet"))


def band(pct):
    for lo, word in BANDS:
        if pct >= lo:
            return word
    return "quiet"


def _chance_key(game, st):
    """Everything scheduler.hour_chance reads, cheaply: its answer moves only with these
    (the way in, digging.path_exists, only with the map: grid versions)."""
    g = game.grid
    return (game.serial, game.tick // clock.TICKS_PER_HOUR, st.phase, st.hours, st.limit,
            len(st.pending), SCH.war_ready(game, st), SCH.storming(game, st),
            g.version, g.tiles_version)


def chance(game, st):
    """scheduler.hour_chance, asked again only when _chance_key moved."""
    key = _chance_key(game, st)
    kept = getattr(game, "invasion_chance_kept", None)
    if kept is None or kept[0] != key:
        kept = (key, SCH.hour_chance(game, st))
        game.invasion_chance_kept = kept
    return kept[1]


def _hidden(game, st):
    """Fog on and the party underway not spotted yet (pysim/invasions/sighting.py)."""
    from pysim.invasions import fog, sighting
    if not fog.fog_on(game):
        return False
    sight = sighting.area(game)
    return sight is None or st.party not in sight.spotted


@snapshot_part
def invasion_snapshot(game, snap):
    st = SCH.state_of(game)
    pos = [-1, -1]
    if st is None:
        snap["invasion_state"] = "off"
        snap["invasion_chance_pct"] = 0
        snap["invasion_storm_hours"] = 0
        snap["invasion_party_pos"] = pos
        return
    pct = chance(game, st)
    if st.phase == SCH.UNDERWAY and _hidden(game, st):
        snap["invasion_state"] = getattr(game, "invasion_band", "quiet")
    elif st.phase == SCH.UNDERWAY:
        snap["invasion_state"] = "underway"
        for eid in st.members:
            e = game.entities.get(eid)
            if e is not None and e.state == UP and not unseen.hides(game, e):
                pos = [int(e.x), int(e.y)]
                break
    else:
        snap["invasion_state"] = band(pct)
        game.invasion_band = snap["invasion_state"]
    snap["invasion_chance_pct"] = int(pct)
    left = max(0, st.storm_until - game.tick)
    snap["invasion_storm_hours"] = -(-left // clock.TICKS_PER_HOUR)
    snap["invasion_party_pos"] = pos
