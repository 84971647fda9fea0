"""How well the hard search reads the opponent's hand: Brier scores of its sampled hands.

Usage: python -m research.inference_quality [--games 12] [--variants 0.25:2000 0.5:2000:mixture:8 ...]

At every decision of hard (600 playouts, for speed) against greedy with cards in the stock, a
choice to make and some opponent cards unknown, each variant ``NOISE:POOL[:MODEL[:READINGS]]``
draws ``POOL`` opponent hands and weighs them as the search does
(:class:`~durak.ai.inference.History` with ``belief_noise=NOISE``), under one of the models of
:meth:`~durak.ai.inference.History.likelihood`: ``blend`` (the default, the search's),
``sensible``, ``plain``, or ``mixture`` (sensible or plain at even odds, the whole game long:
the sum of the two on the same guessed past; the ``read_plainness`` experiment of issue 18,
``bench/results/DECISIONS.md``), each hand's weight the sum of
``READINGS`` readings (1 by default, as the search does; each reading guesses anew which of the
hand's cards were drawn when). Printed per variant: the Brier score of the weighted hands' card
marginals against the opponent's true hand (the mean over unseen cards of
``(P(card in hand) - truth)²``; uniform sampling is given for comparison, seeing the hand would
score 0) and the pool's median effective sample size. Deterministic: the same command prints
the same figures.
"""

from __future__ import annotations

import argparse
import random
import statistics

from durak import Game
from durak.ai.inference import BLEND, PLAIN, SENSIBLE, History, Model
from durak.ai.players import GreedyPlayer, Player
from durak.ai.sampling import Sampler
from durak.ai.search import SearchPlayer
from durak.arena import playing


def brier(marginal: dict[int, float], truth: int) -> float:
    return statistics.mean((p - (truth >> card & 1)) ** 2 for card, p in marginal.items())


MODELS: dict[str, tuple[Model, ...]] = {
    "blend": (BLEND,),
    "sensible": (SENSIBLE,),
    "plain": (PLAIN,),
    "mixture": (SENSIBLE, PLAIN),
}


def reading(history: History, hand: int, models: tuple[Model, ...], rng: random.Random) -> float:
    """One reading of ``hand``: the sum of its likelihoods under ``models``, on one guessed past."""
    state = rng.getstate()
    total = 0.0
    for model in models:
        rng.setstate(state)  # every model judges the same past
        total += history.likelihood(hand, rng, model)
    return total


Variant = tuple[float, int, str, int]


def parse_variant(text: str) -> Variant:
    noise, pool, *rest = text.split(":")
    name = rest[0] if rest else "blend"
    if name not in MODELS:
        raise SystemExit(f"unknown model {name!r}: choose one of {', '.join(MODELS)}")
    return float(noise), int(pool), name, int(rest[1]) if len(rest) > 1 else 1


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--variants", nargs="+", default=["0.25:2000", "0.5:2000", "0.25:200000"])
    args = parser.parse_args()
    variants = [parse_variant(v) for v in args.variants]
    scores: dict[Variant, list[float]] = {v: [] for v in variants}
    sizes: dict[Variant, list[float]] = {v: [] for v in variants}
    uniform: list[float] = []
    for number in range(args.games):
        game = Game.new(seed=3000 + number)
        me = number % 2  # the searcher takes each seat in turn
        players: list[Player] = [SearchPlayer(iterations=600, seed=number), GreedyPlayer()]
        if me:
            players.reverse()
        for seat, legal in playing(game, players):
            if seat != me or len(legal) < 2:
                continue
            observation = game.observation(seat)
            sampler = Sampler(observation)
            if observation.stock_size and 0 < sampler.hidden_count < len(sampler.unseen):
                truth = game.state.hands[1 - me]
                share = sampler.hidden_count / len(sampler.unseen)
                uniform.append(brier(dict.fromkeys(sampler.unseen, share), truth))
                for variant in variants:
                    noise, pool, model, readings = variant
                    history, rng = History(observation, noise), random.Random(number)
                    hands = [sampler.sample_hand(rng) for _ in range(pool)]
                    usable = history.usable and history.decisions
                    models = MODELS[model]
                    weights = (
                        [sum(reading(history, h, models, rng) for _ in range(readings)) for h in hands]
                        if usable
                        else [1.0] * pool
                    )
                    total = sum(weights) or 1.0
                    marginal = {
                        card: sum(w for h, w in zip(hands, weights, strict=True) if h >> card & 1) / total
                        for card in sampler.unseen
                    }
                    scores[variant].append(brier(marginal, truth))
                    sizes[variant].append(total * total / (sum(w * w for w in weights) or 1.0))
    print(f"{len(uniform)} decisions of hard against greedy in {args.games} games")
    print(f"  uniform sampling          Brier {statistics.mean(uniform):.4f}")
    for variant in variants:
        noise, pool, model, readings = variant
        print(
            f"  {model:8} noise {noise:<4} pool {pool:>7,} readings {readings:>2}  "
            f"Brier {statistics.mean(scores[variant]):.4f}, "
            f"median effective sample size {statistics.median(sizes[variant]):,.0f}"
        )


if __name__ == "__main__":
    main()
