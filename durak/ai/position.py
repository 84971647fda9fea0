"""A compact, perfect-information position for the AI's search, with cards in value order.

Inside the AI, cards are renumbered for the deal's trump suit so that a card's number sorts it
by *value*: the 27 non-trumps come first, three per rank from the sixes up (0–26), then the nine
trumps from the six to the ace (27–35). With that numbering, the cheapest card of a hand is its
lowest bit, every trump outranks every non-trump, and the tables below do not depend on which
suit is trump. A :class:`Position` is one *determinization*: a complete game state in which the
cards the AI cannot see have been filled in by a sampler (see :mod:`durak.ai.sampling`).

Moves are numbered like the engine's actions (:mod:`durak.actions`): ``c`` attacks with card
``c``, ``36 + c`` beats with it, 72 takes and 73 stops, but ``c`` is a value number.

>>> from durak import Card, Suit
>>> to_value(Card.parse("6♠").index, trump=Suit.HEARTS.ordinal)
0
>>> to_value(Card.parse("Т♥").index, trump=Suit.HEARTS.ordinal)
35
>>> from_value(35, trump=Suit.HEARTS.ordinal) == Card.parse("Т♥").index
True
"""

from __future__ import annotations

from durak.actions import DEFEND_OFFSET, STOP_ID, TAKE_ID
from durak.game import HAND_SIZE, MAX_ATTACKS

__all__ = [
    "ADDING",
    "BEATS",
    "DEFEND",
    "LEAD",
    "NONTRUMPS",
    "OVER",
    "RANK",
    "SAME_RANK",
    "THROW_IN",
    "TRUMPS",
    "Position",
    "from_value",
    "move_from_engine",
    "move_to_engine",
    "to_value",
]

LEAD, DEFEND, THROW_IN, ADDING, OVER = 0, 1, 2, 3, 4  # the values of durak.Phase
TAKE = TAKE_ID
STOP = STOP_ID

NONTRUMPS = (1 << 27) - 1
TRUMPS = ((1 << 36) - 1) ^ NONTRUMPS
RANK: tuple[int, ...] = tuple(v // 3 if v < 27 else v - 27 for v in range(36))
"""The rank ordinal of a value number: 0 for a six up to 8 for an ace."""


def _beats(v: int) -> int:
    if v >= 27:  # a trump falls only to a higher trump (R6)
        return sum(1 << w for w in range(v + 1, 36))
    same_suit_higher = sum(1 << w for w in range(v + 3, 27, 3))
    return same_suit_higher | TRUMPS


BEATS: tuple[int, ...] = tuple(_beats(v) for v in range(36))
"""The cards that beat each card (R6)."""
SAME_RANK: tuple[int, ...] = tuple(sum(1 << w for w in range(36) if RANK[w] == RANK[v]) for v in range(36))
"""The four cards sharing each card's rank: what may be thrown in once it is on the table (R7)."""


def _value_table(trump: int) -> tuple[int, ...]:
    others = [s for s in range(4) if s != trump]
    return tuple(
        27 + rank if suit == trump else rank * 3 + others.index(suit)
        for suit in range(4)
        for rank in range(9)
    )


_TO_VALUE: tuple[tuple[int, ...], ...] = tuple(_value_table(t) for t in range(4))
_FROM_VALUE: tuple[tuple[int, ...], ...] = tuple(
    tuple(table.index(v) for v in range(36)) for table in _TO_VALUE
)


def to_value(card: int, trump: int) -> int:
    """The value number of the engine's card number ``card``."""
    return _TO_VALUE[trump][card]


def from_value(value: int, trump: int) -> int:
    """The engine's card number of the value number ``value``."""
    return _FROM_VALUE[trump][value]


def mask_to_value(mask: int, trump: int) -> int:
    """An engine card mask renumbered in value order."""
    table = _TO_VALUE[trump]
    out = 0
    while mask:
        low = mask & -mask
        out |= 1 << table[low.bit_length() - 1]
        mask ^= low
    return out


def mask_from_value(mask: int, trump: int) -> int:
    """A value-order mask renumbered as engine card numbers."""
    table = _FROM_VALUE[trump]
    out = 0
    while mask:
        low = mask & -mask
        out |= 1 << table[low.bit_length() - 1]
        mask ^= low
    return out


def move_to_engine(move: int, trump: int) -> int:
    """The engine's action id of a search move."""
    if move >= TAKE:
        return move
    if move >= DEFEND_OFFSET:
        return DEFEND_OFFSET + _FROM_VALUE[trump][move - DEFEND_OFFSET]
    return _FROM_VALUE[trump][move]


def move_from_engine(action_id: int, trump: int) -> int:
    """The search move of an engine action id."""
    if action_id >= TAKE:
        return action_id
    if action_id >= DEFEND_OFFSET:
        return DEFEND_OFFSET + _TO_VALUE[trump][action_id - DEFEND_OFFSET]
    return _TO_VALUE[trump][action_id]


def low_bits(mask: int) -> list[int]:
    """The card numbers in ``mask``, cheapest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class Position:
    """A full game state in value numbers: both hands, the stock in order, the table.

    It follows the engine's rules exactly (a test replays random games through both); it only
    drops what search does not need: the discard pile, who knows which card, the history.
    ``stock`` lists the stock bottom first, so ``stock.pop()`` draws.
    """

    __slots__ = ("attacker", "attacks", "defences", "hands", "limit", "loser", "phase", "ranks", "stock")

    hands: list[int]
    stock: list[int]
    attacker: int
    phase: int
    attacks: list[int]
    defences: list[int]
    limit: int
    ranks: int
    loser: int | None

    def __init__(
        self,
        hands: list[int],
        stock: list[int],
        attacker: int,
        phase: int = LEAD,
        attacks: list[int] | None = None,
        defences: list[int] | None = None,
        limit: int | None = None,
    ) -> None:
        self.hands = hands
        self.stock = stock
        self.attacker = attacker
        self.phase = phase
        self.attacks = attacks if attacks is not None else []
        self.defences = defences if defences is not None else []
        ranks = 0
        for card in self.attacks:
            ranks |= SAME_RANK[card]
        for card in self.defences:
            if card >= 0:
                ranks |= SAME_RANK[card]
        self.ranks = ranks
        self.loser = None
        if limit is None:
            limit = min(MAX_ATTACKS, hands[1 - attacker].bit_count())
        self.limit = limit
        if phase in (LEAD, OVER):
            self._begin_bout_or_end()

    def copy(self) -> Position:
        other = Position.__new__(Position)
        other.hands = self.hands[:]
        other.stock = self.stock[:]
        other.attacker = self.attacker
        other.phase = self.phase
        other.attacks = self.attacks[:]
        other.defences = self.defences[:]
        other.limit = self.limit
        other.ranks = self.ranks
        other.loser = self.loser
        return other

    @property
    def to_move(self) -> int:
        """The player to act (-1 once the game is over)."""
        if self.phase == OVER:
            return -1
        return 1 - self.attacker if self.phase == DEFEND else self.attacker

    @property
    def table(self) -> int:
        out = 0
        for card in self.attacks:
            out |= 1 << card
        for card in self.defences:
            if card >= 0:
                out |= 1 << card
        return out

    def legal(self) -> list[int]:
        """The legal moves, cheapest cards first."""
        phase = self.phase
        if phase == LEAD:
            return low_bits(self.hands[self.attacker])
        if phase == DEFEND:
            beaters = self.hands[1 - self.attacker] & BEATS[self.attacks[-1]]
            return [DEFEND_OFFSET + c for c in low_bits(beaters)] + [TAKE]
        if phase == OVER:
            return []
        moves = []
        if len(self.attacks) < self.limit:
            moves = low_bits(self.hands[self.attacker] & self.ranks)
        moves.append(STOP)
        return moves

    def apply(self, move: int) -> None:
        """Play a legal move (unchecked, like :meth:`durak.Game.apply_id`)."""
        if move < DEFEND_OFFSET:
            self.hands[self.attacker] ^= 1 << move
            self.attacks.append(move)
            self.defences.append(-1)
            self.ranks |= SAME_RANK[move]
            if self.phase != ADDING:
                self.phase = DEFEND
        elif move < TAKE:
            card = move - DEFEND_OFFSET
            self.hands[1 - self.attacker] ^= 1 << card
            self.defences[-1] = card
            self.ranks |= SAME_RANK[card]
            self.phase = THROW_IN
        elif move == TAKE:
            self.phase = ADDING
        else:
            self._end_bout()

    def _end_bout(self) -> None:
        attacker = self.attacker
        defender = 1 - attacker
        if self.phase == ADDING:  # R9: the defender picks everything up and skips its attack
            self.hands[defender] |= self.table
        else:  # R10
            self.attacker = defender
        self.attacks = []
        self.defences = []
        self.ranks = 0
        self._refill(attacker)
        self._refill(defender)
        self._begin_bout_or_end()

    def _refill(self, player: int) -> None:
        stock = self.stock
        hand = self.hands[player]
        need = HAND_SIZE - hand.bit_count()
        while need > 0 and stock:
            hand |= 1 << stock.pop()
            need -= 1
        self.hands[player] = hand

    def _begin_bout_or_end(self) -> None:
        empty0 = not self.hands[0]
        empty1 = not self.hands[1]
        if not self.stock and (empty0 or empty1):
            self.phase = OVER
            self.loser = None if empty0 and empty1 else (1 if empty0 else 0)
            return
        self.phase = LEAD
        self.limit = min(MAX_ATTACKS, self.hands[1 - self.attacker].bit_count())

    def result(self, player: int) -> float:
        """1 if ``player`` won the finished game, 0.5 for a draw, 0 if it is the Durak."""
        if self.loser is None:
            return 0.5
        return 0.0 if self.loser == player else 1.0
