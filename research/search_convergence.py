"""Has the hard search converged? Its choice at its budget against a much bigger budget.

Usage: python -m research.search_convergence [--small N] [--big M] [--positions 60] [--seed 5]

Positions come from games of the searching player against the greedy baseline: decisions with
cards in the stock and more than one legal action (about a third of them, picked at random). At
each, a fresh player with ``--small`` playouts (default: the hard level's budget) and one with
``--big`` playouts (default: ten times that) decide. Printed:
how often they pick the same move, and the small budget's mean regret as the big search scores
it (its estimate of the win probability given up). Much disagreement with a clear regret says
more playouts would make the player stronger; little says the playouts themselves are the limit.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from durak import Game
from durak.ai.levels import HARD_OPPONENT_MODEL, LEVEL_ITERATIONS
from durak.ai.players import GreedyPlayer, Player
from durak.ai.search import Method, SearchPlayer
from durak.arena import playing

SAMPLED = 0.35  # the share of eligible decisions that are measured


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--small", type=int, default=LEVEL_ITERATIONS["hard"])
    parser.add_argument("--big", type=int, default=10 * LEVEL_ITERATIONS["hard"])
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    same: list[bool] = []
    regrets: list[float] = []
    seconds: dict[int, list[float]] = {args.small: [], args.big: []}
    while len(same) < args.positions:
        game = Game.new(seed=rng.randrange(2**32))
        searcher = rng.randrange(2)
        players: list[Player] = [GreedyPlayer(), GreedyPlayer()]
        players[searcher] = SearchPlayer(
            iterations=args.small, seed=rng.randrange(2**32), **HARD_OPPONENT_MODEL
        )
        for seat, legal in playing(game, players):
            if seat == searcher and game.stock and len(legal) > 1 and rng.random() < SAMPLED:
                observation = game.observation(seat)
                decisions = {}
                for budget in (args.small, args.big):
                    start = time.perf_counter()
                    player = SearchPlayer(iterations=budget, seed=rng.randrange(2**32), **HARD_OPPONENT_MODEL)
                    decisions[budget] = player.decide(observation, legal)
                    seconds[budget].append(time.perf_counter() - start)
                small, big = decisions[args.small], decisions[args.big]
                if small.method == Method.SEARCH:
                    same.append(small.action == big.action)
                    regrets.append(max(big.scores.values()) - big.scores[small.action])
                    if len(same) == args.positions:
                        break
    print(
        f"{args.small} vs {args.big} playouts, {len(same)} search decisions: same move "
        f"{sum(same) / len(same):.0%}; regret of the smaller budget (by the bigger one's scores) "
        f"mean {statistics.mean(regrets):.4f}, max {max(regrets):.3f}"
    )
    for budget, times in seconds.items():
        print(f"  {budget:>6} playouts: median decision {statistics.median(times) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
