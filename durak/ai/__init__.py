"""The AI opponent: players, difficulty levels and hints.

Every player has ``choose(observation, legal_actions) -> Action`` and sees only an
:class:`~durak.Observation`, never the game itself.

>>> from durak import Game
>>> game = Game.new(seed=5)
>>> ai = make_player("hard", seed=1, iterations=200)
>>> action = ai.choose(game.observation(game.to_move), game.legal_actions())
>>> game.can_apply(action)
True
"""

from __future__ import annotations

from durak.ai.hints import Hint, HintReason, hint
from durak.ai.levels import LEVELS, make_player
from durak.ai.players import GreedyPlayer, Player, RandomPlayer
from durak.ai.search import Decision, SearchPlayer

__all__ = [
    "LEVELS",
    "Decision",
    "GreedyPlayer",
    "Hint",
    "HintReason",
    "Player",
    "RandomPlayer",
    "SearchPlayer",
    "hint",
    "make_player",
]
