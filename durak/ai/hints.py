"""Hints for the learner: the move the AI would play, and a reason the notebook can translate.

>>> from durak import Game
>>> game = Game.from_deal(["Д♥"], ["7♠", "8♠"], [], attacker=1, trump="♥")
>>> _ = game.apply("attack 7♠")
>>> tip = hint(game.observation(0), game.legal_actions())
>>> str(tip.action), tip.reason.value
('defend Д♥', 'endgame_win')
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from durak.actions import DEFEND_OFFSET, STOP, TAKE, Action, ActionKind
from durak.ai.search import Decision, Method, SearchPlayer
from durak.game import Observation, Phase, move_of_action
from durak.kernel import BEATS, NONTRUMPS, RANK, SAME_RANK, TRUMPS

__all__ = ["HINT_ITERATIONS", "Hint", "HintReason", "hint"]

HINT_ITERATIONS = 1500
"""Playouts behind a hint (with a fixed seed, so the same position always gets the same hint)."""

HIGH_TRUMP_RANK = 3  # the nine of trumps or better counts as a high trump to spend


class HintReason(enum.StrEnum):
    """Why the hinted move is good; the notebook translates each code."""

    LOWEST_CARD = "lowest_card"  # lead your lowest-value card
    GET_RID_OF_PAIR = "get_rid_of_pair"  # lead a rank you hold twice or more
    LOWEST_BEATER = "lowest_beater"  # beat with the lowest card that beats
    KEEP_TRUMPS = "keep_trumps"  # beat without spending a trump
    TAKE_NOTHING_BEATS = "take_nothing_beats"  # take: no card beats
    TAKE_COSTLY = "take_costly"  # take: beating costs a high trump
    TAKE_TO_KEEP_CARDS = "take_to_keep"  # taking now is better in the long run
    THROW_IN = "throw_in"  # add a card the defender must beat
    THROW_IN_AFTER_TAKE = "throw_in_after_take"  # give the taker cards you don't want
    STOP_KEEP_CARDS = "stop_keep_cards"  # stop and keep your cards
    STOP_NOTHING_TO_ADD = "stop_nothing_to_add"  # stop: nothing matches
    ENDGAME_WIN = "endgame_win"  # exact solve: this move wins
    ENDGAME_DRAW = "endgame_draw"  # exact solve: the best result is a draw
    ENDGAME_LOSS = "endgame_loss"  # every move loses against best play; this one resists longest
    SEARCH_BEST = "search_best"  # the search rates this move best


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested action and why."""

    action: Action
    reason: HintReason

    def __str__(self) -> str:
        return f"{self.action} ({self.reason.value})"


def hint(
    observation: Observation, legal_actions: Sequence[Action], iterations: int = HINT_ITERATIONS
) -> Hint:
    """The move the AI would play in the learner's place, with a reason code.

    The hint sees only the learner's observation, like any player. It is deterministic: the same
    observation always gets the same hint.
    """
    searcher = SearchPlayer(iterations=iterations, seed=0)
    decision = searcher.decide(observation, legal_actions)
    return Hint(decision.action, reason_for(observation, legal_actions, decision))


def reason_for(observation: Observation, legal_actions: Sequence[Action], decision: Decision) -> HintReason:
    """The reason code that explains ``decision`` best in plain words."""
    if decision.method == Method.SOLVED:
        value = decision.value
        if value is not None and value > 0:
            return HintReason.ENDGAME_WIN
        return HintReason.ENDGAME_DRAW if value == 0 else HintReason.ENDGAME_LOSS
    action = decision.action
    trump = observation.trump_index
    hand = observation.hand_mask
    phase = observation.phase
    if phase == Phase.LEAD:
        return _lead_reason(move_of_action(action, trump), hand, decision)
    if phase == Phase.DEFEND:
        return _defence_reason(action, observation.attacks[-1], hand, trump, decision)
    if action == STOP:
        can_add = any(a.kind is ActionKind.ATTACK for a in legal_actions)
        return HintReason.STOP_KEEP_CARDS if can_add else HintReason.STOP_NOTHING_TO_ADD
    return HintReason.THROW_IN_AFTER_TAKE if phase == Phase.ADDING else HintReason.THROW_IN


def _lead_reason(card: int, hand: int, decision: Decision) -> HintReason:
    if (SAME_RANK[card] & hand).bit_count() >= 2:
        return HintReason.GET_RID_OF_PAIR
    plain = hand & NONTRUMPS
    cheapest = plain & -plain if plain else hand & -hand
    if RANK[card] == RANK[cheapest.bit_length() - 1] and (1 << card) & (plain or hand):
        return HintReason.LOWEST_CARD
    return HintReason.SEARCH_BEST


def _defence_reason(action: Action, attack: int, hand: int, trump: int, decision: Decision) -> HintReason:
    beaters = hand & BEATS[attack]
    if action == TAKE:
        if not beaters:
            return HintReason.TAKE_NOTHING_BEATS
        cheapest = (beaters & -beaters).bit_length() - 1
        if beaters & NONTRUMPS == 0 and attack < 27 and RANK[cheapest] >= HIGH_TRUMP_RANK:
            return HintReason.TAKE_COSTLY
        return HintReason.TAKE_TO_KEEP_CARDS
    card = move_of_action(action, trump) - DEFEND_OFFSET
    if card < 27 and beaters & TRUMPS:
        return HintReason.KEEP_TRUMPS
    if card == (beaters & -beaters).bit_length() - 1:
        return HintReason.LOWEST_BEATER
    return HintReason.SEARCH_BEST
