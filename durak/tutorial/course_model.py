"""The course as a model: which lesson is open, where it leads, and how far the learner is.

Widget-free (the view is :mod:`durak.tutorial.course_view`). The lessons are the notebooks'
content modules in order (:data:`~durak.tutorial.lessons.content.NOTEBOOKS`); the open one is
remembered in the settings, so a reload opens the course where the learner left it.

>>> import os, tempfile
>>> os.environ["DURAK_CONFIG_DIR"] = tempfile.mkdtemp()
>>> course = CourseModel()
>>> course.current, course.previous
('00_start', None)
>>> course.open(course.next)
>>> CourseModel().current  # remembered
'01_goal'
>>> course.lesson_progress("00_start")
(0, 3)
>>> del os.environ["DURAK_CONFIG_DIR"]
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Sequence

from durak.i18n import get_language, set_language, supported_language
from durak.tutorial import progress
from durak.tutorial.lessons.content import NOTEBOOK_EXERCISES, NOTEBOOKS
from durak.tutorial.settings import (
    LANGUAGE_ENV,
    load_settings,
    remember_language,
    remembered_language,
    restore_language,
    try_update_settings,
)

__all__ = ["LESSON_KEY", "CourseModel", "UnknownLesson", "start_language"]

LESSON_KEY = "course_lesson"
"""The settings key of the lesson the course shows."""


class UnknownLesson(ValueError):
    """A lesson name that is not one of the course's."""

    def __init__(self, name: object) -> None:
        super().__init__(f"unknown lesson {name!r}; the lessons are: {', '.join(NOTEBOOKS)}")


class CourseModel:
    """The course's state: the lessons in order and the one open now."""

    lessons: tuple[str, ...] = tuple(NOTEBOOKS)

    def __init__(self, lesson: str | None = None) -> None:
        """Open ``lesson`` (remembered, as going there is), else the one remembered, else the first."""
        self.current: str = self.lessons[0]
        if lesson is not None:
            self.open(lesson)
            return
        remembered = load_settings().get(LESSON_KEY)
        if isinstance(remembered, str) and remembered in NOTEBOOKS:
            self.current = remembered

    @property
    def index(self) -> int:
        """The open lesson's place, from 0."""
        return self.lessons.index(self.current)

    @property
    def next(self) -> str | None:
        """The lesson after the open one (None at the end)."""
        return self.lessons[self.index + 1] if self.index + 1 < len(self.lessons) else None

    @property
    def previous(self) -> str | None:
        """The lesson before the open one (None at the start)."""
        return self.lessons[self.index - 1] if self.index > 0 else None

    def open(self, lesson: str | None) -> None:
        """Make ``lesson`` the open one, and remember it (a failed write is logged, not raised)."""
        if lesson not in NOTEBOOKS:
            raise UnknownLesson(lesson)
        self.current = lesson
        try_update_settings(**{LESSON_KEY: lesson})

    @staticmethod
    def lesson_progress(lesson: str, solved: frozenset[str] | None = None) -> tuple[int, int]:
        """(exercises solved, exercises) of ``lesson`` (``solved``: the ids, if already read)."""
        ids = {factory.__name__ for factory in NOTEBOOK_EXERCISES.get(lesson, ())}
        return len(ids & (progress.solved() if solved is None else solved)), len(ids)


def start_language(requested: str | None = None, browser: Sequence[str] = ()) -> str:
    """Switch to the language the course starts in, and return it.

    ``requested`` (a teacher's ``?lang=`` link, or the language the learner picked, carried in
    the page's address) wins and is remembered as if picked; then the language picked last
    time (or ``DURAK_LANG``); then the first of the ``browser``'s languages the tutorial speaks (``"es-ES"``);
    else the system's, as :mod:`durak.i18n` chose it. A ``requested`` language the tutorial
    does not speak is ignored, like a browser's: the page must open whatever its address says.
    """
    chosen = supported_language(requested) if requested else None
    if chosen is not None:
        set_language(chosen)
        if remembered_language() != chosen:
            _after_this_turn(lambda: remember_language(chosen))
        return chosen
    if remembered_language() is not None or os.environ.get(LANGUAGE_ENV):
        return restore_language()
    spoken = next((code for spec in browser if (code := supported_language(spec)) is not None), None)
    if spoken is not None:
        set_language(spoken)
    return get_language()


def _after_this_turn(write: Callable[[], object]) -> None:
    """``write`` once the kernel's turn is over, in a kernel (the page first: on the site the
    first write creates the settings folder, a fifth of a second); at once elsewhere."""
    try:
        asyncio.get_running_loop().call_soon(write)
    except RuntimeError:
        write()
