# Malignus build: `make play`, `make test` on a fresh Debian 12 (as root, or with sudo).
# Every step leaves a stamp in build/ (or a real output file), so a second run skips done work.
#
#   make setup     apt packages (only the missing ones), deb-src entry, build/venv + pip list
#   make headers   GDNative headers of Debian's godot3 3.2.3 -> build/gdnative/include
#   make bridge    build/bridge/pybridge.c -> godot_project/bridge/libpybridge.so (+ pythonpath.txt)
#   make pysim     Cython-compile pysim -> build/compiled
#   make shared    the constants GDScript shares with pysim -> godot_project/core/Shared.gd
#   make art       the map's sprite atlas (godot_project/art/atlas.tiles + atlas.index) from
#                  godot_project/art/sprites.txt and Debian's crawl source (fetched once), and
#                  the level editor's tile sets from it (addons/malignus_level/*.tres)
#   make sounds    the game's sounds, synthesised -> godot_project/sound/sounds/*.wav
#   make icon      the game's icon, drawn -> godot_project/icon.png
#   make build     all of the above
#   make test      build, pytest against the compiled build, then the Godot suite (headless)
#   make play      build, then the game (window if $DISPLAY, else headless autoplay);
#                  LEVEL=res://levels/x.tscn (or .level) starts that level
#   make bench     build, then build/bench/run_all.py -> build/bench.json
#   make bench-readme  the README's benchmark table from build/bench.json
#   make sweep LEVEL=godot_project/levels/first.level SEEDS=200 [HOURS=12] [WORKERS=n]
#                  [POLICY=trapper] [SCHEDULER=tcp://host:8786] [SWEEP_OUT=dir] [RESUME=1]: a
#                  balance sweep, report in build/sweep/<level>[-<policy>]/ (README, "Balance sweeps")
#   make balance   The Lair's challenge curve: a sweep per keeper policy (BALANCE_SEEDS=200 x
#                  BALANCE_DAYS=20 game days; WORKERS=n, RESUME=1), the README's table from them;
#                  make balance-readme writes the table alone from build/sweep/balance/
#   make export    full Linux export into build/out/linux/ (runs without the source tree)
#   make export-check  the exported game carries the sprite atlas; started from /tmp under
#                  Xvfb, it loads it and plays 1 game hour; it loads every sound and the icon
#                  (build/export_assets.gd); then export-selfcheck (its Python comes from the export folder only)
#   make screenshot  the title screen (SCREENSHOT_ARGS=--level=... a game, --ui-scale=1.5 the
#                  interface size) under Xvfb (SCREENSHOT_SIZE=3840x2160) -> build/out/screenshot.png
#   make package   a Debian package of the export -> build/out/malignus_<version>_<arch>.deb
#   make package-check  the package unpacked into a temporary root, its launcher started from
#                  there under Xvfb for 1 game hour with the machine's Python hidden
#   make clean     generated files (keeps the venv and the downloaded engine source)
#   make distclean clean + venv + downloaded engine source

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := build
.DELETE_ON_ERROR:

ROOT := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))
B := $(ROOT)/build
GP := $(ROOT)/godot_project
VENV := $(B)/venv
PY := $(VENV)/bin/python
SYS_PY := /usr/bin/python3
COMPILED := $(B)/compiled
GDN := $(B)/gdnative
OUT := $(B)/out
EXPORT_DIR := $(OUT)/linux
EXPORT_EXE := $(EXPORT_DIR)/malignus.x86_64

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_PKGS := godot3 godot3-server godot3-runner xvfb xauth libgl1-mesa-dri libglx-mesa0 \
	imagemagick xdotool dpkg-dev python3 python3-venv python3-dev build-essential
APT_ENV := DEBIAN_FRONTEND=noninteractive

# Godot runs: a UTF-8 locale (en_US if generated, else C.UTF-8) silences locale errors
GODOT_LOCALE := $(shell locale -a 2>/dev/null | grep -qix 'en_US.utf8' && echo en_US.UTF-8 || echo C.UTF-8)
GODOT_ENV := LANG=$(GODOT_LOCALE) LC_ALL=$(GODOT_LOCALE)
GODOT_TEST_TIMEOUT := 600
AUTOPLAY_HOURS := 6

PYSIM_SRC = $(wildcard $(ROOT)/pysim/*.py $(ROOT)/pysim/*.pxd $(ROOT)/pysim/*/*.py $(ROOT)/pysim/*/*.pxd \
	$(ROOT)/pysim/*.txt $(ROOT)/pysim/*.json) $(wildcard $(ROOT)/setup.py $(ROOT)/pyproject.toml)

.PHONY: setup headers bridge pysim shared art sounds icon build package package-check test test-py test-godot test-count play bench bench-readme sweep balance balance-readme export export-check export-selfcheck screenshot clean distclean

# ---------------------------------------------------------------------------------------------
# setup

setup: $(B)/apt.stamp $(B)/venv.stamp

$(B)/apt.stamp: $(ROOT)/Makefile
	@mkdir -p $(B)
	missing=""
	for p in $(APT_PKGS); do
	  dpkg -s "$$p" 2>/dev/null | grep -q '^Status: install ok installed' || missing="$$missing $$p"
	done
	need_update=""
	if [ -n "$$missing" ]; then need_update=1; fi
	# deb-src for bookworm (GDNative headers come from the godot3 source package)
	if ! grep -rqsE '^(Types:.*deb-src|deb-src )' /etc/apt/sources.list /etc/apt/sources.list.d/; then
	  echo "setup: adding a deb-src entry for bookworm"
	  printf '%s\n' 'Types: deb-src' 'URIs: http://deb.debian.org/debian' 'Suites: bookworm' \
	    'Components: main' 'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg' \
	    | $(SUDO) tee /etc/apt/sources.list.d/malignus-src.sources >/dev/null
	  need_update=1
	fi
	if ! apt-cache showsrc godot3 >/dev/null 2>&1; then need_update=1; fi
	if [ -n "$$need_update" ]; then $(SUDO) $(APT_ENV) apt-get update -q; fi
	if [ -n "$$missing" ]; then
	  echo "setup: apt-get install$$missing"
	  $(SUDO) $(APT_ENV) apt-get install -y -q $$missing
	else
	  echo "setup: apt packages present"
	fi
	touch $@

$(B)/venv.stamp: $(ROOT)/build/requirements.py $(wildcard $(ROOT)/pyproject.toml) | $(B)/apt.stamp
	if [ ! -x $(PY) ]; then $(SYS_PY) -m venv $(VENV); fi
	reqs=$$($(SYS_PY) $(ROOT)/build/requirements.py)
	echo "setup: pip install" $$reqs
	$(PY) -m pip install -q --disable-pip-version-check $$reqs
	touch $@

# ---------------------------------------------------------------------------------------------
# GDNative headers from Debian's godot3 3.2.3 source package (downloaded once, cached)

headers: $(GDN)/include/gdnative_api_struct.gen.h

$(GDN)/include/gdnative_api_struct.gen.h: $(ROOT)/build/gen_headers.py | $(B)/apt.stamp
	echo "headers: generating $(GDN)/include"
	mkdir -p $(GDN)/src
	tarball=$$(ls $(GDN)/src/godot_3.2.3*.orig.tar.* 2>/dev/null | head -n1 || true)
	if [ -z "$$tarball" ]; then
	  (cd $(GDN)/src && apt-get source -q --download-only godot3)
	  tarball=$$(ls $(GDN)/src/godot_3.2.3*.orig.tar.* 2>/dev/null | head -n1 || true)
	fi
	if [ -z "$$tarball" ]; then echo "headers: no godot 3.2.3 source tarball in $(GDN)/src" >&2; exit 1; fi
	$(SYS_PY) $(ROOT)/build/gen_headers.py "$$tarball" $(GDN)/include
	touch $@

# ---------------------------------------------------------------------------------------------
# the bridge

bridge: $(GP)/bridge/libpybridge.so $(GP)/bridge/pythonpath.txt

# $(call compile_bridge,OUTPUT,EXTRA_FLAGS,EXTRA_LINK_FLAGS): the one bridge compile command,
# for the source tree's bridge and the export's (which adds an rpath)
compile_bridge = gcc -O2 -fPIC -shared -std=gnu11 -Wall -Wextra -Wno-unused-parameter -fvisibility=hidden $(2) \
	  -DPYBRIDGE_PYTHON_EXE="\"$$(readlink -f $(SYS_PY))\"" \
	  -I$(GDN)/include $$(/usr/bin/python3-config --includes) \
	  $(ROOT)/build/bridge/pybridge.c -o $(1) $$(/usr/bin/python3-config --ldflags --embed) -ldl -lpthread $(3)

$(GP)/bridge/libpybridge.so: $(ROOT)/build/bridge/pybridge.c $(GDN)/include/gdnative_api_struct.gen.h | $(B)/apt.stamp
	echo "bridge: compiling $@"
	$(call compile_bridge,$@.tmp,-g)
	mv $@.tmp $@

$(GP)/bridge/pythonpath.txt: $(B)/venv.stamp $(ROOT)/Makefile
	sp=$$($(PY) -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
	printf '%s\n' "$(COMPILED)" "$$sp" > $@

# ---------------------------------------------------------------------------------------------
# pysim, compiled (the core's setup.py decides what is compiled; the result goes to build/compiled)

pysim: $(B)/pysim.stamp

$(B)/pysim.stamp: $(B)/venv.stamp $(PYSIM_SRC)
	cd $(ROOT)
	if [ ! -f setup.py ]; then echo "pysim: setup.py is missing" >&2; exit 1; fi
	echo "pysim: compiling into $(COMPILED)"
	CFLAGS="$${CFLAGS:-} -g0" $(PY) setup.py -q build_ext --build-lib $(COMPILED) --build-temp $(B)/temp --parallel 2
	touch $@

# ---------------------------------------------------------------------------------------------
# the sprite atlas: the tiles named in godot_project/art/sprites.txt, from Debian's crawl source
# package (Dungeon Crawl Stone Soup's tiles; downloaded once, cached like the godot3 source)

CRAWL_SRC := $(B)/crawl/src
ATLAS := $(GP)/art/atlas.tiles

TILESETS := $(GP)/addons/malignus_level/terrain.tres $(GP)/addons/malignus_level/light.tres

art: $(ATLAS) $(TILESETS)

$(ATLAS): $(ROOT)/build/make_atlas.py $(GP)/art/sprites.txt | $(B)/apt.stamp $(B)/venv.stamp
	tarball=$$(ls $(CRAWL_SRC)/crawl_*.orig.tar.* 2>/dev/null | head -n1 || true)
	if [ -z "$$tarball" ]; then
	  mkdir -p $(CRAWL_SRC)
	  # only the upstream tarball is needed (apt-get fails when Debian's own part is gone)
	  (cd $(CRAWL_SRC) && apt-get source -q --download-only crawl) || true
	  tarball=$$(ls $(CRAWL_SRC)/crawl_*.orig.tar.* 2>/dev/null | head -n1 || true)
	fi
	if [ -z "$$tarball" ]; then echo "art: no crawl source tarball in $(CRAWL_SRC)" >&2; exit 1; fi
	$(PY) $(ROOT)/build/make_atlas.py "$$tarball"

# the level editor's tile sets (terrain and light), cut from the atlas
$(TILESETS) &: $(ROOT)/build/make_tilesets.py $(ATLAS) $(ROOT)/pysim/core/level_scene.py | $(B)/venv.stamp
	$(PY) $(ROOT)/build/make_tilesets.py

# the sounds (numpy synthesis, README "Sounds") and the icon: generated, ignored by git, carried
# by the export (the sounds through export_presets.cfg's include filter, the icon as the
# project's application/config/icon)

SOUND_DIR := $(GP)/sound/sounds

sounds: $(B)/sounds.stamp

$(B)/sounds.stamp: $(ROOT)/build/gen_sounds.py $(B)/venv.stamp
	$(PY) $(ROOT)/build/gen_sounds.py $(SOUND_DIR)
	touch $@

icon: $(GP)/icon.png

$(GP)/icon.png: $(ROOT)/build/gen_icon.py $(B)/venv.stamp
	$(PY) $(ROOT)/build/gen_icon.py $@

# the constants GDScript shares with pysim (pysim/shared.py; docs/architecture.md), from the
# source tree, so the editor and the export see the same file as the game
shared: $(GP)/core/Shared.gd

$(GP)/core/Shared.gd: $(ROOT)/build/gen_shared.py $(PYSIM_SRC) | $(B)/venv.stamp
	echo "shared: writing $@"
	$(PY) -P $(ROOT)/build/gen_shared.py $@

build: setup headers bridge pysim shared art sounds icon

# ---------------------------------------------------------------------------------------------
# tests

# Both suites, then one closing line counting both (CI reads the last lines of the run).
test: build
	$(MAKE) --no-print-directory test-py
	$(MAKE) --no-print-directory test-godot
	$(MAKE) --no-print-directory test-count

# The closing line from the two logs: pytest's summary line wherever it falls (a library may
# print after it as the interpreter exits) and the Godot runner's last `N passed, N failed`.
# A log without its summary is an error, never a count of 0 (tests/test_make_count.py).
PYTEST_LOG = $(B)/pytest.log
GODOT_LOG = $(B)/godot-tests.log
test-count:
	summary='/^=* *([0-9]+ [a-z]+(, )?)+ in [0-9.]+s/'
	py=$$(awk "$$summary"' { line = $$0 } END { print line }' "$(PYTEST_LOG)")
	gd=$$(grep -E '^[0-9]+ passed, [0-9]+ failed$$' "$(GODOT_LOG)" | tail -n 1 || true)
	if [ -z "$$py" ]; then echo "test-count: no pytest summary line in $(PYTEST_LOG)" >&2; exit 1; fi
	if [ -z "$$gd" ]; then echo "test-count: no Godot summary line in $(GODOT_LOG)" >&2; exit 1; fi
	count() { echo "$$1" | { grep -oE "[0-9]+ ($$2)\b" || true; } | awk '{ n += $$1 } END { print n + 0 }'; }
	pyp=$$(count "$$py" passed); pyf=$$(count "$$py" 'failed|errors?')
	gdp=$$(count "$$gd" passed); gdf=$$(count "$$gd" failed)
	echo "test: pytest $$pyp passed, $$pyf failed; Godot $$gdp passed, $$gdf failed"
	echo "total: $$((pyp + gdp)) passed, $$((pyf + gdf)) failed"

test-py:
	cd $(ROOT)
	echo "test-py: pytest against the compiled build"
	PYSIM_BUILD=compiled $(PY) -m pytest tests -q -p no:cacheprovider 2>&1 | tee $(B)/pytest.log

test-godot:
	cd $(ROOT)
	log=$(B)/godot-tests.log
	echo "test-godot: godot3-server -s res://tests/runner.gd (output also in $$log)"
	# Godot 3.2.3 cannot create user://logs on a project's very first run: make it beforehand
	name=$$(sed -n 's/^config\/name="\(.*\)"/\1/p' $(GP)/project.godot | head -n1)
	mkdir -p "$${XDG_DATA_HOME:-$$HOME/.local/share}/godot/app_userdata/$${name:-Malignus}/logs"
	set +e
	$(GODOT_ENV) timeout $(GODOT_TEST_TIMEOUT) godot3-server --path $(GP) -s res://tests/runner.gd \
	  -- $(GODOT_TEST_ARGS) 2>&1 | tee $$log
	rc=$${PIPESTATUS[0]}
	set -e
	errors=$$(grep -c 'SCRIPT ERROR' $$log || true)
	if [ "$$rc" = 124 ]; then echo "test-godot: the Godot suite timed out after $(GODOT_TEST_TIMEOUT) s" >&2; exit 1; fi
	if [ "$$errors" != 0 ]; then echo "test-godot: $$errors SCRIPT ERROR line(s) in the output" >&2; exit 1; fi
	if ! tail -n 5 $$log | grep -qE '^[0-9]+ passed, 0 failed$$'; then echo "test-godot: failures (exit $$rc)" >&2; exit 1; fi
	exit $$rc

# ---------------------------------------------------------------------------------------------
# play, bench

play: build
	cd $(ROOT)
	level_arg=()
	if [ -n "$(LEVEL)" ]; then level_arg=("--level=$(LEVEL)"); fi
	if [ -n "$${DISPLAY:-}" ]; then
	  $(GODOT_ENV) godot3 --path $(GP) -- "$${level_arg[@]}"
	else
	  echo "play: no DISPLAY: playing $(AUTOPLAY_HOURS) game hours headless"
	  $(GODOT_ENV) timeout 900 godot3-server --path $(GP) -- --autoplay-hours=$(AUTOPLAY_HOURS) "$${level_arg[@]}"
	fi

bench: build
	cd $(ROOT)
	# bench_instructions.py counts with valgrind (only the benches need it)
	if ! command -v valgrind >/dev/null; then
	  $(SUDO) $(APT_ENV) apt-get install -y -q valgrind || $(SUDO) $(APT_ENV) sh -c 'apt-get update -q && apt-get install -y -q valgrind'
	fi
	$(GODOT_ENV) $(PY) build/bench/run_all.py

# the README's benchmark table, written from build/bench.json (the last make bench)
bench-readme:
	cd $(ROOT)
	$(PY) -P build/bench/readme_table.py

# a balance sweep on the compiled build: the level once per seed, report in SWEEP_OUT
# (default build/sweep/<level>; not OUT, which is the export folder)
SEEDS := 100
HOURS := 12
sweep: pysim
	cd $(ROOT)
	if [ -z "$(LEVEL)" ]; then echo "sweep: say which level, e.g. make sweep LEVEL=godot_project/levels/first.level SEEDS=200" >&2; exit 2; fi
	$(PY) -m pysim sweep "$(LEVEL)" --seeds $(SEEDS) --hours $(HOURS) \
	  $(if $(WORKERS),--workers $(WORKERS)) $(if $(SCHEDULER),--scheduler $(SCHEDULER)) \
	  $(if $(POLICY),--policy $(POLICY)) $(if $(SWEEP_OUT),--out $(SWEEP_OUT)) $(if $(RESUME),--resume)

# The Lair's challenge curve (README, "Keeper policies"): one sweep per keeper policy, then the
# README's table from their runs.csv (make balance-readme writes the table alone). RESUME=1 goes
# on with the sweeps in build/sweep/balance/<policy> (else they start afresh).
BALANCE_LEVEL := godot_project/levels/campaign.level
BALANCE_SEEDS := 200
BALANCE_DAYS := 20
BALANCE_POLICIES := passive trapper defender
balance: pysim
	cd $(ROOT)
	for p in $(BALANCE_POLICIES); do
	  $(if $(RESUME),,rm -rf build/sweep/balance/$$p)
	  $(PY) -m pysim sweep $(BALANCE_LEVEL) --seeds $(BALANCE_SEEDS) --hours $$(( $(BALANCE_DAYS) * 24 )) \
	    --policy $$p --out build/sweep/balance/$$p --no-plots $(if $(WORKERS),--workers $(WORKERS)) $(if $(RESUME),--resume)
	done
	$(MAKE) --no-print-directory balance-readme

balance-readme:
	cd $(ROOT)
	$(PY) -m pysim.sweep.curve build/sweep/balance --readme README.md

# ---------------------------------------------------------------------------------------------
# export: Debian's godot3-runner as the template; Python parts copied beside the executable:
#   build/out/linux/malignus.x86_64, malignus.pck, libpybridge.so (linked with the rpath
#   $ORIGIN/python/lib, so it loads the bundled libpython), python/pythonpath.txt,
#   python/compiled/pysim/..., python/site-packages/<runtime deps>,
#   python/lib/libpython3.11.so.1.0 (+ the libraries a Debian desktop may lack),
#   python/lib/python3.11/ (the standard library and lib-dynload, see build/export_python.py),
#   __pycache__/*.pyc beside the Python sources (EXPORT_PYC=0: none)

# the exported bridge: the bridge rule's command plus an RPATH (not RUNPATH: it wins over
# LD_LIBRARY_PATH and also serves what libpython loads) to python/lib beside the library
EXPORT_BRIDGE_RPATH := -Wl,--disable-new-dtags,-rpath,'$$ORIGIN/python/lib'
# byte-compile the exported Python (checked-hash .pyc, test folders left out): the bridge
# never writes __pycache__ into an export, so without them every start compiles numpy and the
# standard library again (about 1 s a start; the .pyc files cost about 18 MB)
EXPORT_PYC := 1
EXPORT_SELFCHECK := $(ROOT)/build/export_selfcheck.gd
EXPORT_SELFCHECK_LOG := $(OUT)/export-selfcheck.log
# the sealed run of export-selfcheck and package-check (build/without_python.sh): a mount
# namespace (when `unshare -m` works here) that hides these behind empty tmpfs mounts, and the
# machine's libpython behind an empty file
EXPORT_HIDE_DIRS := /usr/lib/python3.11 /usr/local/lib/python3.11 $(VENV) $(COMPILED)
EXPORT_HIDE_FILES := /usr/lib/x86_64-linux-gnu/libpython3.11.so.1.0
WITHOUT_PYTHON := HIDE_DIRS="$(EXPORT_HIDE_DIRS)" HIDE_FILES="$(EXPORT_HIDE_FILES)" $(GODOT_ENV) \
	$(ROOT)/build/without_python.sh

export: build $(GP)/export_presets.cfg
	cd $(ROOT)
	rm -rf $(EXPORT_DIR)
	mkdir -p $(EXPORT_DIR)/python
	$(GODOT_ENV) timeout 600 godot3-server --path $(GP) --export "Linux/X11" $(EXPORT_EXE) 2>&1 | tail -n 20
	test -x $(EXPORT_EXE) && test -f $(EXPORT_DIR)/malignus.pck
	rm -f $(EXPORT_DIR)/libpybridge.so
	$(call compile_bridge,$(EXPORT_DIR)/libpybridge.so,-g0,$(EXPORT_BRIDGE_RPATH))
	strip --strip-unneeded $(EXPORT_DIR)/libpybridge.so
	cp -a $(COMPILED) $(EXPORT_DIR)/python/compiled
	find $(EXPORT_DIR)/python/compiled -name '__pycache__' -prune -exec rm -rf {} +
	find $(EXPORT_DIR)/python/compiled -name '*.so' -exec strip --strip-unneeded {} +
	$(PY) build/export_python.py $(EXPORT_DIR)/python
	printf '%s\n' python/compiled python/site-packages > $(EXPORT_DIR)/python/pythonpath.txt
	if [ "$(EXPORT_PYC)" = 1 ]; then
	  $(PY) -m compileall -q -j0 --invalidation-mode checked-hash -x '/(tests?|idle_test)/' \
	    $(EXPORT_DIR)/python/lib/python3.11 $(EXPORT_DIR)/python/site-packages $(EXPORT_DIR)/python/compiled >/dev/null
	fi
	echo "export: $(EXPORT_DIR) ($$(du -sh $(EXPORT_DIR) | cut -f1); python/lib $$(du -sh $(EXPORT_DIR)/python/lib | cut -f1))"

# the exported game, started from another directory under Xvfb, plays one game hour headless-ish;
# its generated assets (sounds, icon) load from the export (build/export_assets.gd); then
# export-selfcheck
EXPORT_ASSETS := $(ROOT)/build/export_assets.gd
export-check:
	test -x $(EXPORT_EXE) || { echo "export-check: run make export first" >&2; exit 1; }
	for f in art/atlas.tiles art/atlas.index; do
	  grep -qa "$$f" $(EXPORT_DIR)/malignus.pck || { echo "export-check: $$f is not in the export" >&2; exit 1; }
	done
	echo "export-check: the sprite atlas is in malignus.pck"
	cd /tmp
	$(GODOT_ENV) timeout 300 xvfb-run -a -s '-screen 0 1280x720x24' \
	  $(EXPORT_EXE) -- --autoplay-hours=1 > $(OUT)/export-check.log 2>&1 || { tail -n 25 $(OUT)/export-check.log; exit 1; }
	tail -n 25 $(OUT)/export-check.log
	if grep -q "no sprite atlas\|is not a PNG\|cannot read res://art" $(OUT)/export-check.log; then
	  echo "export-check: the exported game did not load its sprite atlas" >&2; exit 1
	fi
	set +e
	$(GODOT_ENV) timeout 120 xvfb-run -a -s '-screen 0 1280x720x24' \
	  $(EXPORT_EXE) -s $(EXPORT_ASSETS) > $(OUT)/export-assets.log 2>&1
	rc=$$?
	set -e
	grep -E '^ASSETCHECK' $(OUT)/export-assets.log || true
	if [ "$$rc" != 0 ] || ! grep -q '^ASSETCHECK done' $(OUT)/export-assets.log; then
	  tail -n 20 $(OUT)/export-assets.log >&2; echo "export-check: assets missing from the export (exit $$rc)" >&2; exit 1
	fi
	$(MAKE) --no-print-directory -C $(ROOT) export-selfcheck
	echo "export-check: ok"

# The export uses its own Python only. (1) The bridge's libpython resolves into the export.
# (2) The exported game runs build/export_selfcheck.gd (SimClient's python_paths(), the bundled
# bridge), which prints sys.prefix, sys.path, module files and the mapped libraries; every
# one must be inside the export folder. (3) The game plays half a game hour. (2) and (3) run
# with PATH emptied, PYTHONHOME/PYTHONPATH/LD_LIBRARY_PATH pointing at the machine's Python
# (to show they are ignored) and, when `unshare -m` works, with EXPORT_HIDE_* hidden.
export-selfcheck:
	test -x $(EXPORT_EXE) || { echo "export-selfcheck: run make export first" >&2; exit 1; }
	dir=$$(readlink -f $(EXPORT_DIR))
	lib=$$(ldd $$dir/libpybridge.so | awk '$$1 ~ /^libpython/ {print $$3}')
	case "$$(readlink -f "$$lib")" in "$$dir"/*) ;; *)
	  echo "export-selfcheck: the bridge's libpython is $$lib, not in $$dir" >&2; exit 1;; esac
	echo "export-selfcheck: the bridge loads $$lib"
	mkdir -p $(OUT)
	cd /tmp
	set +e
	$(WITHOUT_PYTHON) 120 $(EXPORT_EXE) -s $(EXPORT_SELFCHECK) > $(EXPORT_SELFCHECK_LOG) 2>&1
	rc=$$?
	set -e
	grep -E '^(without_python|PYCHECK)' $(EXPORT_SELFCHECK_LOG) | grep -v '^PYCHECK map' || true
	echo "export-selfcheck: (mapped files in $(EXPORT_SELFCHECK_LOG))"
	if [ "$$rc" != 0 ] || ! grep -q '^PYCHECK done' $(EXPORT_SELFCHECK_LOG); then
	  tail -n 30 $(EXPORT_SELFCHECK_LOG) >&2; echo "export-selfcheck: the probe failed (exit $$rc)" >&2; exit 1
	fi
	bad=$$(awk -v d="$$dir/" '/^PYCHECK (prefix|exec_prefix|base_prefix|executable|_stdlib_dir|path|module) / && index($$3, d) != 1 {print}
	  /^PYCHECK map / && tolower($$3) ~ /python|numpy|pysim|site-packages|venv/ && index($$3, d) != 1 {print}' $(EXPORT_SELFCHECK_LOG))
	if [ -n "$$bad" ]; then echo "$$bad" >&2; echo "export-selfcheck: Python parts from outside $$dir" >&2; exit 1; fi
	grep -q "^PYCHECK map $$dir/python/lib/libpython" $(EXPORT_SELFCHECK_LOG) || { echo "export-selfcheck: the bundled libpython is not mapped" >&2; exit 1; }
	$(WITHOUT_PYTHON) 300 $(EXPORT_EXE) -- --autoplay-hours=0.5 2>&1 | tail -n 4
	echo "export-selfcheck: ok (Python from $$dir/python only)"

$(GP)/export_presets.cfg:
	runner=$$(command -v godot3-runner)
	printf '%s\n' '[preset.0]' '' 'name="Linux/X11"' 'platform="Linux/X11"' 'runnable=true' \
	  'custom_features=""' 'export_filter="all_resources"' 'include_filter="*.level,*.tiles,*.index,title/*.txt,*.wav"' \
	  'exclude_filter="tests/*"' 'export_path=""' 'script_export_mode=1' 'script_encryption_key=""' '' \
	  '[preset.0.options]' '' "custom_template/debug=\"$$runner\"" "custom_template/release=\"$$runner\"" \
	  'binary_format/64_bits=true' 'binary_format/embed_pck=false' 'texture_format/bptc=false' \
	  'texture_format/s3tc=true' 'texture_format/etc=false' 'texture_format/etc2=false' \
	  'texture_format/no_bptc_fallbacks=true' > $@

# ---------------------------------------------------------------------------------------------
# the Debian package (README, "Installing the package"): build/make_deb.py lays the export out
# under /opt/malignus with a launcher, menu entry, icons, manual and docs, then dpkg-deb

PKG_VERSION = $(shell sed -n 's/^version = "\(.*\)"/\1/p' $(ROOT)/pyproject.toml | head -n1)
PKG_DEB = $(OUT)/malignus_$(PKG_VERSION)_$(shell dpkg --print-architecture).deb

package: export
	$(PY) $(ROOT)/build/make_deb.py $(EXPORT_DIR) $(OUT)
	rm -rf $(OUT)/package-root

# The package unpacked (dpkg -x) into a temporary root: its files are there, and its launcher
# started from there plays one game hour under Xvfb, with the machine's Python hidden.
package-check:
	test -f $(PKG_DEB) || { echo "package-check: no $(PKG_DEB): run make package first" >&2; exit 1; }
	tmp=$$(mktemp -d /tmp/malignus-package.XXXXXX)
	trap 'rm -rf "$$tmp"' EXIT
	dpkg -x $(PKG_DEB) $$tmp
	for f in usr/bin/malignus opt/malignus/malignus.x86_64; do
	  test -x $$tmp/$$f || { echo "package-check: $$f is missing or not executable" >&2; exit 1; }
	done
	desktop=$$tmp/usr/share/applications/malignus.desktop
	grep -qx 'Exec=malignus' $$desktop && grep -qx 'Icon=malignus' $$desktop \
	  || { echo "package-check: the menu entry does not start malignus with its icon" >&2; exit 1; }
	for s in 48 64 128 256; do
	  test -s $$tmp/usr/share/icons/hicolor/$${s}x$${s}/apps/malignus.png || { echo "package-check: no $${s} px icon" >&2; exit 1; }
	done
	echo "package-check: $(notdir $(PKG_DEB)) unpacked in $$tmp; its launcher plays one game hour"
	cd /tmp
	$(WITHOUT_PYTHON) 300 $$tmp/usr/bin/malignus -- --autoplay-hours=1 > $(OUT)/package-check.log 2>&1 || true
	grep -E '^without_python' $(OUT)/package-check.log || true
	tail -n 3 $(OUT)/package-check.log
	grep -qE '^final tick [0-9]+ hash ' $(OUT)/package-check.log \
	  || { echo "package-check: the game did not play its hour (log: $(OUT)/package-check.log)" >&2; exit 1; }
	echo "package-check: ok"

# The game's own viewport capture after SCREENSHOT_FRAMES frames (no race with a sleep), in a
# window of SCREENSHOT_SIZE; SCREENSHOT_ARGS adds main scene arguments, e.g.
# --level=res://levels/trap_demo.level --select=1, --ui-scale=1.5 (docs/godot.md "Running")
SCREENSHOT_FRAMES := 300
SCREENSHOT_SIZE := 1280x720
screenshot: build
	cd $(ROOT)
	mkdir -p $(OUT)
	rm -f $(OUT)/screenshot.png
	$(GODOT_ENV) timeout 600 xvfb-run -a -s '-screen 0 $(SCREENSHOT_SIZE)x24' godot3 --resolution $(SCREENSHOT_SIZE) --path $(GP) -- \
	  --screenshot=$(OUT)/screenshot.png --screenshot-frames=$(SCREENSHOT_FRAMES) $(SCREENSHOT_ARGS) > $(OUT)/screenshot.log 2>&1
	test -s $(OUT)/screenshot.png || { tail -n 20 $(OUT)/screenshot.log >&2; echo "screenshot: no picture" >&2; exit 1; }
	echo "screenshot: $(OUT)/screenshot.png"

# ---------------------------------------------------------------------------------------------

clean:
	rm -rf $(COMPILED) $(B)/temp $(B)/lib* $(GDN)/include $(OUT) $(B)/*.stamp $(B)/bench.json \
	  $(B)/godot-tests.log $(GP)/bridge/libpybridge.so $(GP)/bridge/pythonpath.txt \
	  $(GP)/art/atlas.tiles $(GP)/art/atlas.index $(TILESETS) $(SOUND_DIR) $(GP)/icon.png $(GP)/icon.png.import \
	  $(GP)/core/Shared.gd
	find $(ROOT)/pysim $(ROOT)/tests -name '__pycache__' -prune -exec rm -rf {} + 2>/dev/null || true

distclean: clean
	rm -rf $(VENV) $(GDN) $(B)/crawl

.ONESHELL:
# recipes are whole bash scripts (-euo pipefail); they say what they do themselves
.SILENT:
