"""Game time: everything counts integer ticks; the clock is derived, never stored."""

TICKS_PER_HOUR = 600
HOURS_PER_DAY = 24
TICKS_PER_DAY = TICKS_PER_HOUR * HOURS_PER_DAY
TICKS_PER_MINUTE = TICKS_PER_HOUR // 60
# At 1x an hour passes in one real minute.
TICKS_PER_SECOND_1X = 10
SPEEDS = (0, 1, 2, 4, 8, 16)
MICROS_PER_TICK_1X = 1_000_000 // TICKS_PER_SECOND_1X


def day_hour_minute(tick):
    """(day, hour, minute) of a tick; day 1 hour 0 is tick 0."""
    tick = int(tick)
    return (1 + tick // TICKS_PER_DAY,
            (tick // TICKS_PER_HOUR) % HOURS_PER_DAY,
            (tick // TICKS_PER_MINUTE) % 60)


def ticks(days=0, hours=0, minutes=0):
    return int(days) * TICKS_PER_DAY + int(hours) * TICKS_PER_HOUR + int(minutes) * TICKS_PER_MINUTE


# The latest time a file may name: a level's script or a save past it is refused, so a file
# cannot ask for years of simulation.
MAX_GAME_DAYS = 1000
MAX_TICK = MAX_GAME_DAYS * TICKS_PER_DAY


def _digits(text):
    # ASCII 0-9 only: str.isdigit() also takes '²' and other scripts' digits.
    return text.isascii() and text.isdigit()


def parse_time(text):
    """'123' (ticks) or 'h:mm' (hours may pass 24: '26:00' is day 2, 02:00) -> tick.

    Raises ValueError with a readable message."""
    text = text.strip()
    if ":" in text:
        h, _, m = text.partition(":")
        if not (_digits(h) and _digits(m) and len(m) == 2 and len(h) <= 9):
            raise ValueError("time %r is not h:mm" % text)
        if int(m) >= 60:
            raise ValueError("time %r has minutes past 59" % text)
        tick = ticks(hours=int(h), minutes=int(m))
    elif not _digits(text) or len(text) > 18:
        raise ValueError("time %r is neither a tick count nor h:mm" % text)
    else:
        tick = int(text)
    if tick > MAX_TICK:
        raise ValueError("time %r is past day %d, the longest game" % (text, MAX_GAME_DAYS))
    return tick

