"""Hints for the learner: the move to play, a reason that holds, and the steps to show it in.

A hint is graduated (:class:`HintStep`): first the principle in play without the move, then the
candidate moves marked, then the move and why. The move is the search's, except where lesson
06's rule of thumb does as well within the search's noise (:data:`TIE_MARGIN`, measured by a
paired comparison of the two): then the lesson's move is recommended, so that the hints and the
lessons speak with one voice. Where the search's move is clearly better, the hint names the
lesson's move too (``Hint.lesson``): the position is an exception to lesson 06, and the reason
says what in it makes the difference (:mod:`durak.ai.teaching`).

>>> from durak import Game
>>> game = Game.from_deal(["Д♥"], ["7♠", "8♠"], [], attacker=1, trump="♥")
>>> _ = game.apply("attack 7♠")
>>> tip = hint(game.observation(0), game.legal_actions())
>>> str(tip.action), tip.reason.value, tip.lesson
('defend Д♥', 'endgame_win', None)
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from durak.actions import DEFEND_OFFSET, Action
from durak.ai.search import Decision, Method, SearchPlayer
from durak.ai.teaching import Explanation, HintReason, Principle, breach, explain, lesson_action
from durak.game import Observation, Phase, move_of_action
from durak.kernel import BEATS, NONTRUMPS, RANK, SAME_RANK, STOP, TAKE

__all__ = [
    "CHECK_ITERATIONS",
    "HINT_ITERATIONS",
    "TIE_MARGIN",
    "UNEXPLAINED_MARGIN",
    "Hint",
    "HintReason",
    "HintStep",
    "hint",
    "reason_for",
    "teachable_margin",
]

HINT_ITERATIONS = 1500
"""Playouts behind a hint (with a fixed seed, so the same position always gets the same hint)."""
CHECK_ITERATIONS = 2000
"""Paired playouts of the search's move against lesson 06's, where they differ."""
TIE_MARGIN = 0.04
"""Below this difference in chance the lesson's move is as good as the search's: a paired
comparison of :data:`CHECK_ITERATIONS` playouts moves by about ±0.02 with the seed, and the
review's two-seed noise is 0.04 in 95% of decisions (``bench/review_speed.py --noise``)."""
UNEXPLAINED_MARGIN = 0.08
"""Where no principle explains the search's move, the lesson's move is hinted unless it falls
behind by this much: a beginner can reuse the lesson's reason, not "the AI tried it out", and a
difference below twice the tie margin is worth less than a reason (issue 30's second reading)."""
HABIT_MARGIN = 0.15
"""Where no principle explains the search's move and it breaks a habit lesson 06 teaches (a trump
led early, a high trump spent), the lesson's move is hinted unless the search's is better by a
key moment's drop: a beginner is not taught against a lesson without a reason for less."""
MAX_CANDIDATES = 3


def teachable_margin(observation: Observation, action: Action, why: Explanation) -> float:
    """How much better the search's ``action`` must measure than lesson 06's move to be hinted
    instead (or named the best in a review): the noise, where a reason says why; more where none
    does, and more again where the action breaks a habit the lesson teaches."""
    if not why.generic:
        return TIE_MARGIN
    broken = breach(observation, move_of_action(action, observation.trump_index)) is not None
    return HABIT_MARGIN if broken else UNEXPLAINED_MARGIN


class HintStep(enum.IntEnum):
    """How much a hint shows: each click on Hint shows one step more."""

    PRINCIPLE = 1  # the principle in play, without the move
    CANDIDATES = 2  # the moves worth a look, marked
    MOVE = 3  # the move, and why


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested action, why, and the moves worth a look.

    ``lesson`` is lesson 06's move where the hint departs from it (None where it is the
    lesson's own move): the position is an exception to the rule of thumb.
    """

    action: Action
    reason: HintReason
    why: Explanation | None = None
    lesson: Action | None = None
    candidates: tuple[Action, ...] = ()

    @property
    def explanation(self) -> Explanation:
        return self.why if self.why is not None else Explanation(self.reason)

    @property
    def principle(self) -> Principle:
        return self.explanation.principle

    def __str__(self) -> str:
        return f"{self.action} ({self.reason.value})"


def hint(
    observation: Observation, legal_actions: Sequence[Action], iterations: int = HINT_ITERATIONS
) -> Hint:
    """The move to play in the learner's place, with a reason that holds in the position.

    The hint sees only the learner's observation, like any player. It is deterministic: the same
    observation always gets the same hint.
    """
    searcher = SearchPlayer(iterations=iterations, seed=0)
    decision = searcher.decide(observation, legal_actions)
    trump = observation.trump_index
    if decision.method == Method.SOLVED:
        reason = _endgame_reason(decision)
        return Hint(
            decision.action,
            reason,
            Explanation(reason),
            None,
            _candidates(observation, legal_actions, decision.action, decision.action),
        )
    lesson = lesson_action(observation)
    action = decision.action
    why = explain(observation, move_of_action(action, trump), move_of_action(lesson, trump))
    if decision.method == Method.SEARCH and action != lesson and lesson in legal_actions:
        checker = SearchPlayer(iterations=max(CHECK_ITERATIONS, iterations), seed=0)
        measured = checker.compare(observation, [action, lesson])
        # a teachable tie-break: the difference is the search's noise, or too small to be worth
        # a move no principle explains
        if measured[action] - measured[lesson] < teachable_margin(observation, action, why):
            action = lesson
            why = explain(observation, move_of_action(action, trump), move_of_action(lesson, trump))
    if why.generic and len(legal_actions) == 1:
        why = Explanation(HintReason.ONLY_MOVE)
    departs = lesson if action != lesson else None
    return Hint(action, why.reason, why, departs, _candidates(observation, legal_actions, action, lesson))


def reason_for(observation: Observation, legal_actions: Sequence[Action], decision: Decision) -> HintReason:
    """The reason code for ``decision``'s move (kept for callers of the older interface)."""
    if decision.method == Method.SOLVED:
        return _endgame_reason(decision)
    trump = observation.trump_index
    return explain(observation, move_of_action(decision.action, trump)).reason


def _endgame_reason(decision: Decision) -> HintReason:
    value = decision.value
    if value is not None and value > 0:
        return HintReason.ENDGAME_WIN
    return HintReason.ENDGAME_DRAW if value == 0 else HintReason.ENDGAME_LOSS


def _candidates(
    observation: Observation, legal: Sequence[Action], action: Action, lesson: Action
) -> tuple[Action, ...]:
    """The moves worth a look (the second step): the hinted move among the natural
    alternatives of the phase, at least two where there is a choice, in the order of ``legal``."""
    trump = observation.trump_index
    moves = {move_of_action(a, trump): a for a in legal}
    wanted = {action, lesson}
    hand = observation.hand_mask
    natural: list[int] = []
    if observation.phase == Phase.LEAD:  # what the first step asks about: the lowest cards, low pairs
        plain = hand & NONTRUMPS or hand
        cards = [v for v in range(36) if plain >> v & 1]
        low_pairs = [
            v for v in cards if RANK[v] <= RANK[cards[0]] + 1 and (SAME_RANK[v] & plain).bit_count() >= 2
        ]
        natural = [cards[0], *low_pairs, *cards[1:2]]
    elif observation.phase == Phase.DEFEND:
        beaters = hand & BEATS[observation.attacks[-1]]
        natural = [DEFEND_OFFSET + (beaters & -beaters).bit_length() - 1 if beaters else TAKE, TAKE]
    else:  # the plain cards that could be added, and stopping
        matching = hand & NONTRUMPS & _table_ranks(observation)
        natural = [*(v for v in range(36) if matching >> v & 1), STOP]
    for move in natural:
        if len(wanted) >= MAX_CANDIDATES:
            break
        if move in moves:
            wanted.add(moves[move])
    for other in legal:  # a choice of one would give the move away
        if len(wanted) >= 2:
            break
        wanted.add(other)
    return tuple(a for a in legal if a in wanted)


def _table_ranks(observation: Observation) -> int:
    ranks = 0
    for card in (*observation.attacks, *observation.defences):
        if card >= 0:
            ranks |= SAME_RANK[card]
    return ranks
