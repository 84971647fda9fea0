"""Compare two players through two arena records against the same opponent, deal by deal.

Usage: python -m research.paired_records RECORD_A RECORD_B

Each record pits its first side against the same second side (the same level and budget) with
the same seed. A deal's cards and the second side's player seeds depend
only on the seed and the deal, so on the deals both records hold, the two first sides met the
same opponent in the same games: the comparison is paired, and far less noisy than either
record's share against 50%. Printed: each first side's points on the common deals (1 a win, ½ a
draw), and the deals and games one scored better in than the other, with a sign test.

For example, the clairvoyant ceiling and the hard level against greedy, game by game:

    python -m research.paired_records bench/results/clairvoyant-greedy-8000-seed1.jsonl \\
        bench/results/hard-greedy-8000-seed1.jsonl
"""

from __future__ import annotations

import argparse
from pathlib import Path

from durak.arena import read_record, recorded_match, sign_test


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("records", type=Path, nargs=2)
    args = parser.parse_args()
    match_a, match_b = (recorded_match(path) for path in args.records)
    # each refuses a record the code no longer plays as
    games_a, games_b = read_record(args.records[0], match_a), read_record(args.records[1], match_b)
    if match_a.seed != match_b.seed:
        parser.error("the records have different seeds: no deal is the same")
    opponent_a = (match_a.levels[1], match_a.iterations[1])
    opponent_b = (match_b.levels[1], match_b.iterations[1])
    if opponent_a != opponent_b:
        parser.error(f"the second sides differ ({opponent_a} against {opponent_b}): nothing is paired")
    common = sorted(deal for deal in games_a if len(games_a[deal]) == 2 and len(games_b.get(deal, [])) == 2)
    if not common:
        parser.error("the records share no finished deal")
    scores = {"A": 0.0, "B": 0.0}
    deals = [0, 0]
    games = [0, 0]
    for deal in common:
        pair_a = sorted(games_a[deal], key=lambda game: game.seats)
        pair_b = sorted(games_b[deal], key=lambda game: game.seats)
        deal_a = sum(game.points(0) for game in pair_a)
        deal_b = sum(game.points(0) for game in pair_b)
        scores["A"] += deal_a
        scores["B"] += deal_b
        deals[0] += deal_a > deal_b
        deals[1] += deal_a < deal_b
        for game_a, game_b in zip(pair_a, pair_b, strict=True):
            games[0] += game_a.points(0) > game_b.points(0)
            games[1] += game_a.points(0) < game_b.points(0)
    total = 2 * len(common)
    print(f"{len(common)} common deals ({common[0]}..{common[-1]}), {total} games against {opponent_a[0]}:")
    for name, path, match in (("A", args.records[0], match_a), ("B", args.records[1], match_b)):
        share = scores[name] / total
        print(f"  {name} {match.levels[0]} ({path.name}): {scores[name]:g} points of {total} ({share:.1%})")
    print(f"  A better in {deals[0]} deals, worse in {deals[1]} (sign test p = {sign_test(*deals):.3f})")
    print(f"  A better in {games[0]} games, worse in {games[1]} (sign test p = {sign_test(*games):.3f})")


if __name__ == "__main__":
    main()
