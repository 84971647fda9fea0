"""durak: the rules of two-player Durak with the 36-card Russian Atlasnye deck.

>>> from durak import Game
>>> game = Game.new(seed=1)
>>> game.apply(game.legal_actions()[0])
"""

from durak.actions import STOP, TAKE, Action, ActionKind
from durak.cards import DECK, Card, Rank, Suit
from durak.errors import CorruptRecord, IllegalAction, InvalidNotation, Reason
from durak.game import Game, Observation, Phase

__all__ = [
    "DECK",
    "STOP",
    "TAKE",
    "Action",
    "ActionKind",
    "Card",
    "CorruptRecord",
    "Game",
    "IllegalAction",
    "InvalidNotation",
    "Observation",
    "Phase",
    "Rank",
    "Reason",
    "Suit",
]
__version__ = "0.1.0"
