"""For every test run (pytest, doctests, nbval notebooks and the kernels they start):
the tutorial's settings and saved games go to a throw-away folder, never the user's own."""

from __future__ import annotations

import os
import tempfile

import pytest


def pytest_configure(config: pytest.Config) -> None:
    os.environ["DURAK_CONFIG_DIR"] = tempfile.mkdtemp(prefix="durak-test-settings-")
