"""The AI's strength targets, measured with the arena on duplicate deals.

Usage: python -m bench.strength [--games N] [--seed S] [--jobs J] [--pairs hard-greedy,...]
                                 [--record-dir DIR]

Targets (share of decisive games won, over at least 2,000 games each):

- hard vs greedy: at least 92.6% (issue 18: half-way from hard-v1's 90.8% to the clairvoyant
  ceiling of 94.3%), the lower end of the 95% Wilson interval above 91%, with a median decision
  time under 0.3 s (not met: about 92.0% on deals that chose nothing, ``bench/results/DECISIONS.md``);
- hard vs random: at least 99%;
- greedy vs random: at least 88%.

Searching levels play their reproducible playout budget (see ``durak.ai.levels``), so the
figures can be repeated exactly with the same seed. With ``--jobs 2`` the two games of a deal
run in separate processes; decision times are then measured under that load. With
``--record-dir`` every pairing keeps its games in ``DIR/<pairing>-seed<S>.jsonl``, and a run
stopped part-way goes on from there when started again (see ``python -m durak.arena --record``).
"""

from __future__ import annotations

import statistics
from pathlib import Path

from bench._common import command_line
from durak.arena import ArenaResult, run_arena

TARGETS = {
    # pair: (minimum share of decisive games, minimum lower end of the interval, max median time)
    ("hard", "greedy"): (0.926, 0.91, 0.3),
    ("hard", "random"): (0.99, None, None),
    ("greedy", "random"): (0.88, None, None),
}


def verdict(pair: tuple[str, str], result: ArenaResult) -> str:
    rate, low, _ = result.decisive_rate()
    least, least_low, max_median = TARGETS[pair]
    checks = [f"win rate {rate:.1%} >= {least:.1%}: {'yes' if rate >= least else 'NO'}"]
    if least_low is not None:
        checks.append(f"interval low {low:.1%} > {least_low:.1%}: {'yes' if low > least_low else 'NO'}")
    if max_median is not None:
        median = statistics.median(result.decision_times(0))
        checks.append(f"median {median:.3f} s < {max_median} s: {'yes' if median < max_median else 'NO'}")
    return "target: " + "; ".join(checks)


def main() -> None:
    parser = command_line(__doc__)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--pairs",
        default="greedy-random,hard-random,hard-greedy",
        help="comma-separated pairings among: " + ", ".join("-".join(p) for p in TARGETS),
    )
    parser.add_argument("--record-dir", type=Path, help="keep each pairing's games in this folder")
    args = parser.parse_args()
    for name in args.pairs.split(","):
        pair = tuple(name.split("-"))
        if pair not in TARGETS:
            parser.error(f"unknown pairing {name!r}")
        record = args.record_dir / f"{name}-seed{args.seed}.jsonl" if args.record_dir is not None else None
        result = run_arena(pair[0], pair[1], games=args.games, seed=args.seed, jobs=args.jobs, record=record)
        print(result.report())
        print(verdict((pair[0], pair[1]), result))
        print(flush=True)


if __name__ == "__main__":
    main()
