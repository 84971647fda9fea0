"""The Jupyter side of the tutorial: ipywidgets views over the widget-free rules core.

``durak.tutorial.widgets`` holds the building blocks (cards, hands, the table,
the error area); the full game against the AI is :func:`play`.
"""

from durak.tutorial.widgets import (
    CardButton,
    ErrorArea,
    HandView,
    LocalizedHBox,
    LocalizedMixin,
    LocalizedVBox,
    OpponentHandView,
    StockView,
    TableView,
)

__all__ = [
    "CardButton",
    "ErrorArea",
    "HandView",
    "LocalizedHBox",
    "LocalizedMixin",
    "LocalizedVBox",
    "OpponentHandView",
    "StockView",
    "TableView",
]
