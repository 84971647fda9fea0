"""The exercises, by notebook: the public entry point other tools drive.

``NOTEBOOK_EXERCISES`` maps each notebook to its exercise factories; an exercise has
``.choices``, ``.answers`` and ``.check(choice)``, which returns a feedback with ``.correct``
that :func:`feedback_text` words in the current language. Everything here lives in
:mod:`durak.tutorial.lessons` (the framework in ``model``, each notebook's exercises in
``content``); this module keeps one short import for it.

>>> from durak.i18n import set_language
>>> set_language("en")
>>> exercise = build("beat_plain")
>>> sorted(str(card) for card in exercise.answers)
['10♥', '6♠', 'Т♥']
>>> feedback_text(exercise.check(Card.parse("10♥")))
'10♥ beats 9♥: the same suit, and higher. 2 more to find.'
"""

from __future__ import annotations

from durak.cards import Card
from durak.tutorial.lessons.content import EXERCISES, NOTEBOOK_EXERCISES, build
from durak.tutorial.lessons.model import (
    Answer,
    Choose,
    Coached,
    Exercise,
    Feedback,
    Option,
    PickAll,
    PlayOut,
    feedback_text,
    option_label,
)

__all__ = [
    "EXERCISES",
    "NOTEBOOK_EXERCISES",
    "Answer",
    "Card",
    "Choose",
    "Coached",
    "Exercise",
    "Feedback",
    "Option",
    "PickAll",
    "PlayOut",
    "build",
    "feedback_text",
    "option_label",
]
