"""Shared fixtures (the order the tests run in, and their groups on xdist's workers, are set in
../conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from durak.i18n import set_language
from durak.tutorial import settings


@pytest.fixture
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Settings and saved games go to a temporary folder, never the real home; the test starts
    (and ends) in English. Yields the tutorial's config folder (not created yet)."""
    monkeypatch.setenv(settings.CONFIG_DIR_ENV, str(tmp_path / "config"))
    monkeypatch.delenv(settings.LANGUAGE_ENV, raising=False)
    set_language("en")
    yield tmp_path / "config"
    set_language("en")
