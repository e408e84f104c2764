"""`send_invasion`: the next invasion comes now (level scripts, tests, the debug console).
It counts as that invasion (its number, size and goal as the scheduler would make them);
a new limit starts when it ends. Refused when invasions are off, while one is underway, or
when no invasion can come (INV-05)."""
from pysim.core.commands import command
from pysim.invasions import arrival, scheduler as SCH


@command("send_invasion")
class SendInvasion:
    def check(game, cmd):
        st = SCH.state_of(game)
        if st is None:
            return "This level has invasions off."
        if st.phase == SCH.UNDERWAY:
            return "An invasion is already underway."
        if not SCH.can_come(game, st):
            return "No invasion can come now."
        return None

    def apply(game, cmd):
        arrival.send(game, SCH.state_of(game), None)
