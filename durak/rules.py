"""The house rules a game is played by: one frozen value, today's game the default.

Friends who sit down to play Durak agree first on a few points; HOUSE_RULES.md states the
variants V1–V3 beside RULES.md's R1–R12. A :class:`Rules` value holds that agreement, and every part of
the engine reads it from there: the kernel's state carries it, and so do the :class:`~durak.Deal`,
every :class:`~durak.Observation`, saved games and records. As PokerKit's ``State`` takes its
antes and blinds and OpenSpiel's games their parameters, the variants are values, not subclasses.

>>> Rules() == Rules(hand_size=6, attack_limit=6, first_bout_limit=6, passing=False)
True
>>> Rules(first_bout_limit=5).first_bout_limit
5
>>> Rules(passing_by_showing_trump=True)
Traceback (most recent call last):
...
ValueError: passing by showing a trump needs passing=True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["DEFAULT_RULES", "Rules"]

DECK_SIZE = 36


@dataclass(frozen=True, slots=True)
class Rules:
    """The rules of one game.

    - ``hand_size``: cards dealt to each player and drawn up to after every bout (R3, R11);
    - ``attack_limit``: attack cards a bout may hold at most (R8);
    - ``first_bout_limit``: the same limit while the discard pile is still empty, "until the
      first discard" (V1; 5 in the common house rule, 6 = no such rule);
    - ``passing``: the defender may pass the attack on with a card of its rank before beating
      anything (V2, *perevodnoy*);
    - ``passing_by_showing_trump``: it may also pass by showing the trump of that rank, which
      stays in its hand (V3; only with ``passing``).

    Every bout also holds at most as many attack cards as its defender held when it began (R8):
    that limit is not a choice.
    """

    hand_size: int = 6
    attack_limit: int = 6
    first_bout_limit: int = 6
    passing: bool = False
    passing_by_showing_trump: bool = False

    def __post_init__(self) -> None:
        for name in ("hand_size", "attack_limit", "first_bout_limit"):
            value = getattr(self, name)
            if type(value) is not int:
                raise TypeError(f"{name} is a whole number, not {type(value).__name__}")
        for name in ("passing", "passing_by_showing_trump"):
            if type(getattr(self, name)) is not bool:
                raise TypeError(f"{name} is True or False, not {getattr(self, name)!r}")
        if not 1 <= self.hand_size <= (DECK_SIZE - 1) // 2:
            raise ValueError(f"hand_size must be from 1 to {(DECK_SIZE - 1) // 2}, not {self.hand_size}")
        if not self.attack_limit >= 1:
            raise ValueError(f"attack_limit must be at least 1, not {self.attack_limit}")
        if not 1 <= self.first_bout_limit <= self.attack_limit:
            raise ValueError(
                f"first_bout_limit must be from 1 to attack_limit ({self.attack_limit}), "
                f"not {self.first_bout_limit}"
            )
        if self.passing_by_showing_trump and not self.passing:
            raise ValueError("passing by showing a trump needs passing=True")

    def limit(self, discarded: bool, defender_cards: int) -> int:
        """R8 and V1: how many attack cards a bout may hold whose defender holds
        ``defender_cards`` when it begins, before (``discarded`` False) or after the first discard."""
        return min(self.attack_limit if discarded else self.first_bout_limit, defender_cards)

    def to_record(self) -> dict[str, Any]:
        """The rules as JSON-ready fields (see :mod:`durak.records`)."""
        return {
            "hand_size": self.hand_size,
            "attack_limit": self.attack_limit,
            "first_bout_limit": self.first_bout_limit,
            "passing": self.passing,
            "passing_by_showing_trump": self.passing_by_showing_trump,
        }

    @classmethod
    def from_record(cls, record: object) -> Rules:
        """Read :meth:`to_record`'s fields; any other field, or a missing one, is refused (ValueError)."""
        if not isinstance(record, dict):
            raise ValueError(f"rules must be an object, not {type(record).__name__}")
        names = set(cls.__dataclass_fields__)
        if set(record) != names:
            unknown = sorted(map(str, set(record) - names))
            missing = sorted(names - set(record))
            raise ValueError(f"rules: unknown fields {unknown}, missing fields {missing}")
        try:
            return cls(**record)
        except TypeError as error:
            raise ValueError(f"rules: {error}") from None


DEFAULT_RULES = Rules()
"""Today's game: RULES.md R1–R12 with no variant."""
