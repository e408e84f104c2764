# Malignus build: `make play`, `make test` on a fresh Debian 12 (as root, or with sudo).
# Every step leaves a stamp in build/ (or a real output file), so a second run skips done work.
#
#   make setup     apt packages (only the missing ones), deb-src entry, build/venv + pip list
#   make headers   GDNative headers of Debian's godot3 3.2.3 -> build/gdnative/include
#   make bridge    build/bridge/pybridge.c -> godot_project/bridge/libpybridge.so (+ pythonpath.txt)
#   make pysim     Cython-compile pysim -> build/compiled
#   make build     all of the above
#   make test      build, pytest against the compiled build, then the Godot suite (headless)
#   make play      build, then the game (window if $DISPLAY, else headless autoplay)
#   make bench     build, then build/bench/run_all.py -> build/bench.json
#   make export    full Linux export into build/out/linux/ (runs without the source tree)
#   make export-check  the exported game, started from /tmp under Xvfb, plays 1 game hour
#   make screenshot  the game under Xvfb for a few seconds -> build/out/screenshot.png
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

.PHONY: setup headers bridge pysim build test test-py test-godot play bench export export-check screenshot clean distclean

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

$(GP)/bridge/libpybridge.so: $(ROOT)/build/bridge/pybridge.c $(GDN)/include/gdnative_api_struct.gen.h | $(B)/apt.stamp
	echo "bridge: compiling $@"
	gcc -O2 -g -fPIC -shared -std=gnu11 -Wall -Wextra -Wno-unused-parameter -fvisibility=hidden \
	  -DPYBRIDGE_PYTHON_EXE="\"$$(readlink -f $(SYS_PY))\"" \
	  -I$(GDN)/include $$(/usr/bin/python3-config --includes) \
	  $< -o $@.tmp $$(/usr/bin/python3-config --ldflags --embed) -ldl
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

build: setup headers bridge pysim

# ---------------------------------------------------------------------------------------------
# tests

test: build
	$(MAKE) --no-print-directory test-py
	$(MAKE) --no-print-directory test-godot

test-py:
	cd $(ROOT)
	echo "test-py: pytest against the compiled build"
	PYSIM_BUILD=compiled $(PY) -m pytest tests -q -p no:cacheprovider

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
	if [ -n "$${DISPLAY:-}" ]; then
	  $(GODOT_ENV) godot3 --path $(GP)
	else
	  echo "play: no DISPLAY: playing $(AUTOPLAY_HOURS) game hours headless"
	  $(GODOT_ENV) timeout 900 godot3-server --path $(GP) -- --autoplay-hours=$(AUTOPLAY_HOURS)
	fi

bench: build
	cd $(ROOT)
	$(GODOT_ENV) $(PY) build/bench/run_all.py

# ---------------------------------------------------------------------------------------------
# export: Debian's godot3-runner as the template; Python parts copied beside the executable:
#   build/out/linux/malignus.x86_64, malignus.pck, libpybridge.so,
#   python/compiled/pysim/..., python/site-packages/<runtime deps>, python/pythonpath.txt

export: build $(GP)/export_presets.cfg
	cd $(ROOT)
	rm -rf $(EXPORT_DIR)
	mkdir -p $(EXPORT_DIR)/python
	$(GODOT_ENV) timeout 600 godot3-server --path $(GP) --export "Linux/X11" $(EXPORT_EXE) 2>&1 | tail -n 20
	test -x $(EXPORT_EXE) && test -f $(EXPORT_DIR)/malignus.pck
	test -f $(EXPORT_DIR)/libpybridge.so || cp $(GP)/bridge/libpybridge.so $(EXPORT_DIR)/
	cp -a $(COMPILED) $(EXPORT_DIR)/python/compiled
	find $(EXPORT_DIR)/python/compiled -name '__pycache__' -prune -exec rm -rf {} +
	find $(EXPORT_DIR)/python/compiled -name '*.so' -exec strip --strip-unneeded {} +
	$(PY) build/export_python.py $(EXPORT_DIR)/python
	printf '%s\n' python/compiled python/site-packages > $(EXPORT_DIR)/python/pythonpath.txt
	echo "export: $(EXPORT_DIR) ($$(du -sh $(EXPORT_DIR) | cut -f1))"

# the exported game, started from another directory under Xvfb, plays one game hour headless-ish
export-check:
	test -x $(EXPORT_EXE) || { echo "export-check: run make export first" >&2; exit 1; }
	cd /tmp
	$(GODOT_ENV) timeout 300 xvfb-run -a -s '-screen 0 1280x720x24' \
	  $(EXPORT_EXE) -- --autoplay-hours=1 2>&1 | tail -n 25
	echo "export-check: ok"

$(GP)/export_presets.cfg:
	runner=$$(command -v godot3-runner)
	printf '%s\n' '[preset.0]' '' 'name="Linux/X11"' 'platform="Linux/X11"' 'runnable=true' \
	  'custom_features=""' 'export_filter="all_resources"' 'include_filter="*.level"' \
	  'exclude_filter="tests/*"' 'export_path=""' 'script_export_mode=1' 'script_encryption_key=""' '' \
	  '[preset.0.options]' '' "custom_template/debug=\"$$runner\"" "custom_template/release=\"$$runner\"" \
	  'binary_format/64_bits=true' 'binary_format/embed_pck=false' 'texture_format/bptc=false' \
	  'texture_format/s3tc=true' 'texture_format/etc=false' 'texture_format/etc2=false' \
	  'texture_format/no_bptc_fallbacks=true' > $@

screenshot: build
	cd $(ROOT)
	mkdir -p $(OUT)
	$(GODOT_ENV) timeout 120 xvfb-run -a -s '-screen 0 1280x720x24' bash -c '\
	  godot3 --path $(GP) & pid=$$!; sleep $${SCREENSHOT_WAIT:-8}; \
	  import -window root $(OUT)/screenshot.png; kill $$pid; wait $$pid || true'
	echo "screenshot: $(OUT)/screenshot.png"

# ---------------------------------------------------------------------------------------------

clean:
	rm -rf $(COMPILED) $(B)/temp $(B)/lib* $(GDN)/include $(OUT) $(B)/*.stamp $(B)/bench.json \
	  $(B)/godot-tests.log $(GP)/bridge/libpybridge.so $(GP)/bridge/pythonpath.txt
	find $(ROOT)/pysim $(ROOT)/tests -name '__pycache__' -prune -exec rm -rf {} + 2>/dev/null || true

distclean: clean
	rm -rf $(VENV) $(GDN)

.ONESHELL:
# recipes are whole bash scripts (-euo pipefail); they say what they do themselves
.SILENT:
