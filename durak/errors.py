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
    SIX_CARD_LIMIT = "six_card_limit"  # params: limit (6)
    DEFENDER_HAND_LIMIT = "defender_hand_limit"  # params: limit
    NOTHING_TO_BEAT = "nothing_to_beat"
    NOTHING_TO_TAKE = "nothing_to_take"
    ALREADY_TAKING = "already_taking"
    MUST_LEAD = "must_lead"  # a bout cannot end before its first attack
    DEFENDER_TO_MOVE = "defender_to_move"  # the open attack card must be beaten or taken first


_MESSAGES = {
    Reason.GAME_OVER: "the game is over",
    Reason.NOT_YOUR_TURN: "it is not player {player}'s turn (player {to_move} is to move)",
    Reason.NOT_IN_HAND: "{card} is not in the hand",
    Reason.DOES_NOT_BEAT: "{card} does not beat {target}",
    Reason.RANK_NOT_ON_TABLE: "no card of the rank of {card} is on the table",
    Reason.SIX_CARD_LIMIT: "a bout holds at most {limit} attack cards",
    Reason.DEFENDER_HAND_LIMIT: "the defender held only {limit} cards when the bout began",
    Reason.NOTHING_TO_BEAT: "there is no unbeaten attack card to beat",
    Reason.NOTHING_TO_TAKE: "there is no unbeaten attack card to take",
    Reason.ALREADY_TAKING: "the defender is already taking",
    Reason.MUST_LEAD: "the attacker must lead a card first",
    Reason.DEFENDER_TO_MOVE: "the defender must beat the open attack card or take",
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
