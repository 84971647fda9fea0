"""How fast the exact solver settles endgames (empty stock, perfect information).

Usage: python -m bench.endgame [--positions N] [--seed S] [--max-hand K]

Two sets of positions, each solved from scratch (a fresh transposition table) for every legal
move, as the AI does on its first endgame decision:

- *played*: games between two greedy players, taken at the first decision after the stock ran
  out, when both hands hold at most ``--max-hand`` cards (typical endgames);
- *dealt*: K cards dealt at random to each hand, for each K from 4 to ``--max-hand``.
"""

from __future__ import annotations

import random
import statistics
import time

from bench._common import command_line
from durak import Game
from durak.ai.players import GreedyPlayer
from durak.ai.sampling import Sampler
from durak.ai.solver import Solver
from durak.arena import playing
from durak.kernel import State


def played_endgames(count: int, seed: int, max_hand: int) -> list[State]:
    rng = random.Random(seed)
    positions: list[State] = []
    players = [GreedyPlayer(), GreedyPlayer()]
    while len(positions) < count:
        game = Game.new(seed=rng.randrange(2**32))
        for seat, legal in playing(game, players):
            if not game.stock and len(legal) > 1:
                if max(len(hand) for hand in game.hands) <= max_hand:
                    # with the stock empty, the sampled position is the true one
                    positions.append(Sampler(game.observation(seat)).sample(rng))
                break
    return positions


def dealt_endgames(count: int, seed: int, hand: int) -> list[State]:
    rng = random.Random(seed)
    positions = []
    for _ in range(count):
        cards = rng.sample(range(36), 2 * hand)
        hands = [sum(1 << c for c in cards[:hand]), sum(1 << c for c in cards[hand:])]
        positions.append(State(hands, [], attacker=rng.randrange(2)))
    return positions


def report(name: str, positions: list[State]) -> None:
    times, nodes = [], []
    for position in positions:
        solver = Solver()
        start = time.perf_counter()
        solver.solve(position)
        times.append(time.perf_counter() - start)
        nodes.append(solver.nodes)
    times.sort()
    p90 = times[int(0.9 * (len(times) - 1))]
    print(
        f"{name:<28} {len(positions):>4} positions  median {statistics.median(times) * 1000:7.1f} ms"
        f"  90th pct {p90 * 1000:7.1f} ms  max {times[-1] * 1000:7.1f} ms"
        f"  nodes median {statistics.median(nodes):>8,.0f}  max {max(nodes):>9,}"
    )


def main() -> None:
    parser = command_line(__doc__)
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-hand", type=int, default=6)
    args = parser.parse_args()
    print("exact endgame solver: every legal move solved, fresh table per position, one core")
    report(
        f"played, hands <= {args.max_hand}",
        played_endgames(args.positions, args.seed, args.max_hand),
    )
    for hand in range(4, args.max_hand + 1):
        report(f"dealt, {hand} v {hand}", dealt_endgames(args.positions, args.seed + hand, hand))


if __name__ == "__main__":
    main()
