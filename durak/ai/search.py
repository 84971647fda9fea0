"""The strong player: determinized Monte Carlo search, and exact play once the stock is empty.

While the stock holds cards, :class:`SearchPlayer` deals the cards it cannot see at random,
consistently with its observation (:class:`~durak.ai.sampling.Sampler`), and plays every
legal move out to the end of the game in each such deal with the fast rule-of-thumb policy
(:mod:`durak.ai.policy`). All moves are played out in the *same* deals with the same random
numbers, so the comparison between them is paired and far less noisy than its raw counts
suggest. The move with the best average result is played.

Once the stock is empty nothing is hidden, and the exact solver (:mod:`durak.ai.solver`)
decides: the AI never throws away a won endgame.

With a seed and an ``iterations`` budget the player is deterministic: the random numbers of
each decision are derived from the seed and the observation.
"""

from __future__ import annotations

import enum
import itertools
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from durak.actions import Action
from durak.ai.endgame import EndgamePlanner
from durak.ai.inference import History
from durak.ai.policy import DEFAULT, RuleParams, playout, rule_move
from durak.ai.sampling import Sampler
from durak.ai.solver import Solver, SolverBudgetExceeded, solvable
from durak.game import ACTION_OF_MOVE, Observation, move_of_action
from durak.kernel import State, id_of_move, mask_from_value

__all__ = ["Decision", "Method", "SearchPlayer", "SharedDraws"]

MAX_POOL = 2000  # sampled opponent hands weighed per decision, at most
PREFIX_DRAWS = 96  # random numbers drawn ahead for a round's playouts: 99.5% of playouts use fewer


class Method(enum.StrEnum):
    """How a decision was reached."""

    ONLY = "only"  # a single legal action
    SOLVED = "solved"  # exact solve of a perfect-information position
    SEARCH = "search"  # Monte Carlo search over sampled deals


@dataclass(frozen=True, slots=True)
class Decision:
    """A chosen action, how it was chosen and how every candidate scored.

    ``scores`` maps each legal action to its exact value (+1 win, 0 draw, -1 loss) for a
    solved position, or to its average result (1 win, 0.5 draw, 0 loss) for a search.
    """

    action: Action
    method: Method
    scores: dict[Action, float] = field(default_factory=dict)
    samples: int = 0

    @property
    def value(self) -> float | None:
        return self.scores.get(self.action)


class SearchPlayer:
    """Determinized Monte Carlo search with an exact endgame solver.

    ``time_limit`` (seconds) bounds each decision; ``iterations``, when given, replaces it with
    a fixed number of playouts, so that a seeded player is reproducible. ``solve_nodes`` bounds
    the exact solver; a bigger endgame falls back to the search. With ``exact_deals``, once at
    most that many deals are possible (the stock nearly empty), every one is solved exactly
    instead (:meth:`_solve_every_deal`); no level uses it yet (bench/results/README.md).
    """

    def __init__(
        self,
        *,
        time_limit: float | None = 0.25,
        iterations: int | None = None,
        seed: int | None = None,
        solve_nodes: int = 200_000,
        params: RuleParams = DEFAULT,
        playout_params: RuleParams | None = None,
        belief_noise: float | None = 0.25,
        pool: int = 4,
        max_pool: int = MAX_POOL,
        prior: float = 0.0,
        exact_deals: int = 0,
    ) -> None:
        if iterations is None and time_limit is None:
            raise ValueError("give a time_limit or an iterations budget")
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
        self.time_limit = None if iterations is not None else time_limit
        self.iterations = iterations
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**63)
        self.solve_nodes = solve_nodes
        self.params = params
        self.playout_params = playout_params if playout_params is not None else RuleParams(noise=0.05)
        self.solver = Solver()
        self.planner = EndgamePlanner(self.solver, belief_noise if belief_noise is not None else 0.25)
        self.belief_noise = belief_noise
        self.pool = pool
        self.max_pool = max_pool
        self.prior = prior
        self.exact_deals = exact_deals

    def __repr__(self) -> str:
        budget = f"iterations={self.iterations}" if self.iterations else f"time_limit={self.time_limit}"
        return f"SearchPlayer({budget})"

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        return self.decide(observation, legal_actions).action

    def rng_for(self, observation: Observation) -> random.Random:
        """The random numbers of one decision: a function of the seed and the observation.

        The observation is spelled in Action ids (suit-major card numbers), as it was before
        the AI and the game shared one kernel, so that a seeded player plays as it always did.
        """
        trump = observation.trump_index
        hand = mask_from_value(observation.hand_mask, trump)
        history = tuple(id_of_move(move, trump) for move in observation.moves)
        return random.Random(f"{self.seed}/{observation.player}/{hand}/{history}")

    def decide(self, observation: Observation, legal_actions: Sequence[Action]) -> Decision:
        if not legal_actions:
            raise ValueError("no legal actions: the game is over")
        if len(legal_actions) == 1:
            return Decision(legal_actions[0], Method.ONLY)
        trump = observation.trump_index
        moves = [move_of_action(a, trump) for a in legal_actions]
        actions = ACTION_OF_MOVE[trump]
        sampler = Sampler(observation)
        rng = self.rng_for(observation)
        if sampler.perfect_information:
            position = sampler.sample(rng)
            decision = self._solve(position, moves, trump, rng) if solvable(position) else None
            if decision is not None:
                return decision
        elif self.exact_deals:
            positions = sampler.every_deal(self.exact_deals)
            if positions and solvable(positions[0]):
                decision = self._solve_every_deal(observation, sampler, positions, moves, rng)
                if decision is not None:
                    return decision
        deals = self._deals(observation, sampler, len(moves), rng)
        scores, samples = self._search(sampler, deals, moves, rng)
        if self.prior:
            # near ties go to the rule of thumb: a difference that small is mostly noise
            sensible = rule_move(sampler.sample(rng), self.params)
            scores = [s + self.prior if m == sensible else s for m, s in zip(moves, scores, strict=True)]
        best = max(range(len(moves)), key=lambda i: scores[i])
        return Decision(
            actions[moves[best]],
            Method.SEARCH,
            {actions[m]: s for m, s in zip(moves, scores, strict=True)},
            samples,
        )

    def compare(self, observation: Observation, actions: Sequence[Action]) -> dict[Action, float]:
        """The average results of exactly ``actions`` (legal ones), every one played out in every
        sampled deal with the same random numbers: a paired measurement, with no move dropped.

        The game review uses it to measure a suspected mistake (the move played against the
        best) more closely than a decision's search, which drops weak moves early.
        """
        if self.iterations is None:
            raise ValueError("compare needs an iterations budget")
        trump = observation.trump_index
        moves = [move_of_action(a, trump) for a in actions]
        sampler = Sampler(observation)
        rng = self.rng_for(observation)
        deals = self._deals(observation, sampler, len(moves), rng)
        scores, _ = self._search(sampler, deals, moves, rng, halving=False)
        return dict(zip(actions, scores, strict=True))

    def _solve(self, position: State, moves: list[int], trump: int, rng: random.Random) -> Decision | None:
        try:
            values = self.solver.solve(position, self.solve_nodes)
        except SolverBudgetExceeded:
            return None
        best = max(values[m] for m in moves)
        candidates = [m for m in moves if values[m] == best]
        choice = candidates[0]
        if best <= 0 and len(candidates) > 1:
            # a draw or a loss against best play: leave the opponent the most room to err
            choice = self.planner.choose(position, candidates)
        actions = ACTION_OF_MOVE[trump]
        return Decision(actions[choice], Method.SOLVED, {actions[m]: float(values[m]) for m in moves})

    def _solve_every_deal(
        self,
        observation: Observation,
        sampler: Sampler,
        positions: list[State],
        moves: list[int],
        rng: random.Random,
    ) -> Decision | None:
        """Each move's exact result averaged over every possible deal, weighted by how well the
        deal explains the opponent's play; None if that takes more than ``solve_nodes`` nodes.

        Once the stock holds a single unseen card, after the next refill nothing is hidden: exact
        values are then worth more than the playouts' estimates. Moves that tie are compared by
        the playouts, which assume a fallible opponent.
        """
        history = History(observation, self.belief_noise or 0.25, self.params)
        me = sampler.player
        totals = [0.0] * len(moves)
        weight_sum = 0.0
        budget = self.solve_nodes
        for position in positions:
            # the weight depends on which cards the opponent drew: average a few readings
            weight = sum(history.likelihood(position.hands[1 - me], rng) for _ in range(4))
            if not weight:
                continue
            try:
                values = self.solver.solve(position, budget)
            except SolverBudgetExceeded:
                return None
            budget -= self.solver.nodes
            weight_sum += weight
            for i, move in enumerate(moves):
                totals[i] += weight * (values[move] + 1) / 2
        if not weight_sum:
            return None
        scores = [total / weight_sum for total in totals]
        best = max(scores)
        tied = [m for m, score in zip(moves, scores, strict=True) if score > best - 1e-9]
        choice = tied[0]
        if len(tied) > 1 and best < 1:
            deals = self._deals(observation, sampler, len(tied), rng)
            tie_scores, _ = self._search(sampler, deals, tied, rng)
            choice = tied[max(range(len(tied)), key=lambda i: tie_scores[i])]
        actions = ACTION_OF_MOVE[observation.trump_index]
        return Decision(
            actions[choice],
            Method.SEARCH,
            {actions[m]: score for m, score in zip(moves, scores, strict=True)},
            len(positions),
        )

    def _deals(
        self, observation: Observation, sampler: Sampler, width: int, rng: random.Random
    ) -> Callable[[], State]:
        """A source of sampled deals, weighted by how well they explain the opponent's play."""
        if self.belief_noise is None:
            return lambda: sampler.sample(rng)
        history = History(observation, self.belief_noise, self.params)
        if not history.usable or not history.decisions:
            return lambda: sampler.sample(rng)
        rounds = -(-self.iterations // width) if self.iterations is not None else 200
        hands = [sampler.sample_hand(rng) for _ in range(min(self.max_pool, max(16, rounds * self.pool)))]
        weights = [history.likelihood(hand, rng) for hand in hands]
        if not any(weights):
            return lambda: sampler.sample(rng)
        cumulative = list(itertools.accumulate(weights))
        # the stock order does not change the weight: deal it afresh each time
        return lambda: sampler.sample_stock(rng.choices(hands, cum_weights=cumulative)[0], rng)

    def _search(
        self,
        sampler: Sampler,
        deals: Callable[[], State],
        moves: list[int],
        rng: random.Random,
        halving: bool = True,
    ) -> tuple[list[float], int]:
        """Average playout results of the moves over sampled deals, by sequential halving.

        Each round plays every move still in the running in one deal with one stream of playout
        random numbers, so the comparison is paired. The budget is split into phases; after each
        phase the worse half of the moves drops out, so the close contenders get most playouts.
        """
        me = sampler.player
        params = self.playout_params
        width = len(moves)
        totals = [0.0] * width
        counts = [0] * width
        active = list(range(width))
        phases = max(1, (width - 1).bit_length()) if halving else 1
        start = time.perf_counter()
        rounds = 0
        for phase in range(phases):
            if self.iterations is not None:
                phase_rounds = max(1, self.iterations // phases // len(active))
                deadline = None
            else:
                assert self.time_limit is not None
                phase_rounds = 1 << 30
                deadline = start + self.time_limit * (phase + 1) / phases
            for done in range(phase_rounds):
                if deadline is not None and done and time.perf_counter() >= deadline:
                    break
                position = deals()
                seed = rng.random()
                stream = SharedDraws(seed).stream
                copy = position.copy
                for i in active:
                    child = copy(False)  # without the move list: search needs none
                    child.play(moves[i])
                    loser = playout(child, stream(), params, me)
                    totals[i] += 0.5 if loser is None else float(loser != me)
                    counts[i] += 1
                rounds += 1
            if phase < phases - 1:
                active.sort(key=lambda i: -totals[i] / counts[i])
                active = active[: (len(active) + 1) // 2]
        scores = [totals[i] / counts[i] if counts[i] else 0.0 for i in range(width)]
        # only the moves still in the running may be chosen (they were played in every round)
        for i in range(width):
            if i not in active:
                scores[i] = min(scores[i], min(scores[j] for j in active) - 1e-9)
        return scores, rounds


class SharedDraws:
    """The random numbers of ``Random(seed)``, to be given afresh to each of a round's playouts
    (every move is played out with the same numbers, so that their comparison is paired).

    Seeding a generator for every playout cost a tenth of the search, so the first
    :data:`PREFIX_DRAWS` numbers are drawn once, in a list the playouts share.

    >>> draws = SharedDraws(0.5)
    >>> first, again = draws.stream(), draws.stream()
    >>> [first() for _ in range(200)] == [again() for _ in range(200)]
    True
    """

    __slots__ = ("later", "prefix")

    _source = random.Random()  # seeded afresh for every round: cheaper than a new generator

    def __init__(self, seed: float) -> None:
        source = self._source
        source.seed(seed)
        self.prefix = list(itertools.islice(iter(source.random, None), PREFIX_DRAWS))
        self.later = _LaterDraws(seed)

    def stream(self) -> Callable[[], float]:
        """A new ``random()``-like function giving the numbers from the first."""
        return itertools.chain(self.prefix, self.later).__next__


class _LaterDraws:
    """The numbers after the first :data:`PREFIX_DRAWS`, made only when a long playout gets
    that far (``itertools.chain`` asks for them lazily)."""

    __slots__ = ("seed",)

    def __init__(self, seed: float) -> None:
        self.seed = seed

    def __iter__(self) -> Iterator[float]:
        stream = random.Random(self.seed)
        for _ in range(PREFIX_DRAWS):
            stream.random()
        return iter(stream.random, None)
