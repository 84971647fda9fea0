"""Actions: what a player can do (rules R5–R10).

Every action has a small integer id, used by the engine's fast path:
``attack c`` is ``c``, ``defend c`` is ``36 + c``, ``take`` is 72 and ``stop`` 73; in the
passing game (HOUSE_RULES.md V2, V3) ``pass c`` is ``74 + c`` and ``show c`` ``110 + c``.

>>> Action.parse("attack 10♠")
Action.parse('attack 10♠')
>>> str(Action.parse("defend th"))
'defend Т♥'
>>> Action.parse("take") is TAKE
True
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from durak.cards import DECK, Card
from durak.errors import InvalidNotation, shorten

__all__ = ["STOP", "TAKE", "Action", "ActionKind", "action_from_id"]

DEFEND_OFFSET = 36
TAKE_ID = 72
STOP_ID = 73
PASS_OFFSET = 74  # after today's ids, so that they stay what they were
SHOW_OFFSET = 110
ACTION_COUNT = 146


class ActionKind(enum.StrEnum):
    ATTACK = "attack"  # a lead or a throw-in: one more attack card
    DEFEND = "defend"  # beat the single open attack card
    TAKE = "take"  # the defender gives up the bout and will pick up the table
    STOP = "stop"  # the attacker adds nothing more
    PASS = "pass"  # the passing game: lay a card of the attack's rank and pass the attack on (V2)
    SHOW = "show"  # ... or show the trump of that rank, which stays in the hand (V3)


@dataclass(frozen=True, slots=True)
class Action:
    """One action. Build it with :meth:`attack`, :meth:`defend`, :data:`TAKE`, :data:`STOP`
    or :meth:`parse`.

    A kind given as plain text is turned into its :class:`ActionKind` here, so that every
    action is in the one normal form the rules check:

    >>> Action("take") == TAKE and Action("take").kind is ActionKind.TAKE
    True
    """

    kind: ActionKind
    card: Card | None = None
    _id: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.kind, str):
            raise TypeError(f"an action's kind is an ActionKind, not {type(self.kind).__name__}")
        try:
            kind = ActionKind(self.kind)
        except ValueError:
            raise ValueError(
                f"unknown action kind {shorten(self.kind)}: use {', '.join(map(str, ActionKind))}"
            ) from None
        object.__setattr__(self, "kind", kind)  # frozen: the normal form is set once, here
        needs_card = kind not in (ActionKind.TAKE, ActionKind.STOP)
        if self.card is not None and not isinstance(self.card, Card):
            raise TypeError(f"an action's card is a Card, not {type(self.card).__name__}")
        if needs_card != (self.card is not None):
            raise ValueError(f"{kind} {'needs a card' if needs_card else 'takes no card'}")
        if kind is ActionKind.TAKE:
            number = TAKE_ID
        elif kind is ActionKind.STOP:
            number = STOP_ID
        else:
            assert self.card is not None
            number = _OFFSETS[kind] + self.card.index
        object.__setattr__(self, "_id", number)

    def __hash__(self) -> int:  # the id: equal actions have equal ids, and it costs nothing
        return self._id

    @classmethod
    def attack(cls, card: Card | str) -> Action:
        return cls(ActionKind.ATTACK, _as_card(card))

    @classmethod
    def defend(cls, card: Card | str) -> Action:
        return cls(ActionKind.DEFEND, _as_card(card))

    @classmethod
    def pass_(cls, card: Card | str) -> Action:
        """``pass <card>``: the attack passes on with this card (``pass`` is a Python keyword)."""
        return cls(ActionKind.PASS, _as_card(card))

    @classmethod
    def show(cls, card: Card | str) -> Action:
        return cls(ActionKind.SHOW, _as_card(card))

    @property
    def id(self) -> int:
        """The engine's number for this action (see the module docstring)."""
        return self._id

    def __str__(self) -> str:
        return self.kind.value if self.card is None else f"{self.kind.value} {self.card}"

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read ``attack <card>``, ``defend <card>``, ``pass <card>``, ``show <card>``, ``take``
        or ``stop``."""
        if not isinstance(text, str):
            raise TypeError(f"Action.parse needs a string, not {type(text).__name__}")
        words = text.split()
        kinds = {kind.value: kind for kind in ActionKind}
        shown = shorten(text)
        if not words or words[0].lower() not in kinds:
            raise InvalidNotation(
                f"not an action: {shown} (use 'attack <card>', 'defend <card>', 'pass <card>', "
                "'show <card>', 'take' or 'stop')"
            )
        kind = kinds[words[0].lower()]
        if kind in (ActionKind.TAKE, ActionKind.STOP):
            if len(words) != 1:
                raise InvalidNotation(f"not an action: {shown} ({kind} takes no card)")
            return TAKE if kind is ActionKind.TAKE else STOP
        if len(words) != 2:
            raise InvalidNotation(f"not an action: {shown} ({kind} needs exactly one card)")
        return ACTIONS[_OFFSETS[kind] + Card.parse(words[1]).index]


_OFFSETS = {
    ActionKind.ATTACK: 0,
    ActionKind.DEFEND: DEFEND_OFFSET,
    ActionKind.PASS: PASS_OFFSET,
    ActionKind.SHOW: SHOW_OFFSET,
}


def _as_card(card: Card | str) -> Card:
    return Card.parse(card) if isinstance(card, str) else card


ACTIONS: tuple[Action, ...] = (
    *(Action(ActionKind.ATTACK, card) for card in DECK),
    *(Action(ActionKind.DEFEND, card) for card in DECK),
    Action(ActionKind.TAKE),
    Action(ActionKind.STOP),
    *(Action(ActionKind.PASS, card) for card in DECK),
    *(Action(ActionKind.SHOW, card) for card in DECK),
)
ACTION_IDS: dict[Action, int] = {action: number for number, action in enumerate(ACTIONS)}
TAKE = ACTIONS[TAKE_ID]
STOP = ACTIONS[STOP_ID]


def action_from_id(action_id: int) -> Action:
    """The action with the engine number ``action_id`` (0–145).

    A bool or a negative number is refused (TypeError, ValueError), as a seed is: ``ACTIONS[-1]``
    would quietly be ``stop``. (The engine's own fast paths index ``ACTIONS`` directly.)
    """
    if type(action_id) is not int:
        raise TypeError(f"an action id is a whole number, not {type(action_id).__name__}")
    if not 0 <= action_id < len(ACTIONS):
        raise ValueError(f"an action id is a whole number from 0 to {len(ACTIONS) - 1}, not {action_id}")
    return ACTIONS[action_id]
