"""The Jupyter side of the tutorial: ipywidgets views over the widget-free rules core.

:mod:`durak.tutorial.lessons` holds what the lesson notebooks show,
:mod:`durak.tutorial.widgets` the building blocks (cards, hands, the table, the error area,
the language picker, the appearance sliders, the rules view), and the full game against the
AI is :func:`play` (:mod:`durak.tutorial.game_view` over :mod:`durak.tutorial.game_model`).

Importing the package does nothing else: the remembered language is restored by the first
view a notebook shows (``lessons.header``, :func:`play`), and the AI is loaded only by the game.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from durak.tutorial.game_model import PlayModel
    from durak.tutorial.game_view import PlayView, play
    from durak.tutorial.widgets import LanguagePicker

__all__ = ["PlayModel", "PlayView", "language_picker", "play"]

_HOMES = {"PlayModel": "game_model", "PlayView": "game_view", "play": "game_view"}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'durak.tutorial' has no attribute {name!r}")
    value = getattr(import_module(f"durak.tutorial.{home}"), name)
    globals()[name] = value
    return value


def language_picker() -> LanguagePicker:
    """The language picker for a notebook's first cell; the choice is remembered."""
    from durak.tutorial.settings import restore_language
    from durak.tutorial.widgets import LanguagePicker

    restore_language()
    return LanguagePicker()
