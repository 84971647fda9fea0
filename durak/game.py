"""The two-player Durak game, exact to rules R2–R12 of RULES.md.

The engine keeps hands, the discard pile and the table's ranks as 36-bit
masks and actions as small ints (see :mod:`durak.actions`), so that random
playouts and the AI's search are fast. The public API speaks in
:class:`~durak.Card` and :class:`~durak.Action`.

>>> game = Game.new(seed=7)
>>> len(game.hands[0]), len(game.hands[1]), len(game.stock)
(6, 6, 24)
>>> game.apply(game.legal_actions()[0])
>>> game.to_move == game.defender
True
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Sequence
from typing import Any

from durak.actions import ACTION_IDS, ACTIONS, DEFEND_OFFSET, STOP_ID, TAKE_ID, Action, ActionKind
from durak.cards import DECK, Card, Suit
from durak.errors import IllegalAction, Reason

__all__ = ["HAND_SIZE", "MAX_ATTACKS", "Game", "Observation", "Phase"]

HAND_SIZE = 6  # R3, R11
MAX_ATTACKS = 6  # R8
ALL_CARDS = (1 << 36) - 1


class Phase(enum.IntEnum):
    LEAD = 0  # the attacker opens a bout with any card (R5)
    DEFEND = 1  # the defender beats the open attack card or takes (R6, R9)
    THROW_IN = 2  # every attack is beaten: the attacker adds a card or stops (R7, R10)
    ADDING = 3  # the defender takes: the attacker adds cards or stops (R9)
    OVER = 4


# --- precomputed masks ---------------------------------------------------------------


def _beaters(trump: int) -> tuple[int, ...]:
    """For each card, the mask of cards that beat it when ``trump`` is the trump suit (R6)."""
    table = []
    for card in range(36):
        suit, rank = divmod(card, 9)
        higher = sum(1 << (suit * 9 + r) for r in range(rank + 1, 9))
        if suit != trump:
            higher |= sum(1 << (trump * 9 + r) for r in range(9))
        table.append(higher)
    return tuple(table)


BEATERS: tuple[tuple[int, ...], ...] = tuple(_beaters(trump) for trump in range(4))
SAME_RANK: tuple[int, ...] = tuple(sum(1 << (s * 9 + card % 9) for s in range(4)) for card in range(36))
SUIT_MASK: tuple[int, ...] = tuple(sum(1 << (s * 9 + r) for r in range(9)) for s in range(4))


def mask_of(cards: Iterable[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def bits(mask: int) -> list[int]:
    """The card numbers in ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def cards_of(mask: int) -> tuple[Card, ...]:
    return tuple(DECK[c] for c in bits(mask))


def table_pairs(attacks: Sequence[int], defences: Sequence[int]) -> tuple[tuple[Card, Card | None], ...]:
    return tuple((DECK[a], DECK[d] if d >= 0 else None) for a, d in zip(attacks, defences, strict=True))


SUITS = tuple(Suit)

# plain ints for the hot path (an IntEnum member lookup costs more than a global)
_LEAD, _DEFEND, _THROW_IN, _ADDING, _OVER = (int(p) for p in Phase)


# --- the game ------------------------------------------------------------------------


class Game:
    """A deal of two-player Durak. Player 0 is **you**, player 1 the **AI**.

    Build one with :meth:`new`, :meth:`from_deal` or :meth:`from_json`; ask
    :meth:`legal_actions`; :meth:`apply` an action (or ``verify`` / ``can_apply``
    it first).
    """

    __slots__ = (
        "_attacker",
        "_attacks",
        "_beaters",
        "_defences",
        "_discard",
        "_hands",
        "_history",
        "_known",
        "_limit",
        "_loser",
        "_phase",
        "_start",
        "_stock",
        "_table_ranks",
        "_trump",
        "_trump_card",
        "seed",
    )

    _hands: list[int]
    _trump: int
    _trump_card: int  # -1 when the position was set up without a stock
    _beaters: tuple[int, ...]
    _table_ranks: int  # every card sharing a rank with a table card: what may be thrown in
    _discard: int
    _attacker: int
    _phase: int
    _limit: int
    _stock: list[int]  # bottom first: _stock[0] is the face-up trump card, pop() draws
    _attacks: list[int]
    _defences: list[int]  # defence of _attacks[i], or -1 while it is unbeaten
    _known: list[int]  # cards in each hand that the other player has seen (picked up, trump card)
    _history: list[int]
    _loser: int | None
    _start: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int]
    seed: int | None

    # --- construction ---

    @classmethod
    def new(cls, seed: int | None = None) -> Game:
        """Shuffle and deal (R3). The same seed always gives the same deal.

        ``seed`` is a whole number from 0 to 2**64 - 1 (what the saved record can hold), or None
        for a fresh random deal.
        """
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        check_seed(seed)
        deck = list(range(36))
        random.Random(seed).shuffle(deck)
        face_up = deck[2 * HAND_SIZE]
        stock = [*deck[2 * HAND_SIZE + 1 :], face_up]
        hands = [deck[:HAND_SIZE], deck[HAND_SIZE : 2 * HAND_SIZE]]
        trump = face_up // 9
        game = cls._deal(hands, stock, _first_attacker(hands, trump), trump)
        game.seed = seed
        return game

    @classmethod
    def from_deal(
        cls,
        hand0: Iterable[Card | str],
        hand1: Iterable[Card | str],
        stock: Sequence[Card | str] = (),
        attacker: int | None = None,
        trump: Suit | str | None = None,
    ) -> Game:
        """A chosen position at the start of a bout.

        ``stock`` is listed top first; its last card is the face-up trump card.
        With an empty stock, ``trump`` names the trump suit. Cards in neither
        hand nor the stock count as discarded. ``attacker`` defaults to R4's
        choice: the holder of the lowest trump, else you (player 0).

        >>> game = Game.from_deal(["6♠", "7♥"], ["Т♠"], [], trump="♥")
        >>> game.attacker
        0
        """
        hands = [_card_numbers(hand0, "hand0"), _card_numbers(hand1, "hand1")]
        stock_cards = _card_numbers(stock, "stock")
        seen = hands[0] + hands[1] + stock_cards
        duplicates = sorted({c for c in seen if seen.count(c) > 1})
        if duplicates:
            raise ValueError(f"cards dealt twice: {' '.join(str(DECK[c]) for c in duplicates)}")
        trump_suit = _trump_suit(stock_cards, trump)
        if stock_cards and not (hands[0] and hands[1]):
            raise ValueError("both hands need cards while the stock is not empty")
        if attacker is None:
            attacker = _first_attacker(hands, trump_suit)
        if not _is_player(attacker):
            raise ValueError(f"attacker must be 0 (you) or 1 (the AI), not {attacker!r}")
        return cls._deal(hands, stock_cards, attacker, trump_suit)

    @classmethod
    def _deal(cls, hands: list[list[int]], stock: list[int], attacker: int, trump: int) -> Game:
        """The start of a bout from card numbers (stock top first), already validated."""
        game = cls.__new__(cls)
        game._start = (tuple(hands[0]), tuple(hands[1]), tuple(stock), attacker, trump)
        game._hands = [mask_of(hands[0]), mask_of(hands[1])]
        game._stock = stock[::-1]
        game._discard = ALL_CARDS ^ game._hands[0] ^ game._hands[1] ^ mask_of(stock)
        game._attacker = attacker
        game._trump = trump
        game._trump_card = stock[-1] if stock else -1
        game._beaters = BEATERS[trump]
        game._attacks, game._defences = [], []
        game._table_ranks = 0
        game._known = [0, 0]
        game._history = []
        game._loser = None
        game._phase = _LEAD
        game._limit = 0
        game.seed = None
        game._begin_bout_or_end()
        return game

    def copy(self) -> Game:
        """An independent copy (the start record is shared: it never changes)."""
        other = Game.__new__(Game)
        other._hands = self._hands[:]
        other._stock = self._stock[:]
        other._trump = self._trump
        other._trump_card = self._trump_card
        other._beaters = self._beaters
        other._attacks = self._attacks[:]
        other._defences = self._defences[:]
        other._table_ranks = self._table_ranks
        other._discard = self._discard
        other._attacker = self._attacker
        other._phase = self._phase
        other._limit = self._limit
        other._known = self._known[:]
        other._history = self._history[:]
        other._loser = self._loser
        other._start = self._start
        other.seed = self.seed
        return other

    # --- public state ---

    @property
    def hands(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """Both hands, each sorted; ``hands[0]`` is yours, ``hands[1]`` the AI's."""
        return cards_of(self._hands[0]), cards_of(self._hands[1])

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, top (next drawn) first; while not empty its last card is the trump card."""
        return tuple(DECK[c] for c in reversed(self._stock))

    @property
    def trump(self) -> Suit:
        return SUITS[self._trump]

    @property
    def trump_card(self) -> Card | None:
        """The card turned face up to set trump (None in a position set up without a stock)."""
        return DECK[self._trump_card] if self._trump_card >= 0 else None

    @property
    def table(self) -> tuple[tuple[Card, Card | None], ...]:
        """The bout's (attack, defence) pairs in play order; defence is None while unbeaten."""
        return table_pairs(self._attacks, self._defences)

    @property
    def discard(self) -> tuple[Card, ...]:
        return cards_of(self._discard)

    @property
    def attacker(self) -> int:
        return self._attacker

    @property
    def defender(self) -> int:
        return 1 - self._attacker

    @property
    def phase(self) -> Phase:
        return Phase(self._phase)

    @property
    def to_move(self) -> int | None:
        """The player who must act now, or None once the game is over."""
        if self._phase == _OVER:
            return None
        return 1 - self._attacker if self._phase == _DEFEND else self._attacker

    @property
    def bout_limit(self) -> int:
        """How many attack cards this bout may hold (R8)."""
        return self._limit

    @property
    def is_over(self) -> bool:
        return self._phase == _OVER

    @property
    def is_draw(self) -> bool:
        return self._phase == _OVER and self._loser is None

    @property
    def loser(self) -> int | None:
        """The Durak (0 or 1); None while playing and on a draw."""
        return self._loser

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied since the deal, in order."""
        return tuple(ACTIONS[a] for a in self._history)

    def known_cards(self, player: int) -> tuple[Card, ...]:
        """The cards in ``player``'s hand that the other player has seen (R9, trump card)."""
        return cards_of(self._known[player])

    # --- legal actions ---

    def legal_ids(self) -> list[int]:
        """The legal actions as engine numbers (fast path for playouts and search)."""
        phase = self._phase
        attacker = self._attacker
        if phase == _LEAD:
            return bits(self._hands[attacker])
        if phase == _DEFEND:
            hand = self._hands[1 - attacker] & self._beaters[self._attacks[-1]]
            ids = [DEFEND_OFFSET + c for c in bits(hand)]
            ids.append(TAKE_ID)
            return ids
        if phase == _OVER:
            return []
        ids = bits(self._hands[attacker] & self._table_ranks) if len(self._attacks) < self._limit else []
        ids.append(STOP_ID)
        return ids

    def legal_actions(self) -> list[Action]:
        """Every action the player to move may take now (empty once the game is over)."""
        return [ACTIONS[a] for a in self.legal_ids()]

    def verify(self, action: Action | str, player: int | None = None) -> None:
        """Raise :class:`IllegalAction` (with a reason) unless ``action`` is legal now.

        ``action`` is an :class:`Action` or its text. With ``player``, also check that it is that
        player's turn.
        """
        self._checked_id(action, player)

    def _checked_id(self, action: Action | str, player: int | None) -> int:
        """The engine number of ``action`` once every rule has been checked.

        The number is looked up from the action's value, never taken from the object, so that
        an action built some other way can only ever stand for a legal one.
        """
        if isinstance(action, str):
            action = Action.parse(action)
        action_id = ACTION_IDS.get(action) if isinstance(action, Action) else None
        if action_id is None:
            raise TypeError(f"expected an Action, not {type(action).__name__}")
        action = ACTIONS[action_id]
        if player is not None and not _is_player(player):
            raise ValueError(f"player must be 0 (you) or 1 (the AI), not {player!r}")
        phase = self._phase
        if phase == _OVER:
            raise IllegalAction(Reason.GAME_OVER, action)
        if player is not None and player != self.to_move:
            raise IllegalAction(Reason.NOT_YOUR_TURN, action, player=player, to_move=self.to_move)
        kind = action.kind
        if kind is ActionKind.ATTACK:
            self._verify_attack(action)
        elif kind is ActionKind.DEFEND:
            self._verify_defence(action)
        elif kind is ActionKind.TAKE:
            if phase == _ADDING:
                raise IllegalAction(Reason.ALREADY_TAKING, action)
            if phase != _DEFEND:
                raise IllegalAction(Reason.NOTHING_TO_TAKE, action)
        elif phase == _LEAD:  # stop
            raise IllegalAction(Reason.MUST_LEAD, action)
        elif phase == _DEFEND:
            raise IllegalAction(Reason.DEFENDER_TO_MOVE, action)
        return action_id

    def _verify_attack(self, action: Action) -> None:
        assert action.card is not None
        card = action.card.index
        if self._phase == _DEFEND:
            raise IllegalAction(Reason.DEFENDER_TO_MOVE, action)
        if not self._hands[self._attacker] >> card & 1:
            raise IllegalAction(Reason.NOT_IN_HAND, action, card=action.card)
        if self._phase == _LEAD:
            return
        if len(self._attacks) >= self._limit:
            reason = Reason.SIX_CARD_LIMIT if self._limit == MAX_ATTACKS else Reason.DEFENDER_HAND_LIMIT
            raise IllegalAction(reason, action, limit=self._limit)
        if not self._table_ranks >> card & 1:
            raise IllegalAction(Reason.RANK_NOT_ON_TABLE, action, card=action.card)

    def _verify_defence(self, action: Action) -> None:
        assert action.card is not None
        card = action.card.index
        if self._phase != _DEFEND:
            raise IllegalAction(Reason.NOTHING_TO_BEAT, action)
        if not self._hands[1 - self._attacker] >> card & 1:
            raise IllegalAction(Reason.NOT_IN_HAND, action, card=action.card)
        target = self._attacks[-1]
        if not self._beaters[target] >> card & 1:
            raise IllegalAction(Reason.DOES_NOT_BEAT, action, card=action.card, target=DECK[target])

    def can_apply(self, action: Action | str, player: int | None = None) -> bool:
        """Whether :meth:`apply` would accept ``action`` now (malformed input still raises)."""
        try:
            self._checked_id(action, player)
        except IllegalAction:
            return False
        return True

    def apply(self, action: Action | str, player: int | None = None) -> None:
        """Play ``action`` (an :class:`Action` or its text) for the player to move.

        Raises :class:`IllegalAction` and changes nothing if it is not legal.
        """
        self.apply_id(self._checked_id(action, player))

    # --- the engine ---

    def apply_id(self, action_id: int) -> None:
        """Play a legal action given by its engine number, without checking it.

        Only for ids from :meth:`legal_ids`: this is the fast path for search.
        """
        self._history.append(action_id)
        attacker = self._attacker
        if action_id < DEFEND_OFFSET:
            bit = 1 << action_id
            self._hands[attacker] ^= bit
            self._known[attacker] &= ~bit
            self._attacks.append(action_id)
            self._defences.append(-1)
            self._table_ranks |= SAME_RANK[action_id]
            if self._phase != _ADDING:
                self._phase = _DEFEND
        elif action_id < TAKE_ID:
            card = action_id - DEFEND_OFFSET
            bit = 1 << card
            defender = 1 - attacker
            self._hands[defender] ^= bit
            self._known[defender] &= ~bit
            self._defences[-1] = card
            self._table_ranks |= SAME_RANK[card]
            self._phase = _THROW_IN
        elif action_id == TAKE_ID:
            self._phase = _ADDING
        else:
            self._end_bout()

    def _end_bout(self) -> None:
        attacker = self._attacker
        defender = 1 - attacker
        table = mask_of(self._attacks) | mask_of(d for d in self._defences if d >= 0)
        if self._phase == _ADDING:  # R9: the defender picks up and skips the next attack
            self._hands[defender] |= table
            self._known[defender] |= table
        else:  # R10: discard, the defender attacks next
            self._discard |= table
            self._attacker = defender
        self._attacks = []
        self._defences = []
        self._table_ranks = 0
        self._refill(attacker)
        self._refill(defender)
        self._begin_bout_or_end()

    def _refill(self, player: int) -> None:
        """R11: draw from the top of the stock up to six cards."""
        stock = self._stock
        hand = self._hands[player]
        need = HAND_SIZE - hand.bit_count()
        while need > 0 and stock:
            card = stock.pop()
            hand |= 1 << card
            if card == self._trump_card:  # it was face up: the other player knows who holds it
                self._known[player] |= 1 << card
            need -= 1
        self._hands[player] = hand

    def _begin_bout_or_end(self) -> None:
        """R12: hands are checked only after a complete bout, once the stock is empty."""
        empty0 = not self._hands[0]
        empty1 = not self._hands[1]
        if not self._stock and (empty0 or empty1):
            self._phase = _OVER
            self._loser = None if empty0 and empty1 else (1 if empty0 else 0)
            return
        self._phase = _LEAD
        self._limit = min(MAX_ATTACKS, self._hands[1 - self._attacker].bit_count())

    # --- what a player may see ---

    def observation(self, player: int) -> Observation:
        """Exactly what ``player`` may know: see the last point of RULES.md."""
        if not _is_player(player):
            raise ValueError(f"player must be 0 or 1, not {player!r}")
        trump_card_in_stock = bool(self._stock) and self._trump_card >= 0
        return Observation(
            player=player,
            hand_mask=self._hands[player],
            opponent_hand_size=self._hands[1 - player].bit_count(),
            opponent_known_mask=self._known[1 - player],
            attacks=tuple(self._attacks),
            defences=tuple(self._defences),
            discard_mask=self._discard,
            trump=self._trump,
            trump_card=self._trump_card,
            trump_card_in_stock=trump_card_in_stock,
            stock_size=len(self._stock),
            attacker=self._attacker,
            phase=Phase(self._phase),
            bout_limit=self._limit,
            loser=self._loser,
            history=tuple(self._history),
        )

    # --- serialisation ---

    def to_json(self) -> str:
        """A versioned, JSON-only record: the deal, the moves and the resulting state."""
        import json

        return json.dumps(
            {
                "format": FORMAT,
                "version": VERSION,
                "seed": self.seed,
                "start": self._start_record(),
                "moves": [str(ACTIONS[a]) for a in self._history],
                "state": self._state_record(),
            },
            ensure_ascii=False,
        )

    def _start_record(self) -> dict[str, Any]:
        hand0, hand1, stock, attacker, trump = self._start
        return {
            "hands": [[str(DECK[c]) for c in hand0], [str(DECK[c]) for c in hand1]],
            "stock": [str(DECK[c]) for c in stock],
            "trump": SUITS[trump].value,
            "attacker": attacker,
        }

    def _state_record(self) -> dict[str, Any]:
        return {
            "hands": [[str(c) for c in hand] for hand in self.hands],
            "stock": [str(c) for c in self.stock],
            "table": [[str(a), str(d) if d else None] for a, d in self.table],
            "discard": [str(c) for c in self.discard],
            "attacker": self._attacker,
            "phase": Phase(self._phase).name.lower(),
            "bout_limit": self._limit,
            "known": [[str(c) for c in self.known_cards(p)] for p in (0, 1)],
            "loser": self._loser,
        }

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Load :meth:`to_json`'s output, rejecting anything inconsistent with a ValueError."""
        from durak.serialization import load_game

        return load_game(text)

    # --- display ---

    def __str__(self) -> str:
        from durak.render import game_text

        return game_text(self)

    def __repr__(self) -> str:
        state = (
            "over" if self.is_over else f"{Phase(self._phase).name.lower()}, player {self.to_move} to move"
        )
        return f"<Game trump {self.trump.value}, stock {len(self._stock)}, {state}>"

    def _repr_html_(self) -> str:
        from durak.render import game_html

        return game_html(self)


FORMAT = "durak-game"
VERSION = 1
SEED_LIMIT = 2**64  # seeds are 0 <= seed < SEED_LIMIT: every one has its own deal and fits a record


def check_seed(seed: object) -> None:
    """Refuse a seed that :meth:`Game.new` would not deal from, or a record could not hold."""
    if type(seed) is not int:
        raise TypeError(f"a seed is a whole number, not {type(seed).__name__}")
    if not 0 <= seed < SEED_LIMIT:
        raise ValueError(f"a seed is a whole number from 0 to 2**64 - 1, not {seed}")


def _is_player(value: object) -> bool:
    return type(value) is int and value in (0, 1)


def _card_numbers(cards: Iterable[Card | str], what: str) -> list[int]:
    if isinstance(cards, (str, Card)):
        raise TypeError(f"{what} must be a list of cards, not a single {type(cards).__name__}")
    out = []
    for card in cards:
        if isinstance(card, str):
            card = Card.parse(card)
        if not isinstance(card, Card):
            raise TypeError(f"{what}: expected a Card or its text, not {card!r}")
        out.append(card.index)
    return out


def _trump_suit(stock: list[int], trump: Suit | str | None) -> int:
    if trump is not None and not isinstance(trump, str):  # a Suit is a str too
        raise TypeError(f"trump is a suit (a Suit, or its symbol or letter), not {type(trump).__name__}")
    named = Suit.parse(trump).ordinal if trump is not None else None
    if stock:
        face_up = stock[-1] // 9
        if named is not None and named != face_up:
            raise ValueError(f"trump {SUITS[named].value} does not match the face-up card {DECK[stock[-1]]}")
        return face_up
    if named is None:
        raise ValueError("with an empty stock, name the trump suit (trump=...)")
    return named


def _first_attacker(hands: list[list[int]], trump: int) -> int:
    """R4: the lowest trump attacks first; with no trump in either hand, you do."""
    lowest = [min((c for c in hand if c // 9 == trump), default=99) for hand in hands]
    return 1 if lowest[1] < lowest[0] else 0


# --- observations --------------------------------------------------------------------


class Observation:
    """What one player may know (RULES.md, last point). Never the other hand or the stock order.

    Cards are exposed as :class:`Card` tuples; the ``*_mask`` fields are the
    engine's bit masks of the same sets, for fast AI code.
    """

    __slots__ = (
        "attacker",
        "attacks",
        "bout_limit",
        "defences",
        "discard_mask",
        "hand_mask",
        "history_ids",
        "loser",
        "opponent_hand_size",
        "opponent_known_mask",
        "phase",
        "player",
        "stock_size",
        "trump_card_in_stock",
        "trump_card_index",
        "trump_index",
    )

    def __init__(
        self,
        *,
        player: int,
        hand_mask: int,
        opponent_hand_size: int,
        opponent_known_mask: int,
        attacks: tuple[int, ...],
        defences: tuple[int, ...],
        discard_mask: int,
        trump: int,
        trump_card: int,
        trump_card_in_stock: bool,
        stock_size: int,
        attacker: int,
        phase: Phase,
        bout_limit: int,
        loser: int | None,
        history: tuple[int, ...],
    ) -> None:
        self.player = player
        self.hand_mask = hand_mask
        self.opponent_hand_size = opponent_hand_size
        self.opponent_known_mask = opponent_known_mask
        self.attacks = attacks
        self.defences = defences
        self.discard_mask = discard_mask
        self.trump_index = trump
        self.trump_card_index = trump_card
        self.trump_card_in_stock = trump_card_in_stock
        self.stock_size = stock_size
        self.attacker = attacker
        self.phase = phase
        self.bout_limit = bout_limit
        self.loser = loser
        self.history_ids = history

    @property
    def hand(self) -> tuple[Card, ...]:
        return cards_of(self.hand_mask)

    @property
    def opponent_known(self) -> tuple[Card, ...]:
        """Cards the opponent is known to hold (it picked them up, or drew the trump card)."""
        return cards_of(self.opponent_known_mask)

    @property
    def table(self) -> tuple[tuple[Card, Card | None], ...]:
        return table_pairs(self.attacks, self.defences)

    @property
    def table_mask(self) -> int:
        return mask_of(self.attacks) | mask_of(d for d in self.defences if d >= 0)

    @property
    def discard(self) -> tuple[Card, ...]:
        return cards_of(self.discard_mask)

    @property
    def trump(self) -> Suit:
        return SUITS[self.trump_index]

    @property
    def trump_card(self) -> Card | None:
        return DECK[self.trump_card_index] if self.trump_card_index >= 0 else None

    @property
    def defender(self) -> int:
        return 1 - self.attacker

    @property
    def to_move(self) -> int | None:
        if self.phase == Phase.OVER:
            return None
        return self.defender if self.phase == Phase.DEFEND else self.attacker

    @property
    def is_over(self) -> bool:
        return self.phase == Phase.OVER

    @property
    def history(self) -> tuple[Action, ...]:
        return tuple(ACTIONS[a] for a in self.history_ids)

    @property
    def unseen_mask(self) -> int:
        """Cards whose place this player does not know: the rest of the other hand and the
        stock (less the face-up trump card while it lies there)."""
        seen = self.hand_mask | self.opponent_known_mask | self.discard_mask | self.table_mask
        if self.trump_card_in_stock:
            seen |= 1 << self.trump_card_index
        return ALL_CARDS & ~seen

    @property
    def unseen(self) -> tuple[Card, ...]:
        return cards_of(self.unseen_mask)

    def _key(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Observation) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"<Observation player {self.player}: hand {' '.join(map(str, self.hand))}; "
            f"opponent {self.opponent_hand_size} cards; stock {self.stock_size}; "
            f"{self.phase.name.lower()}>"
        )
