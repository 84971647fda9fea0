"""The rules kernel: one game state with cards numbered in value order, shared by the game and the AI.

:class:`~durak.Game` is the checked, readable face of a :class:`State`; the AI's search plays
on copies of sampled States. The rules R5–R12 are written here once.

**Value numbers.** Cards are numbered for the deal's trump suit so that a card's number sorts
it by *value*: the 27 non-trumps come first, three per rank from the sixes up (0–26), then the
nine trumps from the six to the ace (27–35). So the cheapest card of a hand is its lowest bit,
every trump outranks every non-trump, and the tables below (:data:`BEATS`, :data:`SAME_RANK`,
:data:`RANK`) are the same whichever suit is trump. :func:`to_value` and :func:`from_value`
translate from and to the suit-major card numbers of :class:`~durak.Card` (``suit * 9 + rank``).

**Moves** are numbered like :class:`~durak.Action` ids, but with value numbers: ``c`` attacks
with card ``c``, ``36 + c`` beats with it, :data:`TAKE` (72) takes and :data:`STOP` (73) stops;
in the passing game ``74 + c`` passes the attack on with ``c`` and ``110 + c`` shows the trump
``c`` to pass it on (HOUSE_RULES.md V2, V3).

**Rules.** A state carries the :class:`~durak.Rules` it is played by (``state.rules``): the hand
size, the bout limits and whether passing is allowed are read from there, never from a constant.

>>> from durak import Card, Suit
>>> to_value(Card.parse("6♠").index, trump=Suit.HEARTS.ordinal)
0
>>> to_value(Card.parse("Т♥").index, trump=Suit.HEARTS.ordinal)
35
>>> state = State([0b1, 0b10 << 27], [], attacker=0)  # a plain six against a trump seven
>>> state.legal_moves()
[0]
>>> state.play(0); state.legal_moves()  # beat it, or take
[64, 72]
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from durak.actions import DEFEND_OFFSET, PASS_OFFSET, SHOW_OFFSET, STOP_ID, TAKE_ID
from durak.rules import DEFAULT_RULES, Rules

__all__ = [
    "ADDING",
    "ALL_CARDS",
    "BEATS",
    "DEFEND",
    "FROM_VALUE",
    "HAND_SIZE",
    "LEAD",
    "MAX_ATTACKS",
    "NONTRUMPS",
    "OVER",
    "PASS",
    "RANK",
    "SAME_RANK",
    "SHOW",
    "STOP",
    "TAKE",
    "THROW_IN",
    "TO_VALUE",
    "TRUMPS",
    "Phase",
    "State",
    "bits",
    "card_of_move",
    "from_value",
    "id_of_move",
    "mask_from_value",
    "mask_to_value",
    "move_of_id",
    "table_ranks",
    "to_value",
]

# Today's game's numbers (DEFAULT_RULES), for code that speaks of it alone: a state reads its own
# from state.rules.
HAND_SIZE = DEFAULT_RULES.hand_size  # R3, R11
MAX_ATTACKS = DEFAULT_RULES.attack_limit  # R8
ALL_CARDS = (1 << 36) - 1
TAKE = TAKE_ID
STOP = STOP_ID
PASS = PASS_OFFSET  # PASS + c: pass the attack on with c (V2)
SHOW = SHOW_OFFSET  # SHOW + c: pass it on by showing the trump c (V3)


class Phase(enum.IntEnum):
    """Where a bout stands: who must act, and what they may do."""

    LEAD = 0  # the attacker opens a bout with any card (R5)
    DEFEND = 1  # the defender beats the open attack card or takes (R6, R9), or passes (V2, V3)
    THROW_IN = 2  # every attack is beaten: the attacker adds a card or stops (R7, R10)
    ADDING = 3  # the defender takes: the attacker adds cards or stops (R9)
    OVER = 4


# Plain ints for the hot paths: a global int is cheaper to compare than an IntEnum member.
LEAD, DEFEND, THROW_IN, ADDING, OVER = (int(phase) for phase in Phase)

# --- value numbers -----------------------------------------------------------------------

NONTRUMPS = (1 << 27) - 1
TRUMPS = ALL_CARDS ^ NONTRUMPS
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


TO_VALUE: tuple[tuple[int, ...], ...] = tuple(_value_table(t) for t in range(4))
"""``TO_VALUE[trump][card]``: the value number of a suit-major card number."""
FROM_VALUE: tuple[tuple[int, ...], ...] = tuple(
    tuple(table.index(v) for v in range(36)) for table in TO_VALUE
)
"""``FROM_VALUE[trump][value]``: the suit-major card number of a value number."""


def to_value(card: int, trump: int) -> int:
    """The value number of the suit-major card number ``card``."""
    return TO_VALUE[trump][card]


def from_value(value: int, trump: int) -> int:
    """The suit-major card number of the value number ``value``."""
    return FROM_VALUE[trump][value]


def _number_chunks(offset: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For every 9-bit chunk of a mask, the numbers ``offset + card`` of its set bits, in order."""
    return tuple(
        tuple(tuple(offset + 9 * chunk + i for i in range(9) if part >> i & 1) for part in range(512))
        for chunk in range(4)
    )


# The cards of a mask in four lookups, which beat a loop per card; also as defence moves.
_BIT_CHUNKS = _number_chunks(0)
MOVE_CHUNKS = {0: _BIT_CHUNKS, DEFEND_OFFSET: _number_chunks(DEFEND_OFFSET)}


def bits(mask: int) -> list[int]:
    """The card numbers in ``mask``, lowest (in value order: cheapest) first."""
    if not mask:
        return []
    b0, b1, b2, b3 = _BIT_CHUNKS
    return [*b0[mask & 511], *b1[mask >> 9 & 511], *b2[mask >> 18 & 511], *b3[mask >> 27]]


def _chunk_tables(table: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """For each 9-bit chunk of a mask, the renumbered mask of every value of that chunk.

    Each value is the one without its lowest bit plus that bit renumbered: one step per entry,
    not one per bit (the site's Python builds these tables while the learner waits).
    """
    chunks = []
    for chunk in range(4):
        renumbered = [0] * 512
        for part in range(1, 512):
            low = part & -part
            renumbered[part] = renumbered[part ^ low] | 1 << table[9 * chunk + low.bit_length() - 1]
        chunks.append(tuple(renumbered))
    return tuple(chunks)


# Renumbering a whole mask is four lookups (``FROM_VALUE_CHUNKS[trump][chunk][9 bits]``): the
# readable views and the legal actions need it often.
TO_VALUE_CHUNKS = tuple(_chunk_tables(table) for table in TO_VALUE)
FROM_VALUE_CHUNKS = tuple(_chunk_tables(table) for table in FROM_VALUE)


def mask_to_value(mask: int, trump: int) -> int:
    """A mask of suit-major card numbers, renumbered in value order."""
    t0, t1, t2, t3 = TO_VALUE_CHUNKS[trump]
    return t0[mask & 511] | t1[mask >> 9 & 511] | t2[mask >> 18 & 511] | t3[mask >> 27]


def mask_from_value(mask: int, trump: int) -> int:
    """A mask of value numbers, renumbered as suit-major card numbers."""
    t0, t1, t2, t3 = FROM_VALUE_CHUNKS[trump]
    return t0[mask & 511] | t1[mask >> 9 & 511] | t2[mask >> 18 & 511] | t3[mask >> 27]


def _renumbered(number: int, table: tuple[int, ...]) -> int:
    """A move or an action id with its card renumbered by ``table``."""
    if number >= SHOW:
        return SHOW + table[number - SHOW]
    if number >= PASS:
        return PASS + table[number - PASS]
    if number >= TAKE:
        return number
    if number >= DEFEND_OFFSET:
        return DEFEND_OFFSET + table[number - DEFEND_OFFSET]
    return table[number]


def id_of_move(move: int, trump: int) -> int:
    """The :class:`~durak.Action` id of a move."""
    return _renumbered(move, FROM_VALUE[trump])


def move_of_id(action_id: int, trump: int) -> int:
    """The move of an :class:`~durak.Action` id."""
    return _renumbered(action_id, TO_VALUE[trump])


def card_of_move(move: int) -> int:
    """The card a move plays or shows, or -1 for a take or a stop."""
    if move >= SHOW:
        return move - SHOW
    if move >= PASS:
        return move - PASS
    if move >= TAKE:
        return -1
    return move % DEFEND_OFFSET


# --- the state ---------------------------------------------------------------------------


def table_ranks(attacks: Sequence[int], defences: Sequence[int]) -> int:
    """Every card sharing a rank with a card on the table (-1 for an unbeaten attack)."""
    ranks = 0
    for card in (*attacks, *defences):
        if card >= 0:
            ranks |= SAME_RANK[card]
    return ranks


class State:
    """A complete game state in value numbers: both hands, the stock in order, the table, the
    discard pile, the cards each player knows the other holds, and the moves so far.

    ``stock`` lists the stock bottom first, so ``stock.pop()`` draws; ``trump_card`` is the
    face-up card at its bottom (-1 for a position set up without one). ``known[p]`` are the
    cards in player ``p``'s hand that the other player has seen: picked up (R9), or the face-up
    trump card once drawn, or shown (V3). ``rules`` are the :class:`~durak.Rules` it is played
    by, ``shown`` the trump shown to pass the bout on (-1 for none: V3 allows one a bout).
    :meth:`legal_moves` and :meth:`play` are the rules; :meth:`play` does not check its move
    (that is :meth:`durak.Game.apply`'s job).

    While defending, the open attack card is the first unbeaten one: in the passing game several
    may wait, and they are beaten in the order they were played (HOUSE_RULES.md V2).

    The search plays on copies without the move list: ``copy(history=False)``.
    """

    __slots__ = (
        "attacker",
        "attacks",
        "defences",
        "discard",
        "hands",
        "history",
        "known",
        "limit",
        "loser",
        "phase",
        "ranks",
        "rules",
        "shown",
        "stock",
        "trump_card",
    )

    hands: list[int]
    stock: list[int]
    trump_card: int
    attacker: int
    phase: int
    attacks: list[int]
    defences: list[int]  # the defence of attacks[i], or -1 while it is unbeaten
    limit: int
    ranks: int  # every card sharing a rank with a table card: what may be thrown in
    loser: int | None
    discard: int
    known: tuple[int, int]
    history: list[int]
    rules: Rules
    shown: int

    def __init__(
        self,
        hands: list[int],
        stock: list[int],
        attacker: int,
        phase: int = LEAD,
        attacks: list[int] | None = None,
        defences: list[int] | None = None,
        limit: int | None = None,
        *,
        trump_card: int = -1,
        known: tuple[int, int] = (0, 0),
        discard: int | None = None,
        rules: Rules = DEFAULT_RULES,
        shown: int = -1,
    ) -> None:
        """A state at the start of a bout (``phase`` LEAD: R12's check and R8's limit are
        applied now) or in the middle of one. ``discard`` defaults to every card not in the
        hands, the stock or on the table."""
        self.hands = hands
        self.stock = stock
        self.trump_card = trump_card
        self.attacker = attacker
        self.phase = phase
        self.attacks = attacks if attacks is not None else []
        self.defences = defences if defences is not None else []
        self.ranks = table_ranks(self.attacks, self.defences)
        self.loser = None
        self.known = known
        self.history = []
        self.rules = rules
        self.shown = shown
        if discard is None:
            placed = hands[0] | hands[1] | self.table_mask
            for card in stock:
                placed |= 1 << card
            discard = ALL_CARDS ^ placed
        self.discard = discard
        if limit is None:
            limit = rules.limit(bool(discard), hands[1 - attacker].bit_count())
        self.limit = limit
        if phase in (LEAD, OVER):
            self._begin_bout_or_end()

    @classmethod
    def of(
        cls,
        hands: list[int],
        stock: list[int],
        attacker: int,
        phase: int,
        attacks: list[int],
        defences: list[int],
        limit: int,
        ranks: int,
        trump_card: int,
        discard: int,
        rules: Rules = DEFAULT_RULES,
        shown: int = -1,
    ) -> State:
        """A state made of exactly these parts, nothing checked or derived (the search builds
        thousands from one observation: see :class:`durak.ai.sampling.Sampler`)."""
        state = cls.__new__(cls)
        state.hands = hands
        state.stock = stock
        state.trump_card = trump_card
        state.attacker = attacker
        state.phase = phase
        state.attacks = attacks
        state.defences = defences
        state.limit = limit
        state.ranks = ranks
        state.loser = None
        state.discard = discard
        state.known = (0, 0)
        state.history = []
        state.rules = rules
        state.shown = shown
        return state

    def copy(self, history: bool = True) -> State:
        """An independent copy; ``history=False`` leaves its move list empty (for search)."""
        other = State.__new__(State)
        other.hands = self.hands[:]
        other.stock = self.stock[:]
        other.trump_card = self.trump_card
        other.attacker = self.attacker
        other.phase = self.phase
        other.attacks = self.attacks[:]
        other.defences = self.defences[:]
        other.limit = self.limit
        other.ranks = self.ranks
        other.loser = self.loser
        other.discard = self.discard
        other.known = self.known  # a tuple: shared until it changes
        other.history = self.history[:] if history else []
        other.rules = self.rules
        other.shown = self.shown
        return other

    @property
    def to_move(self) -> int | None:
        """The player to act (None once the game is over)."""
        if self.phase == OVER:
            return None
        return 1 - self.attacker if self.phase == DEFEND else self.attacker

    @property
    def table_mask(self) -> int:
        """Every card on the table."""
        out = 0
        for card in self.attacks:
            out |= 1 << card
        for card in self.defences:
            if card >= 0:
                out |= 1 << card
        return out

    def open_attack(self) -> int:
        """The attack card the defender must beat now: the first unbeaten one (-1 for none)."""
        defences = self.defences
        return self.attacks[defences.index(-1)] if -1 in defences else -1

    def legal_cards(self) -> tuple[int, int, int]:
        """The legal moves in three parts ``(offset, cards, other)``: each card of the mask
        ``cards`` may be played as the move ``offset + card``, and ``other`` (take, stop, or -1
        for none) may be played too; passes are apart (:meth:`legal_passes`). The rules of what
        is legal are here, and only here."""
        phase = self.phase
        if phase == LEAD:  # R5: any card
            return 0, self.hands[self.attacker], -1
        if phase == DEFEND:  # R6: a card that beats the open attack card; R9: or take
            attacks = self.attacks
            open_attack = attacks[-1] if len(attacks) == 1 else attacks[self.defences.index(-1)]
            return DEFEND_OFFSET, self.hands[1 - self.attacker] & BEATS[open_attack], TAKE
        if phase == OVER:
            return 0, 0, -1
        # R7, R8: a card of a rank on the table while the bout has room; R10: or stop
        room = len(self.attacks) < self.limit
        return 0, self.hands[self.attacker] & self.ranks if room else 0, STOP

    def legal_passes(self) -> tuple[int, int]:
        """The cards the defender may pass the attack on with, and the trumps it may show to
        (V2, V3): ``(pass_cards, show_cards)``, both 0 unless the rules allow passing now.

        A pass is allowed only before any attack card is beaten, with a card of the attack's
        rank, if the bout has room for one more attack card and the other player holds at least
        as many cards as the attack would then have."""
        if self.phase != DEFEND or not self.rules.passing or self.defences[0] != -1:
            return 0, 0
        rules = self.rules
        attacks = self.attacks
        count = len(attacks)
        cap = min(
            rules.attack_limit if self.discard else rules.first_bout_limit,
            self.hands[self.attacker].bit_count(),
        )
        matching = self.hands[1 - self.attacker] & SAME_RANK[attacks[0]]
        passes = matching if count < cap else 0
        shows = 0
        if rules.passing_by_showing_trump and self.shown < 0 and count <= cap:
            shows = matching & TRUMPS
        return passes, shows

    def legal_moves(self) -> list[int]:
        """The legal moves, cheapest cards first (beats, then passes, then shows), take or stop last."""
        offset, cards, other = self.legal_cards()
        b0, b1, b2, b3 = MOVE_CHUNKS[offset]
        moves = [*b0[cards & 511], *b1[cards >> 9 & 511], *b2[cards >> 18 & 511], *b3[cards >> 27]]
        if offset == DEFEND_OFFSET and self.rules.passing:
            passes, shows = self.legal_passes()
            moves += [PASS + card for card in bits(passes)]
            moves += [SHOW + card for card in bits(shows)]
        if other >= 0:
            moves.append(other)
        return moves

    def play(self, move: int) -> None:
        """Play a legal move (unchecked)."""
        self.history.append(move)
        if move < DEFEND_OFFSET:
            bit = 1 << move
            self.hands[self.attacker] ^= bit
            if self.known[self.attacker] & bit:  # a card the other player knew of leaves the hand
                self._forget(self.attacker, bit)
            self.attacks.append(move)
            self.defences.append(-1)
            self.ranks |= SAME_RANK[move]
            if self.phase != ADDING:
                self.phase = DEFEND
        elif move < TAKE:
            card = move - DEFEND_OFFSET
            bit = 1 << card
            defender = 1 - self.attacker
            self.hands[defender] ^= bit
            if self.known[defender] & bit:
                self._forget(defender, bit)
            defences = self.defences
            if len(defences) == 1 or defences[-2] != -1:  # the last card is the only open one
                defences[-1] = card
                self.phase = THROW_IN
            else:  # several wait after a pass: the first unbeaten one is beaten
                defences[defences.index(-1)] = card
            self.ranks |= SAME_RANK[card]
        elif move == TAKE:
            self.phase = ADDING
        elif move == STOP:
            self._end_bout()
        else:
            self._pass(move)

    def _pass(self, move: int) -> None:
        """V2, V3: the defender passes the attack on, and the roles of the bout change."""
        defender = 1 - self.attacker
        if move < SHOW:
            card = move - PASS
            bit = 1 << card
            self.hands[defender] ^= bit
            if self.known[defender] & bit:
                self._forget(defender, bit)
            self.attacks.append(card)
            self.defences.append(-1)
        else:  # the trump is shown and stays in the hand: now the other player knows of it
            card = move - SHOW
            self._learn(defender, 1 << card)
            self.shown = card
        self.attacker = defender
        rules = self.rules
        bout_limit = rules.attack_limit if self.discard else rules.first_bout_limit
        self.limit = min(bout_limit, self.hands[1 - defender].bit_count())

    def _learn(self, player: int, cards: int) -> None:
        known = self.known
        self.known = (known[0] | cards, known[1]) if player == 0 else (known[0], known[1] | cards)

    def _forget(self, player: int, cards: int) -> None:
        known = self.known
        self.known = (known[0] & ~cards, known[1]) if player == 0 else (known[0], known[1] & ~cards)

    def _end_bout(self) -> None:
        attacker = self.attacker
        defender = 1 - attacker
        table = self.table_mask
        if self.phase == ADDING:  # R9: the defender picks everything up and skips its attack
            self.hands[defender] |= table
            self._learn(defender, table)
        else:  # R10: the table is discarded, the defender attacks next
            self.discard |= table
            self.attacker = defender
        self.attacks = []
        self.defences = []
        self.ranks = 0
        self.shown = -1
        self._refill(attacker)  # R11: the bout's attacker draws first
        self._refill(defender)
        self._begin_bout_or_end()

    def _refill(self, player: int) -> None:
        """R11: draw from the top of the stock up to the hand size (six)."""
        stock = self.stock
        hand = self.hands[player]
        need = self.rules.hand_size - hand.bit_count()
        while need > 0 and stock:
            card = stock.pop()
            hand |= 1 << card
            if card == self.trump_card:  # it lay face up: the other player knows who holds it
                self._learn(player, 1 << card)
            need -= 1
        self.hands[player] = hand

    def _begin_bout_or_end(self) -> None:
        """R12: hands are checked only after a complete bout, once the stock is empty."""
        empty0 = not self.hands[0]
        empty1 = not self.hands[1]
        if not self.stock and (empty0 or empty1):
            self.phase = OVER
            self.loser = None if empty0 and empty1 else (1 if empty0 else 0)
            return
        self.phase = LEAD
        rules = self.rules  # rules.limit(), spelled out: it runs after every bout
        self.limit = min(
            rules.attack_limit if self.discard else rules.first_bout_limit,
            self.hands[1 - self.attacker].bit_count(),
        )

    def result(self, player: int) -> float:
        """1 if ``player`` won the finished game, 0.5 for a draw, 0 if it is the Durak."""
        if self.loser is None:
            return 0.5
        return 0.0 if self.loser == player else 1.0
