"""Traps: the parts (trap_parts: triggers, mechanisms, timers; TRAP-01..03), wires (wiring:
WIRE), who triggers and what each mechanism does (traps: TRAP-04/05, FRIEND), resets,
botches, rigging and decay (resets: RESET, DECAY), minions' trap jobs (jobs: BUILD-01,
hauling, resetting) and the level format's trap things (trap_level)."""
