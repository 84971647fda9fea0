"""The content of each notebook: its title, its lesson texts and its exercises, one module each.

Adding an exercise touches one module here (write its factory and add a cell for it to the
module's ``CELLS``), the catalogs, and the notebook file written from the cells (``make
notebooks``). :data:`NOTEBOOKS` is the order the learner meets them in.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

from durak.tutorial.lessons.content import bout, end, game, goal, setup, start, strategy, taking
from durak.tutorial.lessons.model import Exercise

__all__ = ["EXERCISES", "NOTEBOOKS", "NOTEBOOK_EXERCISES", "TOPICS", "build", "next_notebook"]

NOTEBOOKS: dict[str, ModuleType] = {
    module.NOTEBOOK: module for module in (start, goal, setup, bout, taking, end, strategy, game)
}
"""Notebook name -> its content module, in the order they are taken."""

NOTEBOOK_EXERCISES: dict[str, tuple[Callable[[], Exercise], ...]] = {
    name: exercises
    for name, module in NOTEBOOKS.items()
    if (exercises := tuple(cell.factory for cell in module.CELLS if cell.factory is not None))
}
"""Which exercises each notebook shows, in order."""

EXERCISES: dict[str, Callable[[], Exercise]] = {
    factory.__name__: factory for factories in NOTEBOOK_EXERCISES.values() for factory in factories
}

TOPICS: dict[str, tuple[str, tuple[str, ...]]] = {
    topic: text for module in NOTEBOOKS.values() for topic, text in module.TOPICS.items()
}
"""Every lesson text: topic -> (title, paragraphs), all English msgids translated when shown."""


def build(exercise_id: str) -> Exercise:
    """A fresh exercise by id (see :data:`EXERCISES`)."""
    try:
        factory = EXERCISES[exercise_id]
    except KeyError:
        raise ValueError(f"unknown exercise {exercise_id!r}; known: {', '.join(EXERCISES)}") from None
    return factory()


def next_notebook(notebook: str) -> str | None:
    """The notebook after ``notebook`` (None after the last)."""
    names = list(NOTEBOOKS)
    position = names.index(notebook)
    return names[position + 1] if position + 1 < len(names) else None
