"""Traps: the parts (trap_parts: triggers, mechanisms, timers; TRAP-01..03), wires (wiring:
WIRE), the state and its lookups (trap_state), who triggers and the signal through timers
(triggering: TRAP-04, FRIEND), what each mechanism does (mechanisms: TRAP-05), the 2-day clock
(decay: DECAY), the player's commands (trap_commands: BUILD-02, WIRE), what the front end sees
(trap_view), resets, botches and rigging (resets: RESET), minions' trap jobs (jobs: BUILD-01,
hauling, resetting) and the level format's trap things (trap_level)."""
