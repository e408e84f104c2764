"""Combat: stat blocks (stats, DICE-02), fighters, sight and line of fire (REACH), noticing
enemies (awareness, AWARE), stances (STANCE), crowding (CROWD), the fight itself (combat),
wounds and knockouts (wounds: KO, HEAD), waking (WAKE) and what happens to the fallen
(afterwards: carry, heal, capture, kill, scrap, burn; AFTER)."""
