"""A review of one player's game: the chance at every decision, and the moments that decided it.

At each decision of the reviewed player (a turn with more than one legal action) the review sees
exactly what that player saw, ``game.observation(player)``, as the AI does: never the other hand
nor the stock order. There the search scores every legal action (1 a win, ½ a draw, 0 a loss,
averaged over the deals the player could not tell apart); once the stock is empty the exact
solver does, and the chances are 0, ½ or 1.

A decision is a **key moment** when the best action would have kept a clearly higher chance
than the one played: :data:`KEY_DROP` or more in the search (a suspected drop is measured
again by a paired comparison of just the two actions, so that sampling noise does not make
moments), any drop at all where the solver is exact (a won game drawn or lost, a draw lost).

>>> from durak import Game
>>> game = Game.from_deal(["7♠", "Т♣"], ["7♣", "8♥"], [], attacker=1, trump="♠")
>>> for move in ("attack 7♣", "take", "stop", "attack 8♥", "defend 7♠", "stop"):
...     _ = game.apply(move)
>>> verdict = review(game, player=0, seed=1, iterations=200)
>>> [(str(m.played), str(m.best), m.chance_best, m.chance_after, m.kind.value) for m in verdict.moments]
[('take', 'defend 7♠', 1.0, 0.0, 'win_missed')]
>>> [str(action) for action in verdict.moments[0].line]  # beat, then the AI can only lose
['defend 7♠', 'stop', 'attack Т♣', 'take', 'stop']
>>> verdict.lost_from, verdict.matched, len(verdict.decisions)  # from move 4 on, every move lost
(4, 1, 2)
"""

from __future__ import annotations

import enum
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from durak.actions import Action
from durak.ai.hints import TIE_MARGIN, HintReason, reason_for, teachable_margin
from durak.ai.sampling import Sampler
from durak.ai.search import Method, SearchPlayer
from durak.ai.solver import Solver, SolverBudgetExceeded
from durak.ai.teaching import Breach, Explanation, Lesson, breach, explain, lesson_action
from durak.game import ACTION_OF_MOVE, Game, Observation, move_of_action
from durak.kernel import OVER, State

__all__ = [
    "KEY_DROP", "PATTERN_COST", "REVIEW_ITERATIONS", "REVIEW_SEED", "Choice", "Moment", "MomentKind",
    "Pattern", "Review", "lost_from", "review",
]  # fmt: skip

REVIEW_ITERATIONS = 2000
"""Playouts behind each decision of a review (about 70 ms each on one core). 3,000 until issue
30, whose patterns and tie-breaks measure a few decisions again: 2,000 keeps a review within 3 s
of CPU time for most games, and a drop's seed-to-seed noise below half of :data:`KEY_DROP`."""
CHECK_ITERATIONS = 2000
"""Paired playouts of the action played against the best, where the search suspects a drop."""
KEY_DROP = 0.15
"""How much higher the best action's chance must be for a key moment. ``bench/review_speed.py
--noise`` reviews the same games with two seeds: at 2,000 playouts a decision the same
decision's drop differs by at most about 0.09 between them (0.05 in 95% of decisions; 0.06 and
0.04 at 3,000), so a drop of 0.15 is clear of the noise, and still small enough to catch a move
that throws away one game in seven."""
SUSPECT_DROP = 0.06
"""A search drop worth measuring again with :data:`CHECK_ITERATIONS` paired playouts."""
LINE_LENGTH = 16
"""Actions shown, at most, of the solver's line from a missed endgame."""
REVIEW_SEED = 1
"""The seed of a review given none: the same game reviewed twice gets the same verdict."""
PATTERN_COST = 0.03
"""How much lower a move that breaks a lesson-06 habit must leave the chance than the lesson's
move, in a paired comparison of the two, for the review to say what it cost (below a key moment's
:data:`KEY_DROP`: a habit is worth naming before it costs a game). A habit that cost less is named
too, as one the AI measured no real difference for, unless the move played did better by more
than the tie margin: then the position was an exception and the review stays silent."""


class MomentKind(enum.StrEnum):
    """What a key moment cost, in the words a review uses."""

    WIN_MISSED = "win_missed"  # exact: a won endgame, not won
    DRAW_MISSED = "draw_missed"  # exact: an endgame with a draw in hand, lost
    CHANCE_LOST = "chance_lost"  # the search: a clearly better action was missed


@dataclass(frozen=True, slots=True)
class Choice:
    """One decision of the reviewed player: what was played, what was best, and their chances."""

    index: int
    """The decision's place in the game's history (``game.history[index]`` is ``played``)."""
    played: Action
    best: Action
    chance_best: float
    """The best action's chance: what the position offered (0–1; ½ a draw)."""
    chance_played: float
    exact: bool
    """Scored by the exact solver (the stock was empty): the chances are 0, ½ or 1."""
    played_lesson: bool = False
    """The action played was lesson 06's move (never said of an exact decision)."""

    @property
    def drop(self) -> float:
        return max(0.0, self.chance_best - self.chance_played)

    @property
    def matched(self) -> bool:
        """The action played was the strongest (or, exactly, as strong as it), or lesson 06's
        move where the search cannot tell it from the strongest (:data:`TIE_MARGIN`)."""
        if self.exact:
            return self.chance_played == self.chance_best
        return self.played == self.best or (self.played_lesson and self.drop < TIE_MARGIN)


@dataclass(frozen=True, slots=True)
class Moment:
    """A key moment: a decision where the best action kept a clearly higher chance."""

    index: int
    played: Action
    best: Action
    chance_before: float
    """The chance the position offered (the best action's)."""
    chance_after: float
    """The chance after the action played."""
    chance_best: float
    """The chance after the best action (the same as ``chance_before``)."""
    exact: bool
    kind: MomentKind
    reason: HintReason
    """Why the best action is good, in the hint vocabulary."""
    line: tuple[Action, ...] = ()
    """Exact moments: the solver's line from the best action on, both players' actions."""
    why: Explanation | None = None
    """The reason with the cards it names (it holds in the moment's position)."""
    lesson: Action | None = None
    """Lesson 06's move where the best action departs from it (the position is an exception)."""
    played_lesson: bool = False
    """The action played was lesson 06's own move."""
    lesson_kept: bool = True
    """Lesson 06's move measured better than the move played (so a review may keep it as the habit
    where no rule explains the best move); measured only for such a moment."""

    @property
    def drop(self) -> float:
        return self.chance_best - self.chance_after


@dataclass(frozen=True, slots=True)
class Pattern:
    """A lesson-06 habit broken at a decision, where the search says it cost something."""

    index: int
    kind: Breach
    played: Action
    lesson: Action
    """Lesson 06's move there."""
    cost: float
    """How much higher the lesson's move kept the chance (a paired comparison of the two)."""


@dataclass(frozen=True, slots=True)
class Review:
    """The review of ``player``'s game: every decision, the key moments, and where it was lost."""

    player: int
    decisions: tuple[Choice, ...]
    moments: tuple[Moment, ...]
    lost_from: int | None
    """The history index from which every action lost against best play (exact), if any."""
    loser: int | None
    """The game's loser (None: a draw, or the game is not over)."""
    over: bool
    patterns: tuple[Pattern, ...] = ()
    """The lesson-06 habits broken, where the search says they cost something, in game order."""

    @property
    def practise(self) -> Lesson | None:
        """The part of lesson 06 whose habits cost the most in this game (None: none did)."""
        costs: dict[Lesson, float] = {}
        for pattern in self.patterns:
            if pattern.cost >= PATTERN_COST:  # a habit that measured no real difference is no lead
                costs[pattern.kind.lesson] = costs.get(pattern.kind.lesson, 0.0) + pattern.cost
        return max(costs, key=lambda lesson: costs[lesson]) if costs else None

    @property
    def chances(self) -> tuple[float, ...]:
        """The player's chance at each decision, as the search estimated it then."""
        return tuple(choice.chance_best for choice in self.decisions)

    @property
    def matched(self) -> int:
        """How many decisions played the strongest action."""
        return sum(choice.matched for choice in self.decisions)

    @property
    def biggest_drop(self) -> Choice | None:
        """The decision that cost the most (None when no decision cost anything)."""
        worst = max(self.decisions, key=lambda choice: choice.drop, default=None)
        return worst if worst is not None and worst.drop > 0 else None


def review(
    record: Game | str | Mapping[str, Any],
    player: int = 0,
    *,
    iterations: int | None = None,
    seed: int | None = None,
    progress: Callable[[int, int], object] | None = None,
) -> Review:
    """Review ``player``'s decisions in a game (a :class:`~durak.Game` or its JSON record).

    ``iterations`` is the search's budget per decision (default :data:`REVIEW_ITERATIONS`);
    the review is reproducible: the same ``seed`` (default :data:`REVIEW_SEED`) gives the same
    verdict. ``progress(done, total)`` is called after each decision. Each decision is judged
    from the player's observation alone.
    """
    game = _game_of(record)
    if player not in (0, 1):
        raise ValueError(f"player must be 0 or 1, not {player!r}")
    budget = iterations if iterations is not None else REVIEW_ITERATIONS
    # Deals drawn uniformly among those the player could not tell apart (no model of the
    # opponent's past play): the AI's belief weighting makes a chance depend on which deals the
    # seed drew far more (bench/review_speed.py --noise) than a review can afford.
    searcher = SearchPlayer(iterations=budget, seed=REVIEW_SEED if seed is None else seed, belief_noise=None)
    checker = SearchPlayer(iterations=max(CHECK_ITERATIONS, budget), seed=searcher.seed, belief_noise=None)
    solver = Solver()
    replay = Game.replay(game.deal)
    turns = _decisions(game, player)
    decisions: list[Choice] = []
    moments: list[Moment] = []
    patterns: list[Pattern] = []
    for index, action in enumerate(game.history):
        if index in turns:
            observation = replay.observation(player)
            legal = replay.legal_actions()
            choice, moment = _judge(index, action, observation, legal, searcher, checker, solver)
            decisions.append(choice)
            if moment is not None:
                moments.append(moment)
            # a key moment already says what this position asked for: a habit there too could
            # contradict it (the lesson's move listed as the fix where the moment says it is the exception)
            habit = not choice.exact and moment is None
            pattern = _pattern(index, action, observation, checker) if habit else None
            if (
                pattern is not None
                and pattern.cost < PATTERN_COST
                and _third_move_against(pattern, choice.best)
            ):
                pattern = None  # the best was a third move against the habit: no habit to hold up here
            if pattern is not None:
                patterns.append(pattern)
            if progress is not None:
                progress(len(decisions), len(turns))
        replay.apply(action)
    return Review(
        player,
        tuple(decisions),
        tuple(moments),
        lost_from(decisions),
        game.loser,
        game.is_over,
        tuple(patterns),
    )


def lost_from(decisions: Sequence[Choice]) -> int | None:
    """The history index from which every decision lost against best play: the first of the last
    run of exact decisions with no chance left (an AI that erred since gave the game back).

    >>> from durak import Action
    >>> def choice(index, chance, exact=True):
    ...     return Choice(index, Action.parse("take"), Action.parse("take"), chance, chance, exact)
    >>> lost_from([choice(1, 1.0), choice(3, 0.0), choice(5, 0.0)])
    3
    >>> lost_from([choice(1, 0.0), choice(3, 1.0), choice(5, 0.0)])  # the AI erred at move 2
    5
    >>> lost_from([choice(1, 0.0), choice(3, 0.5, exact=False)]) is None
    True
    """
    lost = None
    for choice in decisions:
        if choice.exact and choice.chance_best == 0.0:
            lost = choice.index if lost is None else lost
        elif choice.chance_best > 0.0:
            lost = None
    return lost


def _game_of(record: Game | str | Mapping[str, Any]) -> Game:
    if isinstance(record, Game):
        return record
    text = record if isinstance(record, str) else json.dumps(record)
    return Game.from_json(text)


def _decisions(game: Game, player: int) -> set[int]:
    """The history indices where ``player`` had more than one legal action."""
    replay = Game.replay(game.deal)
    turns = set()
    for index, action in enumerate(game.history):
        if replay.to_move == player and len(replay.legal_actions()) > 1:
            turns.add(index)
        replay.apply(action)
    return turns


_TRUMP_HABITS = frozenset(
    (Breach.HIGH_TRUMP_EARLY, Breach.TRUMP_WHERE_PLAIN_BEATS, Breach.TRUMP_LEAD, Breach.TRUMP_GIVEN)
)


def _third_move_against(pattern: Pattern, best: Action) -> bool:
    """Whether the position's best move, neither the one played nor the lesson's, goes against the
    habit named (a no-cost habit is then not held up): for a habit of keeping trumps, a best move
    that spends one; for the others (the lowest card, the lowest beater), any third move, as a pair
    led where the lesson leads the lowest card."""
    if best in (pattern.played, pattern.lesson):
        return False
    if pattern.kind in _TRUMP_HABITS:  # the card played was a trump: its suit is the trump suit
        trump = pattern.played.card.suit if pattern.played.card is not None else None
        return best.card is not None and best.card.suit == trump
    return True


def _pattern(index: int, played: Action, observation: Observation, checker: SearchPlayer) -> Pattern | None:
    """The lesson-06 habit ``played`` broke, unless the search says it did better (:data:`PATTERN_COST`)."""
    kind = breach(observation, move_of_action(played, observation.trump_index))
    if kind is None:
        return None
    lesson = lesson_action(observation)
    measured = checker.compare(observation, [lesson, played])
    cost = measured[lesson] - measured[played]
    # named unless the move played did better beyond the noise: where it cost less than PATTERN_COST
    # the review says the AI measured no real difference, and the lesson's move stays the habit
    return Pattern(index, kind, played, lesson, cost) if cost > -TIE_MARGIN else None


def _judge(
    index: int,
    played: Action,
    observation: Any,
    legal: list[Action],
    searcher: SearchPlayer,
    checker: SearchPlayer,
    solver: Solver,
) -> tuple[Choice, Moment | None]:
    decision = searcher.decide(observation, legal)
    exact = decision.method == Method.SOLVED
    scores = {action: (score + 1) / 2 if exact else score for action, score in decision.scores.items()}
    best = decision.action
    chance_best, chance_played = scores[best], scores[played]
    if not exact and played != best and chance_best - chance_played >= SUSPECT_DROP:
        measured = checker.compare(observation, [best, played])
        chance_best, chance_played = measured[best], measured[played]
    played_lesson = not exact and played == lesson_action(observation)
    choice = Choice(index, played, best, chance_best, chance_played, exact, played_lesson)
    drop = chance_best - chance_played
    if played == best or (drop <= 0 if exact else drop < KEY_DROP):
        return choice, None
    if exact:
        kind = MomentKind.WIN_MISSED if chance_best == 1.0 else MomentKind.DRAW_MISSED
        position = Sampler(observation).sample(searcher.rng_for(observation))
        line = _line(position, observation.trump_index, best, solver)
        reason = reason_for(observation, legal, decision)
        return choice, Moment(
            index, played, best, chance_best, chance_played, chance_best, exact, kind, reason, line,
            Explanation(reason),
        )  # fmt: skip
    lesson = lesson_action(observation)
    trump = observation.trump_index
    # the reason must say why the best move beats the one played, not be as true of it
    against = (move_of_action(played, trump),)
    why = explain(observation, move_of_action(best, trump), move_of_action(lesson, trump), against)
    if lesson not in (best, played):
        # a teachable tie-break, as the hint's: the lesson's move, where the search cannot tell it
        # from the best, or where no principle explains the best and it is barely better
        measured = checker.compare(observation, [best, lesson])
        if measured[best] - measured[lesson] < teachable_margin(observation, best, why):
            best, chance_best = lesson, min(chance_best, measured[lesson] + (chance_best - measured[best]))
            why = explain(observation, move_of_action(best, trump), move_of_action(lesson, trump), against)
    departs = lesson if best != lesson else None
    kept = True
    if why.generic and departs is not None and played != lesson:  # "the lesson's move stays the habit"?
        measured = checker.compare(observation, [lesson, played])
        kept = measured[lesson] > measured[played]
    moment = Moment(
        index, played, best, chance_best, chance_played, chance_best, exact, MomentKind.CHANCE_LOST,
        why.reason, why=why, lesson=departs, played_lesson=played == lesson, lesson_kept=kept,
    )  # fmt: skip
    return choice, moment


def _line(position: State, trump: int, first: Action, solver: Solver) -> tuple[Action, ...]:
    """``first``, then the solver's best action for whoever is to move, to the end (or a limit).

    ``position`` has no hidden card (the stock is empty), so it is exactly what the player knew.
    """
    actions = ACTION_OF_MOVE[trump]
    line = [first]
    position = position.copy(history=False)
    position.play(move_of_action(first, trump))
    while position.phase != OVER and len(line) < LINE_LENGTH:
        try:
            values = solver.solve(position)
        except SolverBudgetExceeded:  # pragma: no cover - an empty-stock endgame is small
            break
        move = max(position.legal_moves(), key=lambda m: values[m])
        line.append(actions[move])
        position.play(move)
    return tuple(line)
