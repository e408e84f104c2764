#!/usr/bin/env python3
"""Generate the GDNative headers of the exact engine we run (Debian's godot3 3.2.3).

Usage: gen_headers.py ORIG_TARBALL OUT_DIR

Extracts modules/gdnative/include/ from the engine's source tarball into OUT_DIR and
generates OUT_DIR/gdnative_api_struct.gen.h with the engine's own builder
(modules/gdnative/gdnative_builders.py: build_gdnative_api_struct), which needs
platform_methods.py and modules/gdnative/gdnative_api.json beside it.
"""
import os
import shutil
import sys
import tarfile
import tempfile


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    tarball, out_dir = argv[1], os.path.abspath(argv[2])
    wanted_files = ("platform_methods.py", "modules/gdnative/gdnative_builders.py",
                    "modules/gdnative/gdnative_api.json")
    with tempfile.TemporaryDirectory() as tmp, tarfile.open(tarball) as tar:
        members = []
        root = None
        for m in tar:
            parts = m.name.split("/", 1)
            if len(parts) < 2:
                continue
            root = parts[0]
            rel = parts[1]
            if rel in wanted_files or rel.startswith("modules/gdnative/include/"):
                members.append(m)
        if not members:
            print("gen_headers: nothing to extract from %s" % tarball, file=sys.stderr)
            return 1
        tar.extractall(tmp, members=members)
        src = os.path.join(tmp, root)
        include_src = os.path.join(src, "modules", "gdnative", "include")

        sys.path.insert(0, src)
        sys.path.insert(0, os.path.join(src, "modules", "gdnative"))
        import gdnative_builders  # the engine's own generator

        gen_h = os.path.join(tmp, "gdnative_api_struct.gen.h")
        gen_c = os.path.join(tmp, "gdnative_api_struct.gen.cpp")
        gdnative_builders.build_gdnative_api_struct(
            [gen_h, gen_c], [os.path.join(src, "modules", "gdnative", "gdnative_api.json")], None)

        tmp_out = out_dir + ".tmp"
        shutil.rmtree(tmp_out, ignore_errors=True)
        shutil.copytree(include_src, tmp_out)
        shutil.copy(gen_h, os.path.join(tmp_out, "gdnative_api_struct.gen.h"))
        shutil.rmtree(out_dir, ignore_errors=True)
        os.rename(tmp_out, out_dir)
    print("gen_headers: wrote %s" % out_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
