"""The Jupyter side of the tutorial: ipywidgets views over the widget-free rules core.

:mod:`durak.tutorial.widgets` holds the building blocks (cards, hands, the table,
the error area, the language picker, the appearance sliders, the rules view);
the full game against the AI is :func:`play` (:mod:`durak.tutorial.play`).

Importing the package switches to the language the learner chose last time
(see :mod:`durak.tutorial.settings`; ``DURAK_LANG`` overrides it).
"""

import logging

from durak.tutorial.play import PlayModel, PlayView, play
from durak.tutorial.settings import restore_language
from durak.tutorial.widgets import (
    AppearanceControls,
    CardButton,
    ErrorArea,
    FeltTable,
    HandView,
    LanguagePicker,
    LocalizedHBox,
    LocalizedMixin,
    LocalizedVBox,
    OpponentHandView,
    RulesView,
    StockView,
    TableOrRules,
    TableView,
)

__all__ = [
    "AppearanceControls",
    "CardButton",
    "ErrorArea",
    "FeltTable",
    "HandView",
    "LanguagePicker",
    "LocalizedHBox",
    "LocalizedMixin",
    "LocalizedVBox",
    "OpponentHandView",
    "PlayModel",
    "PlayView",
    "RulesView",
    "StockView",
    "TableOrRules",
    "TableView",
    "language_picker",
    "play",
]


def language_picker() -> LanguagePicker:
    """The language picker for a notebook's first cell; the choice is remembered."""
    restore_language()
    return LanguagePicker()


try:
    restore_language()
except Exception:  # a broken settings file must not stop the tutorial from importing
    logging.getLogger(__name__).exception("could not restore the remembered language")
