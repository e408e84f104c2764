#!/usr/bin/env python3
"""Builds the Debian package of the exported game (make package, after make export):

    build/venv/bin/python build/make_deb.py EXPORT_DIR OUT_DIR

writes OUT_DIR/malignus_<version>_<arch>.deb (version: pyproject.toml's) with dpkg-deb,
from a package root made anew in OUT_DIR/package-root:

    /opt/malignus/                      the export as it is (runner, .pck, bridge, python/)
    /usr/bin/malignus                   the launcher (build/deb/malignus.sh)
    /usr/share/applications/malignus.desktop      the desktop menu's entry
    /usr/share/icons/hicolor/NxN/apps/malignus.png   the icon (build/gen_icon.py) in SIZES
    /usr/share/man/man6/malignus.6.gz   the manual page
    /usr/share/doc/malignus/            copyright, changelog.gz
    /usr/share/lintian/overrides/malignus   what lintian says that is meant (README)

Depends comes from dpkg-shlibdeps over every ELF file of the export, less the packages whose
libraries the export carries itself (carried_packages): only what the machine must provide. Files are
0644 and folders 0755, the runner and the launcher 0755, all owned by root.
"""
import gzip
import hashlib
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import time
import tomllib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DEB = os.path.join(HERE, "deb")
sys.path.insert(0, HERE)
import gen_icon  # noqa: E402

NAME = "malignus"
GAME = "opt/malignus"
RUNNER = "malignus.x86_64"
SIZES = (48, 64, 128, 256)
MAINTAINER = "The Malignus developers <malignus@example.org>"
SUMMARY = "top-down dungeon-overlord game"
DESCRIPTION = """\
 Dig a dungeon, mine metal, build traps (a trigger wired to a mechanism), doors
 and padlocks, set your minions' duties and combat stances, and survive the
 adventurer parties that invade from the map's edge, learn where your traps
 are, pick your locks and bash your doors.
 .
 The game carries its own Python (the simulation is Python compiled with
 Cython) and runs on Debian's Godot 3.2 runner."""
RECOMMENDS = "libgl1-mesa-dri"          # OpenGL on most desktops (the runner needs GL)


def version():
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        return tomllib.load(f)["project"]["version"]


def arch():
    return subprocess.run(["dpkg", "--print-architecture"], check=True, capture_output=True,
                          text=True).stdout.strip()


def build_date():
    """The changelog's date: SOURCE_DATE_EPOCH, else the last commit's, else now."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if not epoch:
        r = subprocess.run(["git", "-C", ROOT, "log", "-1", "--format=%ct"], capture_output=True,
                           text=True)
        epoch = r.stdout.strip() if r.returncode == 0 and r.stdout.strip() else str(int(time.time()))
    return int(epoch)


def put(root, rel, data, mode=0o644):
    path = os.path.join(root, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)
    os.chmod(path, mode)
    return path


def gzipped(data, mtime):
    return gzip.compress(data, 9, mtime=mtime)


def read(name):
    with open(os.path.join(DEB, name), "rb") as f:
        return f.read()


def is_elf(path):
    with open(path, "rb") as f:
        return f.read(4) == b"\x7fELF"


def normalise(root):
    for d, dirs, files in os.walk(root):
        os.chmod(d, 0o755)
        for name in files:
            p = os.path.join(d, name)
            if not os.path.islink(p):
                os.chmod(p, 0o644)
    os.chmod(os.path.join(root, GAME, RUNNER), 0o755)
    os.chmod(os.path.join(root, "usr/bin", NAME), 0o755)


def shlib_depends(root):
    """dpkg-shlibdeps over the game's ELF files: the Depends line's value."""
    game = os.path.join(root, GAME)
    elves, libdirs = [], set()
    for d, _, files in os.walk(game):
        for name in sorted(files):
            p = os.path.join(d, name)
            if not os.path.islink(p) and is_elf(p):
                elves.append(p)
                if ".so" in name:
                    libdirs.add(d)
    with tempfile.TemporaryDirectory() as tmp:
        os.makedirs(os.path.join(tmp, "debian"))
        with open(os.path.join(tmp, "debian", "control"), "w") as f:
            f.write("Source: %s\n\nPackage: %s\nArchitecture: any\n" % (NAME, NAME))
        cmd = ["dpkg-shlibdeps", "-O", "--ignore-missing-info"]
        cmd += ["-x" + p for p in carried_packages(game)]
        cmd += ["-l" + d for d in sorted(libdirs)]
        cmd += ["-e" + p for p in elves]
        r = subprocess.run(cmd, cwd=tmp, capture_output=True, text=True)
        if r.returncode != 0:
            raise SystemExit("make_deb: dpkg-shlibdeps failed:\n" + r.stderr[-3000:])
        out = r.stdout
    for line in out.splitlines():
        if line.startswith("shlibs:Depends="):
            return line.split("=", 1)[1].strip()
    raise SystemExit("make_deb: dpkg-shlibdeps named no dependency")


def carried_packages(game):
    """The Debian packages whose libraries the export carries itself (python/lib: libpython
    and the few a desktop may lack, build/export_python.py): no dependency on them."""
    out = set()
    lib = os.path.join(game, "python", "lib")
    for name in sorted(os.listdir(lib)):
        if ".so" in name and os.path.isfile(os.path.join(lib, name)):
            r = subprocess.run(["dpkg", "-S", "/usr/lib/*/" + name], capture_output=True, text=True)
            for line in r.stdout.splitlines():
                out.add(line.split(":", 1)[0])
    return sorted(out)


def installed_size_kib(root):
    total = 0
    for d, dirs, files in os.walk(root):
        if os.path.relpath(d, root).split(os.sep)[0] == "DEBIAN":
            continue
        total += 1                      # a folder: about a block
        for name in files:
            total += (os.lstat(os.path.join(d, name)).st_size + 1023) // 1024
    return total


def md5sums(root):
    lines = []
    for d, dirs, files in os.walk(root):
        dirs.sort()
        rel_d = os.path.relpath(d, root)
        if rel_d.split(os.sep)[0] == "DEBIAN":
            continue
        for name in sorted(files):
            p = os.path.join(d, name)
            if os.path.islink(p):
                continue
            h = hashlib.md5()
            with open(p, "rb") as f:
                for block in iter(lambda: f.read(1 << 20), b""):
                    h.update(block)
            lines.append("%s  %s\n" % (h.hexdigest(), os.path.relpath(p, root)))
    return "".join(lines).encode()


def main(argv):
    if len(argv) != 3:
        raise SystemExit(__doc__)
    export_dir, out_dir = os.path.abspath(argv[1]), os.path.abspath(argv[2])
    if not os.path.isfile(os.path.join(export_dir, RUNNER)):
        raise SystemExit("make_deb: no %s in %s: run make export first" % (RUNNER, export_dir))
    ver, a = version(), arch()
    mtime = build_date()
    root = os.path.join(out_dir, "package-root")
    shutil.rmtree(root, ignore_errors=True)
    shutil.copytree(export_dir, os.path.join(root, GAME), symlinks=True)
    put(root, "usr/bin/" + NAME, read("malignus.sh"))
    put(root, "usr/share/applications/%s.desktop" % NAME, read("malignus.desktop"))
    for size in SIZES:
        put(root, "usr/share/icons/hicolor/%dx%d/apps/%s.png" % (size, size, NAME),
            gen_icon.png_bytes(gen_icon.draw(size)))
    put(root, "usr/share/man/man6/%s.6.gz" % NAME, gzipped(read("malignus.6"), mtime))
    doc = "usr/share/doc/" + NAME
    put(root, doc + "/copyright", read("copyright"))
    changelog = "%s (%s) unstable; urgency=medium\n\n  * The game's export, packaged.\n\n -- %s  %s\n" % (
        NAME, ver, MAINTAINER, time.strftime("%a, %d %b %Y %H:%M:%S +0000", time.gmtime(mtime)))
    put(root, doc + "/changelog.gz", gzipped(changelog.encode(), mtime))
    put(root, "usr/share/lintian/overrides/" + NAME, read("lintian-overrides"))
    normalise(root)
    control = "\n".join([
        "Package: " + NAME, "Version: " + ver, "Architecture: " + a, "Maintainer: " + MAINTAINER,
        "Installed-Size: %d" % installed_size_kib(root), "Depends: " + shlib_depends(root),
        "Recommends: " + RECOMMENDS, "Section: games", "Priority: optional",
        "Description: " + SUMMARY, DESCRIPTION]) + "\n"
    put(root, "DEBIAN/control", control.encode())
    put(root, "DEBIAN/md5sums", md5sums(root))
    os.chmod(os.path.join(root, "DEBIAN"), 0o755)
    deb = os.path.join(out_dir, "%s_%s_%s.deb" % (NAME, ver, a))
    subprocess.run(["dpkg-deb", "--root-owner-group", "-Zxz", "--build", root, deb], check=True,
                   env=dict(os.environ, SOURCE_DATE_EPOCH=str(mtime)))
    print("package: %s (%d KiB installed)" % (deb, installed_size_kib(root)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
