"""The AI opponent: players, difficulty levels, hints, and the review of a game.

Every player has ``choose(observation, legal_actions) -> Action`` and sees only an
:class:`~durak.Observation`, never the game itself. Build one by level name with
:func:`make_player` (``"random"``, ``"greedy"``, ``"easy"``, ``"normal"``, ``"hard"``), ask
:func:`hint` what the AI would play in the learner's place, with a :class:`HintReason` code, and
:func:`review` a finished game: the player's chance at every decision and the key moments.

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
>>> from durak.ai import make_player
>>> game = Game.new(seed=5)
>>> ai = make_player("hard", seed=1, iterations=200)
>>> action = ai.choose(game.observation(game.to_move), game.legal_actions())
>>> game.can_apply(action)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from durak._lazy import lazy_attributes

if TYPE_CHECKING:  # the names below are imported on first use: `import durak.ai.players` stays light
    from durak.ai.hints import Hint, HintReason, hint
    from durak.ai.levels import LEARNER_LEVELS, LEVELS, make_player
    from durak.ai.players import GreedyPlayer, Player, RandomPlayer, RulePlayer
    from durak.ai.review import Moment, Review, review
    from durak.ai.search import Decision, SearchPlayer

_HOMES = {
    "Hint": "hints", "HintReason": "hints", "hint": "hints",
    "LEARNER_LEVELS": "levels", "LEVELS": "levels", "make_player": "levels",
    "GreedyPlayer": "players", "Player": "players", "RandomPlayer": "players", "RulePlayer": "players",
    "Decision": "search", "SearchPlayer": "search",
    "Moment": "review", "Review": "review", "review": "review",
}  # fmt: skip

__all__ = [
    "LEARNER_LEVELS",
    "LEVELS",
    "Decision",
    "GreedyPlayer",
    "Hint",
    "HintReason",
    "Moment",
    "Player",
    "RandomPlayer",
    "Review",
    "RulePlayer",
    "SearchPlayer",
    "hint",
    "make_player",
    "review",
]


__getattr__ = lazy_attributes(__name__, _HOMES)
