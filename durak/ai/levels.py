"""Difficulty levels: players by name.

- ``random``: any legal move.
- ``greedy``: the published baseline (cheapest card, takes only when nothing beats).
- ``easy``: sensible rules of thumb, but one move in four is random: a gentle first opponent.
- ``normal``: a short search, with exact play once the stock is empty.
- ``hard``: the full search (a quarter of a second per decision, or :data:`LEVEL_ITERATIONS`
  playouts when reproducible play is wanted), reading and foreseeing its opponent as a blend of a
  sensible player and a plain cheapest-card one (:data:`HARD_OPPONENT_MODEL`).

Two more players are references for the arena (:data:`REFERENCE_LEVELS`), never a learner's
opponent nor a level of the product:

- ``hard-v1``: the hard level as it was before issue 18 (the sensible player alone in its
  playouts, a stricter reading of the hand);
- ``clairvoyant``: a cheating reference, the hard-v1 search told the opponent's whole hand
  (:mod:`durak.ai.clairvoyant`): the ceiling of a fair player.

>>> LEVELS
('random', 'greedy', 'easy', 'normal', 'hard')
>>> REFERENCE_LEVELS
('hard-v1', 'clairvoyant')
>>> make_player("greedy")
GreedyPlayer()
>>> make_player("hard", seed=1, iterations=500)
SearchPlayer(iterations=500)
"""

from __future__ import annotations

from typing import TypedDict

from durak.ai.players import GreedyPlayer, Player, RandomPlayer, RulePlayer
from durak.ai.policy import RuleParams
from durak.ai.search import SearchPlayer

__all__ = [
    "HARD_OPPONENT_MODEL",
    "LEARNER_LEVELS",
    "LEVELS",
    "LEVEL_ITERATIONS",
    "OPPONENT_MODELS",
    "REFERENCE_LEVELS",
    "TIME_LIMITS",
    "OpponentModel",
    "make_player",
]

LEVELS: tuple[str, ...] = ("random", "greedy", "easy", "normal", "hard")
"""The product's levels: the learner's three and the two baselines they are measured against."""
LEARNER_LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
"""The levels a learner is offered; random and greedy are baselines for measuring the others."""
REFERENCE_LEVELS: tuple[str, ...] = ("hard-v1", "clairvoyant")
"""Players the arena pits as yardsticks (:mod:`durak.arena`) and nothing else offers: the hard
level before issue 18, and that search told the opponent's hand. :func:`make_player` makes them."""

TIME_LIMITS = {"normal": 0.03, "hard": 0.25}
"""Seconds of search per decision for the searching levels when no iteration budget is given."""

LEVEL_ITERATIONS = {"normal": 60, "hard": 8000}
"""Playouts per decision for reproducible play (the arena uses them). The hard level's budget
keeps its median decision under 0.3 s on a 2-core machine (see bench/strength.py)."""

# the references play at hard's budget: clairvoyant (the search before issue 18, told the
# opponent's hand) and hard-v1 (that search, fair) differ from hard only in what they know or assume
for _reference in REFERENCE_LEVELS:
    TIME_LIMITS[_reference] = TIME_LIMITS["hard"]
    LEVEL_ITERATIONS[_reference] = LEVEL_ITERATIONS["hard"]


class OpponentModel(TypedDict, total=False):
    """How a search reads and foresees its opponent (keyword arguments of :class:`SearchPlayer`;
    those left out keep the search's defaults: a sensible opponent)."""

    belief_noise: float
    playout_params: RuleParams


HARD_OPPONENT_MODEL: OpponentModel = {
    "belief_noise": 0.5,
    "playout_params": RuleParams(noise=0.05, opponent_greedy=0.5),
}
"""How the hard level models its opponent. Most players, and beginners above all, play partly by
sensible rules and partly by the plain cheapest card (beat whenever possible, lead the lowest
card). The playouts let the opponent play the plain move half of the time, and the hand reading
forgives a move its rules do not explain at even odds. Measured on the deals of the arena records
(bench/results/DECISIONS.md): against greedy 92.6% of 2,000 games where hard-v1 won 90.8%, 91.9%
against 90.9% on the 1,600 whose deals did not choose it; against hard-v1 as many points as
hard-v1 itself scored on the same deals.
"""

OPPONENT_MODELS: dict[str, OpponentModel] = {"normal": {}, "hard": HARD_OPPONENT_MODEL, "hard-v1": {}}
"""How each fair search level models its opponent: the options :func:`make_player` gives it."""


def make_player(level: str, seed: int | None = None, iterations: int | None = None) -> Player:
    """A player of the named level (or reference, :data:`REFERENCE_LEVELS`). ``iterations``
    replaces a searching level's time budget by a fixed number of playouts per decision, so that
    a seeded player is reproducible."""
    if level not in LEVELS and level not in REFERENCE_LEVELS:
        raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEVELS + REFERENCE_LEVELS)}")
    if level == "random":
        return RandomPlayer(seed)
    if level == "greedy":
        return GreedyPlayer()
    if level == "easy":
        return RulePlayer(RuleParams(noise=0.25), seed)
    if level == "clairvoyant":
        from durak.ai.clairvoyant import ClairvoyantPlayer

        return ClairvoyantPlayer(time_limit=TIME_LIMITS[level], iterations=iterations, seed=seed)
    model = OPPONENT_MODELS[level]
    return SearchPlayer(time_limit=TIME_LIMITS[level], iterations=iterations, seed=seed, **model)
