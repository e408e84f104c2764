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
Rule modules import it under their own name (`from pysim.core.pausing import point as
pause_point`): a module global is a cached lookup, where `pausing.point` was a module
attribute read at each of the few hundred points a tick (issue 15).

Why greenlets (the greenlet package) rather than generators: the work too big for one
frame is mostly a path search several calls deep (a trap goes off, the party learns where
it is, each member replans around it), and a generator pauses only its own frame, so every
function on that stack would have to become one. A greenlet keeps the rule code as it is.

The greenlets are kept and used again (a pool of workers, one per piece of work paused at
the same time, usually one): a new greenlet for each tick made its Python frames' memory
anew, and a full-scale tick run in a new one cost ~25 us more than in a kept one.
"""
import threading

import greenlet

_running = None   # the work (TickRunner or Job) running now, while a frame runs it
_PAUSED = object()          # what a worker hands back when its work pauses
_pools = threading.local()  # .idle: this thread's workers waiting for work


def point():
    """A place where the tick may pause: see the module's text."""
    runner = _running
    if runner is not None:
        runner._at_point()


def set_running(work):
    """Make `work` (an object with _at_point(), or None) what point() calls: the sim thread's
    stand-aside while it runs a tick (pysim/sim_thread.py). Frames and the sim thread do
    not run at once in one game (Session.set_sim_thread ends the frame budget)."""
    global _running
    _running = work


def run_tick(game, stop=None, clock=None, deadline=0.0):
    """Run or go on with game's started tick (Game.begin_tick) until it is done (True) or
    it pauses (False). stop(done, next) is asked after each system as Game.run_systems asks
    it (True: pause); None runs the tick to its end. At each point() the tick pauses once
    clock() is past deadline, or, with no clock, when stop(None, None) says so."""
    runner = game._paused_tick
    if runner is None:
        runner = TickRunner(game)
    return runner.run(stop, clock, deadline)


def _work(job):
    """A worker greenlet's life: run a piece of work, hand back how it ended, wait for the
    next (the frame that took the outcome puts the worker back in the pool)."""
    while True:
        try:
            outcome = (True, job._body())
        except greenlet.GreenletExit:
            raise                   # the worker itself is being let go
        except BaseException as exc:
            outcome = (False, exc)  # raised again in the frame that ran the work
        job = job._caller.switch(outcome)


def _idle():
    pool = getattr(_pools, "idle", None)
    if pool is None:
        pool = _pools.idle = []
    return pool


class _Work(object):
    """A piece of work a frame runs in a worker greenlet until it is done or pauses."""

    def __init__(self):
        self._worker = None
        self._caller = None
        self._stop = None
        self._clock = None
        self._deadline = 0.0
        self.result = None

    def _body(self):
        raise NotImplementedError

    def _go(self):
        """Switch to the work until it is done (True, its value in .result) or pauses."""
        global _running
        self._caller = greenlet.getcurrent()
        outer = _running
        _running = self
        try:
            if self._worker is None:
                pool = _idle()
                self._worker = pool.pop() if pool else greenlet.greenlet(_work)
                got = self._worker.switch(self)
            else:
                got = self._worker.switch()
        finally:
            _running = outer
            self._stop = None
            self._clock = None
        if got is _PAUSED:
            return False
        _idle().append(self._worker)
        self._worker = None
        ok, value = got
        if not ok:
            raise value
        self.result = value
        return True

    def _pause(self):
        self._caller.switch(_PAUSED)   # back to the frame; its next run() switches back

    def _at_point(self):
        clock = self._clock
        if clock is not None:
            if clock() > self._deadline:
                self._pause()
        elif self._stop is not None and self._stop(None, None):
            self._pause()


class TickRunner(_Work):
    """One started tick, run so that a frame can stop it at a system's end or at a point()
    and a later frame can go on with it. While it waits, the game holds it
    (game._paused_tick) and Game.run_systems goes on with it."""

    def __init__(self, game):
        _Work.__init__(self)
        self.game = game

    def run(self, stop=None, clock=None, deadline=0.0):
        game = self.game
        game._paused_tick = None
        self._stop = stop
        # a point is passed ~50 times a tick: a clock and a deadline are cheaper to ask
        # there than the frame's stop (issue 15)
        self._clock = clock if stop is not None else None
        self._deadline = deadline
        if not self._go():
            game._paused_tick = self
            return False
        return bool(self.result)

    def _body(self):
        return self.game.run_systems(self._at_end_of)

    def _at_end_of(self, done, nxt):
        if self._stop is not None and self._stop(done, nxt):
            self._pause()


class Job(_Work):
    """Other work a frame budget spreads over frames (the snapshot of a finished tick,
    pysim/session.py): fn() run so that it pauses at point() once clock() is past deadline
    and goes on where it was at the next run(). Call point() in fn only where pausing
    leaves nothing half done that a read in between would see."""

    def __init__(self, fn):
        _Work.__init__(self)
        self.fn = fn

    def run(self, clock=None, deadline=0.0):
        """Go on until fn returns (True, its value in .result) or a point pauses (False);
        no clock: to the end."""
        self._clock = clock
        self._deadline = deadline
        return self._go()

    def _body(self):
        return self.fn()
