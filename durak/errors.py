"""The core's errors, each a :class:`ValueError`, so that one ``except ValueError`` still catches all.

- :class:`IllegalAction`: the rules do not allow an action now (a machine-readable
  :class:`Reason` a learner can be told in any language);
- :class:`InvalidNotation`: text that is not a card or an action;
- :class:`CorruptRecord`: a saved record that cannot be loaded (damaged, edited, newer).
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from durak.actions import Action

__all__ = ["CorruptRecord", "IllegalAction", "InvalidNotation", "Reason", "shorten"]


class Reason(enum.StrEnum):
    GAME_OVER = "game_over"
    NOT_YOUR_TURN = "not_your_turn"  # params: player, to_move
    NOT_IN_HAND = "not_in_hand"  # params: card
    DOES_NOT_BEAT = "does_not_beat"  # params: card, target
    RANK_NOT_ON_TABLE = "rank_not_on_table"  # params: card
    ATTACK_LIMIT = "attack_limit"  # params: limit (the rules' attack_limit, R8)
    SIX_CARD_LIMIT = "attack_limit"  # the old name of ATTACK_LIMIT (an alias), from when it was always six
    FIRST_BOUT_LIMIT = "first_bout_limit"  # params: limit (the rules' first_bout_limit, V1)
    DEFENDER_HAND_LIMIT = "defender_hand_limit"  # params: limit
    NOTHING_TO_BEAT = "nothing_to_beat"
    NOTHING_TO_TAKE = "nothing_to_take"
    ALREADY_TAKING = "already_taking"
    MUST_LEAD = "must_lead"  # a bout cannot end before its first attack
    DEFENDER_TO_MOVE = "defender_to_move"  # the open attack card must be beaten or taken first
    # the passing game (HOUSE_RULES.md V2, V3)
    NO_PASSING = "no_passing"  # the rules of this game do not allow passing
    NO_SHOWING = "no_showing"  # ... nor passing by showing a trump
    NOTHING_TO_PASS = "nothing_to_pass"  # no attack waits for the defender
    PASS_AFTER_BEATING = "pass_after_beating"  # an attack card is beaten already
    PASS_RANK = "pass_rank"  # params: card, target (the attack card whose rank it must have)
    PASS_HAND_TOO_SMALL = "pass_hand_too_small"  # params: held (the other hand), attacks (after the pass)
    SHOW_NOT_TRUMP = "show_not_trump"  # params: card
    ALREADY_SHOWN = "already_shown"  # params: card (the trump shown in this bout)


_MESSAGES = {
    Reason.GAME_OVER: "the game is over",
    Reason.NOT_YOUR_TURN: "it is not player {player}'s turn (player {to_move} is to move)",
    Reason.NOT_IN_HAND: "{card} is not in the hand",
    Reason.DOES_NOT_BEAT: "{card} does not beat {target}",
    Reason.RANK_NOT_ON_TABLE: "no card of the rank of {card} is on the table",
    Reason.ATTACK_LIMIT: "a bout holds at most {limit} attack cards",
    Reason.FIRST_BOUT_LIMIT: "until the first discard a bout holds at most {limit} attack cards",
    Reason.DEFENDER_HAND_LIMIT: "the defender held only {limit} cards when the bout began",
    Reason.NOTHING_TO_BEAT: "there is no unbeaten attack card to beat",
    Reason.NOTHING_TO_TAKE: "there is no unbeaten attack card to take",
    Reason.ALREADY_TAKING: "the defender is already taking",
    Reason.MUST_LEAD: "the attacker must lead a card first",
    Reason.DEFENDER_TO_MOVE: "the defender must beat the open attack card or take",
    Reason.NO_PASSING: "this game is played without passing",
    Reason.NO_SHOWING: "this game does not allow passing by showing a trump",
    Reason.NOTHING_TO_PASS: "there is no attack to pass on",
    Reason.PASS_AFTER_BEATING: "an attack card is beaten already: it is too late to pass",
    Reason.PASS_RANK: "{card} is not of the rank of {target}",
    Reason.PASS_HAND_TOO_SMALL: "the other player holds {held} cards, fewer than the {attacks} attack cards",
    Reason.SHOW_NOT_TRUMP: "{card} is not a trump: only a trump can be shown",
    Reason.ALREADY_SHOWN: "{card} was shown in this bout already",
}


class IllegalAction(ValueError):
    """An action the rules do not allow now. The game is left exactly as it was.

    ``reason`` is a :class:`Reason`; ``params`` holds the details (cards as
    :class:`~durak.Card`, players as ints) a translated message can use.
    """

    def __init__(self, reason: Reason, action: Action | None = None, **params: Any) -> None:
        self.reason = reason
        self.action = action
        self.params = params
        text = _MESSAGES[reason].format(**params)
        super().__init__(f"illegal action {str(action)!r}: {text}" if action else text)


class InvalidNotation(ValueError):
    """Text that is not a card or an action (``Card.parse``, ``Action.parse``)."""


class CorruptRecord(ValueError):
    """A saved record that cannot be loaded: not JSON, another format or version, damaged or edited."""


def shorten(text: str, limit: int = 40) -> str:
    """``repr(text)``, cut to about ``limit`` characters: an error message never repeats a whole input.

    >>> shorten("attack " + "9" * 100)
    "'attack 999999999999999999999999999999999…' (107 characters)"
    """
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}"[:-1] + f"…' ({len(text)} characters)"
