"""What the benchmarks share: their command line, the games they play, the positions they take.

The games are played by the arena's own loop (:func:`durak.arena.playing`, under
:func:`~durak.arena.play_game`), so that a benchmark measures the code a match runs. Only
``bench/playouts.py`` writes its loops by hand: the loop is what it measures.
"""

from __future__ import annotations

import argparse
import itertools
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from durak import Action, Game
from durak.ai.levels import make_player
from durak.ai.players import Player
from durak.arena import playing

ROOT = Path(__file__).resolve().parents[1]
"""The repository: the scripts run from here, ``python -m bench.<script>``."""


def command_line(doc: str | None) -> argparse.ArgumentParser:
    """A script's command line, with its docstring (usage and what it prints) as the help."""
    return argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)


def learner_players(seed: int, ai_seed: int) -> tuple[Player, Player]:
    """The players of a game a learner plays: a stand-in learner in seat 0 (the easy level:
    lesson 06's rule of thumb, a random move one time in four) and the normal AI in seat 1 at
    its reproducible budget."""
    return make_player("easy", seed=seed), make_player("normal", seed=ai_seed, iterations=60)


def decisions(
    first_seed: int, players: Callable[[int], Sequence[Player]]
) -> Iterator[tuple[Game, int, int, list[Action]]]:
    """The decisions of games dealt with seeds ``first_seed``, ``first_seed + 1``, ... (without
    end), the ``n``-th game played by ``players(n)``: ``(game, number, seat, legal)`` before the
    decision ``number`` (from 0) of each game, the game as it stands (copy it to keep it)."""
    for deal in itertools.count():
        game = Game.new(seed=first_seed + deal)
        for number, (seat, legal) in enumerate(playing(game, players(deal))):
            yield game, number, seat, legal


def percentile(values: Sequence[float], fraction: float) -> float:
    """The value ``fraction`` of the way up ``values`` sorted (the nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]
