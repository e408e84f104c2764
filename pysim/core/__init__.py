"""The core: the Game object, time (clock), seeded randomness (rng, dice), the tile grid and
terrain, entities and how they walk (pathing, movement, brains, spawning), duties, commands
in and events out, the per-tick systems, snapshots for the front end, the level format,
saves and the benchmark level generator. Rule areas plug into its registries."""
