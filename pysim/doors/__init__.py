"""Doors: doors and padlocks (doors, passing, locks: DOOR-01, LOCK, HOLD-01), wired doors
(wired_doors: WIRE-10/11, HOLD-02..07), adventurers' route choice at a door (routes,
route_choice: DOOR-02/03), picking and bashing locks (breach, breaching: BREACH), the
minions' door jobs (door_jobs), and the walking path from the portals to the sanctum that
nothing built or dug may cut (walkpath, digging: PATH-01)."""
