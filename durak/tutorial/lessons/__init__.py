"""What the lesson notebooks show: every cell calls one function here.

The notebooks stay short and every word a learner reads comes from the catalogs. The lesson
framework is widget-free (:mod:`~durak.tutorial.lessons.model`), the views thin
(:mod:`~durak.tutorial.lessons.views`), and each notebook's texts and exercises live in a
content module of its own (:mod:`~durak.tutorial.lessons.content`).

>>> from durak import Card
>>> from durak.i18n import set_language
>>> set_language("en")
>>> view = exercise("beat_trump")
>>> view.card_buttons[Card.parse("6♠")].click()
>>> view.feedback_text
'6♠ is lower than 8♠: a trump is beaten only by a higher trump.'
>>> view.card_buttons[Card.parse("10♠")].click(); view.card_buttons[Card.parse("Д♠")].click()
>>> view.exercise.solved
True
>>> view.close()
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from durak.tutorial.lessons.content import EXERCISES, NOTEBOOKS, TOPICS, build
from durak.tutorial.lessons.views import DeckView, ExerciseView, Header, IndicesView, LessonText
from durak.tutorial.settings import restore_language

if TYPE_CHECKING:
    from durak.tutorial.game_view import PlayView
    from durak.tutorial.review_view import SavedGamesReview

__all__ = [
    "EXERCISES",
    "NOTEBOOKS",
    "TOPICS",
    "DeckView",
    "ExerciseView",
    "Header",
    "IndicesView",
    "LessonText",
    "deck",
    "exercise",
    "header",
    "indices",
    "intro",
    "play",
    "review",
]


def header(notebook: str) -> Header:
    """The notebook's title, the language picker, the progress and the look-ups (its first cell)."""
    return Header(notebook)


def intro(topic: str) -> LessonText:
    """A piece of lesson text, e.g. ``intro("beating")``; as a notebook's first cell it also
    restores the learner's language, as :func:`header` does."""
    restore_language()
    return LessonText(topic)


def deck() -> DeckView:
    """All 36 cards as buttons, in rank order."""
    return DeckView()


def indices() -> IndicesView:
    """The Cyrillic court indices explained."""
    return IndicesView()


def exercise(exercise_id: str) -> ExerciseView:
    """The view of a fresh exercise, e.g. ``exercise("beat_plain")``."""
    return ExerciseView(build(exercise_id))


def play() -> PlayView:
    """The game against the AI, as :func:`durak.tutorial.play` starts it (notebook 07's last cell)."""
    from durak.tutorial.game_view import play as start  # loads the search: only the game needs it

    return start()


def review(open_topic: Callable[[str], None] | None = None) -> SavedGamesReview:
    """Review one of your finished games, saved (notebook 07's last cell); ``open_topic`` opens
    a part of lesson 06 from a habit the review names, where the page has the lessons."""
    from durak.tutorial.review_view import SavedGamesReview  # loads the AI's review: only this cell needs it

    return SavedGamesReview(open_topic=open_topic)
