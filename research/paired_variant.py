"""Measure a change to the hard player on the deals of a recorded arena run, paired game by game.

Usage: python -m research.paired_variant RECORD --deals A B [--set NAME=VALUE ...] [--jobs N]

RECORD is an arena record of a fair search level (``hard``, the reference ``hard-v1``,
``normal``) against another level (for example ``bench/results/hard-greedy-8000-seed1.jsonl``),
or against itself (say hard-v1 against hard-v1, a record kept in git history,
``bench/results/DECISIONS.md``: then only the first side changes, and the change is measured
against that level as it is). Deals A..B-1 are played again with the same deal and player seeds,
the searching side built as its level builds it with ``NAME=VALUE, ...`` given to
:class:`SearchPlayer` on top (VALUE a Python literal; for ``params`` and ``playout_params`` a dict
of :class:`RuleParams` fields; ``iterations`` replaces the recorded budget).
Until the change first alters a decision the games repeat the recorded ones exactly, so every
difference in the results is the change's. Printed: both sides' wins, draws and losses on those
games, and the discordant games (won by one version and not by the other), with a sign test.
"""

from __future__ import annotations

import argparse
import ast
import functools
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from durak.ai.levels import OPPONENT_MODELS, make_player
from durak.ai.players import Player
from durak.ai.policy import RuleParams
from durak.ai.search import SearchPlayer
from durak.arena import GameRecord, player_seed, read_record, recorded_match, sign_test


@dataclass(frozen=True)
class Variant:
    """Builds the players of a recorded match, the ``searcher`` side with ``overrides``
    (picklable, for the worker processes). In a match of a level against itself only the
    players seeded with one of ``first_side`` change."""

    searcher: str
    overrides: dict[str, Any]
    first_side: frozenset[int] | None = None

    def __call__(self, level: str, seed: int, iterations: int | None) -> Player:
        if level == self.searcher and (self.first_side is None or seed in self.first_side):
            model = OPPONENT_MODELS[level]
            # an ``iterations`` override replaces the recorded budget
            return SearchPlayer(**{"iterations": iterations, "seed": seed, **model, **self.overrides})
        return make_player(level, seed, iterations)


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
    match = recorded_match(args.record)
    searcher = next(level for level in match.levels if level in OPPONENT_MODELS)
    hard = match.levels.index(searcher)
    recorded = read_record(args.record, match)  # refuses a record the code no longer plays as
    deals = range(*args.deals)
    mirror = match.levels[0] == match.levels[1]
    first_side = frozenset(player_seed(match.seed, deal, 0) for deal in deals) if mirror else None
    with ProcessPoolExecutor(args.jobs) as pool:
        make = Variant(searcher, overrides, first_side)
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
            tally[name][{1.0: 0, 0.5: 1, 0.0: 2}[game.points(hard)]] += 1
        better += new.points(hard) > old.points(hard)
        worse += new.points(hard) < old.points(hard)
    first, last = args.deals[0], args.deals[1] - 1
    print(f"{len(pairs)} games on deals {first}..{last}, {searcher} with {overrides or 'no change'}")
    for name, (wins, draws, losses) in tally.items():
        share = wins / max(1, wins + losses)
        print(f"  {name:9} W {wins}  D {draws}  L {losses}: {share:.1%} of decisive games")
    # two-sided sign test on the games whose result changed
    print(f"  better in {better} games, worse in {worse} (sign test p = {sign_test(better, worse):.3f})")


if __name__ == "__main__":
    main()
