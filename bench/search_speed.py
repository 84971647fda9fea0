"""The hard search's cost per decision on fixed positions, and a digest of what it chose.

Usage: python -m bench.search_speed [--positions 30] [--iterations N] [--seed 7]

The positions come from games of the greedy player against a random one (every third decision
with cards in the stock and a choice to make), so they do not depend on the search itself. The
searching player decides each with a fixed playout budget (default: the hard level's) and a
fixed seed. Printed: CPU seconds per decision (``time.process_time``, so that another process
on the machine disturbs it less than wall-clock time) and a digest of every decision's move and
scores. A change meant only to make the search faster must leave the digest as it was.
"""

from __future__ import annotations

import hashlib
import time

from bench._common import command_line, decisions
from durak import Action, Observation
from durak.ai.levels import HARD_OPPONENT_MODEL, LEVEL_ITERATIONS
from durak.ai.players import GreedyPlayer, RandomPlayer
from durak.ai.search import SearchPlayer


def positions(count: int) -> list[tuple[Observation, list[Action]]]:
    found: list[tuple[Observation, list[Action]]] = []
    for game, number, seat, legal in decisions(500, lambda deal: (GreedyPlayer(), RandomPlayer(deal))):
        if len(legal) > 1 and game.stock and number % 3 == 0:
            found.append((game.observation(seat), legal))
            if len(found) == count:
                break
    return found


def main() -> None:
    parser = command_line(__doc__)
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--iterations", type=int, default=LEVEL_ITERATIONS["hard"])
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    player = SearchPlayer(iterations=args.iterations, seed=args.seed, **HARD_OPPONENT_MODEL)
    chosen = []
    measured = positions(args.positions)
    start = time.process_time()
    for observation, legal in measured:
        decision = player.decide(observation, legal)
        chosen.append(f"{decision.action}{[round(s, 9) for s in decision.scores.values()]}")
    cpu = time.process_time() - start
    digest = hashlib.sha256(repr(chosen).encode()).hexdigest()[:12]
    print(
        f"{len(chosen)} decisions at {args.iterations} playouts: {cpu / len(chosen) * 1000:.0f} ms CPU "
        f"a decision, choices digest {digest}"
    )


if __name__ == "__main__":
    main()
