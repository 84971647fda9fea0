"""Random-vs-random playouts on one core: games/s and decisions/s.

Usage: python -m bench.playouts [--games N] [--seed S] [--api]

By default it drives the fast path: the rules kernel under the game (``game.state``:
``legal_moves``/``play``, cards in value numbers, nothing checked), which is what the AI's
search uses; ``--ids`` drives the same in Action ids (``legal_ids``/``apply_id``), and
``--api`` the readable API (``legal_actions``/``apply`` with full rule checks and a record of
what each action did) for comparison.

The loops are written out here rather than taken from the arena (:func:`durak.arena.playing`):
they are what is measured, each the least code its API allows, with no observation, player or
timer per decision. Keep them so, or the figures stop being comparable with earlier ones.
"""

from __future__ import annotations

import random
import time

from bench._common import command_line
from durak import Game
from durak.kernel import OVER


def play_fast(game: Game, rng: random.Random) -> int:
    decisions = 0
    choose = rng.choice
    state = game.state
    while state.phase != OVER:
        state.play(choose(state.legal_moves()))
        decisions += 1
    return decisions


def play_ids(game: Game, rng: random.Random) -> int:
    decisions = 0
    choose = rng.choice
    while not game.is_over:
        game.apply_id(choose(game.legal_ids()))
        decisions += 1
    return decisions


def play_api(game: Game, rng: random.Random) -> int:
    decisions = 0
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        decisions += 1
    return decisions


def main() -> None:
    parser = command_line(__doc__)
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--ids", action="store_true", help="use legal_ids()/apply_id()")
    mode.add_argument("--api", action="store_true", help="use legal_actions()/apply()")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    play = play_api if args.api else play_ids if args.ids else play_fast
    decisions = 0
    start = time.perf_counter()
    for _ in range(args.games):  # each game includes its shuffle and deal
        decisions += play(Game.new(seed=rng.randrange(2**32)), rng)
    elapsed = time.perf_counter() - start
    mode = (
        "readable API (legal_actions/apply)"
        if args.api
        else "Action ids (legal_ids/apply_id)"
        if args.ids
        else "fast path (game.state: legal_moves/play)"
    )
    print(f"{args.games} random-vs-random games, {mode}, one core")
    print(f"games/s:     {args.games / elapsed:,.0f}")
    print(f"decisions/s: {decisions / elapsed:,.0f}")
    print(f"decisions per game: {decisions / args.games:.1f}")


if __name__ == "__main__":
    main()
