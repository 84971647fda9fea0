"""How long a game review takes, and how much its chances move between two seeds.

Usage: python -m bench.review_speed [--games 6] [--iterations N] [--noise]

The games are those a learner plays: the easy level's rule player (the learner's seat, 0)
against the normal AI, seeded deals. Each is reviewed for player 0 with the default budget
(``durak.ai.review.REVIEW_ITERATIONS``), on one core; printed per game: its length, the
player's decisions, the CPU seconds of the whole review and of its endgame part (the decisions
the exact solver scored, the stock empty), and the key moments found.

``--noise`` reviews every game a second time with another seed and prints how much the same
decision's drop (best chance minus played chance) differs between the two: the figure behind
``KEY_DROP``, the threshold of a key moment.
"""

from __future__ import annotations

import statistics
import time

from bench._common import command_line, learner_players
from durak import Game
from durak.ai.review import KEY_DROP, REVIEW_ITERATIONS, review
from durak.arena import play_game


def learner_game(seed: int) -> Game:
    game = Game.new(seed=seed)
    play_game(game, learner_players(seed, seed))
    return game


def timed_review(game: Game, seed: int, iterations: int) -> tuple[object, float, float]:
    """The review, its CPU seconds, and the CPU seconds of its exact (endgame) decisions."""
    marks: list[float] = []
    start = time.process_time()
    result = review(
        game, 0, iterations=iterations, seed=seed, progress=lambda *_: marks.append(time.process_time())
    )
    total = time.process_time() - start
    steps = [b - a for a, b in zip([start, *marks], marks, strict=False)]
    endgame = sum(step for step, choice in zip(steps, result.decisions, strict=True) if choice.exact)
    return result, total, endgame


def main() -> None:
    parser = command_line(__doc__)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--iterations", type=int, default=REVIEW_ITERATIONS)
    parser.add_argument("--noise", action="store_true", help="review each game with a second seed too")
    args = parser.parse_args()
    print(f"reviews of player 0 (easy) against normal, {args.iterations} playouts a decision, one core")
    print("game  moves  decisions  review s  endgame s  moments")
    totals, endgames, differences = [], [], []
    for number in range(args.games):
        game = learner_game(100 + number)
        result, total, endgame = timed_review(game, seed=1, iterations=args.iterations)
        totals.append(total)
        endgames.append(endgame)
        print(
            f"{number:>4}  {len(game.history):>5}  {len(result.decisions):>9}  {total:>8.2f}  {endgame:>9.2f}"
            f"  {len(result.moments):>7}"
        )
        if args.noise:
            again = review(game, 0, iterations=args.iterations, seed=2)
            differences += [
                abs(a.drop - b.drop)
                for a, b in zip(result.decisions, again.decisions, strict=True)
                if not a.exact
            ]
    print(f"median review {statistics.median(totals):.2f} s, slowest {max(totals):.2f} s;")
    print(f"median endgame part {statistics.median(endgames):.2f} s, slowest {max(endgames):.2f} s")
    if differences:
        ranked = sorted(differences)
        p = lambda q: ranked[min(len(ranked) - 1, int(q * len(ranked)))]  # noqa: E731
        print(
            f"seed-to-seed difference of a decision's drop over {len(ranked)} search decisions: "
            f"median {p(0.5):.3f}, p95 {p(0.95):.3f}, p99 {p(0.99):.3f}, max {ranked[-1]:.3f} "
            f"(key moment threshold {KEY_DROP})"
        )


if __name__ == "__main__":
    main()
