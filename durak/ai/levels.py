"""Difficulty levels: players by name.

- ``random``: any legal move.
- ``greedy``: the published baseline (cheapest card, takes only when nothing beats).
- ``easy``: sensible rules of thumb, but one move in four is random: a gentle first opponent.
- ``normal``: a short search, with exact play once the stock is empty.
- ``hard``: the full search (a quarter of a second per decision, or :data:`LEVEL_ITERATIONS`
  playouts when reproducible play is wanted).
- ``clairvoyant``: a cheating reference for the arena, never a learner's opponent: the hard
  search told the opponent's whole hand (:mod:`durak.ai.clairvoyant`).

>>> LEVELS
('random', 'greedy', 'easy', 'normal', 'hard', 'clairvoyant')
>>> make_player("greedy")
GreedyPlayer()
>>> make_player("hard", seed=1, iterations=500)
SearchPlayer(iterations=500)
"""

from __future__ import annotations

from durak.ai.players import GreedyPlayer, Player, RandomPlayer, RulePlayer
from durak.ai.policy import RuleParams
from durak.ai.search import SearchPlayer

__all__ = ["LEARNER_LEVELS", "LEVELS", "LEVEL_ITERATIONS", "TIME_LIMITS", "make_player"]

LEVELS: tuple[str, ...] = ("random", "greedy", "easy", "normal", "hard", "clairvoyant")
"""Every level a player can be made of (the arena pits any two)."""
LEARNER_LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
"""The levels a learner is offered; random and greedy are baselines for measuring the others."""

TIME_LIMITS = {"normal": 0.03, "hard": 0.25}
"""Seconds of search per decision for the searching levels when no iteration budget is given."""

LEVEL_ITERATIONS = {"normal": 60, "hard": 8000}
"""Playouts per decision for reproducible play (the arena uses them). The hard level's budget
keeps its median decision under 0.3 s on a 2-core machine (see bench/strength.py)."""

# the clairvoyant reference is the hard search at hard's budget: only what it is told differs
TIME_LIMITS["clairvoyant"] = TIME_LIMITS["hard"]
LEVEL_ITERATIONS["clairvoyant"] = LEVEL_ITERATIONS["hard"]


def make_player(level: str, seed: int | None = None, iterations: int | None = None) -> Player:
    """A player of the named level. ``iterations`` replaces a searching level's time budget by
    a fixed number of playouts per decision, so that a seeded player is reproducible."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
    if level == "random":
        return RandomPlayer(seed)
    if level == "greedy":
        return GreedyPlayer()
    if level == "easy":
        return RulePlayer(RuleParams(noise=0.25), seed)
    if level == "clairvoyant":
        from durak.ai.clairvoyant import ClairvoyantPlayer

        return ClairvoyantPlayer(time_limit=TIME_LIMITS[level], iterations=iterations, seed=seed)
    return SearchPlayer(time_limit=TIME_LIMITS[level], iterations=iterations, seed=seed)
