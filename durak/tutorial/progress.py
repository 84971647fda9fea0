"""Which exercises the learner has solved, kept across notebooks and kernel restarts.

The solved exercise ids live in the settings file (:mod:`durak.tutorial.settings`, key
``"solved"``). A write that fails is logged and forgotten: progress is a courtesy, never a
reason to stop a lesson.

>>> import os, tempfile
>>> os.environ["DURAK_CONFIG_DIR"] = tempfile.mkdtemp()
>>> solved()
frozenset()
>>> mark_solved("deck_aces"); sorted(solved())
['deck_aces']
>>> del os.environ["DURAK_CONFIG_DIR"]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from durak.listeners import Listeners
from durak.tutorial.settings import load_settings, try_edit_settings

__all__ = ["mark_solved", "on_progress", "solved"]

SOLVED_KEY = "solved"
_listeners = Listeners()


def solved() -> frozenset[str]:
    """The ids of every exercise solved so far (in any notebook, any earlier session)."""
    ids = load_settings().get(SOLVED_KEY)
    return frozenset(i for i in ids if isinstance(i, str)) if isinstance(ids, list) else frozenset()


def mark_solved(exercise_id: str) -> None:
    """Remember that ``exercise_id`` is solved, and tell the progress views."""
    if exercise_id not in solved():
        try_edit_settings(lambda settings: _add(settings, exercise_id), SOLVED_KEY)
    _listeners.notify(exercise_id)


def _add(settings: dict[str, Any], exercise_id: str) -> None:
    # Added to the list as it is on disk now, under the settings' lock: another notebook may
    # have marked an exercise since this one last looked.
    ids = settings.get(SOLVED_KEY)
    done = {i for i in ids if isinstance(i, str)} if isinstance(ids, list) else set()
    settings[SOLVED_KEY] = sorted(done | {exercise_id})


def on_progress(callback: Callable[[str], Any]) -> Callable[[], None]:
    """Call ``callback(exercise_id)`` whenever an exercise is solved; returns an unsubscriber."""
    return _listeners.subscribe(callback)
