"""Difficulty levels: players by name.

>>> LEVELS
('random', 'greedy', 'easy', 'normal', 'hard')
>>> make_player("greedy")
GreedyPlayer()
"""

from __future__ import annotations

from durak.ai.players import GreedyPlayer, Player, RandomPlayer, RulePlayer
from durak.ai.policy import RuleParams
from durak.ai.search import SearchPlayer

__all__ = ["LEVELS", "LEVEL_ITERATIONS", "make_player"]

LEVELS: tuple[str, ...] = ("random", "greedy", "easy", "normal", "hard")

TIME_LIMITS = {"normal": 0.05, "hard": 0.25}
"""Seconds per decision of the searching levels when no iteration budget is given."""

LEVEL_ITERATIONS = {"normal": 60, "hard": 1000}
"""Playouts per decision that match each searching level's time budget on a slow machine;
the arena uses them so that its results are reproducible."""


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
    return SearchPlayer(time_limit=TIME_LIMITS[level], iterations=iterations, seed=seed)
