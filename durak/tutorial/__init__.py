"""The Jupyter side of the tutorial: ipywidgets views over the widget-free rules core.

:func:`course` is the whole tutorial as one page (:mod:`durak.tutorial.course_view`),
:mod:`durak.tutorial.lessons` holds what the lesson notebooks show,
:mod:`durak.tutorial.widgets` the building blocks (cards, hands, the table, the error area,
the language picker, the appearance sliders, the rules view), :mod:`durak.tutorial.style` the
look (every colour), and the full game against the AI is :func:`play`
(:mod:`durak.tutorial.game_view` over :mod:`durak.tutorial.game_model`).

Importing the package does nothing else: the remembered language is restored by the first
view a notebook shows (``lessons.header``, :func:`play`), and the AI is loaded only by the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from durak._lazy import lazy_attributes

if TYPE_CHECKING:
    from durak.tutorial.course_view import CourseView, course
    from durak.tutorial.game_model import PlayModel
    from durak.tutorial.game_view import PlayView, play
    from durak.tutorial.widgets.chrome import LanguagePicker

__all__ = ["CourseView", "PlayModel", "PlayView", "course", "language_picker", "play"]

_HOMES = {
    "course": "course_view",
    "CourseView": "course_view",
    "PlayModel": "game_model",
    "PlayView": "game_view",
    "play": "game_view",
}


__getattr__ = lazy_attributes(__name__, _HOMES)


def language_picker() -> LanguagePicker:
    """The language picker for a notebook's first cell; the choice is remembered."""
    # here, not at the top: importing the package must stay free of widgets and side effects
    from durak.tutorial.settings import restore_language
    from durak.tutorial.widgets.chrome import LanguagePicker

    restore_language()
    return LanguagePicker()
