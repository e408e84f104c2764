#!/usr/bin/env python3
"""Copy the Python an exported game needs into DEST (build/out/linux/python).

Run with the venv's python:  build/venv/bin/python build/export_python.py DEST

1. DEST/site-packages: the files of every runtime distribution listed by pyproject.toml's
   [project].dependencies (and, recursively, of what they require), as recorded in each
   distribution's RECORD.
2. The interpreter, so the player needs no Python installed (the bridge prefers this bundle
   when it finds DEST/lib/pythonX.Y/os.py beside itself; docs/architecture.md, the bridge):
   DEST/lib/libpythonX.Y.so.1.0 (the one the bridge is linked against), the standard library
   in DEST/lib/pythonX.Y/ (without test suites, idlelib, tkinter, turtle, ensurepip, the
   build-only config-* folder, __pycache__, site-/dist-packages), its lib-dynload/ (without
   the _test*/xx* modules), and in DEST/lib/ every shared library those need that is not in
   SYSTEM_LIBS below (libraries a Debian 12 desktop has whether Python is installed or not).
   The libraries left to the system are printed.
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from importlib import metadata

HERE = os.path.dirname(os.path.abspath(__file__))

# Shared libraries the bundle may take from the player's machine: glibc's own, and those a
# Debian 12 desktop has without Python (the package that guarantees each is named). Anything
# else that libpython or a bundled lib-dynload module needs is copied into python/lib/.
SYSTEM_LIBS = {
    # glibc (libc6): never bundle, it must match the loader
    "linux-vdso.so.1": "kernel", "ld-linux-x86-64.so.2": "libc6", "libc.so.6": "libc6",
    "libm.so.6": "libc6", "libpthread.so.0": "libc6", "libdl.so.2": "libc6",
    "librt.so.1": "libc6", "libutil.so.1": "libc6", "libresolv.so.2": "libc6",
    # essential / required packages
    "libz.so.1": "zlib1g (dpkg)", "libbz2.so.1.0": "libbz2-1.0 (dpkg)",
    "liblzma.so.5": "liblzma5 (dpkg)", "libtinfo.so.6": "libtinfo6 (bash)",
    "libcrypt.so.1": "libcrypt1 (libpam-modules)", "libdb-5.3.so": "libdb5.3 (libpam-modules)",
    "libuuid.so.1": "libuuid1 (util-linux, e2fsprogs)", "libcom_err.so.2": "libcom-err2 (e2fsprogs)",
    "libncursesw.so.6": "libncursesw6 (procps)", "libpanelw.so.6": "libncursesw6 (procps)",
    "libtirpc.so.3": "libtirpc3 (iproute2)",
    # every desktop task (GLib, fontconfig/D-Bus, CUPS, curl, NSS, gpg)
    "libffi.so.8": "libffi8 (libglib2.0-0)", "libexpat.so.1": "libexpat1 (fontconfig, dbus)",
    "libssl.so.3": "libssl3 (libcurl4)", "libcrypto.so.3": "libssl3 (libcurl4)",
    "libsqlite3.so.0": "libsqlite3-0 (libnss3, gpg)", "libreadline.so.8": "libreadline8 (gpg)",
    "libgssapi_krb5.so.2": "libgssapi-krb5-2 (libcups2, libcurl4)",
    "libkrb5.so.3": "libkrb5-3 (libgssapi-krb5-2)", "libk5crypto.so.3": "libk5crypto3 (libkrb5-3)",
    "libkrb5support.so.0": "libkrb5support0 (libkrb5-3)", "libkeyutils.so.1": "libkeyutils1 (libkrb5-3)",
}

# The standard library: top-level names left out, folder names left out at any depth, and
# lib-dynload modules left out (test and example extensions).
STDLIB_SKIP_TOP = {"test", "idlelib", "tkinter", "turtledemo", "turtle.py", "ensurepip",
                   "site-packages", "dist-packages", "lib-dynload", "sitecustomize.py",
                   "EXTERNALLY-MANAGED"}
STDLIB_SKIP_DIRS = {"__pycache__", "test", "tests", "idle_test"}
DYNLOAD_SKIP = re.compile(r"^(_test|_ctypes_test|_xxtestfuzz|xxlimited)")


def req_name(req):
    m = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", req)
    return m.group(1) if m else None


def copy_site_packages(dest):
    runtime = subprocess.run([sys.executable, os.path.join(HERE, "requirements.py"), "--runtime"],
                             check=True, capture_output=True, text=True).stdout.split()
    todo = [n for n in (req_name(r) for r in runtime) if n]
    done = set()
    copied = 0
    while todo:
        name = todo.pop()
        key = name.lower().replace("_", "-")
        if key in done:
            continue
        done.add(key)
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            print("export_python: %s is not installed in the venv" % name, file=sys.stderr)
            return 1
        for req in dist.requires or []:
            if "extra ==" in req:
                continue
            n = req_name(req)
            if n:
                todo.append(n)
        for f in dist.files or []:
            src = f.locate()
            rel = str(f)
            if rel.startswith("..") or os.path.isabs(rel) or "__pycache__" in rel:
                continue
            if not os.path.isfile(src):
                continue
            out = os.path.join(dest, rel)
            os.makedirs(os.path.dirname(out), exist_ok=True)
            shutil.copy2(src, out)
            copied += 1
    print("export_python: %d files of %s into %s" % (copied, ", ".join(sorted(done)), dest))
    return 0


def ldd(path):
    """{soname: resolved path or None} of path's whole dependency closure."""
    out = subprocess.run(["ldd", path], check=True, capture_output=True, text=True).stdout
    deps = {}
    for line in out.splitlines():
        m = re.match(r"\s*(\S+)\s+=>\s+(not found|\S+)", line)
        if m:
            deps[m.group(1)] = None if m.group(2) == "not found" else m.group(2)
        else:
            m = re.match(r"\s*(\S+)\s+\(0x", line)
            if m:
                deps[os.path.basename(m.group(1))] = m.group(1)
    return deps


def copy_stdlib(src, dest):
    """src (/usr/lib/pythonX.Y) -> dest, without what STDLIB_SKIP_* name. Returns files copied."""
    src = os.path.realpath(src)
    count = 0
    for root, dirs, files in os.walk(src):
        rel = os.path.relpath(root, src)
        top = rel == "."
        dirs[:] = sorted(d for d in dirs if d not in STDLIB_SKIP_DIRS
                         and not (top and (d in STDLIB_SKIP_TOP or d.startswith("config-"))))
        for name in sorted(files):
            if top and name in STDLIB_SKIP_TOP:
                continue
            path = os.path.join(root, name)
            real = os.path.realpath(path)
            if not real.startswith(src + os.sep):
                print("export_python: skipping %s (a link out of the standard library)" % path)
                continue
            out = os.path.join(dest, rel, name)
            os.makedirs(os.path.dirname(out), exist_ok=True)
            shutil.copy2(real, out)
            count += 1
    return count


def copy_runtime(dest):
    """The interpreter and the standard library into dest/lib (see the module doc)."""
    ver = sysconfig.get_python_version()
    stdlib = sysconfig.get_paths()["stdlib"]
    dynload = sysconfig.get_config_var("DESTSHARED")
    soname = sysconfig.get_config_var("INSTSONAME")
    libpython = os.path.join(sysconfig.get_config_var("LIBDIR"), soname)
    for what, path in (("standard library", stdlib), ("lib-dynload", dynload), ("libpython", libpython)):
        if not os.path.exists(path):
            print("export_python: the %s is missing: %s" % (what, path), file=sys.stderr)
            return 1
    lib = os.path.join(dest, "lib")
    pylib = os.path.join(lib, "python" + ver)
    if os.path.isdir(lib):
        shutil.rmtree(lib)
    n = copy_stdlib(stdlib, pylib)
    os.makedirs(os.path.join(pylib, "lib-dynload"))
    modules = []
    for name in sorted(os.listdir(dynload)):
        if name.endswith(".so") and not DYNLOAD_SKIP.match(name):
            out = os.path.join(pylib, "lib-dynload", name)
            shutil.copy2(os.path.join(dynload, name), out)
            modules.append(out)
    shutil.copy2(os.path.realpath(libpython), os.path.join(lib, soname))
    # shared libraries: everything libpython and the modules need, minus SYSTEM_LIBS
    bundled, system, todo = {soname}, {}, [os.path.join(lib, soname)] + modules
    while todo:
        for dep, path in ldd(todo.pop()).items():
            if dep in bundled or dep in system:
                continue
            if dep in SYSTEM_LIBS:
                system[dep] = SYSTEM_LIBS[dep]
                continue
            if path is None:
                print("export_python: %s is needed but not found" % dep, file=sys.stderr)
                return 1
            out = os.path.join(lib, dep)
            shutil.copy2(os.path.realpath(path), out)
            bundled.add(dep)
            todo.append(out)
    print("export_python: Python %s: %d standard library files, %d lib-dynload modules into %s"
          % (ver, n, len(modules), pylib))
    print("export_python: bundled libraries in %s: %s" % (lib, ", ".join(sorted(bundled))))
    print("export_python: left to the system: %s" % ", ".join(
        "%s [%s]" % (k, v) for k, v in sorted(system.items()) if v not in ("kernel", "libc6")))
    return 0


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    dest = os.path.abspath(argv[1])
    return copy_site_packages(os.path.join(dest, "site-packages")) or copy_runtime(dest)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
