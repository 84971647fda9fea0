"""durak: the rules of two-player Durak with the 36-card Russian Atlasnye deck.

>>> from durak import Game
>>> game = Game.new(seed=1)
>>> done = game.apply(game.legal_actions()[0])  # the attacker leads
>>> done.played == game.table[0][0]
True
"""

from durak.actions import STOP, TAKE, Action, ActionKind
from durak.cards import DECK, Card, Rank, Suit
from durak.errors import CorruptRecord, IllegalAction, InvalidNotation, Reason
from durak.game import Applied, Deal, Game, Observation, Outcome, Phase
from durak.rules import Rules

__all__ = [
    "DECK",
    "STOP",
    "TAKE",
    "Action",
    "ActionKind",
    "Applied",
    "Card",
    "CorruptRecord",
    "Deal",
    "Game",
    "IllegalAction",
    "InvalidNotation",
    "Observation",
    "Outcome",
    "Phase",
    "Rank",
    "Reason",
    "Rules",
    "Suit",
]
__version__ = "0.1.0"
