"""The sim thread: the game's ticks run beside the front end's frames, not inside them.

Why (issue 15): at full scale a tick costs ~0.5 ms of CPU and its snapshot ~0.05 ms, and a
physics frame should cost at most 200 us. The frame budget (pysim/session.py) spreads a
tick over the five frames before the next one, but then nearly every frame is about 120 us
of rule work, and paced as the game paces them nearly all pass 200 us. On its own thread,
the tick runs on the other core while Godot's frame only hands over the time that passed
and picks up what the sim thread posted after its last tick.

Who holds what:
- `game_lock` is held by the sim thread while it applies commands, runs a tick, builds the
  changes and posts them, and by the front end's reads (Session's describe, save_text,
  snapshot ...). So a read always sees the game between two ticks, as it does without the
  thread, and what a read builds comes after everything the thread posted.
- The mailbox (`box`) carries what passes between the threads: the real time handed over,
  and the items the sim thread posts, {ran, changes, events}, in order. In Godot it is the
  bridge's `_godot.Mailbox` (build/bridge/pybridge.c): a post is turned into Godot's values
  on the sim thread, and a physics frame's PyBridge.take_mail hands over its time and takes
  the items without calling Python at all. That matters more than it seems: a Godot thread
  that slept through most of its frame finds its caches cold, and one call into Python then
  costs ~50 us against ~1 us back to back (issue 15's frame is at most 200 us). Without the
  bridge (the tests, the headless runner) it is `_PyMailbox`, the same calls in Python.
- `_mail` (a Condition) guards the rest of the shared state: the commands sent and not yet
  given to the game, the game time due (`_acc`, the sim thread's own), and busy, which
  settle() waits on. The sim thread sleeps in the box until the time handed over makes its
  next tick due, or a command, a settle or a stop pokes it.
- The interpreter lock: compiled rule code never hands it over by itself, so a Python call
  from the front end (a read, a command) could wait a whole tick for it. At every pause
  point (pysim/core/pausing.py) the sim thread asks the bridge whether Godot's thread waits
  for it (the bridge's `_godot.main_waiting`) and stands aside until it has it
  (`_godot.stand_aside`). Outside Godot no one asks, and there is no bridge: `front` is None
  and the points cost nothing more.

What it never changes: which tick a command comes in at decides the game, and the save
records that tick with the command (Game.log), so a saved game replays the same. The
ticks are the same code in the same order as a whole Game.step: the same seed and the same
commands at the same ticks give the same state hash, threaded or not
(tests/core/test_sim_thread.py). The real clock is read only to bound a wait.
"""
import threading
import time
import traceback

from pysim.core import clock, pausing, skipping
from pysim.core.snapshot import merged_changes

# A tick due after this many others is dropped rather than run: a machine too slow for the
# speed plays slower instead of falling ever further behind (the frame budget's
# WHOLE_WHEN_DUE: a second of play at 1x).
MOST_TICKS_DUE = 10
# The longest the sim thread stands aside for one wait of the front end: a Godot frame's
# Python work is ~50 us, so this only bounds a front end that never comes in.
STAND_ASIDE_MOST_S = 0.002
# The longest the sim thread sleeps in its mailbox with nothing due (a bound, not a timer:
# waking with nothing due changes nothing).
WAIT_MOST_S = 0.5
# The most real time one frame hands over (Session.MAX_FRAME_MICROS; the bridge's
# MAIL_MAX_FRAME_US).
MAIL_MAX_FRAME_US = 250_000


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


class _PyMailbox:
    """The mailbox without the bridge (the tests, the headless runner): the calls of the
    bridge's _godot.Mailbox (build/bridge/pybridge.c), on Python's own lock. Items stay
    Python values; the bridge's are turned into Godot's when posted."""

    def __init__(self):
        self._cv = threading.Condition(threading.Lock())
        self._raw = 0             # real microseconds handed over, not taken by wait()
        self._wake_at = -1        # the sim thread wants waking at this much; < 0: a poke
        self._poked = False
        self._closed = False
        self._items = []

    def add(self, us):
        with self._cv:
            self._raw += max(0, min(int(us), MAIL_MAX_FRAME_US))
            if 0 <= self._wake_at <= self._raw:
                self._cv.notify_all()

    def wait(self, wake_at, most_s):
        with self._cv:
            self._wake_at = wake_at
            self._cv.wait_for(lambda: self._poked or self._closed or
                              0 <= wake_at <= self._raw, most_s)
            took, self._raw = self._raw, 0
            self._poked = False
            self._wake_at = -1
            return took

    def poke(self):
        with self._cv:
            self._poked = True
            self._cv.notify_all()

    def close(self):
        with self._cv:
            self._closed = True
            self._cv.notify_all()

    def pending(self):
        with self._cv:
            return self._raw

    def post(self, item):
        with self._cv:
            self._items.append(item)

    def put_back(self, item):
        with self._cv:
            self._items.insert(0, item)

    def take_all(self):
        with self._cv:
            out, self._items = self._items, []
            return out


class SimThread:
    """Runs a Session's game on a thread of its own: see the module's text. The Session
    forwards to it while it runs (Session.set_sim_thread)."""

    def __init__(self, session, front=None):
        self.session = session
        self.front = front
        self.game_lock = threading.RLock()
        # the bridge's mailbox when there is one: Godot's frames then reach it without Python
        self.box = front.Mailbox() if hasattr(front, "Mailbox") else _PyMailbox()
        self._mail = threading.Condition(threading.Lock())
        self._acc = 0             # microseconds of game time due (at the game's speed)
        self._outbox = []         # commands sent, not yet given to the game
        self._applying = 0        # commands given to the game whose changes are not posted
        self._stop = False
        self._busy = False        # the sim thread is at work (between its waits)
        self._wakes = 0           # times it woke from the box (settle waits for one)
        self._last_error = None
        self.fail_next = False    # Session.debug_fail_next_step: the next step raises
        self.aside = None
        self._thread = threading.Thread(target=self._run, name="pysim sim thread",
                                        daemon=True)
        self._thread.start()

    def bridge_mailbox(self):
        """The bridge's mailbox (PyBridge.attach_mail takes it), or None without one."""
        return None if isinstance(self.box, _PyMailbox) else self.box

    # -- the front end's side (any thread but the sim thread) ------------------------------
    def hand_over(self, us):
        """A frame's real time, `us` microseconds (Godot's frames hand it over in the
        bridge, PyBridge.take_mail, without calling Python)."""
        self.box.add(us)

    def send(self, cmd):
        with self._mail:
            self._outbox.append(cmd)
        self.box.poke()

    def commands_waiting(self):
        """True while a command sent has not come in with its changes posted."""
        with self._mail:
            return self._commands_in_flight()

    def _commands_in_flight(self):
        # (under _mail)
        return bool(self._outbox) or self._applying > 0

    def take_mail(self):
        """What was posted and not taken, merged in order: (ticks, changes or None, events).
        A tick's events wait for its changes: a caller that does not hand the changes out
        puts the events back with them (put_back)."""
        ran, changes, events = 0, None, []
        for item in self.box.take_all():
            ran += int(item.get("ran") or 0)
            if item.get("changes") is not None:
                changes = merged_changes(changes, dict(item["changes"]))
            events.extend(item.get("events") or ())
        return ran, changes, events

    def take_ticks(self):
        """The ticks posted since they were last counted; their changes and events wait."""
        ran, changes, events = self.take_mail()
        self.put_back(0, changes, events)
        return ran

    def take_free_events(self):
        """The events posted before the first changes not taken (a read's, an error's, or
        those of changes taken already): they need wait for nothing. The rest stays."""
        items = self.box.take_all()
        free, ran = [], 0
        while items and items[0].get("changes") is None:
            item = items.pop(0)
            ran += int(item.get("ran") or 0)
            free.extend(item.get("events") or ())
        for item in reversed(items):
            self.box.put_back(item)
        if ran:
            self.box.put_back({"ran": ran, "changes": None, "events": []})
        return free

    def put_back(self, ran, changes, events):
        """Put what a caller took and did not hand out before everything posted since."""
        if ran or changes is not None or events:
            self.box.put_back({"ran": ran, "changes": changes, "events": list(events)})

    def settle(self, most_s=10.0):
        """Wait until the sim thread has done all that is due (the time handed over, the
        commands sent), at most `most_s` seconds: a lockstep front end's frame (a test, a
        tool that fast-forwards)."""
        end = time.monotonic() + most_s
        with self._mail:
            while not self._stop:
                # poked, it wakes and takes in the time handed over (even short of a tick):
                # wait for that wake and the step after it, not only for it to be idle (it
                # is idle between taking the time from the box and counting it in _acc)
                wakes = self._wakes
                self.box.poke()
                while not self._stop and (self._wakes == wakes or self._busy):
                    left = end - time.monotonic()
                    if left <= 0:
                        return
                    self._mail.wait(min(left, 0.005))
                if not self._work_waiting():
                    return

    def give_commands_to(self, game):
        """Hand the commands sent so far to `game`, in order (a read under game_lock calls
        this first, so a save holds every command sent before it)."""
        with self._mail:
            cmds, self._outbox = self._outbox, []
            self._applying += len(cmds)
        for cmd in cmds:
            game.command(cmd)

    def post_events_between_ticks(self, game):
        """The events made between two ticks (under game_lock): a read's or a load's on the
        front end's thread, a rule bug's report here; posted like a tick's, so a frame that
        takes its mail shows them."""
        events = game.take_events()
        if events:
            self.box.post({"ran": 0, "changes": None, "events": events})

    def forget(self):
        """The game was replaced (a load): what was built for the old one is dropped."""
        with self._mail:
            self._acc = 0
            self._applying = 0
        self.box.take_all()

    def stop(self, wait=True):
        with self._mail:
            self._stop = True
            self._mail.notify_all()
        self.box.close()
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
                if self._stop:
                    return
                wake_at = 0 if self._commands_in_flight() else self._wake_at()
            # asleep without the interpreter until a tick is due or someone pokes
            took = self.box.wait(wake_at, WAIT_MOST_S)
            with self._mail:
                if self._stop:
                    return
                self._wakes += 1
                self._busy = True
                self._take_time(took)
            try:
                self._one_step()
            except Exception:
                self._report(traceback.format_exc())

    def _speed(self):
        # the game's speed, or the skip's pace (pysim/core/skipping.py)
        return skipping.pace(self.session.game)

    def _wake_at(self):
        """The real microseconds the next tick needs (-1 when paused: only a poke wakes)."""
        speed = self._speed()
        if speed <= 0:
            return -1
        need = clock.MICROS_PER_TICK_1X - self._acc
        return 0 if need <= 0 else -(-need // speed)

    def _take_time(self, real_us):
        speed = self._speed()
        if speed <= 0:
            self._acc = 0
        else:
            most = skipping.most_due(speed, MOST_TICKS_DUE)
            self._acc = min(self._acc + real_us * speed, (most + 1) * clock.MICROS_PER_TICK_1X)

    def _work_waiting(self):
        if self._commands_in_flight():
            return True
        speed = max(0, self._speed())
        return self._acc + self.box.pending() * speed >= clock.MICROS_PER_TICK_1X

    def _one_step(self):
        """Commands in, then one due tick, then the changes built and posted: all between
        two ticks as the front end's reads see the game. (One tick at a time, so a read or
        a command waits at most one tick.)"""
        session = self.session
        if self.fail_next:
            self.fail_next = False
            raise RuntimeError("debug failure requested by debug_fail_next_step()")
        with self.game_lock:
            game = session.game
            self.give_commands_to(game)
            # (as a frame without the thread: what was sent comes in now, even when paused)
            game.apply_pending()
            pace = skipping.pace(game)
            with self._mail:
                applied = self._applying
                ticks = 0
                if pace <= 0:
                    self._acc = 0
                elif self._acc >= clock.MICROS_PER_TICK_1X:
                    self._acc -= clock.MICROS_PER_TICK_1X
                    ticks = 1
            if ticks:
                self._run_tick(game)
                if skipping.drop_due(pace, skipping.pace(game)):
                    # paused, or a skip ended: what was due at that pace is not played
                    with self._mail:
                        self._acc = 0
            changes = session._build_changes() if (ticks or applied) else None
            events = game.take_events()
            if ticks or changes is not None or events:
                # posted under game_lock: a read's own build (Session._sim_changes) comes
                # after it, so the front end merges the two in the order they were built
                self.box.post({"ran": ticks, "changes": changes, "events": events})
            with self._mail:
                self._applying -= applied

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
            self.post_events_between_ticks(game)
