"""The sim thread: the game's ticks run beside the front end's frames, not inside them.

Why (issue 15): at full scale a tick costs ~0.5 ms of CPU and its snapshot ~0.05 ms, and a
physics frame should cost at most 200 us. The frame budget (pysim/session.py) spreads a
tick over the five frames before the next one, but then nearly every frame is about 120 us
of rule work, and on a noisy machine one in twenty passes 200 us. On its own thread, the
tick runs on the other core while Godot's frame only hands over the time that passed and
picks up the changes the sim thread built after its last tick: a few microseconds.

Who holds what:
- `game_lock` is held by the sim thread while it applies commands, runs a tick and builds
  the changes, and by the front end's reads (Session's describe, save_text, snapshot ...).
  So a read always sees the game between two ticks, as it does without the thread.
- The mailbox (`_mail`, a Condition) holds what passes between the threads: the game time
  due (`_acc`), the commands sent and not yet given to the game, and the changes and
  events built for the front end. The front end's per-frame calls (Session.step,
  snapshot_changes, take_events, commands_waiting) touch only the mailbox, never wait
  for a tick, and never run rule code.
- The interpreter lock: compiled rule code never hands it over by itself, so a frame could
  wait a whole tick for it. At every pause point (pysim/core/pausing.py) the sim thread asks
  the bridge whether Godot's thread waits for it (the bridge's `_godot.main_waiting`) and
  stands aside until it has it (`_godot.stand_aside`). Outside Godot no one asks, and there
  is no bridge: `front` is None and the points cost nothing more.

What it never changes: which tick a command comes in at decides the game, and the save
records that tick with the command (Game.log), so a saved game replays the same. The
ticks are the same code in the same order as a whole Game.step: the same seed and the same
commands at the same ticks give the same state hash, threaded or not
(tests/core/test_sim_thread.py). The real clock is read only to bound a stand-aside.
"""
import threading
import traceback

from pysim.core import clock, pausing

# A tick due after this many others is dropped rather than run: a machine too slow for the
# speed plays slower instead of falling ever further behind (the frame budget's
# WHOLE_WHEN_DUE: a second of play at 1x).
MOST_TICKS_DUE = 10
# The longest the sim thread stands aside for one wait of the front end: a Godot frame's
# Python work is ~50 us, so this only bounds a front end that never comes in.
STAND_ASIDE_MOST_S = 0.002


def bridge_front():
    """The bridge's module when pysim runs inside Godot (build/bridge/pybridge.c), else None."""
    try:
        import _godot
    except ImportError:
        return None
    if hasattr(_godot, "main_waiting") and hasattr(_godot, "stand_aside"):
        return _godot
    return None


class _StandAside:
    """The sim thread's pausing work: at each pause point of its tick, if the front end is
    waiting for the interpreter, let it have it (see the module's text)."""

    def __init__(self, front):
        self.waiting = front.main_waiting
        self.stand_aside = front.stand_aside
        self.ident = threading.get_ident()
        self.stood = 0      # times it stood aside (the tests and the bench read it)

    def _at_point(self):
        if self.waiting() and threading.get_ident() == self.ident:
            self.stand_aside(STAND_ASIDE_MOST_S)
            self.stood += 1


class SimThread:
    """Runs a Session's game on a thread of its own: see the module's text. The Session
    forwards to it while it runs (Session.set_sim_thread)."""

    def __init__(self, session, front=None):
        self.session = session
        self.front = front
        self.game_lock = threading.RLock()
        self._mail = threading.Condition(threading.Lock())
        self._acc = 0             # microseconds of game time due (at the game's speed)
        self._outbox = []         # commands sent, not yet given to the game
        self._applying = 0        # commands given to the game whose changes are not built
        self._changes = None      # changes built since the front end last took them
        self._ticks_ready = 0     # ticks those changes hold
        self._events = []         # the game's events of the changes taken (take_events)
        self._unshown = []        # the events of the changes not taken yet: an event is
                                  # shown with the snapshot it happened in, never before
        self._stop = False
        self._busy = False        # the sim thread is at work (between its waits)
        self._last_error = None
        self.aside = None
        self._thread = threading.Thread(target=self._run, name="pysim sim thread",
                                        daemon=True)
        self._thread.start()

    # -- the front end's side (any thread but the sim thread) ------------------------------
    def frame(self, us, speed):
        """A frame's real time: `us` microseconds at `speed`. Returns the ticks finished
        and built since the last frame (their changes wait in snapshot_changes)."""
        per_tick = clock.MICROS_PER_TICK_1X
        with self._mail:
            if speed <= 0:
                self._acc = 0
            else:
                self._acc = min(self._acc + us * speed, (MOST_TICKS_DUE + 1) * per_tick)
                if self._acc >= per_tick:
                    self._mail.notify_all()
            ran, self._ticks_ready = self._ticks_ready, 0
        return ran

    def send(self, cmd):
        with self._mail:
            self._outbox.append(cmd)
            self._mail.notify_all()

    def commands_waiting(self):
        """True while a command sent has not come in with its changes built."""
        with self._mail:
            return bool(self._outbox) or self._applying > 0

    def take_changes(self):
        """The changes built since the last call, or None."""
        with self._mail:
            out, self._changes = self._changes, None
            self._ticks_ready = 0
            self._events.extend(self._unshown)
            self._unshown = []
            return out

    def take_events(self):
        with self._mail:
            out, self._events = self._events, []
            return out

    def settle(self, most_s=10.0):
        """Wait until the sim thread has done all that is due (the time handed over, the
        commands sent), at most `most_s` seconds: a lockstep front end's frame (a test, a
        tool that fast-forwards). Returns the ticks finished and built since the last frame."""
        with self._mail:
            self._mail.wait_for(lambda: self._stop or not (self._busy or self._work_waiting()),
                                most_s)
            ran, self._ticks_ready = self._ticks_ready, 0
            return ran

    def give_commands_to(self, game):
        """Hand the commands sent so far to `game`, in order (a read under game_lock calls
        this first, so a save holds every command sent before it)."""
        with self._mail:
            cmds, self._outbox = self._outbox, []
            self._applying += len(cmds)
        for cmd in cmds:
            game.command(cmd)

    def forget(self):
        """The game was replaced (a load): what was built for the old one is dropped."""
        with self._mail:
            self._acc = 0
            self._changes = None
            self._ticks_ready = 0
            self._events = []
            self._unshown = []
            self._applying = 0

    def stop(self, wait=True):
        with self._mail:
            self._stop = True
            self._mail.notify_all()
        if wait and threading.get_ident() != self._thread.ident:
            self._thread.join(timeout=5.0)

    def alive(self):
        return self._thread.is_alive()

    # -- the sim thread --------------------------------------------------------------------
    def _run(self):
        if self.front is not None:
            self.aside = _StandAside(self.front)
        while True:
            with self._mail:
                self._busy = False
                self._mail.notify_all()           # (settle waits for this)
                while not self._stop and not self._work_waiting():
                    self._mail.wait()
                if self._stop:
                    return
                self._busy = True
            try:
                self._one_step()
            except Exception:
                self._report(traceback.format_exc())

    def _work_waiting(self):
        return bool(self._outbox) or self._applying > 0 or \
            self._acc >= clock.MICROS_PER_TICK_1X

    def _one_step(self):
        """Commands in, then one due tick, then the changes built: all between two ticks as
        the front end's reads see the game. (One tick at a time, so a read or a command
        waits at most one tick.)"""
        session = self.session
        with self.game_lock:
            game = session.game
            self.give_commands_to(game)
            # (as a frame without the thread: what was sent comes in now, even when paused)
            game.apply_pending()
            with self._mail:
                applied, self._applying = self._applying, 0
                ticks = 0
                if game.speed <= 0:
                    self._acc = 0
                elif self._acc >= clock.MICROS_PER_TICK_1X:
                    self._acc -= clock.MICROS_PER_TICK_1X
                    ticks = 1
            if ticks:
                self._run_tick(game)
                if game.speed <= 0:
                    with self._mail:
                        self._acc = 0
            changes = session._build_changes() if (ticks or applied) else None
            events = game.take_events()
        with self._mail:
            if changes is not None:
                self._changes = _merge(self._changes, changes)
                self._unshown.extend(events)
            else:
                self._events.extend(events)
            self._ticks_ready += ticks

    def _run_tick(self, game):
        aside = self.aside
        if aside is None:
            game.step()
        else:
            # pausing's points call aside._at_point while this thread runs the tick
            pausing.set_running(aside)
            try:
                game.step()
            finally:
                pausing.set_running(None)

    def _report(self, text):
        """A rule bug must not stop the game's thread: show it once and go on (as a frame
        does without the thread, Session.step)."""
        with self._mail:
            self._acc = 0
            self._applying = 0
        if text == self._last_error:
            return
        self._last_error = text
        with self.game_lock:
            game = self.session.game
            game.emit("error", message=text)
            events = game.take_events()
        with self._mail:
            self._events.extend(events)


def _merge(old, new):
    from pysim.session import _merged
    return _merged(old, new)
