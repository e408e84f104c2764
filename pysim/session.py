"""The front-end facade: the only object the bridge talks to (docs/architecture.md, "The
front-end facade"). It delegates: the ticks to the driver (pysim/driver.py; docs/
architecture.md, "The driver"), saves to pysim/core/save.py, what is shown to the views.
Everything crossing is a plain value or a numpy array.
"""
from pysim.core import level
from pysim.driver import Driver
from pysim.mailbox import frame_micros


def _seed(seed):
    return None if seed is None or seed < 0 else int(seed)


class Session:
    driver = None     # (a class attribute: a test may make one with __new__ and set .game)
    _opened = {}

    def __init__(self, level_text, source_name="level", seed=None, saved=False):
        """A game on a level's text (.level or a .tscn scene), or with saved=True on a save's
        text (the title screen's Continue and Load: the game it holds, replayed and checked,
        what opened_save() says kept); a bad level or save raises LevelError (FILE:LINE)."""
        if saved:
            from pysim.core import save
            game, view = save.read(level_text, str(source_name))
            self.driver = Driver(game)
            self._opened = self._loaded(view)
        else:
            self.driver = Driver(level.load_text(level_text, source_name, _seed(seed)))

    @property
    def game(self):
        return self.driver.game

    @game.setter
    def game(self, game):
        if self.driver is None:
            self.driver = Driver(game)
        else:
            with self.driver.reading():
                self.driver.replace(game)

    # -- time and commands ------------------------------------------------------------------
    def send(self, cmd):
        """Queue a command: it comes in at the driver's next step."""
        self.driver.send(cmd)

    def frame(self, delta, lockstep=False):
        """A physics frame's whole work in one call: hand over `delta` real seconds, run what
        is due (without the sim thread, or with `lockstep`: wait for it), and take what was
        posted, merged: {"ran": ticks, "events": [...]}, with "changes" when a tick or a
        command brought some (the first after a start or a load: the whole snapshot); None
        when nothing was posted (at 1x five frames in six: the cheapest answer to convert).
        The same as a post of the driver's mail (Godot's physics frames with the sim thread
        take those in the bridge and call no Python: PyBridge.take_mail)."""
        driver = self.driver
        driver.hand_over(frame_micros(delta))
        if lockstep or not driver.threaded():
            driver.settle()
        ran, changes, events = driver.take_mail()
        if changes is None and not ran and not events:
            return None
        out = {"ran": ran, "events": events}
        if changes is not None:
            out["changes"] = changes
        return out

    def step(self, delta):
        """Hand over `delta` real seconds (without the sim thread, run what is due); returns
        the ticks run since the last count. Their changes and events wait to be taken."""
        driver = self.driver
        driver.hand_over(frame_micros(delta))
        if not driver.threaded():
            driver.settle()
        return driver.take_ticks()

    def settle(self):
        """Wait for what is due (a lockstep front end's frame); the ticks run since the last
        count."""
        self.driver.settle()
        return self.step(0)

    def commands_waiting(self):
        """True while a command sent has not come in with what it did posted."""
        return self.driver.commands_waiting()

    def set_sim_thread(self, on):
        """Run the driver's steps on the sim thread (True) or on the caller's (False, the
        default). Returns whether the thread runs."""
        if on:
            self.driver.start()
        else:
            self.driver.stop()
        return self.driver.threaded()

    def sim_thread_on(self):
        """True while the sim thread runs the ticks."""
        return self.driver.alive()

    def sim_mailbox(self):
        """The bridge's mailbox of the sim thread (PyBridge.attach_mail), else None."""
        return self.driver.bridge_mailbox()

    def debug_fail_next_step(self):
        """The driver's next step raises, shown as an "error" event (the error path, tested
        from Godot)."""
        self.driver.debug_fail_next_step()

    # -- what is shown ----------------------------------------------------------------------
    def snapshot_changes(self):
        """Only what changed since the last changes handed out (docs/architecture.md): the
        first after a start or a load is the whole snapshot, with "snapshot_full". Its
        ticks' events wait for take_events."""
        driver = self.driver
        ran, changes, events = driver.take_mail(True)
        driver.put_back(ran, None, events)
        return {} if changes is None else changes

    def take_events(self):
        """The events posted since the last call, in order."""
        driver = self.driver
        ran, changes, events = driver.take_mail()
        driver.put_back(ran, changes, ())
        return list(events)

    def snapshot(self):
        """The whole snapshot: bulk state as numpy arrays (docs/architecture.md)."""
        from pysim.core import view
        with self.driver.reading() as game:
            return view.snapshot(game, self.driver.frames)

    def describe(self, entity_id):
        """One body's details for the selection panel (pysim/core/view.py); {"id", "unseen":
        True} for a body the fog hides (pysim/invasions/unseen.py: nothing to tell)."""
        from pysim.core import view
        from pysim.invasions import unseen
        with self.driver.reading() as game:
            if int(entity_id) in game.entities and unseen.hides_id(game, int(entity_id)):
                return {"id": int(entity_id), "unseen": True}
            return view.describe(game, entity_id)

    def describe_part(self, part_id):
        """One trap part's details for the traps panel (pysim/traps/trap_view.py), {} if none."""
        from pysim.traps import trap_view
        with self.driver.reading() as game:
            return trap_view.describe_part(game, int(part_id))

    def describe_furniture(self, x, y):
        """The furniture panel's facts on the piece or blueprint at (x, y), {} when nothing
        stands or is planned there (pysim/economy/furniture_view.py)."""
        from pysim.economy import furniture_view
        with self.driver.reading() as game:
            return furniture_view.describe(game, x, y)

    def part_kinds(self):
        """The Build Trap picker's parts: names, roles, metal, notes (pysim/traps/trap_view.py)."""
        from pysim.traps import trap_view
        return trap_view.part_kinds()

    def catalog(self):
        """The build tool's list (pysim/economy/tools.py)."""
        from pysim.economy import tools
        return tools.catalog()

    def names(self):
        """Every body's name, title, class and level in id order (pysim/core/names.py)."""
        from pysim.core import names
        with self.driver.reading() as game:
            return names.everyone(game)

    def places(self):
        """What every tile is called (pysim/adventurers/places.py): {"version", "width",
        "place" int32 (H*W, row-major index into "names"), "names"}."""
        from pysim.adventurers import places
        with self.driver.reading() as game:
            place, words = places.maps(game)
            return {"version": places.version(game), "width": game.grid.width,
                    "place": place.reshape(-1).astype("int32"), "names": list(words)}

    def check(self, cmd):
        """Would `cmd` be taken now? {"ok": True, "reason": "", "note"} or {"ok": False,
        "reason": "...", "note": ""}: the command's own check (pysim/core/commands.py) and, when
        it takes it, the command's advice (commands.note), neither of which changes the game,
        so a placement preview may ask as the mouse moves."""
        from pysim.core import commands
        try:
            cmd = commands.plain(cmd)
        except ValueError as exc:
            return {"ok": False, "reason": str(exc), "note": ""}
        with self.driver.reading() as game:
            reason = commands.check(game, cmd)
            note = "" if reason else commands.note(game, cmd)
        return {"ok": not reason, "reason": reason or "", "note": note}

    def state_hash(self):
        with self.driver.reading() as game:
            return game.state_hash()

    # -- saves and levels ---------------------------------------------------------------------
    def save_text(self, view=None):
        """The whole game as save text (pysim/core/save.py); the front end writes it to a file.
        view: the front end's {key: [JSON values]} (its camera and log), kept in the save's
        [view] section and given back by load_save; never game state."""
        from pysim.core import save
        with self.driver.reading() as game:
            return save.dumps(game, view)

    def save_file(self, path, view=None, shown=None):
        """Write the game's save (save_text) to the file `path` atomically (files.write_atomic:
        if the write fails or the game is killed mid-way, the previous save at path stays
        whole): {"ok": True, "tick": the tick saved} or {"error": why not, in words, naming
        the file as `shown` (the front end's user:// path) or path}."""
        import os
        from pysim.core import files, save
        path, shown = str(path), str(shown if shown is not None else path)
        if os.path.isdir(path):
            return {"error": "%s is a folder" % shown}
        with self.driver.reading() as game:
            text, tick = save.dumps(game, view), game.tick
        try:
            files.write_atomic(path, text)      # (outside the lock: the game goes on meanwhile)
        except OSError as exc:
            return {"error": "cannot write %s (%s)" % (shown, exc.strerror or exc)}
        return {"ok": True, "tick": tick}

    def about(self):
        """{"name": the level's name, "level": the level it started from, "tick"} (the window
        title; the tick a save is taken at)."""
        with self.driver.reading() as game:
            return {"name": game.name, "level": game.level_source, "tick": game.tick}

    def opened_save(self):
        """What load_save would have said of the save this Session was made on (saved=True),
        view included; {} for a Session made on a level."""
        return self._opened

    def load_save(self, text, source="save"):
        """Replace the game with the one a save holds: {"ok": True, "tick", "level", "name",
        "view"} or, for a bad save, {"error": "FILE:LINE: reason"} with the current game kept
        as it was."""
        from pysim.core import save
        try:
            game, view = save.read(text, str(source))
        except save.SaveError as exc:
            return {"error": str(exc)}
        self.game = game
        return self._loaded(view)

    def _loaded(self, view):
        # level: the level the save was started from (the front end's level picker shows it);
        # name: its name (the window title); view: the save's [view] section
        game = self.game
        return {"ok": True, "tick": game.tick, "level": game.level_source, "name": game.name,
                "view": view}

    def load_level(self, text, source="level", seed=None):
        """Start another level in place of the current game: {"ok": True} or, for a level
        that does not parse, {"error": "FILE:LINE: reason"} with the current game kept."""
        try:
            game = level.load_text(text, str(source), _seed(seed))
        except level.LevelError as exc:
            return {"error": str(exc)}
        self.game = game
        return {"ok": True}

    def validate_level(self, text, source="level"):
        """pysim's own checks on a level (text or .tscn scene): see validate_level below."""
        return validate_level(text, source)


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
        apart) as its next [wires] line? The [wires] section's own check
        (wire_networks.check_drag on the level's wires so far): {"ok", "reason", "corners"
        (the [wires] line's corners), "joins", "bumps" ([x, y] where it would join or jump
        another wire)}."""
        from pysim.traps import trap_level, trap_state, wire_networks
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
        reason, plan = wire_networks.check_drag(game, trap_state.state_of(game).wires, path)
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
