"""What the front end sees of invasions (godot_project/invasions/InvasionIndicator.gd).

invasion_state: "off" (the level has none: the indicator hides), "quiet", "unlikely",
"possible", "likely", "imminent" (bands of this hour's chance, INV-04) or "underway".
invasion_chance_pct: this hour's chance, percent. invasion_storm_hours: hours of Rite of
Storms left (0: none). invasion_party_pos: [x, y] of the party's first member up (for the
camera jump), [-1, -1] when none.
Decided: with fog on, a party walking in unspotted is not announced: the indicator says
"underway" only once the party is spotted (ARRIVE-02); until then it keeps the last band it
showed (the view's memory, game.invasion_band, like fog's game.fog_view: not game state).
"""
from pysim.core import clock
from pysim.core.entities import UP
from pysim.core.snapshot import snapshot_part
from pysim.invasions import scheduler as SCH

# (lowest percent, word): INV-04 bands, decided in docs/rules/invasions.md
BANDS = ((60, "imminent"), (30, "likely"), (10, "possible"), (1, "unlikely"), (0, "quiet"))


def band(pct):
    for lo, word in BANDS:
        if pct >= lo:
            return word
    return "quiet"


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
    pct = SCH.hour_chance(game, st)
    if st.phase == SCH.UNDERWAY and _hidden(game, st):
        snap["invasion_state"] = getattr(game, "invasion_band", "quiet")
    elif st.phase == SCH.UNDERWAY:
        snap["invasion_state"] = "underway"
        for eid in st.members:
            e = game.entities.get(eid)
            if e is not None and e.state == UP:
                pos = [int(e.x), int(e.y)]
                break
    else:
        snap["invasion_state"] = band(pct)
        game.invasion_band = snap["invasion_state"]
    snap["invasion_chance_pct"] = int(pct)
    left = max(0, st.storm_until - game.tick)
    snap["invasion_storm_hours"] = -(-left // clock.TICKS_PER_HOUR)
    snap["invasion_party_pos"] = pos
