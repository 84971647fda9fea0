"""Measure a change to the hard player on the deals of a recorded arena run, paired game by game.

Usage: python bench/paired_variant.py RECORD --deals A B [--set NAME=VALUE ...] [--jobs N]

RECORD is an arena record of ``hard`` against another level (for example
``bench/results/hard-greedy-8000-seed1.jsonl``). Deals A..B-1 are played again with the same deal
and player seeds, the hard side built as ``SearchPlayer(iterations=..., seed=..., NAME=VALUE, ...)``.
Until the change first alters a decision the games repeat the recorded ones exactly, so every
difference in the results is the change's. Printed: both sides' wins, draws and losses on those
games, and the discordant games (won by one version and not by the other), with a sign test.
"""

from __future__ import annotations

import argparse
import ast
import json
import math
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from durak import Game
from durak.ai.levels import make_player
from durak.ai.players import Player
from durak.ai.search import SearchPlayer
from durak.arena import _Match, _player_seed, play_game

Result = tuple[int, tuple[int, int], int | None]  # deal, seats, losing side


def play_deal(args: tuple[dict[str, Any], int, dict[str, Any]]) -> list[Result]:
    header, deal, overrides = args
    match = _Match(tuple(header["levels"]), tuple(header["iterations"]), header["seed"])
    out = []
    for seats in ((0, 1), (1, 0)):
        players: list[Player] = []
        for side in seats:
            seed = _player_seed(match.seed, deal, side)
            if match.levels[side] == "hard":
                players.append(SearchPlayer(iterations=match.iterations[side], seed=seed, **overrides))
            else:
                players.append(make_player(match.levels[side], seed, match.iterations[side]))
        loser, _, _ = play_game(Game.new(seed=match.deal_seed(deal)), players)
        out.append((deal, seats, None if loser is None else seats[loser]))
    return out


def points(loser: int | None, side: int) -> float:
    return 0.5 if loser is None else float(loser != side)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("record", type=Path)
    parser.add_argument("--deals", type=int, nargs=2, required=True)
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    overrides = {name: ast.literal_eval(value) for name, value in (item.split("=", 1) for item in args.set)}
    lines = args.record.read_text().splitlines()
    header = json.loads(lines[0])
    hard = header["levels"].index("hard")
    recorded = {}
    for line in lines[1:]:
        game = json.loads(line)
        recorded[(game["deal"], tuple(game["seats"]))] = game["loser"]
    deals = range(*args.deals)
    with ProcessPoolExecutor(args.jobs) as pool:
        games = [g for chunk in pool.map(play_deal, [(header, d, overrides) for d in deals]) for g in chunk]
    tally = {"recorded": [0, 0, 0], "variant": [0, 0, 0]}
    better = worse = 0
    for deal, seats, loser in games:
        old = recorded[(deal, seats)]
        for name, result in (("recorded", old), ("variant", loser)):
            tally[name][{1.0: 0, 0.5: 1, 0.0: 2}[points(result, hard)]] += 1
        better += points(loser, hard) > points(old, hard)
        worse += points(loser, hard) < points(old, hard)
    first, last = args.deals[0], args.deals[1] - 1
    print(f"{len(games)} games on deals {first}..{last}, hard with {overrides or 'no change'}")
    for name, (wins, draws, losses) in tally.items():
        share = wins / max(1, wins + losses)
        print(f"  {name:9} W {wins}  D {draws}  L {losses}: {share:.1%} of decisive games")
    n = better + worse
    # two-sided sign test on the games whose result changed
    p = min(1.0, 2 * sum(math.comb(n, k) for k in range(0, min(better, worse) + 1)) / 2**n) if n else 1.0
    print(f"  better in {better} games, worse in {worse} (sign test p = {p:.3f})")


if __name__ == "__main__":
    main()
