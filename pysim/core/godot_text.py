"""Godot 3.2's text scene format (.tscn), read and written without Godot.

    [gd_scene load_steps=3 format=2]
    [ext_resource path="res://x.gd" type="Script" id=1]
    [sub_resource type="Gradient" id=1]
    key = value
    [node name="Level" type="Node2D"]
    [node name="Terrain" type="TileMap" parent="."]
    tile_data = PoolIntArray( 0, 1, 0, 65536, 2, 0 )

read_scene() turns the text into a Scene: its ext_resources, sub_resources and nodes, each
with its properties and the line each starts on. Values become Python values: int, float,
bool, None, str, list (arrays and every Pool*Array), dict, and Call(name, args) for the other
constructors (Vector2, Color, ExtResource, NodePath ...). The work is bounded: the text's
size is checked by the caller, the value nesting here (MAX_DEPTH), every loop moves forward.
Every refusal is a LevelError "FILE:LINE: message".
"""
import bisect
import re

from pysim.core.errors import LevelError

MAX_DEPTH = 16           # nesting of one value (Godot writes at most 3 or 4)
MAX_NODES = 50000        # nodes in one scene
INT64_MIN, INT64_MAX = -(1 << 63), (1 << 63) - 1      # Godot's int

_NUMBER = re.compile(r"-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_KEY = re.compile(r"[A-Za-z0-9_/:.\-]+")
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "b": "\b", "f": "\f",
            "a": "\a", "v": "\v", "'": "'"}


class Call:
    """A constructor value: Vector2( 1, 2 ) is Call("Vector2", [1, 2])."""

    def __init__(self, name, args):
        self.name = name
        self.args = args

    def __eq__(self, other):
        return isinstance(other, Call) and (self.name, self.args) == (other.name, other.args)

    def __repr__(self):
        return "%s(%s)" % (self.name, ", ".join(repr(a) for a in self.args))


class Node:
    def __init__(self, name, type_, parent, line, attrs):
        self.name = name
        self.type = type_
        self.parent = parent       # None for the root, "." for its children, else a path
        self.line = line
        self.attrs = attrs         # the header's other attributes (instance, groups ...)
        self.props = {}
        self.prop_lines = {}

    @property
    def path(self):
        """The node's path from the root, as the editor's scene tree shows it."""
        if self.parent is None:
            return self.name
        if self.parent == ".":
            return self.name
        return self.parent + "/" + self.name

    def line_of(self, key):
        return self.prop_lines.get(key, self.line)


class Resource:
    def __init__(self, kind, attrs, line):
        self.kind = kind            # "ext_resource" or "sub_resource"
        self.attrs = attrs
        self.line = line
        self.props = {}
        self.prop_lines = {}


class Scene:
    def __init__(self, source):
        self.source = source
        self.header = {}
        self.ext = {}      # id -> Resource
        self.sub = {}      # id -> Resource
        self.nodes = []

    def root(self):
        return self.nodes[0] if self.nodes else None

    def by_path(self):
        """{path: node} of the root's descendants (their paths as in parent="...")."""
        return {n.path: n for n in self.nodes[1:]}


class _Reader:
    def __init__(self, text, source):
        self.text = text
        self.source = source
        self.pos = 0
        self.newlines = [i for i, ch in enumerate(text) if ch == "\n"]

    def line_at(self, pos):
        """The 1-based line of a position: the newlines before it, plus one."""
        return bisect.bisect_left(self.newlines, pos) + 1

    def fail(self, message, pos=None):
        lineno = self.line_at(self.pos if pos is None else pos)
        raise LevelError(self.source, lineno, message)

    def skip_space(self, newlines=True):
        text, n = self.text, len(self.text)
        while self.pos < n:
            ch = text[self.pos]
            if ch in " \t\r" or (newlines and ch == "\n"):
                self.pos += 1
            elif ch == ";" and newlines:
                end = text.find("\n", self.pos)
                self.pos = n if end < 0 else end
            else:
                break

    def peek(self):
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def expect(self, ch):
        self.skip_space()
        if self.peek() != ch:
            found = self.peek() or "the end of the file"
            self.fail("expected %r, found %r" % (ch, found))
        self.pos += 1

    def string(self):
        start = self.pos
        self.pos += 1
        out = []
        text, n = self.text, len(self.text)
        while True:
            end = self.pos
            while end < n and text[end] not in '"\\':
                end += 1
            out.append(text[self.pos:end])
            if end >= n:
                self.fail("a string that is never closed", start)
            if text[end] == '"':
                self.pos = end + 1
                return "".join(out)
            esc = text[end + 1:end + 2]
            if esc in _ESCAPES:
                out.append(_ESCAPES[esc])
                self.pos = end + 2
            elif esc == "u" and re.fullmatch(r"[0-9a-fA-F]{4}", text[end + 2:end + 6]):
                out.append(self.code_point(end))
            else:
                # (quoted: the character after the backslash may be a line break)
                self.fail("unknown escape %s in a string" % ascii("\\" + esc), end)

    def code_point(self, at):
        """The character of the \\uXXXX escape at `at` (a UTF-16 surrogate pair written as
        two escapes is one character); half a pair is refused: no file could hold it."""
        text = self.text
        code = int(text[at + 2:at + 6], 16)
        self.pos = at + 6
        if 0xD800 <= code < 0xDC00 and text[at + 6:at + 8] == "\\u" and \
                re.fullmatch(r"[dD][c-fC-F][0-9a-fA-F]{2}", text[at + 8:at + 12]):
            low = int(text[at + 8:at + 12], 16)
            self.pos = at + 12
            return chr(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00))
        if 0xD800 <= code < 0xE000:
            self.fail("\\u%04X in a string is half a character (a lone surrogate)" % code, at)
        return chr(code)

    def value(self, depth=0):
        if depth > MAX_DEPTH:
            self.fail("a value nested more than %d deep" % MAX_DEPTH)
        self.skip_space()
        ch = self.peek()
        if ch == '"':
            return self.string()
        if ch == "[":
            self.pos += 1
            return self.items("]", depth)
        if ch == "{":
            self.pos += 1
            return self.dictionary(depth)
        m = _NUMBER.match(self.text, self.pos)
        if m:
            self.pos = m.end()
            word = m.group(0)
            if re.fullmatch(r"-?\d+", word):
                # (no int() of thousands of digits: Python refuses past 4,300 with a
                # ValueError of its own, and Godot's ints are 64 bits)
                value = int(word) if len(word) <= 20 else None
                if value is None or not INT64_MIN <= value <= INT64_MAX:
                    self.fail("the whole number %s%s does not fit in 64 bits"
                              % (word[:24], "..." if len(word) > 24 else ""), m.start())
                return value
            return float(word)
        m = _IDENT.match(self.text, self.pos)
        if not m:
            self.fail("expected a value, found %r" % (ch or "the end of the file"))
        self.pos = m.end()
        word = m.group(0)
        if word in ("true", "false"):
            return word == "true"
        if word in ("null", "nil"):
            return None
        if word in ("inf", "nan"):
            return float(word)
        self.skip_space()
        if self.peek() != "(":
            self.fail("expected a value, found %r" % word, m.start())
        self.pos += 1
        args = self.items(")", depth)
        if word.startswith("Pool") and word.endswith("Array"):
            return args
        return Call(word, args)

    def items(self, close, depth):
        out = []
        while True:
            self.skip_space()
            if self.peek() == close:
                self.pos += 1
                return out
            if not self.peek():
                self.fail("expected %r before the end of the file" % close)
            out.append(self.value(depth + 1))
            self.skip_space()
            if self.peek() == ",":
                self.pos += 1
            elif self.peek() != close:
                self.fail("expected ',' or %r, found %s" % (
                    close, repr(self.peek()) if self.peek() else "the end of the file"))

    def dictionary(self, depth):
        out = {}
        while True:
            self.skip_space()
            if self.peek() == "}":
                self.pos += 1
                return out
            key = self.value(depth + 1)
            self.expect(":")
            val = self.value(depth + 1)
            try:
                out[key] = val
            except TypeError:
                self.fail("a dictionary key must be a string or a number")
            self.skip_space()
            if self.peek() == ",":
                self.pos += 1
            elif self.peek() != "}":
                self.fail("expected ',' or '}', found %s" % (
                    repr(self.peek()) if self.peek() else "the end of the file"))

    def header(self):
        """[tag key=value ...] -> (tag, {key: value}); the reader is on '['."""
        self.pos += 1
        m = _IDENT.match(self.text, self.pos)
        if not m:
            self.fail("a [section] starts with its name, like [node ...]")
        self.pos = m.end()
        attrs = {}
        while True:
            self.skip_space(newlines=False)
            if self.peek() == "]":
                self.pos += 1
                return m.group(0), attrs
            k = _IDENT.match(self.text, self.pos)
            if not k:
                self.fail("expected key=value or ']' in the [%s] line" % m.group(0))
            self.pos = k.end()
            self.skip_space(newlines=False)
            if self.peek() != "=":
                self.fail("expected '=' after %s" % k.group(0))
            self.pos += 1
            attrs[k.group(0)] = self.value()


def read_scene(text, source):
    """The Scene of a .tscn text (already decoded, LF line ends)."""
    r = _Reader(text, source)
    scene = Scene(source)
    target = None            # where properties go: a Node or a Resource
    first = True
    names = set()
    while True:
        r.skip_space()
        if r.pos >= len(text):
            break
        start = r.pos
        if r.peek() == "[":
            tag, attrs = r.header()
            lineno = r.line_at(start)
            if first and tag != "gd_scene":
                r.fail("a scene file starts with [gd_scene ...]; is this a .tscn file?", start)
            first = False
            if tag == "gd_scene":
                scene.header = attrs
                target = None
            elif tag in ("ext_resource", "sub_resource"):
                rid = attrs.get("id")
                if not isinstance(rid, int):
                    r.fail("[%s] needs a whole-number id" % tag, start)
                res = Resource(tag, attrs, lineno)
                table = scene.ext if tag == "ext_resource" else scene.sub
                if rid in table:
                    r.fail("[%s] id=%d appears twice" % (tag, rid), start)
                table[rid] = res
                target = res
            elif tag == "node":
                if len(scene.nodes) >= MAX_NODES:
                    r.fail("a scene may hold at most %d nodes" % MAX_NODES, start)
                name = attrs.get("name")
                parent = attrs.get("parent")
                if not isinstance(name, str) or not name:
                    r.fail("[node] needs a name=\"...\"", start)
                if scene.nodes and not isinstance(parent, str):
                    r.fail("node %r needs a parent=\"...\" (only the first node is the root)"
                           % name, start)
                if not scene.nodes and parent is not None:
                    r.fail("the first node (the root) has no parent", start)
                node = Node(name, attrs.get("type"), parent, lineno, attrs)
                key = "." if parent is None else node.path
                if key in names:
                    r.fail("node %r appears twice" % node.path, start)
                names.add(key)
                scene.nodes.append(node)
                target = node
            elif tag in ("connection", "editable"):
                target = None
            else:
                r.fail("unknown section [%s] in a scene file" % tag, start)
            continue
        if first:
            r.fail("a scene file starts with [gd_scene ...]; is this a .tscn file?")
        m = _KEY.match(text, r.pos)
        if not m:
            r.fail("expected 'key = value' or a [section], found %r" % r.peek())
        r.pos = m.end()
        r.expect("=")
        value = r.value()
        if target is None:
            r.fail("a property outside a [node] or resource", start)
        target.props[m.group(0)] = value
        target.prop_lines[m.group(0)] = r.line_at(start)
    if first:
        raise LevelError(source, 1, "the file is empty, not a scene")
    return scene


# -- writing ----------------------------------------------------------------------------------

def quote(text):
    """A Godot string literal, as the editor writes it (line breaks stay line breaks)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def number(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    text = repr(float(value))
    return text[:-2] if text.endswith(".0") else text


def pool(name, values, fmt):
    if not values:
        return "%s(  )" % name
    return "%s( %s )" % (name, ", ".join(fmt(v) for v in values))
