#!/bin/bash
# Runs the exported game (or the package's launcher) under Xvfb with the machine's Python out
# of its reach, so the run shows that the game uses only the Python it carries:
# - the environment scrubbed: MALIGNUS_PYTHONPATH unset, PATH emptied, PYTHONHOME, PYTHONPATH
#   and LD_LIBRARY_PATH pointing at the machine's Python (to show they are ignored);
# - sealed, as root where `unshare -m` works: in a private mount namespace every folder of
#   HIDE_DIRS behind an empty read-only tmpfs and every file of HIDE_FILES behind an empty
#   file (elsewhere the environment is scrubbed only, and it says so on stderr).
#
#   HIDE_DIRS="..." HIDE_FILES="..." build/without_python.sh SECONDS PROGRAM [ARGS...]
#
# LANG and LC_ALL pass through. Used by make export-selfcheck and make package-check.
set -euo pipefail
seconds=$1
shift
scrub=(env -u MALIGNUS_PYTHONPATH PATH=/nonexistent PYTHONHOME=/usr PYTHONPATH=/usr/lib/python3.11
  LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu LANG="${LANG:-C.UTF-8}" LC_ALL="${LC_ALL:-C.UTF-8}")
run=(timeout "$seconds" xvfb-run -a -s '-screen 0 1280x720x24' "${scrub[@]}" "$@")
if [ "$(id -u)" = 0 ] && unshare -m --propagation private true 2>/dev/null; then
  echo "without_python: sealed run: hidden ${HIDE_DIRS:-} ${HIDE_FILES:-}" >&2
  empty=$(mktemp)
  trap 'rm -f "$empty"' EXIT
  EMPTY_FILE=$empty unshare -m --propagation private bash -c '
    set -e
    for d in ${HIDE_DIRS:-}; do [ ! -d "$d" ] || mount -t tmpfs -o size=1m,ro none "$d"; done
    for f in ${HIDE_FILES:-}; do [ ! -e "$f" ] || mount --bind "$EMPTY_FILE" "$f"; done
    test ! -e /usr/lib/python3.11/os.py
    exec "$@"' seal "${run[@]}"
else
  echo "without_python: no mount namespace here (needs root and unshare -m): environment scrubbed only" >&2
  "${run[@]}"
fi
