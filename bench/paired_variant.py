"""Measure a change to the hard player on the deals of a recorded arena run, paired game by game.

Usage: python bench/paired_variant.py RECORD --deals A B [--set NAME=VALUE ...] [--jobs N]

RECORD is an arena record of ``hard`` against another level (for example
``bench/results/hard-greedy-8000-seed1.jsonl``), or against itself
(``bench/results/hard-hard-8000-seed1.jsonl``: then only the first side changes, and the
change is measured against the hard level as it is). Deals A..B-1 are played again with the same deal
and player seeds, the hard side built as ``SearchPlayer(iterations=..., seed=..., NAME=VALUE, ...)``
(VALUE a Python literal; for ``params`` and ``playout_params`` a dict of :class:`RuleParams` fields;
``iterations`` replaces the recorded budget).
Until the change first alters a decision the games repeat the recorded ones exactly, so every
difference in the results is the change's. Printed: both sides' wins, draws and losses on those
games, and the discordant games (won by one version and not by the other), with a sign test.
"""

from __future__ import annotations

import argparse
import ast
import functools
import json
import math
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from durak.ai.levels import make_player
from durak.ai.players import Player
from durak.ai.policy import RuleParams
from durak.ai.search import SearchPlayer
from durak.arena import GameRecord, _Match, _player_seed, read_record


@dataclass(frozen=True)
class Variant:
    """Builds the players of a recorded match, the hard side with ``overrides`` (picklable, for
    the worker processes). In a match of hard against itself only the players seeded with one
    of ``first_side`` change."""

    overrides: dict[str, Any]
    first_side: frozenset[int] | None = None

    def __call__(self, level: str, seed: int, iterations: int | None) -> Player:
        if level == "hard" and (self.first_side is None or seed in self.first_side):
            # an ``iterations`` override replaces the recorded budget
            return SearchPlayer(**{"iterations": iterations, "seed": seed, **self.overrides})
        return make_player(level, seed, iterations)


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
    for name in ("params", "playout_params"):  # a dict of RuleParams fields: --set playout_params={'noise':0}
        if isinstance(overrides.get(name), dict):
            overrides[name] = RuleParams(**overrides[name])
    header = json.loads(args.record.read_text(encoding="utf-8").split("\n", 1)[0])
    match = _Match(tuple(header["levels"]), tuple(header["iterations"]), header["seed"])
    hard = match.levels.index("hard")
    recorded = read_record(args.record, match)  # refuses a record the code no longer plays as
    deals = range(*args.deals)
    mirror = match.levels[0] == match.levels[1]
    first_side = frozenset(_player_seed(match.seed, deal, 0) for deal in deals) if mirror else None
    with ProcessPoolExecutor(args.jobs) as pool:
        make = Variant(overrides, first_side)
        replayed = pool.map(functools.partial(match.play_deal, make=make), deals)
        pairs: list[tuple[GameRecord, GameRecord]] = [
            pair
            for deal, games in zip(deals, replayed, strict=True)
            for pair in zip(recorded[deal], games, strict=True)
        ]
    tally = {"recorded": [0, 0, 0], "variant": [0, 0, 0]}
    better = worse = 0
    for old, new in pairs:
        for name, game in (("recorded", old), ("variant", new)):
            tally[name][{1.0: 0, 0.5: 1, 0.0: 2}[points(game.loser, hard)]] += 1
        better += points(new.loser, hard) > points(old.loser, hard)
        worse += points(new.loser, hard) < points(old.loser, hard)
    first, last = args.deals[0], args.deals[1] - 1
    print(f"{len(pairs)} games on deals {first}..{last}, hard with {overrides or 'no change'}")
    for name, (wins, draws, losses) in tally.items():
        share = wins / max(1, wins + losses)
        print(f"  {name:9} W {wins}  D {draws}  L {losses}: {share:.1%} of decisive games")
    n = better + worse
    # two-sided sign test on the games whose result changed
    p = min(1.0, 2 * sum(math.comb(n, k) for k in range(0, min(better, worse) + 1)) / 2**n) if n else 1.0
    print(f"  better in {better} games, worse in {worse} (sign test p = {p:.3f})")


if __name__ == "__main__":
    main()
