"""Cards of the 36-card Russian *Atlasnye* deck (rule R1).

Cards are small immutable values. Internally the engine numbers them
``suit * 9 + rank_index`` (0–35) so that hands can be bit masks; the
:class:`Card` objects are the readable face of those numbers.

>>> Card.parse("TS")
Card.parse('Т♠')
>>> str(Card.parse("10h"))
'10♥'
>>> sorted([Card.parse("Т♠"), Card.parse("6♠")])
[Card.parse('6♠'), Card.parse('Т♠')]
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from functools import total_ordering

from durak.errors import InvalidNotation, shorten

__all__ = ["DECK", "Card", "Rank", "Suit", "card_from_index"]


class Suit(enum.StrEnum):
    """The four French suits; the value is the suit symbol."""

    SPADES = "♠"
    CLUBS = "♣"
    HEARTS = "♥"
    DIAMONDS = "♦"

    @property
    def ordinal(self) -> int:
        """0 to 3 in the order ♠ ♣ ♥ ♦."""
        return _SUIT_ORDER[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """A suit from its symbol or its English letter (S, C, H, D, either case)."""
        suit = _SUIT_SPELLINGS.get(_plain(text))
        if suit is None:
            raise InvalidNotation(f"unknown suit {_shown(text)}: use one of ♠ ♣ ♥ ♦ or the letters S C H D")
        return suit


_SUIT_ORDER = {suit: i for i, suit in enumerate(Suit)}
_SUIT_SPELLINGS = {
    **{suit.value: suit for suit in Suit},
    "♤": Suit.SPADES,
    "♧": Suit.CLUBS,
    "♡": Suit.HEARTS,
    "♢": Suit.DIAMONDS,
    **{letter: suit for suit, letter in zip(Suit, "SCHD", strict=True)},
    **{letter: suit for suit, letter in zip(Suit, "schd", strict=True)},
}


class Rank(enum.IntEnum):
    """Ranks from low to high. Court cards carry Cyrillic indices: Т is the ace."""

    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11  # Валет, index В
    QUEEN = 12  # Дама, index Д
    KING = 13  # Король, index К
    ACE = 14  # Туз, index Т

    @property
    def ordinal(self) -> int:
        """0 for the six up to 8 for the ace."""
        return self.value - 6

    @property
    def symbol(self) -> str:
        """The index printed on the card: 6–10, В, Д, К or Т."""
        return _RANK_SYMBOLS[self]

    @property
    def russian_name(self) -> str | None:
        """The Cyrillic name of a court card (Валет, Дама, Король, Туз), else None."""
        return _RUSSIAN_NAMES.get(self)

    @classmethod
    def parse(cls, text: str) -> Rank:
        """A rank from its index (6–10, В Д К Т) or an ASCII spelling (J Q K A, T = ace), either case.

        ``T`` is the ace, as the Cyrillic Т (Туз) printed on the card; the ten is written 10.
        """
        rank = _RANK_SPELLINGS.get(_plain(text))
        if rank is None:
            raise InvalidNotation(
                f"unknown rank {_shown(text)}: the 36-card deck has 6, 7, 8, 9, 10, "
                "В (J), Д (Q), К (K) and Т (A or T; the ten is 10)"
            )
        return rank


_RANK_SYMBOLS = {
    **{rank: str(rank.value) for rank in Rank if rank <= Rank.TEN},
    Rank.JACK: "В",
    Rank.QUEEN: "Д",
    Rank.KING: "К",
    Rank.ACE: "Т",
}
_RUSSIAN_NAMES = {Rank.JACK: "Валет", Rank.QUEEN: "Дама", Rank.KING: "Король", Rank.ACE: "Туз"}
_ASCII_COURT = {"J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING, "A": Rank.ACE, "T": Rank.ACE}
# Every accepted spelling is listed, in both cases: no case folding, which would also turn
# lookalikes such as "ſ" (long s) into "S".
_RANK_SPELLINGS = {
    **{symbol: rank for rank, symbol in _RANK_SYMBOLS.items()},
    **{symbol.lower(): rank for rank, symbol in _RANK_SYMBOLS.items() if rank > Rank.TEN},
    **_ASCII_COURT,
    **{letter.lower(): rank for letter, rank in _ASCII_COURT.items()},
}
# Emoji keyboards send a suit symbol with a variation selector (U+FE0F, U+FE0E) after it.
_VARIATION_SELECTORS = dict.fromkeys(map(ord, "\ufe0e\ufe0f"))


def _plain(text: str) -> str:
    return text.translate(_VARIATION_SELECTORS).strip()


def _shown(text: str) -> str:
    """The text quoted in an error, with invisible or unusual characters spelled out."""
    quoted = shorten(text)
    odd = [f"U+{ord(c):04X}" for c in text if not c.isprintable() or (not c.isascii() and c.isspace())]
    return f"{quoted} ({', '.join(dict.fromkeys(odd))})" if odd else quoted


@total_ordering
@dataclass(frozen=True, slots=True, eq=True)
class Card:
    """One card. Ordered by suit (♠ ♣ ♥ ♦), then by rank within the suit."""

    suit: Suit
    rank: Rank
    _index: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.suit, Suit) or not isinstance(self.rank, Rank):
            raise TypeError("Card needs a Suit and a Rank")
        object.__setattr__(self, "_index", self.suit.ordinal * 9 + self.rank.ordinal)

    @property
    def index(self) -> int:
        """The engine's number for this card, 0–35."""
        return self._index

    def __hash__(self) -> int:  # the index: equal cards have equal indices, and it costs nothing
        return self._index

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __str__(self) -> str:
        return self.rank.symbol + self.suit.value

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card: ``"10♠"``, ``"Т♥"``, ``"TS"``/``"AS"`` (ace of spades), ``"10h"``."""
        if not isinstance(text, str):
            raise TypeError(f"Card.parse needs a string, not {type(text).__name__}")
        cleaned = _plain(text)
        if len(cleaned) < 2:
            raise InvalidNotation(f"not a card: {_shown(text)} (write a rank then a suit, e.g. 10♠ or TS)")
        try:
            return DECK[Suit.parse(cleaned[-1]).ordinal * 9 + Rank.parse(cleaned[:-1]).ordinal]
        except InvalidNotation as error:
            raise InvalidNotation(f"not a card: {_shown(text)}: {error}") from None

    def _repr_html_(self) -> str:
        from durak.render import card_html

        return card_html(self)


DECK: tuple[Card, ...] = tuple(Card(suit, rank) for suit in Suit for rank in Rank)
"""All 36 cards, in index order."""


def card_from_index(index: int) -> Card:
    """The card with the engine number ``index`` (0–35).

    A bool or a negative number is refused (TypeError, ValueError), as a seed is: ``DECK[-1]``
    would quietly be the last card, and ``True`` the second.
    """
    if type(index) is not int:
        raise TypeError(f"a card's index is a whole number, not {type(index).__name__}")
    if not 0 <= index < 36:
        raise ValueError(f"a card's index is a whole number from 0 to 35, not {index}")
    return DECK[index]
