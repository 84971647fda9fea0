# The two commands of the README: `make tutorial` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: tutorial app test lint typecheck bench clean i18n pot notebooks site serve-site

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The packages are installed with uv (from PyPI, into the same .venv): 10 s where pip takes 46 s
# on a fresh clone, a fifth of CI's budget.
$(BIN)/uv: | $(BIN)/python
	$(BIN)/python -m pip install --quiet uv
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

# The checks and the site build run side by side (mypy computes while the site downloads), then
# the tests on TEST_WORKERS processes (pytest-xdist; conftest.py groups the tests that share a
# server or must not overlap, and sends the longest groups first). Three on this 2-core machine:
# the browser tests wait on pages and kernels (407 s with 3 workers, 447 s with 2, 437 s with 4).
TEST_WORKERS ?= 3
test: $(VENV)/.test
	$(MAKE) --no-print-directory -j3 lint typecheck site
	rm -rf test-artifacts/failures
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadgroup --no-loadscope-reorder --durations=20 \
		--nbval-lax durak tests notebooks

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
