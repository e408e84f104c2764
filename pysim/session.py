"""The front-end facade: the only object the bridge talks to (docs/architecture.md).

Everything crossing is a plain value or a numpy array. Real time becomes ticks through an
integer microsecond accumulator, so frame-time rounding never drifts the clock.
"""
import contextlib
import functools
import gc
import time
import traceback

from pysim.core import clock, entities, level, movement, pausing, systems
from pysim.core.snapshot import DESCRIBE_PARTS, Frames, merged_changes
from pysim.sim_thread import SimThread, bridge_front

# A long frame (a debugger stop, a window drag) must not make the game sprint to catch up.
MAX_FRAME_MICROS = 250_000
# How fast the frame budget's cost estimate of each system follows the last
# measurement: a running mean with this weight on the newest.
COST_WEIGHT = 0.25
# A tick running late gets a bigger share of the frame: this much more of the budget for
# each tick due after it, up to LATE_MOST budgets (at 120 us: 168 us, which leaves a
# frame room for the stretch between two pause points before it passes 200 us; with no
# such bound a tick two behind got 240 us and one in ten frames of a busy hour was over).
LATE_SHARE = 0.5
LATE_MOST = 1.4
# A frame that shows a tick pays for more than Python: the bridge turns the changes into
# Godot's arrays and the front end merges them (~20-25 us at full scale, bench_bridge's
# bridge_frame_tick_snapshot_us less its _python_us), so the changes are built until this
# long before its deadline; a build not done by then is shown by the next frame.
SHOW_RESERVE_US = 25
# A tick under way with this many more ticks due is finished whole in one frame: the frame
# budget gives way to keeping up with the game's speed (a second behind at 1x).
WHOLE_WHEN_DUE = 10


def _frame_micros(delta):
    """A frame's real seconds as whole microseconds, at most MAX_FRAME_MICROS (0 for junk)."""
    try:
        us = int(round(float(delta) * 1_000_000))
    except (TypeError, ValueError, OverflowError):
        us = 0
    return max(0, min(us, MAX_FRAME_MICROS))


def _reads_game(finish=True):
    """A Session method that reads or replaces the game: run between two ticks
    (Session._between_ticks)."""
    def wrap(method):
        @functools.wraps(method)
        def between_ticks(self, *args, **kwargs):
            with self._between_ticks(finish):
                return method(self, *args, **kwargs)
        return between_ticks
    return wrap


class Session:
    # (class attributes, so a test may wrap a game in Session.__new__ and set .game)
    _showing = None           # a pausing.Job building the held tick's changes
    _prepared = None          # changes built for the front end, not yet taken
    _prepared_at = None       # _moment() when they were built
    _sim = None               # the SimThread running the game's ticks (set_sim_thread)

    def __init__(self, level_text, source_name="level", seed=None, saved=False):
        """A game on a level's text (.level or a .tscn scene), or with saved=True on a save's
        text (the title screen's Continue and Load: the game it holds, replayed and checked,
        what opened_save() says kept); a bad level or save raises LevelError (FILE:LINE)."""
        self._opened = {}
        if saved:
            from pysim.core import save
            self.game, view = save.read(level_text, str(source_name))
            self._opened = self._loaded(view)
        else:
            self.game = level.load_text(level_text, source_name,
                                        None if seed is None or seed < 0 else int(seed))
        self._acc = 0
        self._fail_next = False
        self._last_error = None
        self._frames = None
        self._budget_us = 0            # set_frame_budget; 0: every due tick whole
        self._held = 0                 # ticks finished and not yet reported by step()
        self._clock = time.perf_counter  # the frame budget's clock (tests set their own)
        self._system_cost = {}         # system index -> running mean of its seconds a tick

    def send(self, cmd):
        if self._sim is not None:
            self._sim.send(cmd)
        else:
            self.game.command(cmd)

    def frame(self, delta, refresh=False, watch=False, lockstep=False):
        """A physics frame's whole work in one call (SimClient._frame): step(delta), and with
        lockstep settle() too; then snapshot_changes() when a tick is shown, when `refresh`
        (the front end sent a command or loaded since its last changes) or when `watch` (it
        waits for a command to come in) and it has come in; then take_events().

        Returns {"ran": ticks shown, "commands_waiting": bool, "events": [...]} with
        "changes" when they were made. One call, not four: each call into Python costs the
        bridge's way in and out, and a Godot thread that slept through most of its frame
        pays for cold caches on all the code it runs (issue 15; with the sim thread the
        physics frames call no Python at all: PyBridge.take_mail)."""
        if self._sim is not None:
            return self._sim_frame(delta, refresh, watch, lockstep)
        ran = self.step(delta)
        waiting = self.commands_waiting()
        out = {"ran": ran, "commands_waiting": waiting}
        if ran or refresh or (watch and not waiting):
            out["changes"] = self.snapshot_changes()
        out["events"] = self.take_events()
        return out

    def _sim_frame(self, delta, refresh, watch, lockstep):
        """frame() with the sim thread: what it posted is all handed out (Godot's physics
        frames take it in the bridge instead: PyBridge.take_mail)."""
        sim = self._sim
        sim.hand_over(_frame_micros(delta))
        if lockstep:
            sim.settle()
        waiting = sim.commands_waiting()
        ran, changes, events = self._sim_take(refresh or (watch and not waiting))
        out = {"ran": ran, "commands_waiting": waiting, "events": events}
        if changes is not None:
            out["changes"] = changes
        return out

    def step(self, delta):
        """Advance by delta real seconds at the game's speed; returns the ticks finished.

        With a frame budget (set_frame_budget) a tick may be spread over several calls: see
        "Frame budget" below."""
        if self._fail_next:
            self._fail_next = False
            raise RuntimeError("debug failure requested by debug_fail_next_step()")
        game = self.game
        us = _frame_micros(delta)
        if self._sim is not None:
            self._sim.hand_over(us)
            return self._sim.take_ticks()
        ran = 0
        try:
            if self._held:
                # A tick finished and not shown yet: this frame goes on building what it
                # shows, and shows it once that is done; nothing else happens till then
                # (commands waiting come in the frame after: applied before the tick is
                # shown, its hash would hold what the next tick's start does).
                self._acc += us * game.speed
                if self._go_on_showing():
                    ran, self._held = self._held, 0
                return ran
            applied = False
            if not game.mid_tick():
                before = (len(game.log), game.script_i)
                game.apply_pending()
                applied = (len(game.log), game.script_i) != before
                if game.speed == 0:
                    self._acc = 0
                    return ran
            self._acc += us * game.speed
            if self._budget_us <= 0:
                while self._acc >= clock.MICROS_PER_TICK_1X:
                    self._acc -= clock.MICROS_PER_TICK_1X
                    game.step()
                    ran += 1
                    if game.speed == 0:
                        self._acc = 0
                        break
            elif not ran and not applied:
                # (a frame that applied commands ends between ticks, so the front end's
                # refresh after a command shows what it did; the tick begins next frame)
                ran = self._step_in_budget(game)
        except Exception:
            # A rule bug must not take the frame down; show it once and keep drawing.
            text = traceback.format_exc()
            if text != self._last_error:
                self._last_error = text
                game.emit("error", message=text)
            self._acc = 0
        return ran

    # -- Frame budget ----------------------------------------------------------------------
    # At 1x a tick is due every 6th physics frame, and at full scale one tick costs more
    # than a frame should (issue 15: <= 200 us a frame). With a budget, a due tick is begun
    # and its systems run until the next one would not fit in what is left of the frame's
    # budget (each system's cost is a running mean of what it took), or until a pause point
    # inside a system finds the budget spent (pysim/core/pausing.py: the tick runs in a
    # greenlet); the next frames go on with it. Once it is done, what the front end is
    # shown of it (snapshot_changes) is built in what is left of the frame but the
    # SHOW_RESERVE_US its showing costs the front end, and the next frames' if need be (a
    # pausing.Job that pauses between two snapshot parts); the frame that has it built
    # shows the tick (the changes, the events). A tick running late gets
    # LATE_SHARE more of the budget for each tick due after it, up to LATE_MOST budgets;
    # only when WHOLE_WHEN_DUE are due does a frame finish it whole (a machine too slow for
    # the speed catches up as it did before). The budget decides
    # nothing in the game: which frame runs a piece of a system never changes what it does,
    # so this is the one place where the real clock is read, and a game plays the same with
    # or without it (tests/core/test_frame_budget.py).
    def set_frame_budget(self, micros):
        """Spread each tick over the frames before the next one, spending about `micros` of
        CPU time a frame; 0 (the default) runs every due tick whole in one frame. (While the
        sim thread runs, set_sim_thread, the ticks are its, and the budget waits unused.)"""
        try:
            self._budget_us = max(0, int(micros))
        except (TypeError, ValueError):
            self._budget_us = 0
        if self._sim is not None:
            return self._budget_us
        if self._budget_us <= 0:
            self.finish_tick()
        else:
            self._settle_collector()
        return self._budget_us

    def _settle_collector(self):
        # Python's cyclic collector now and then walks every object it tracks: on a loaded
        # full-scale game a full pass is ~5 ms, forty frame budgets. Frozen after a load,
        # the game as loaded is left out of its passes (~25 us a full pass). The full
        # collection first releases the game a load replaced.
        gc.unfreeze()
        gc.collect()
        gc.freeze()

    def _collect_when_idle(self):
        """In a frame with nothing else to do, the collector's pass comes early: the young
        objects are collected once they are a quarter of the way to the collector's own
        threshold, so its passes (~40 us at full scale) seldom fall in the middle of a
        tick's work. Where the collector would walk its oldest objects (~3 ms once a game
        has run an hour), those that live on are frozen instead, as the loaded game is
        (over hours of play the passes found no garbage: pysim's state has no cycles; a
        load collects everything)."""
        young, middle, old = gc.get_count()
        first, second, third = gc.get_threshold()
        if young < first // 4:
            return
        if middle < second:
            gc.collect(0)
        else:
            gc.collect(1)
            if old + 1 >= third:
                gc.freeze()

    def _step_in_budget(self, game):
        now = self._clock
        start = now()
        per_tick = clock.MICROS_PER_TICK_1X
        cost = self._system_cost
        mark = [start]
        limit = [0.0]

        def stop(done, nxt):
            # After a system: it took the time since the last mark; keep a running mean of
            # each system's cost, and stop before one that would not fit in what is left.
            # (A pause point inside a system stops once the frame's deadline is past.)
            t = now()
            _learn(cost, done, t - mark[0])
            mark[0] = t
            return t - start + cost.get(nxt, 0.0) > limit[0]

        ran = 0
        if not game.mid_tick() and self._acc < per_tick:
            self._collect_when_idle()       # a frame with no tick to run
        while True:
            if not game.mid_tick():
                if self._acc < per_tick:
                    break
                if ran and self._acc < (1 + WHOLE_WHEN_DUE) * per_tick:
                    # A frame that shows a tick ends between ticks (a half-run tick has
                    # no snapshot): the next starts on the next frame, unless it is to be
                    # run whole here to catch up.
                    break
                self._acc -= per_tick
                game.begin_tick()
                mark[0] = now()
            whole = self._acc // per_tick >= WHOLE_WHEN_DUE   # ticks due after this one
            limit[0] = self._frame_limit()
            if whole:
                if not pausing.run_tick(game):
                    break
            elif not pausing.run_tick(game, stop, now, start + limit[0]):
                break
            t = now()
            _learn(cost, len(systems.SYSTEMS) - 1, t - mark[0])
            ran += 1
            # (commands come in at the next tick's start, as in a whole step: applied here,
            # the shown tick's hash held the next tick's script commands, issue 15)
            if game.speed == 0:
                self._acc = 0
                break
            if not whole:
                self._showing = pausing.Job(self._build_changes)
                if not self._run_showing(now, start + limit[0]):
                    self._held, ran = ran, 0   # built over the next frames, shown then
                    break
        return ran

    def _frame_limit(self):
        """Seconds of the frame budget this frame may spend: more when ticks are due."""
        due = self._acc // clock.MICROS_PER_TICK_1X
        return self._budget_us * min(1 + LATE_SHARE * due, LATE_MOST) / 1_000_000

    def _go_on_showing(self):
        """Go on building the held tick's changes for this frame's budget; True once built."""
        if self._showing is None:
            return True
        now = self._clock
        return self._run_showing(now, now() + self._frame_limit())

    def _run_showing(self, clock_fn=None, deadline=0.0):
        """Go on building the changes until SHOW_RESERVE_US before the frame's `deadline`
        (no clock: to the end); True once built."""
        job = self._showing
        try:
            done = job.run(clock_fn, deadline - SHOW_RESERVE_US / 1e6)
        except BaseException:
            self._showing = None     # the front end builds its changes itself, when it asks
            raise
        if done:
            self._showing = None
            self._prepared = merged_changes(self._prepared, job.result)
            self._prepared_at = self._moment()
        return done

    def _finish_showing(self):
        """A read comes: the changes being built are finished first (they read the Frames)."""
        if self._showing is not None:
            self._run_showing()

    def _build_changes(self):
        return self._frames_of(self.game).changes(self._snapshot_now())

    # -- The sim thread ---------------------------------------------------------------------
    # The ticks run on a thread of their own beside the front end's frames (pysim/
    # sim_thread.py: why, who holds what). step() then only hands over the time that passed
    # and says how many ticks are built; snapshot_changes, take_events and commands_waiting
    # read the mailbox; every other read takes the game between two ticks (_between_ticks).
    def set_sim_thread(self, on):
        """Run the game's ticks on their own thread (True) or in step() (False, the
        default). Returns whether the thread runs."""
        if on and self._sim is None:
            self.finish_tick()
            self._sim = SimThread(self, bridge_front())
        elif not on and self._sim is not None:
            sim, self._sim = self._sim, None
            sim.stop()
            # what it built and took and the front end did not: handed back as if made here
            with sim.game_lock:
                sim.give_commands_to(self.game)
                _ran, changes, events = sim.take_mail()
                self._prepared = merged_changes(self._prepared, changes)
                self.game.events[:0] = events
                self._prepared_at = self._moment()
        return self._sim is not None

    def sim_mailbox(self):
        """The bridge's mailbox of the sim thread (PyBridge.attach_mail), else None."""
        return self._sim.bridge_mailbox() if self._sim is not None else None

    def sim_thread_on(self):
        """True while the sim thread runs the ticks (the front end's tests ask)."""
        return self._sim is not None and self._sim.alive()

    def settle(self):
        """Wait for the sim thread to do what is due (a lockstep front end's frames); the
        ticks finished since the last step(). 0 without it."""
        sim = self._sim
        if sim is None:
            return 0
        sim.settle()
        return sim.take_ticks()

    def sim_thread_stood_aside(self):
        """How often the sim thread let the front end in at a pause point (bench, tests)."""
        sim = self._sim
        return sim.aside.stood if sim is not None and sim.aside is not None else 0

    @contextlib.contextmanager
    def _between_ticks(self, finish=True):
        """Around a read of the game: with the sim thread, the game held between two ticks
        (the commands sent so far given to it first, so a save holds them); without it, the
        tick a budgeted frame left half run finished first (finish=False: read as it is)."""
        sim = self._sim
        if sim is None:
            if finish:
                self.finish_tick()
            yield
            return
        with sim.game_lock:
            sim.give_commands_to(self.game)
            try:
                yield
            finally:
                sim.post_events_between_ticks(self.game)

    def commands_waiting(self):
        """True while a command sent has not come in yet (they come in at a tick's start:
        one sent while a tick is under way waits till the frame after it is shown); the
        front end refreshes once they are in (SimClient)."""
        if self._sim is not None:
            return self._sim.commands_waiting()
        return bool(self.game.queue)

    def tick_under_way(self):
        """True between two frames that share a tick (the front end's tests ask)."""
        return self._sim is None and self.game.mid_tick()

    def tick_paused_inside_a_system(self):
        """True when the last frame stopped the tick at a pause point inside a system
        (pysim/core/pausing.py), not between two (the front end's tests ask)."""
        return self._sim is None and self.game._paused_tick is not None

    def finish_tick(self):
        """Finish a tick a budgeted frame left half run, and the changes being built for
        the front end (before anything reads the game). (The sim thread's ticks are whole.)"""
        if self._sim is not None:
            return
        game = self.game
        if game.mid_tick():
            game.run_systems()
            self._held += 1
        self._finish_showing()

    def snapshot(self):
        """The whole snapshot: bulk state as numpy arrays (docs/architecture.md)."""
        with self._between_ticks():
            return self._snapshot_now()

    def _snapshot_now(self):
        game = self.game
        day, hour, minute = clock.day_hour_minute(game.tick)
        ids, pos, kind, state, facing, side = movement.fill_arrays(game)
        snap = {
            "tick": game.tick, "day": day, "hour": hour, "minute": minute,
            "speed": game.speed,
            "ent_id": ids, "ent_pos": pos, "ent_kind": kind, "ent_state": state,
            "ent_facing": facing, "ent_side": side,
        }
        grid = game.grid
        frames = self._frames_of(game)
        frames.add("map", (id(grid), grid.tiles_version), game, _map_keys, snap)
        frames.run_parts(game, snap)
        return snap

    def _frames_of(self, game):
        """The front end's Frames for this game: a new one (the next changes are whole)
        whenever the game was replaced, by a load or by anyone setting session.game."""
        frames = getattr(self, "_frames", None)
        if frames is None or frames.game is not game:
            frames = Frames(game)
            self._frames = frames
        return frames

    def snapshot_changes(self):
        """Only what changed since the last call (the front end's per-frame call, SimClient):
        the keys whose values differ from those it returned last; the first call after the
        session started or replaced its game returns every key with "snapshot_full": True
        (replace, do not merge); "snapshot_gone" lists keys no longer made. Merged over the
        previous answers it is snapshot()."""
        if self._sim is not None:
            return self._sim_changes()
        if self.game.mid_tick():
            return {}   # nothing finished since the last call: the front end's is current
        self._finish_showing()
        out, self._prepared = self._prepared, None
        if out is None or self._prepared_at != self._moment():
            # none built (no budget, or a refresh with no tick), or built when the tick was
            # finished and the game has moved since (a command, a tick run whole): what
            # changed since is added
            out = merged_changes(out, self._frames_of(self.game).changes(self._snapshot_now()))
        return out

    def _sim_changes(self):
        """snapshot_changes with the sim thread: what it posted, and with `build` (see
        _sim_take) what changed since. Its events wait for take_events."""
        _ran, changes, events = self._sim_take(True)
        self._sim.put_back(0, None, events)
        return {} if changes is None else changes

    def _sim_take(self, build):
        """(ticks, changes or None, events) the sim thread posted; with `build`, and the
        game between ticks now (a refresh after a command sent), what changed since is
        built here and added. After a start or a load the whole snapshot is waited for."""
        sim = self._sim
        frames = getattr(self, "_frames", None)
        whole = frames is None or frames.game is not self.game
        if not ((build or whole) and sim.game_lock.acquire(blocking=whole)):
            return sim.take_mail()
        try:
            # (taken under the lock: the sim thread posts under it, so nothing it built
            # can come after what is built here)
            ran, changes, events = sim.take_mail()
            return ran, merged_changes(changes, self._build_changes()), events
        finally:
            sim.game_lock.release()

    def _moment(self):
        """What moves whenever the game changes between ticks or by a tick."""
        game = self.game
        return (game.serial, game.tick, len(game.log), game.script_i)

    def take_events(self):
        """The events since the last call; a tick's come once it is finished and shown."""
        sim = self._sim
        if sim is not None:
            return sim.take_free_events()
        if self.game.mid_tick() or self._held:
            return []
        return self.game.take_events()

    @_reads_game()
    def describe(self, entity_id):
        ent = self.game.entities.get(int(entity_id))
        if ent is None:
            return {"id": int(entity_id), "missing": True}
        x, y = ent.position()
        info = {
            "id": ent.id, "kind": entities.KIND_NAMES[ent.kind], "subtype": ent.subtype,
            "name": ent.name, "side": entities.SIDE_NAMES[ent.side],
            "state": entities.STATE_NAMES[ent.state], "x": x, "y": y,
            "tile": [ent.x, ent.y], "walking": bool(ent.walking()),
            "goal": [ent.goal_x, ent.goal_y] if ent.goal_x >= 0 else None,
        }
        for fn in DESCRIBE_PARTS:
            fn(self.game, ent, info)
        return info

    @_reads_game()
    def describe_part(self, part_id):
        """Details of one trap part for the traps panel (pysim/traps/trap_view.py describe_part):
        kind, name, role, state (blueprint / ready / needs_reset / expired), rigged,
        lever_on, delay, expires_in, metal ... {} when there is no such part."""
        from pysim.traps import trap_view
        return trap_view.describe_part(self.game, int(part_id))

    @_reads_game(finish=False)
    def check(self, cmd):
        """Why `cmd` would be refused now, "" if it would be taken: the placement preview's
        question (commands.check never changes the game)."""
        from pysim.core import commands
        reason = commands.check(self.game, cmd)
        return reason or ""

    def catalog(self):
        """The build tool's list: [{kind, label, cost, description}] (furniture, plus dig,
        mine and wall as kinds "dig", "mine", "wall")."""
        from pysim.economy import tools
        return tools.catalog()

    @_reads_game()
    def describe_furniture(self, x, y):
        """The furniture panel's facts on the piece or blueprint at (x, y): kind, label,
        description, built, and its state (metal on site, waiting for metal, the builder; a
        bed's owner, a cell's prisoner, a guardpost's torch, a pool's charges, an altar's
        hits): pysim/economy/furniture_view.py. {} when nothing stands or is planned there."""
        from pysim.economy import furniture_view
        return furniture_view.describe(self.game, x, y)

    @_reads_game()
    def save_text(self, view=None):
        """The whole game as save text (pysim/core/save.py); the front end writes it to a file.
        view: the front end's {key: [JSON values]} (its camera and log), kept in the save's
        [view] section and given back by load_save; never game state."""
        from pysim.core import save
        return save.dumps(self.game, view)

    @_reads_game(finish=False)
    def about(self):
        """{"name": the level's name, "level": the level it started from, "tick"} (the window
        title; the tick a save is taken at)."""
        return {"name": self.game.name, "level": self.game.level_source, "tick": self.game.tick}

    def opened_save(self):
        """What load_save would have said of the save this Session was made on (saved=True),
        view included; {} for a Session made on a level."""
        return self._opened

    @_reads_game(finish=False)
    def load_save(self, text, source="save"):
        """Replace the game with the one a save holds. Returns {"ok": True, "tick", "level",
        "name", "view"} or, for a bad save, {"error": "FILE:LINE: reason"} with the current
        game kept as it was."""
        from pysim.core import save
        try:
            game, view = save.read(text, str(source))
        except save.SaveError as exc:
            return {"error": str(exc)}
        self._replace_game(game)
        return self._loaded(view)

    def _loaded(self, view):
        # level: the level the save was started from (the front end's level picker shows it);
        # name: its name (the window title); view: the save's [view] section
        return {"ok": True, "tick": self.game.tick, "level": self.game.level_source,
                "name": self.game.name, "view": view}

    @_reads_game(finish=False)
    def load_level(self, text, source="level", seed=None):
        """Start another level in place of the current game. Returns {"ok": True} or, for
        a level that does not parse, {"error": "FILE:LINE: reason"} with the current game
        kept as it was."""
        try:
            game = level.load_text(text, str(source),
                                   None if seed is None or seed < 0 else int(seed))
        except level.LevelError as exc:
            return {"error": str(exc)}
        self._replace_game(game)
        return {"ok": True}

    def _replace_game(self, game):
        self.game = game
        if self._sim is not None:
            self._sim.forget()
        self._acc = 0
        self._showing = None
        self._prepared = None
        self._frames = None   # the next snapshot_changes() is whole, and the old game let go
        if self._budget_us > 0:
            self._settle_collector()

    def validate_level(self, text, source="level"):
        """pysim's own checks on a level (text or .tscn scene): see validate_level below."""
        return validate_level(text, source)

    @_reads_game(finish=False)
    def check_command(self, cmd):
        """Would `cmd` be refused now? {"ok": True} or {"ok": False, "reason": "..."}: the
        command's own check (pysim/core/commands.py), which never changes the game, so the
        front end can show a placement preview with the reason before the click. A preview
        asks as the mouse moves, so it reads the game as it stands, at a pause of a tick
        under way (Frame budget, pysim/core/pausing.py) too, rather than finish the tick: it
        only advises, and the command is checked again when it comes in at the next tick's
        start."""
        from pysim.core import commands
        try:
            cmd = commands.plain(cmd)
        except ValueError as exc:
            return {"ok": False, "reason": str(exc)}
        reason = commands.check(self.game, cmd)
        return {"ok": not reason, "reason": reason or ""}

    def part_kinds(self):
        """Every trap part the Build Trap tool offers, in its picker's order: {"kinds", "names",
        "roles", "metal", "notes"} (pysim/traps/trap_parts.py): what each costs and does."""
        from pysim.traps import trap_parts as tp
        kinds = list(tp.ALL_KINDS)
        return {"kinds": kinds, "names": [tp.NAMES[k] for k in kinds],
                "roles": ["trigger" if tp.is_trigger(k) else "mechanism" if tp.is_mechanism(k)
                          else "timer" for k in kinds],
                "metal": [tp.METAL[k] for k in kinds],
                "notes": [tp.MECH[k].note if k in tp.MECH else PART_NOTES.get(k, "")
                          for k in kinds]}

    @_reads_game()
    def names(self):
        """Every body's name, title, class and level in id order (pysim/core/names.py everyone);
        ask again when the snapshot's names_version moves."""
        from pysim.core import names
        return names.everyone(self.game)

    @_reads_game()
    def places(self):
        """What every tile is called (pysim/adventurers/places.py): {"version", "width",
        "place" int32 (H*W, row-major index into "names"), "names"}; ask again when the
        snapshot's places_version moves."""
        from pysim.adventurers import places
        place, words = places.maps(self.game)
        return {"version": places.version(self.game), "width": self.game.grid.width,
                "place": place.reshape(-1).astype("int32"), "names": list(words)}

    def debug_fail_next_step(self):
        """The next step raises (the bridge's error path, tested from Godot); with the sim
        thread, its next step on the thread, shown as an "error" event."""
        if self._sim is not None:
            self._sim.fail_next = True
            self._sim.box.poke()        # (its next step now, not at the next tick due)
        else:
            self._fail_next = True

    @_reads_game()
    def state_hash(self):
        return self.game.state_hash()


def _learn(costs, i, seconds):
    old = costs.get(i)
    costs[i] = seconds if old is None else old + (seconds - old) * COST_WEIGHT


def _map_keys(game, snap):
    """The map layers: made again only when grid.tiles_version moves (any edit of terrain or
    domain calls grid.changed(); the front end redraws its tiles on the same number)."""
    grid = game.grid
    snap["width"] = grid.width
    snap["height"] = grid.height
    snap["tiles_version"] = grid.tiles_version
    snap["terrain"] = grid.terrain.reshape(-1).copy()
    snap["domain"] = grid.domain.reshape(-1).copy()
    snap["light"] = grid.light.reshape(-1).copy()


def validate_level(text, source="level"):
    """Builds the level (text or .tscn scene) the way the game would, and says what is wrong:
    {"ok": True, "name", "width", "height", "entities", "commands", "dark" (tiles out of
    full light), "goals"} or {"error": "FILE:LINE: reason"} (for a scene, the line of the node and its
    path)."""
    try:
        game = level.load_text(str(text), str(source))
    except level.LevelError as exc:
        return {"error": str(exc)}
    from pysim.economy import keeper_goals
    return {"ok": True, "name": game.name, "width": game.grid.width,
            "height": game.grid.height, "entities": len(game.entities),
            "commands": len(game.script), "dark": int((game.grid.light < 255).sum()),
            "goals": len(keeper_goals.state_of(game).goals)}


# One line on what each trigger and the timer does, for the Build Trap picker (the mechanisms'
# lines are their own notes, trap_parts.MECH); the rules: docs/rules/traps.md.
PART_NOTES = {
    "tripwire": "Goes off when someone walks onto its tile. Wire it to a mechanism or a door.",
    "wide_tripwire": "A tripwire across 3 tiles: its own and the two beside it.",
    "pressure_plate": "Goes off while someone stands on it.",
    "sensor": "Goes off when someone comes within 1 tile of it.",
    "lever": "Goes off only when you switch it on (Traps tool).",
    "timer": "Wired between a trigger and a mechanism: passes the signal on after its delay.",
}


class Checker:
    """What the editor plugin's bridge talks to: level checks without a running game, and
    the catalogue its lists come from."""

    # The game built from the scene text a Wire tool drag checks against, kept while the
    # drag goes on (one scene, many mouse moves): (text, source, game or LevelError).
    _built = (None, None, None)

    def validate_level(self, text, source="level"):
        return validate_level(text, source)

    def level_things(self):
        """Every level thing the editor lists: [{kind, about, group, choices, hint, options}]
        (pysim/core/level.py things_catalog)."""
        return level.things_catalog()

    def thing_arg_reason(self, kind, arg):
        """"" when `kind:arg` has the form its thing takes, else why not (level.arg_reason,
        the check level.build runs before placing the thing)."""
        return level.arg_reason(str(kind), str(arg))

    def check_wire(self, text, source, path):
        """Would the level (a scene's text) take a wire along `path` (tiles [x, y] a step
        apart) as its next [wires] line? The [wires] section's own check (wiring.check_drag
        on the level's wires so far): {"ok", "reason", "corners" (the [wires] line's
        corners), "joins", "bumps" ([x, y] where it would join or jump another wire)}."""
        from pysim.traps import trap_level, trap_state, wiring
        text, source = str(text), str(source)
        if Checker._built[:2] != (text, source):
            try:
                built = level.load_text(text, source)
            except level.LevelError as exc:
                built = exc
            Checker._built = (text, source, built)
        game = Checker._built[2]
        if isinstance(game, level.LevelError):
            return {"ok": False, "reason": "The level has an error (Check level): %s" % game,
                    "corners": [], "joins": [], "bumps": []}
        reason, plan = wiring.check_drag(game, trap_state.state_of(game).wires, path)
        if reason:
            return {"ok": False, "reason": reason, "corners": [], "joins": [], "bumps": []}
        return {"ok": True, "reason": "",
                "corners": [list(c) for c in trap_level.path_corners(plan.tiles)],
                "joins": [[x, y] for x, y, _ in plan.joins],
                "bumps": [[x, y] for x, y, _ in plan.bumps]}

    def goal_kinds(self):
        """Every kind of keeper goal the editor's Goals list offers: [{kind, about, takes
        (nothing, count, number, furniture), least, most, choices}] (pysim/economy/
        keeper_goals.py goal_catalog)."""
        from pysim.economy import keeper_goals
        return keeper_goals.goal_catalog()

    def goal_reason(self, text):
        """"" when text is a [goals] line the level takes (`KIND [N]: advice`), else why not
        (the check the [goals] section runs)."""
        from pysim.economy import keeper_goals
        return keeper_goals.goal_reason(str(text))

    def save_summary(self, text, source="save"):
        """What a save says of itself, without replaying it (the title screen's list of saves):
        {"ok": True, "source", "tick", "view"} or {"error": "FILE:LINE: reason"}."""
        from pysim.core import save
        try:
            return dict(save.summary(str(text), str(source)), ok=True)
        except save.SaveError as exc:
            return {"error": str(exc)}
