"""The AI opponent: players, difficulty levels and hints.

Every player has ``choose(observation, legal_actions) -> Action`` and sees only an
:class:`~durak.Observation`, never the game itself. Build one by level name with
:func:`make_player` (``"random"``, ``"greedy"``, ``"easy"``, ``"normal"``, ``"hard"``), and ask
:func:`hint` what the AI would play in the learner's place, with a :class:`HintReason` code.

How the strong player works (:class:`SearchPlayer`):

- :mod:`~durak.ai.sampling` deals the cards it cannot see in every way consistent with what it
  saw; :mod:`~durak.ai.inference` weighs those deals by how well they explain the opponent's
  moves so far (a sensible but fallible player);
- :mod:`~durak.ai.search` plays every legal move out in the same sampled deals with the fast
  rule-of-thumb policy of :mod:`~durak.ai.policy`, dropping the worse half of the moves in
  rounds, and plays the best;
- once the stock is empty, :mod:`~durak.ai.solver` solves the game exactly, and
  :mod:`~durak.ai.endgame` picks, among the moves of equal value, the one a fallible opponent
  is most likely to go wrong against.

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
from durak.ai.players import GreedyPlayer, Player, RandomPlayer, RulePlayer
from durak.ai.search import Decision, SearchPlayer

__all__ = [
    "LEVELS",
    "Decision",
    "GreedyPlayer",
    "Hint",
    "HintReason",
    "Player",
    "RandomPlayer",
    "RulePlayer",
    "SearchPlayer",
    "hint",
    "make_player",
]
