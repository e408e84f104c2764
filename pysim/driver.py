"""The driver: the one way the game's ticks run (docs/architecture.md, "The driver").

One step: the commands sent come in, one due tick runs whole, and what the front end is
shown of it (the snapshot's changes and the tick's events) is posted to the mailbox. The
game's front end runs the steps on the sim thread (start()), beside Godot's frames, and its
physics frames take the mail in the bridge without calling Python; tests, tools, autoplay
and a front end without the thread run the same steps on their own thread (settle()).
Whoever runs them, a step holds `game_lock`, and so does every read, so a read sees the
game between two ticks.
"""
import threading
import time
import traceback

from pysim.core import clock, skipping, view
from pysim.core.snapshot import Frames, merged_changes
from pysim.mailbox import MAX_FRAME_MICROS, NOTHING, PyMailbox, bridge_mailbox, merged

# A tick due after this many others at 1x (times the pace: skipping.most_due) is dropped
# rather than run: a machine too slow for the speed plays slower instead of falling ever
# further behind (a second of real time at any speed).
MOST_TICKS_DUE = 10
# While more ticks are due (a skip ahead runs flat out), a step still posts what it built
# at least this often, and at once when commands came in, so the front end shows what a
# command did and the skip as it goes (a view: when changes are posted never changes the
# game).
POST_AT_LEAST_S = 1 / 30
# The longest the sim thread sleeps in its mailbox with nothing due (a bound, not a timer:
# waking with nothing due changes nothing).
WAIT_MOST_S = 0.5


class Driver:
    """Runs a game's ticks: see the module's text. `game` is the game it runs (replace()
    swaps it); `frames` what the front end was shown of it (snapshot.Frames)."""

    def __init__(self, game):
        self.game = game
        self.frames = Frames(game)
        self.game_lock = threading.RLock()
        self.box = PyMailbox()
        # _lock guards what passes between the threads: the commands sent and not yet
        # given to the game, the game time due (_acc), busy and wakes (settle waits on them)
        self._lock = threading.Lock()
        self._mail = threading.Condition(self._lock)
        self._acc = 0             # microseconds of game time due (at the game's pace)
        self._posted_at = 0.0     # when a step last posted (time.monotonic(); a view's)
        self._raw = 0             # real microseconds taken from the box, not yet counted
        self._handed = 0          # without the sim thread: real microseconds handed over
        self._outbox = []         # commands sent, not yet given to the game
        self._applying = 0        # commands given to the game whose changes are not posted
        self._unposted = 0        # ticks run and not posted (more were due right after)
        self._thread = None
        self._stop = False
        self._busy = False        # the sim thread is at work (between its waits)
        self._wakes = 0           # times it woke from the box (settle waits for one)
        self._last_error = None
        self.fail_next = False    # debug_fail_next_step: the next step raises

    # -- the sim thread ---------------------------------------------------------------------
    def start(self):
        """Run the steps on the sim thread from now on; the mailbox becomes the bridge's when
        there is one (Godot's frames then take the mail without Python). True."""
        if self._thread is None:
            self._move_mail(bridge_mailbox() or self.box, True)
            self._stop = False
            self._thread = threading.Thread(target=self._run, name="pysim sim thread",
                                            daemon=True)
            self._thread.start()
        return True

    def stop(self):
        """Stop the sim thread: the steps run in settle() again, and what it posted stays to
        be taken (in a Python mailbox)."""
        thread = self._thread
        if thread is None:
            return
        with self._lock:
            self._stop = True
            self._mail.notify_all()
        self.box.close()
        if threading.get_ident() != thread.ident:
            thread.join(timeout=5.0)
        self._thread = None
        self._move_mail(PyMailbox(), False)

    def threaded(self):
        """True while the steps are the sim thread's (start() to stop())."""
        return self._thread is not None

    def alive(self):
        """True while the sim thread runs (a rule bug does not stop it)."""
        return self._thread is not None and self._thread.is_alive()

    def bridge_mailbox(self):
        """The bridge's mailbox (PyBridge.attach_mail takes it), or None without one."""
        return None if isinstance(self.box, PyMailbox) else self.box

    def _move_mail(self, box, starting):
        """The posts and the time handed over go where the steps will find them: to the sim
        thread's mailbox (the bridge's, when there is one) when it starts, to a Python one
        and the driver's own count when it stops."""
        old, self.box = self.box, box
        if starting:
            box.add(self._handed)
            self._handed = 0
        else:
            self._handed += old.pending()
        if box is not old:
            for item in old.take_all():
                box.post(item)

    def _run(self):
        while True:
            with self._lock:
                self._busy = False
                self._mail.notify_all()           # (settle waits for this)
                if self._stop:
                    return
                wake_at = 0 if self._work_in_hand() else self._wake_at()
            # asleep without the interpreter until a tick is due or someone pokes
            took = self.box.wait(wake_at, WAIT_MOST_S)
            with self._lock:
                self._count_raw(took)         # (kept when it stops: settle counts it)
                if self._stop:
                    return
                self._wakes += 1
                self._busy = True
            self._guarded_step()

    # -- the front end's side ------------------------------------------------------------
    def hand_over(self, us):
        """A frame's real time, `us` microseconds, at most MAX_FRAME_MICROS (Godot's physics
        frames hand it over in the bridge, PyBridge.take_mail, without calling Python)."""
        if self._thread is None:
            # (without the sim thread only the caller's thread touches the driver)
            self._handed += max(0, min(int(us), MAX_FRAME_MICROS))
        else:
            self.box.add(us)

    def send(self, cmd):
        """Queue a command: into the game's queue at once when it is between two ticks,
        else (the sim thread is at a tick) in the outbox, which the next step empties; a
        send never waits for a tick. The next step applies it."""
        with self._lock:
            self._outbox.append(cmd)
        if self.game_lock.acquire(blocking=False):
            try:
                self._give_commands_to(self.game)
            finally:
                self.game_lock.release()
        self.box.poke()

    def commands_waiting(self):
        """True while a command sent has not come in with its changes posted."""
        with self._lock:
            return self._commands_in_flight()

    def settle(self, most_s=10.0):
        """Run what is due (the time handed over, the commands sent): on this thread, or
        with the sim thread, wait for it, at most `most_s` seconds (a lockstep frame)."""
        if self._thread is None:
            # (only the caller's thread touches the driver: see hand_over)
            while True:
                # commands first: the frame's time then counts at the speed they set
                if not (self._outbox or self._applying):
                    handed, self._handed = self._handed, 0
                    self._count_raw(handed)
                    if not self.fail_next and self._due(self._raw) < clock.MICROS_PER_TICK_1X:
                        return
                self._guarded_step()
        end = time.monotonic() + most_s
        with self._lock:
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

    def take_mail(self, build=False):
        """What was posted and not taken, merged in order: (ticks, changes or None, events).
        With `build`, and the game between two ticks now (a refresh after a command sent),
        what changed since is built here and added; the first changes of a game are always
        waited for and built (a start, a load)."""
        whole = not self.frames.sent
        if not ((build or whole) and self.game_lock.acquire(blocking=whole)):
            items = self.box.take_all()
            return merged(items) if items else NOTHING
        try:
            # (taken under the lock: steps post under it, so nothing built before can
            # come after what is built here)
            ran, changes, events = merged(self.box.take_all())
            return ran, merged_changes(changes, self._build()), events
        finally:
            self.game_lock.release()

    def take_ticks(self):
        """The ticks posted since they were last counted; their changes and events stay."""
        box = self.box
        if isinstance(box, PyMailbox):
            return box.take_ticks()
        ran, changes, events = merged(box.take_all())     # (the bridge's: Godot's values)
        self.put_back(0, changes, events)
        return ran

    def put_back(self, ran, changes, events):
        """Put what a caller took and did not hand out before everything posted since."""
        if ran or changes is not None or events:
            self.box.put_back({"ran": ran, "changes": changes, "events": list(events)})

    def reading(self):
        """Around a read or a replacement of the game (Session's reads): the game held
        between two ticks, the commands sent so far given to it first (so a save holds
        them), and the events the read made posted after it."""
        return _Reading(self)

    def replace(self, game):
        """The game is replaced (a load): what was due and built for the old one is dropped,
        and the next changes are the whole snapshot. (Under reading().)"""
        self.game = game
        self.frames = Frames(game)
        with self._lock:
            self._acc = 0
            self._raw = 0
            self._applying = 0
            self._unposted = 0
        self.box.take_all()

    def debug_fail_next_step(self):
        self.fail_next = True
        self.box.poke()        # (the sim thread's next step now, not at the next tick due)

    # -- the steps (the sim thread, or settle's caller) ---------------------------------------
    def _guarded_step(self):
        try:
            self._one_step()
        except Exception:
            self._report(traceback.format_exc())

    def _one_step(self):
        """Commands in, then one due tick, then the changes built and posted: all between
        two ticks as the reads see the game. One tick at a time, so a read or a command
        waits at most one tick; the changes are built once no other tick is due (a step
        that catches up posts its ticks with the last one)."""
        if self.fail_next:
            self.fail_next = False
            raise RuntimeError("debug failure requested by debug_fail_next_step()")
        with self.game_lock:
            game = self.game
            self._give_commands_to(game)
            # (what was sent comes in now, even when paused)
            game.apply_pending()
            with self._lock:
                applied = self._applying
                # the time that came in counts at the speed the commands just set
                self._take_time()
                ticks = 0
                if self._acc >= clock.MICROS_PER_TICK_1X:
                    self._acc -= clock.MICROS_PER_TICK_1X
                    ticks = 1
            if ticks:
                pace = skipping.pace(game)
                game.step()
                with self._lock:
                    if skipping.drop_due(pace, skipping.pace(game)):
                        self._acc = 0       # paused, or a skip ended: what was due goes
                    self._unposted += 1
                    more = self._acc >= clock.MICROS_PER_TICK_1X
                if more and not applied and time.monotonic() - self._posted_at < POST_AT_LEAST_S:
                    return      # its changes and events go with the next tick's
            self._post(game, self._unposted > 0 or applied > 0)
            with self._lock:
                self._applying -= applied

    def _post(self, game, build):
        """Post the ticks run since the last post, with their events; with `build`, the
        changes (under game_lock)."""
        with self._lock:
            ran, self._unposted = self._unposted, 0
        changes = self._build() if build else None
        events = game.take_events()
        self._posted_at = time.monotonic()
        if ran or changes is not None or events:
            self.box.post({"ran": ran, "changes": changes, "events": events})

    def _build(self):
        return self.frames.changes(view.snapshot(self.game, self.frames))

    def _report(self, text):
        """A rule bug must not stop the game: show it once and go on."""
        with self._lock:
            self._acc = 0
            self._raw = 0
            self._applying = 0
        if text == self._last_error:
            return
        self._last_error = text
        with self.game_lock:
            game = self.game
            game.emit("error", message=text)
            self._post(game, self._unposted > 0)

    # -- the shared state (under _lock) ---------------------------------------------------
    def _commands_in_flight(self):
        return bool(self._outbox) or self._applying > 0

    def _work_in_hand(self):
        """A step to run now: commands sent, a debug failure asked for, or a tick due with
        the time taken from the box."""
        return (self._commands_in_flight() or self.fail_next or
                self._due(self._raw) >= clock.MICROS_PER_TICK_1X)

    def _work_waiting(self):
        """A step to run, counting the time still in the box."""
        return (self._commands_in_flight() or self.fail_next or
                self._due(self._raw + self.box.pending()) >= clock.MICROS_PER_TICK_1X)

    def _due(self, real_us):
        """Game microseconds due with `real_us` more counted at the pace (0 when paused)."""
        speed = skipping.pace(self.game)
        return 0 if speed <= 0 else self._acc + real_us * speed

    def _wake_at(self):
        """The real microseconds the next tick needs (-1 when paused: only a poke wakes)."""
        speed = skipping.pace(self.game)
        if speed <= 0:
            return -1
        need = clock.MICROS_PER_TICK_1X - self._acc
        return 0 if need <= 0 else -(-need // speed)

    def _count_raw(self, real_us):
        """Real time taken from the box: time handed over while paused is dropped."""
        if skipping.pace(self.game) <= 0:
            self._raw = 0
        else:
            self._raw += real_us

    def _take_time(self):
        """Count the real time taken from the box at the game's speed (paused: drop it),
        at most a second of real time ahead (skipping.most_due)."""
        real_us, self._raw = self._raw, 0
        speed = skipping.pace(self.game)     # the speed, or a skip's (pysim/core/skipping.py)
        if speed <= 0:
            self._acc = 0
        else:
            most = skipping.most_due(speed, MOST_TICKS_DUE)
            self._acc = min(self._acc + real_us * speed, (most + 1) * clock.MICROS_PER_TICK_1X)

    def _give_commands_to(self, game):
        """Hand the commands sent so far to `game`, in order (under game_lock)."""
        with self._lock:
            cmds, self._outbox = self._outbox, []
            self._applying += len(cmds)
        for cmd in cmds:
            game.command(cmd)


class _Reading:
    """Driver.reading(): a context manager (a class, not contextlib's generator, so the
    compiled build needs nothing more)."""

    def __init__(self, driver):
        self.driver = driver

    def __enter__(self):
        driver = self.driver
        driver.game_lock.acquire()
        try:
            driver._give_commands_to(driver.game)
        except BaseException:
            driver.game_lock.release()
            raise
        return driver.game

    def __exit__(self, *exc):
        driver = self.driver
        try:
            # the events a read made (a load's); a tick left unposted goes with them
            driver._post(driver.game, driver._unposted > 0)
        finally:
            driver.game_lock.release()
        return False
