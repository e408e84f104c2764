"""Doors: doors and padlocks (doors, locks: DOOR-01, LOCK, HOLD), adventurers' route choice
at a door (routes: DOOR-02/03), picking and bashing locks (breach: BREACH), and the walking
path from the portals to the sanctum that nothing built or dug may cut (walkpath, digging:
PATH-01)."""
