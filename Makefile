# The two commands of the README: `make tutorial` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: tutorial app test lint typecheck bench clean i18n pot notebooks site serve-site

# The venv is made without pip (its ensurepip takes 10-20 s on this machine, and upgrading that pip
# as long again): the interpreter's own pip installs uv into it (pip's --python), or, where the
# interpreter has no pip (Debian's python3 without python3-pip), the venv's ensurepip does.
$(BIN)/python:
	$(PYTHON) -m venv --without-pip $(VENV)

# The packages are installed with uv (from PyPI, into the same .venv): 10 s where pip takes 46 s
# on a fresh clone, a fifth of CI's budget. pip too: lite/build.py downloads wheels with it.
$(BIN)/uv: | $(BIN)/python
	$(PYTHON) -m pip --python $(BIN)/python install --quiet uv 2>/dev/null || \
		{ $(BIN)/python -m ensurepip --default-pip && $(BIN)/python -m pip install --quiet uv; }
	$(BIN)/python -m uv pip install --quiet --python $(BIN)/python pip
INSTALL := $(BIN)/python -m uv pip install --quiet --python $(BIN)/python

# Stamps re-install when pyproject.toml changes.
$(VENV)/.tutorial: pyproject.toml | $(BIN)/uv
	$(INSTALL) -e '.[tutorial]'
	touch $@

$(VENV)/.test: pyproject.toml | $(BIN)/uv
	$(INSTALL) -e '.[test]'
	touch $@

tutorial: $(VENV)/.tutorial
	$(BIN)/durak-tutorial

app: $(VENV)/.tutorial
	$(BIN)/durak-tutorial --app

lint: $(VENV)/.test
	$(BIN)/ruff check durak tests bench research lite

typecheck: $(VENV)/.test
	$(BIN)/mypy

# The tests start at once, on TEST_WORKERS processes (pytest-xdist; conftest.py groups the tests
# that share a server or must not overlap, and sends the longest groups first). Beside them the
# site is built (on a fresh clone a minute of downloads and byte-compiling) and the checks run:
# their output is in build/site.log and build/checks.log, shown at the end; the site's tests wait
# for the build (DURAK_SITE_STATUS: the file its exit status is written to), which goes first: the
# tests run at nice 5 meanwhile (a site build beside four busy processes: 22.6 s at the same
# priority, 12.0 s with them at nice 5; on a busy machine a fresh clone's build took 6 minutes
# beside the tests at the same priority, and the site's group waited for it). Three workers on this
# 2-core machine: the browser tests wait on pages and kernels (407 s with 3 workers, 447 s with 2,
# 437 s with 4). TESTS narrows the run (make test TESTS=tests/browser/test_site.py).
TEST_WORKERS ?= 3
TESTS ?= durak tests notebooks
SITE_STATUS := build/site.status
test: $(VENV)/.test
	@rm -rf test-artifacts/failures $(SITE_STATUS) build/checks.status && mkdir -p build
	@{ $(MAKE) --no-print-directory site > build/site.log 2>&1; echo $$? > $(SITE_STATUS); } & \
	{ $(MAKE) --no-print-directory -j2 lint typecheck > build/checks.log 2>&1; echo $$? > build/checks.status; } & \
	DURAK_SITE_STATUS=$(SITE_STATUS) nice -n 5 $(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadgroup \
		--no-loadscope-reorder --durations=20 --nbval-lax $(TESTS); tests=$$?; \
	wait; \
	echo "--- the checks (build/checks.log) and the site's build (build/site.log, its last line if it passed)"; \
	cat build/checks.log; \
	if test "$$(cat $(SITE_STATUS))" = 0; then tail -n 1 build/site.log; else cat build/site.log; fi; \
	test $$tests = 0 && test "$$(cat build/checks.status)" = 0 && test "$$(cat $(SITE_STATUS))" = 0

# The static JupyterLite site in site/ (needs npm for the Pyodide core, and PyPI for the wheels
# on the first build; later builds use build/lite-cache). Rebuilt when its sources change.
SITE_SOURCES := $(shell find durak locales notebooks lite -type f -not -path '*/__pycache__/*' -not -name '*.mo') pyproject.toml hatch_build.py
site: site/jupyter-lite.json

site/jupyter-lite.json: $(VENV)/.test $(SITE_SOURCES)
	$(BIN)/python lite/build.py

serve-site: site
	$(BIN)/python lite/serve.py

# The notebook files are written from the lesson content (durak/tutorial/lessons/content) and the catalogs.
notebooks: $(VENV)/.test
	$(BIN)/python -m durak.tutorial.lessons.notebooks

# The quick benchmarks, each under a minute (about 75 s in all on a 2-core machine): the kernel's
# speed (fast path and readable API), the hard search's cost and choices digest, the endgame
# solver, the review. bench/README.md lists them all, the slow and the browser ones too.
bench: $(VENV)/.test
	$(BIN)/python -m bench.playouts
	$(BIN)/python -m bench.playouts --api
	$(BIN)/python -m bench.search_speed
	$(BIN)/python -m bench.endgame
	$(BIN)/python -m bench.review_speed

# Catalogs (gettext domain `durak`): extract -> update (init for a new language) -> compile.
# `pot` is also run by tests/test_catalogs.py (with PYBABEL and POT overridden) so that the test
# extracts exactly as this target does. tests/test_catalogs.py also compares the Plural-Forms
# header of a newly initialized catalog with CLDR's rules: Babel 2.18 writes one form for Turkish,
# CLDR has two.
# The languages and the version each have one place: locales/languages.toml (read through
# durak.i18n; a language listed there without a catalog gets one from `init`) and durak.__version__.
LANGS = $(shell $(BIN)/python -c 'from durak.i18n import LANGUAGES, SOURCE_LANGUAGE; print(*(l for l in LANGUAGES if l != SOURCE_LANGUAGE))')
VERSION = $(shell sed -n 's/^__version__ = "\(.*\)"/\1/p' durak/__init__.py)
PYBABEL ?= $(BIN)/pybabel
POT ?= locales/durak.pot

pot:
	$(PYBABEL) -q extract -F babel.cfg -k N_plural:1,2 -k NC_:1c,2 --add-comments=Translators: \
		--project=durak --version=$(VERSION) --copyright-holder="the durak authors" \
		--msgid-bugs-address="" -o $(POT) .

i18n: $(VENV)/.test
	$(MAKE) pot
	@for lang in $(LANGS); do \
		po=locales/$$lang/LC_MESSAGES/durak.po; \
		if [ -f $$po ]; then \
			$(PYBABEL) -q update -D durak -l $$lang -i $(POT) -o $$po --ignore-obsolete || exit 1; \
		else \
			$(PYBABEL) -q init -D durak -l $$lang -i $(POT) -o $$po || exit 1; \
		fi; \
		mkdir -p durak/locales/$$lang/LC_MESSAGES; \
		$(PYBABEL) compile --statistics -D durak -l $$lang -i $$po \
			-o durak/locales/$$lang/LC_MESSAGES/durak.mo || exit 1; \
	done

clean:
	rm -rf $(VENV) build dist site .pytest_cache .mypy_cache .ruff_cache
