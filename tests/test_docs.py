"""The docs match the repository: no issue numbers in anything tracked (history is git's),
every relative link in a Markdown file resolves, every pointer to a doc's section
(`docs/architecture.md, "The driver"`) names a file and a heading that exist, every
repository path a doc or a comment names exists, and the mechanisms the one driver replaced
are told only as history."""
import ast
import io
import os
import re
import subprocess
import tokenize

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = (".png", ".jpg", ".wav", ".ttf", ".so", ".pck", ".ico")

# the word, then a number, in any case, with a space, "#" or "-" between (spelt so that this
# file's own text does not match it)
ISSUE_NUMBER = re.compile(r"\bissues?[ -]?#?[0-9]", re.I)
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
# a doc named, then a quoted section: docs/architecture.md, "The driver"
SECTION_POINTER = re.compile(r"([\w./-]+\.md),?\s+\"([^\"\n]+)\"")
# what a pointer may name: a heading, a bold lead ("**Fog of war** (the view ...") or a list
# item's lead ("- Treasure: piles are ...")
SECTIONS = (re.compile(r"^#{1,6}\s+(.*?)\s*$", re.M), re.compile(r"\*\*([^*\n]+)\*\*"),
            re.compile(r"^\s*- ([^:\n]+):", re.M))


def tracked():
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                             check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout: the tracked files are unknown")
    return [p for p in out.decode().split("\0") if p and not p.endswith(BINARY)]


def text_of(path):
    try:
        with open(os.path.join(ROOT, path), encoding="utf-8") as f:
            return f.read()
    except (UnicodeDecodeError, FileNotFoundError):
        return None


# a repository path named in a doc or a comment: tests/core/test_save.py, docs/rules/dice.md
PATH_NAMED = re.compile(r"(?<![\w/.])((?:tests|pysim|docs|build|godot_project)/[\w./-]*\w\."
                        r"(?:py|pxd|md|gd|tscn|level|c|png|txt))\b")


def markdown():
    return [p for p in tracked() if p.endswith(".md")]


def test_no_issue_numbers_in_code_docs_or_tests():
    found = []
    for path in tracked():
        text = text_of(path)
        if text is None:
            continue
        for n, line in enumerate(text.split("\n"), 1):
            if ISSUE_NUMBER.search(line):
                found.append("%s:%d: %s" % (path, n, line.strip()[:100]))
    assert not found, "say why, not which issue (history is git's):\n" + "\n".join(found)


def test_the_issue_pattern_finds_what_it_should():
    word = "iss" + "ue"    # not written whole, or this file would match
    for text in ("(%s 13)", "%s 15: the", "%ss 10 and 13", "%s #4", "%s-9", "%s9"):
        assert ISSUE_NUMBER.search(text % word), text
        assert ISSUE_NUMBER.search((text % word).upper()), text
    for text in ("tissue 3", "the issue's scenario", "issues"):
        assert not ISSUE_NUMBER.search(text), text


def test_every_relative_link_in_the_docs_resolves():
    broken = []
    for path in markdown():
        folder = os.path.dirname(path)
        for target in LINK.findall(text_of(path)):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue
            where = os.path.normpath(os.path.join(ROOT, folder, target.split("#")[0]))
            if not os.path.exists(where):
                broken.append("%s: %s" % (path, target))
    assert not broken, "links to nothing:\n" + "\n".join(broken)


def _doc(name, pointing_from):
    """The doc a pointer names: from the repository's top, docs/, docs/rules/ or the
    pointing file's own folder."""
    for base in ("", "docs", os.path.join("docs", "rules"), os.path.dirname(pointing_from)):
        p = os.path.normpath(os.path.join(ROOT, base, name))
        if os.path.isfile(p):
            return p
    return None


def test_every_pointer_to_a_section_names_one_that_exists():
    bad = []
    for path in tracked():
        text = text_of(path)
        if text is None:
            continue
        for name, section in SECTION_POINTER.findall(text):
            doc = _doc(name, path)
            if doc is None:
                bad.append("%s: no %s" % (path, name))
                continue
            with open(doc, encoding="utf-8") as f:
                doc_text = f.read()
            named = [m.lower() for rx in SECTIONS for m in rx.findall(doc_text)]
            if not any(h.startswith(section.lower()) for h in named):
                bad.append('%s: %s has no section "%s"' % (path, name, section))
    assert not bad, "pointers to nothing:\n" + "\n".join(sorted(set(bad)))


def prose(path, text):
    """What a file says to its reader: a doc whole; a script's comments and docstrings (not
    its string literals: a test may name files it makes itself)."""
    if path.endswith((".md", ".c")):
        return text
    if path.endswith((".gd", ".pxd")):
        return "\n".join(line.split("#", 1)[1] for line in text.split("\n") if "#" in line)
    out = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.COMMENT:
                out.append(tok.string)
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)):
                out.append(ast.get_docstring(node) or "")
    except (SyntaxError, tokenize.TokenError):
        return text
    return "\n".join(out)


def test_every_repository_path_named_in_docs_and_comments_exists():
    files = [p for p in tracked() if p.endswith((".md", ".py", ".pxd", ".gd", ".c"))]
    named = {}
    for path in files:
        for p in PATH_NAMED.findall(prose(path, text_of(path) or "")):
            named.setdefault(p, path)
    missing = []
    for p, where in sorted(named.items()):
        # from the repository's top, or res:// (godot_project/) in the Godot docs and scripts
        if os.path.exists(os.path.join(ROOT, p)) or os.path.exists(
                os.path.join(ROOT, "godot_project", p)) or os.path.basename(p).startswith("my."):
            continue        # an example's name ("save it as levels/my.tscn")
        ignored = subprocess.run(["git", "check-ignore", "-q", p], cwd=ROOT).returncode == 0
        if not ignored:     # generated files (build/out/..., build/bench.json) are ignored
            missing.append("%s names %s" % (where, p))
    assert not missing, "no such file:\n" + "\n".join(missing)


# Mechanisms removed for the one driver (docs/architecture.md, "The driver"): their history
# is one paragraph of docs/benchmarks.md; nothing else may speak of them as if they ran.
REMOVED = re.compile(r"greenlet|pause points?\b|frame budget|sim_thread\.py|pausing\.py", re.I)


def test_removed_mechanisms_are_not_described_as_current():
    found = []
    for path in tracked():
        if path in ("docs/benchmarks.md", "tests/test_docs.py"):
            continue
        for n, line in enumerate((text_of(path) or "").split("\n"), 1):
            if REMOVED.search(line):
                found.append("%s:%d: %s" % (path, n, line.strip()[:100]))
    assert not found, "gone, but still told:\n" + "\n".join(found)
