# The two commands of the README: `make tutorial` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: tutorial app test lint typecheck bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Stamps re-install when pyproject.toml changes.
$(VENV)/.tutorial: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[tutorial]'
	touch $@

$(VENV)/.test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

tutorial: $(VENV)/.tutorial
	$(BIN)/durak-tutorial

app: $(VENV)/.tutorial
	$(BIN)/durak-tutorial --app

lint: $(VENV)/.test
	$(BIN)/ruff check durak tests bench

typecheck: $(VENV)/.test
	$(BIN)/mypy

test: lint typecheck
	$(BIN)/python -m pytest durak tests

bench: $(VENV)/.test
	$(BIN)/python bench/playouts.py

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache
