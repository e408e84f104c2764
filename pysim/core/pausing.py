"""Pause points: where a frame budget may stop a tick in the middle of a system's work.

A budgeted frame (pysim/session.py, "Frame budget") runs the tick's systems inside a
greenlet (run_tick). Rule code calls point() where its work may stop: every few hundred
tiles of a path search, between fighters' turns in combat, and the other places listed in
docs/architecture.md ("Session", set_frame_budget). Outside a
budgeted frame point() returns at once. Inside one, when the frame's time is spent, it
switches back to the frame; a later frame switches back in, point() returns and the work
goes on where it was. Nothing runs the rules in between (a read finishes the tick first),
so where a frame cut a tick never changes what the tick does.

Call point() only where the game is whole, as it is between two systems: a placement
preview (Session.check_command) reads the game at a pause without finishing the tick.

Why greenlets (the greenlet package) rather than generators: the work too big for one
frame is mostly a path search several calls deep (a trap goes off, the party learns where
it is, each member replans around it), and a generator pauses only its own frame, so every
function on that stack would have to become one. A greenlet keeps the rule code as it is.
"""
import greenlet

_running = None   # the TickRunner whose tick is running now, while a frame runs it


def point():
    """A place where the tick may pause: see the module's text."""
    runner = _running
    if runner is not None:
        runner._at_point()


def run_tick(game, stop=None, clock=None, deadline=0.0):
    """Run or go on with game's started tick (Game.begin_tick) until it is done (True) or
    it pauses (False). stop(done, next) is asked after each system as Game.run_systems asks
    it (True: pause); None runs the tick to its end. At each point() the tick pauses once
    clock() is past deadline, or, with no clock, when stop(None, None) says so."""
    runner = game._paused_tick
    if runner is None:
        runner = TickRunner(game)
    return runner.run(stop, clock, deadline)


class TickRunner:
    """One started tick run in a greenlet, so that a frame can stop it at a system's end or
    at a point() and a later frame can go on with it. While it waits, the game holds it
    (game._paused_tick) and Game.run_systems goes on with it."""

    def __init__(self, game):
        self.game = game
        self._let = greenlet.greenlet(self._body)
        self._stop = None
        self._clock = None
        self._deadline = 0.0
        self._caller = None

    def run(self, stop=None, clock=None, deadline=0.0):
        global _running
        game = self.game
        game._paused_tick = None
        self._stop = stop
        # a point is passed ~50 times a tick: a clock and a deadline are cheaper to ask
        # there than the frame's stop (issue 15)
        self._clock = clock if stop is not None else None
        self._deadline = deadline
        self._caller = greenlet.getcurrent()
        outer = _running
        _running = self
        try:
            done = self._let.switch()
        finally:
            _running = outer
            self._stop = None
            self._clock = None
        if not self._let.dead:
            game._paused_tick = self
            return False
        return bool(done)

    def _body(self):
        return self.game.run_systems(self._at_end_of)

    def _at_end_of(self, done, nxt):
        if self._stop is not None and self._stop(done, nxt):
            self._caller.switch()   # back to the frame; the next run() switches back here

    def _at_point(self):
        clock = self._clock
        if clock is not None:
            if clock() > self._deadline:
                self._caller.switch()
        elif self._stop is not None and self._stop(None, None):
            self._caller.switch()


class Job:
    """Other work a frame budget spreads over frames (the snapshot of a finished tick,
    pysim/session.py): fn() run in a greenlet that pauses at point() once clock() is past
    deadline, and goes on where it was at the next run(). Call point() in fn only where
    pausing leaves nothing half done that a read in between would see."""

    def __init__(self, fn):
        self._let = greenlet.greenlet(fn)
        self._clock = None
        self._deadline = 0.0
        self._caller = None
        self.result = None

    def run(self, clock=None, deadline=0.0):
        """Go on until fn returns (True, its value in .result) or a point pauses (False);
        no clock: to the end."""
        global _running
        self._clock = clock
        self._deadline = deadline
        self._caller = greenlet.getcurrent()
        outer = _running
        _running = self
        try:
            value = self._let.switch()
        finally:
            _running = outer
            self._clock = None
        if self._let.dead:
            self.result = value
            return True
        return False

    def _at_point(self):
        clock = self._clock
        if clock is not None and clock() > self._deadline:
            self._caller.switch()

