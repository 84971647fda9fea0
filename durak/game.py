"""The two-player Durak game, exact to rules R2–R12 of RULES.md and their variants V1–V3
(HOUSE_RULES.md).

:class:`Game` is the checked, readable face of the rules kernel (:class:`durak.kernel.State`,
cards in value order), which the AI's search plays on too: the rules are written once. The
public API speaks in :class:`~durak.Card` and :class:`~durak.Action`; every action is checked,
and :meth:`Game.apply` returns an :class:`Applied` record of what it did.

>>> game = Game.new(seed=7)
>>> len(game.hands[0]), len(game.hands[1]), len(game.stock)
(6, 6, 24)
>>> done = game.apply(game.legal_actions()[0])
>>> done.played in game.table[0], game.to_move == game.defender
(True, True)
"""

from __future__ import annotations

import random
import reprlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from durak.actions import (
    ACTION_IDS,
    ACTIONS,
    DEFEND_OFFSET,
    PASS_OFFSET,
    SHOW_OFFSET,
    STOP_ID,
    TAKE_ID,
    Action,
    ActionKind,
)
from durak.cards import DECK, Card, Suit
from durak.errors import IllegalAction, Reason
from durak.kernel import (
    ADDING,
    ALL_CARDS,
    BEATS,
    DEFEND,
    FROM_VALUE,
    FROM_VALUE_CHUNKS,
    HAND_SIZE,
    LEAD,
    MAX_ATTACKS,
    MOVE_CHUNKS,
    OVER,
    RANK,
    STOP,
    TO_VALUE,
    TRUMPS,
    Phase,
    State,
    bits,
    mask_from_value,
)
from durak.rules import DEFAULT_RULES, Rules

__all__ = ["HAND_SIZE", "MAX_ATTACKS", "Applied", "Deal", "Game", "Observation", "Outcome", "Phase"]

SUITS = tuple(Suit)
SEED_LIMIT = 2**64  # seeds are 0 <= seed < SEED_LIMIT: every one has its own deal and fits a record

# Per trump suit, the readable objects of each value number and move (one lookup at the edge).
CARD_OF_VALUE: tuple[tuple[Card, ...], ...] = tuple(tuple(DECK[c] for c in table) for table in FROM_VALUE)


def _renumbering(table: tuple[int, ...]) -> tuple[int, ...]:
    """Every move (or action id) with its card renumbered by ``table``, in number order."""
    return (
        *table,
        *(DEFEND_OFFSET + c for c in table),
        TAKE_ID,
        STOP_ID,
        *(PASS_OFFSET + c for c in table),
        *(SHOW_OFFSET + c for c in table),
    )


_ID_OF_MOVE: tuple[tuple[int, ...], ...] = tuple(_renumbering(table) for table in FROM_VALUE)
_MOVE_OF_ID: tuple[tuple[int, ...], ...] = tuple(_renumbering(table) for table in TO_VALUE)
ACTION_OF_MOVE: tuple[tuple[Action, ...], ...] = tuple(tuple(ACTIONS[i] for i in ids) for ids in _ID_OF_MOVE)
"""``ACTION_OF_MOVE[trump][move]``: the :class:`Action` of a kernel move."""


def _action_chunks(offset: int) -> tuple[tuple[tuple[Action, ...], ...], ...]:
    """For each 9-bit chunk (a suit, in suit-major numbers) of a card mask, the actions
    ``offset + card`` of its cards, in order: the legal actions in four lookups."""
    return tuple(
        tuple(tuple(ACTIONS[offset + 9 * suit + i] for i in range(9) if part >> i & 1) for part in range(512))
        for suit in range(4)
    )


_ACTION_CHUNKS = {offset: _action_chunks(offset) for offset in (0, DEFEND_OFFSET, PASS_OFFSET, SHOW_OFFSET)}


def action_of_move(move: int, trump: int) -> Action:
    """The :class:`Action` of the kernel move ``move`` when ``trump`` (0–3) is the trump suit."""
    return ACTION_OF_MOVE[trump][move]


def move_of_action(action: Action, trump: int) -> int:
    """The kernel move of ``action`` when ``trump`` (0–3) is the trump suit."""
    return _MOVE_OF_ID[trump][ACTION_IDS[action]]


def check_seed(seed: object) -> None:
    """Refuse a seed that :meth:`Game.new` would not deal from, or a record could not hold."""
    if type(seed) is not int:
        raise TypeError(f"a seed is a whole number, not {type(seed).__name__}")
    if not 0 <= seed < SEED_LIMIT:
        raise ValueError(f"a seed is a whole number from 0 to 2**64 - 1, not {seed}")


def _is_player(value: object) -> bool:
    return type(value) is int and value in (0, 1)


# --- the values the game hands out ----------------------------------------------------


@dataclass(frozen=True, slots=True)
class Deal:
    """How a game began: both hands as dealt, the stock (top first; while it is not empty its
    last card is the face-up trump card), the trump suit, who attacks first (R3, R4) and the
    :class:`Rules` the game is played by.

    >>> deal = Deal.shuffled(seed=7)
    >>> Game.replay(deal).deal == deal
    True
    """

    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    stock: tuple[Card, ...]
    trump: Suit
    attacker: int
    rules: Rules = DEFAULT_RULES

    def __post_init__(self) -> None:
        """The checks of :meth:`Game.from_deal`: a ``Deal`` is public, and :meth:`Game.replay`
        must not build a game no deal could give (a card twice, a third player)."""
        hands = self.hands
        if not (isinstance(hands, tuple) and len(hands) == 2 and all(isinstance(h, tuple) for h in hands)):
            raise TypeError(f"hands must be a tuple of two tuples of cards, not {reprlib.repr(hands)}")
        if not isinstance(self.stock, tuple):
            raise TypeError(f"stock must be a tuple of cards, not {type(self.stock).__name__}")
        for what, cards in (("hand0", hands[0]), ("hand1", hands[1]), ("stock", self.stock)):
            for card in cards:
                if not isinstance(card, Card):
                    raise TypeError(f"{what}: expected a Card, not {reprlib.repr(card)}")
        if not isinstance(self.trump, Suit):
            raise TypeError(f"trump must be a Suit, not {type(self.trump).__name__}")
        _check_dealt_once([card._index for cards in (*hands, self.stock) for card in cards])
        if self.stock:
            if self.stock[-1].suit is not self.trump:
                raise ValueError(f"trump {self.trump.value} does not match the face-up card {self.stock[-1]}")
            if not (hands[0] and hands[1]):
                raise ValueError("both hands need cards while the stock is not empty")
        if not _is_player(self.attacker):
            raise ValueError(f"attacker must be 0 (you) or 1 (the AI), not {self.attacker!r}")
        if not isinstance(self.rules, Rules):
            raise TypeError(f"rules must be a Rules, not {type(self.rules).__name__}")

    @classmethod
    def shuffled(cls, seed: int, rules: Rules = DEFAULT_RULES) -> Deal:
        """The deal of :meth:`Game.new` for ``seed``: shuffle, six cards each (the rules' hand
        size), the next card face up under the stock; the lowest trump attacks first."""
        return cls._of_numbers(*_shuffled(seed, rules))

    @classmethod
    def _of_numbers(
        cls, hand0: list[int], hand1: list[int], stock: list[int], attacker: int, trump: int, rules: Rules
    ) -> Deal:
        card = DECK.__getitem__
        hands = (tuple(map(card, hand0)), tuple(map(card, hand1)))
        return cls(hands, tuple(map(card, stock)), SUITS[trump], attacker, rules)


_Start = tuple[list[int], list[int], list[int], int, int, Rules]


def _shuffled(seed: int, rules: Rules) -> _Start:
    """R3, R4 in card numbers: both hands, the stock top first, the first attacker, the trump
    (and the rules, which say how many cards a hand is dealt)."""
    check_seed(seed)
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
    size = rules.hand_size
    deck = list(range(36))
    random.Random(seed).shuffle(deck)
    face_up = deck[2 * size]
    stock = [*deck[2 * size + 1 :], face_up]
    hands = [deck[:size], deck[size : 2 * size]]
    trump = face_up // 9
    return hands[0], hands[1], stock, _first_attacker(hands, trump), trump, rules


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: ``loser`` is the Durak (0 you, 1 the AI), None on a draw."""

    loser: int | None

    @property
    def winner(self) -> int | None:
        return None if self.loser is None else 1 - self.loser

    @property
    def is_draw(self) -> bool:
        return self.loser is None


# A stop's bout, as Applied keeps it: (attacks, defences, taken, stock top drawn from, cards drawn,
# drawn first, next attacker, outcome).
_Bout = tuple[list[int], list[int], bool, list[int], int, int, "int | None", "Outcome | None"]
# Where Applied keeps what it was made of.
_PLAYER: Final = 0
_TRUMP: Final = 1
_MOVE: Final = 2
_PHASE: Final = 3
_TARGET: Final = 4
_BOUT: Final = 5
_make = tuple.__new__  # Applied without its __new__'s Python call: Game.apply makes one per action


class Applied(tuple[int, int, int, int, int, _Bout | None]):
    """What one action did, as :meth:`Game.apply` returns it. Immutable.

    ``played`` is the card the action moved from ``player``'s hand to the table (``beaten``:
    the attack card a defence beat); a pass moves its card too, a show none (V2, V3: the
    passer is then the bout's attacker, ``game.attacker``). A stop ends the bout: then
    ``picked_up`` (after a take) or ``discarded`` holds the table's cards, ``drawn`` the cards
    each player drew from the stock (player 0's, then player 1's, in the order drawn),
    ``next_attacker`` who leads the next bout, and ``outcome`` is set if the game is over.

    One is made for every action, so it keeps the kernel's numbers and makes the
    :class:`Card` objects only when they are asked for. Underneath it is a tuple of those
    numbers, which is what makes it immutable at no cost (a frozen dataclass's ``__init__``
    took a fifth of the readable API's time): read it through its properties.
    """

    __slots__ = ()

    def __new__(
        cls,
        player: int,
        trump: int,
        move: int,
        phase: int,
        target: int = -1,
        bout: _Bout | None = None,
    ) -> Applied:
        return tuple.__new__(cls, (player, trump, move, phase, target, bout))

    def __reduce__(self) -> tuple[type[Applied], tuple[Any, ...]]:
        return Applied, tuple(self)

    @property
    def player(self) -> int:
        return self[_PLAYER]

    @property
    def action(self) -> Action:
        return ACTION_OF_MOVE[self[_TRUMP]][self[_MOVE]]

    @property
    def phase(self) -> Phase:
        """The phase the action was taken in: an attack in :attr:`Phase.LEAD` opens a bout."""
        return Phase(self[_PHASE])

    @property
    def played(self) -> Card | None:
        """The card moved to the table: attacked, beaten or passed with (V2); None otherwise."""
        move = self[_MOVE]
        if move < TAKE_ID:
            return CARD_OF_VALUE[self[_TRUMP]][move % DEFEND_OFFSET]
        if PASS_OFFSET <= move < SHOW_OFFSET:
            return CARD_OF_VALUE[self[_TRUMP]][move - PASS_OFFSET]
        return None

    @property
    def beaten(self) -> Card | None:
        return CARD_OF_VALUE[self[_TRUMP]][self[_TARGET]] if self[_TARGET] >= 0 else None

    def _table_cards(self, taken: bool) -> tuple[Card, ...]:
        if self[_BOUT] is None or self[_BOUT][2] != taken:
            return ()
        attacks, defences = self[_BOUT][0], self[_BOUT][1]
        cards = CARD_OF_VALUE[self[_TRUMP]]
        return tuple(cards[c] for pair in zip(attacks, defences, strict=True) for c in pair if c >= 0)

    @property
    def picked_up(self) -> tuple[Card, ...]:
        return self._table_cards(taken=True)

    @property
    def discarded(self) -> tuple[Card, ...]:
        return self._table_cards(taken=False)

    @property
    def drawn(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        if self[_BOUT] is None:
            return (), ()
        top, count, first_count = self[_BOUT][3:6]
        cards = CARD_OF_VALUE[self[_TRUMP]]
        from_top = [cards[c] for c in reversed(top[len(top) - count :])] if count else []
        first = self[_PLAYER]  # a stop is the bout's attacker's, who draws first
        drawn: list[tuple[Card, ...]] = [(), ()]
        drawn[first] = tuple(from_top[:first_count])
        drawn[1 - first] = tuple(from_top[first_count:])
        return drawn[0], drawn[1]

    @property
    def next_attacker(self) -> int | None:
        return None if self[_BOUT] is None else self[_BOUT][6]

    @property
    def outcome(self) -> Outcome | None:
        return None if self[_BOUT] is None else self[_BOUT][7]

    @property
    def ended_bout(self) -> bool:
        return self[_BOUT] is not None

    _FIELDS = ("player", "action", "phase", "played", "beaten", "picked_up", "discarded", "drawn",
               "next_attacker", "outcome")  # fmt: skip

    def _key(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self._FIELDS)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Applied) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        shown = (
            f"{name}={f'Phase.{value.name}' if isinstance(value, Phase) else repr(value)}"
            for name, value in zip(self._FIELDS, self._key(), strict=True)
            if name in ("player", "phase") or value not in (None, (), ((), ()))
        )
        return f"Applied({', '.join(shown)})"


# --- the game ------------------------------------------------------------------------


class Game:
    """A deal of two-player Durak. Player 0 is **you**, player 1 the **AI**.

    Build one with :meth:`new`, :meth:`from_deal`, :meth:`replay` or :meth:`from_json`; ask
    :meth:`legal_actions`; :meth:`apply` an action (or ``verify`` / ``can_apply`` it first).

    Three ways to play, as python-chess has ``push_san`` and ``push`` (random games on one
    core of a busy 2-CPU machine, ``bench/playouts.py``, CPU time):

    - :meth:`legal_actions` / :meth:`apply`: readable and checked, each action named with a
      reason if refused and reported as an :class:`Applied` (about 2,300 games/s);
    - :meth:`legal_ids` / :meth:`apply_id`: :class:`Action` ids (stable whatever the trump),
      unchecked, no objects made (about 3,200 games/s; for tools that index arrays by action);
    - :attr:`state`: the rules kernel in value numbers, unchecked, what the AI's search plays
      on (about 4,100 games/s; see :mod:`durak.kernel`).
    """

    __slots__ = ("_actions", "_cards", "_deal", "_legal", "_moves", "_start", "_state", "_trump", "seed")

    _state: State
    _trump: int
    _deal: Deal | None  # made from _start when first asked for
    _start: _Start
    seed: int | None

    # --- construction ---

    @classmethod
    def new(cls, seed: int | None = None, *, rules: Rules = DEFAULT_RULES) -> Game:
        """Shuffle and deal (R3). The same seed always gives the same deal.

        ``seed`` is a whole number from 0 to 2**64 - 1 (what the saved record can hold), or None
        for a fresh random deal. ``rules`` are the house rules (today's game by default):

        >>> Game.new(seed=7, rules=Rules(passing=True)).rules.passing
        True
        """
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        game = cls.__new__(cls)
        game._set_up(*_shuffled(seed, rules))  # the Deal of Cards is made only if asked for
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
        *,
        rules: Rules = DEFAULT_RULES,
    ) -> Game:
        """A chosen position at the start of a bout, played by ``rules`` (today's game by default).

        ``stock`` is listed top first; its last card is the face-up trump card. With an empty
        stock, ``trump`` names the trump suit. Cards in neither hand nor the stock count as
        discarded. ``attacker`` defaults to R4's choice: the holder of the lowest trump, else
        you (player 0).

        >>> game = Game.from_deal(["6♠", "7♥"], ["Т♠"], [], trump="♥")
        >>> game.attacker
        0
        """
        hands = [_card_numbers(hand0, "hand0"), _card_numbers(hand1, "hand1")]
        stock_cards = _card_numbers(stock, "stock")
        _check_dealt_once(hands[0] + hands[1] + stock_cards)
        trump_suit = _trump_suit(stock_cards, trump)
        if stock_cards and not (hands[0] and hands[1]):
            raise ValueError("both hands need cards while the stock is not empty")
        if attacker is None:
            attacker = _first_attacker(hands, trump_suit)
        if not _is_player(attacker):
            raise ValueError(f"attacker must be 0 (you) or 1 (the AI), not {attacker!r}")
        deal = Deal(
            (tuple(DECK[c] for c in hands[0]), tuple(DECK[c] for c in hands[1])),
            tuple(DECK[c] for c in stock_cards),
            SUITS[trump_suit],
            attacker,
            rules,
        )
        return cls(deal)

    @classmethod
    def replay(cls, deal: Deal, actions: Iterable[Action | str] = ()) -> Game:
        """The game dealt as ``deal``, with ``actions`` applied (each checked)."""
        game = cls(deal)
        for action in actions:
            game.apply(action)
        return game

    def __init__(self, deal: Deal) -> None:
        """The game at the start of ``deal`` (not checked: use :meth:`from_deal` for that)."""
        hand0, hand1, stock = ([card._index for card in cards] for cards in (*deal.hands, deal.stock))
        self._set_up(hand0, hand1, stock, deal.attacker, deal.trump.ordinal, deal.rules)
        self._deal = deal

    def _set_up(
        self, hand0: list[int], hand1: list[int], stock: list[int], attacker: int, trump: int, rules: Rules
    ) -> None:
        """The start of the game from card numbers (the stock top first)."""
        values = TO_VALUE[trump]
        bottom_first = [values[card] for card in reversed(stock)]
        self._start = (hand0, hand1, stock, attacker, trump, rules)
        self._deal = None
        self._trump = trump
        self._cards = CARD_OF_VALUE[trump]
        self._actions = ACTION_OF_MOVE[trump]
        self._moves = _MOVE_OF_ID[trump]
        hands = [0, 0]
        for player, hand in enumerate((hand0, hand1)):
            for card in hand:
                hands[player] |= 1 << values[card]
        self._state = State(
            hands,
            bottom_first,
            attacker,
            trump_card=bottom_first[0] if bottom_first else -1,
            # every card dealt: none discarded (else the rest are)
            discard=0 if len(stock) + len(hand0) + len(hand1) == 36 else None,
            rules=rules,
        )
        # what the last legal_actions() found: (history length, offset, suit-major cards, other)
        self._legal = (-1, 0, 0, -1)
        self.seed = None

    def copy(self, history: bool = True) -> Game:
        """An independent copy; ``history=False`` leaves out the moves so far (faster, for
        search: the copy's :attr:`history` then starts empty)."""
        other = Game.__new__(Game)
        for name in ("_actions", "_cards", "_deal", "_moves", "_start", "_trump", "seed"):
            setattr(other, name, getattr(self, name))
        other._state = self._state.copy(history)
        other._legal = (-1, 0, 0, -1)
        return other

    # --- public state ---

    @property
    def state(self) -> State:
        """The rules kernel underneath, in value numbers: the fast, unchecked path."""
        return self._state

    @property
    def deal(self) -> Deal:
        """How the game began."""
        if self._deal is None:
            self._deal = Deal._of_numbers(*self._start)
        return self._deal

    def _sorted(self, mask: int) -> tuple[Card, ...]:
        """The cards of a value mask, in the readable order (by suit ♠ ♣ ♥ ♦, then rank)."""
        return _cards_of(mask_from_value(mask, self._trump))

    @property
    def hands(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """Both hands, each sorted; ``hands[0]`` is yours, ``hands[1]`` the AI's."""
        hands = self._state.hands
        return self._sorted(hands[0]), self._sorted(hands[1])

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, top (next drawn) first; while not empty its last card is the trump card."""
        cards = self._cards
        return tuple(cards[v] for v in reversed(self._state.stock))

    @property
    def trump(self) -> Suit:
        return SUITS[self._trump]

    @property
    def rules(self) -> Rules:
        """The house rules the game is played by."""
        return self._state.rules

    @property
    def trump_card(self) -> Card | None:
        """The card turned face up to set trump (None in a position set up without a stock)."""
        card = self._state.trump_card
        return self._cards[card] if card >= 0 else None

    @property
    def table(self) -> tuple[tuple[Card, Card | None], ...]:
        """The bout's (attack, defence) pairs in play order; defence is None while unbeaten."""
        state = self._state
        return _pairs(state.attacks, state.defences, self._cards)

    @property
    def discard(self) -> tuple[Card, ...]:
        return self._sorted(self._state.discard)

    @property
    def attacker(self) -> int:
        return self._state.attacker

    @property
    def defender(self) -> int:
        return 1 - self._state.attacker

    @property
    def phase(self) -> Phase:
        return Phase(self._state.phase)

    @property
    def to_move(self) -> int | None:
        """The player who must act now, or None once the game is over."""
        return self._state.to_move

    @property
    def bout_limit(self) -> int:
        """How many attack cards this bout may hold (R8)."""
        return self._state.limit

    @property
    def is_over(self) -> bool:
        return self._state.phase == OVER

    @property
    def is_draw(self) -> bool:
        return self._state.phase == OVER and self._state.loser is None

    @property
    def loser(self) -> int | None:
        """The Durak (0 or 1); None while playing and on a draw."""
        return self._state.loser

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        return Outcome(self._state.loser) if self._state.phase == OVER else None

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied since the deal, in order."""
        actions = self._actions
        return tuple(actions[m] for m in self._state.history)

    def known_cards(self, player: int) -> tuple[Card, ...]:
        """The cards in ``player``'s hand that the other player has seen (R9, trump card)."""
        return self._sorted(self._state.known[player])

    # --- legal actions ---

    def legal_actions(self) -> list[Action]:
        """Every action the player to move may take now (empty once the game is over), cards in
        the readable order (by suit, then rank): beats, then passes and shows (V2, V3), take or
        stop last."""
        state = self._state
        offset, cards, other = state.legal_cards()
        t0, t1, t2, t3 = FROM_VALUE_CHUNKS[self._trump]  # mask_from_value(), spelled out: it is hot
        suit_major = t0[cards & 511] | t1[cards >> 9 & 511] | t2[cards >> 18 & 511] | t3[cards >> 27]
        a0, a1, a2, a3 = _ACTION_CHUNKS[offset]
        actions = [*a0[suit_major & 511], *a1[suit_major >> 9 & 511], *a2[suit_major >> 18 & 511],
                   *a3[suit_major >> 27]]  # fmt: skip
        # remembered, so that apply() can recognise one of these without checking the rules again
        self._legal = (len(state.history), offset, suit_major, other)
        if offset == DEFEND_OFFSET and state.rules.passing:
            actions += [ACTIONS[i] for i in self._pass_ids()]
        if other >= 0:
            actions.append(ACTIONS[other])
        return actions

    def _pass_ids(self) -> list[int]:
        """The ids of the legal passes and shows (V2, V3), in the readable order."""
        passes, shows = self._state.legal_passes()
        ids: list[int] = []
        for offset, cards in ((PASS_OFFSET, passes), (SHOW_OFFSET, shows)):
            if cards:
                ids += [offset + card for card in bits(mask_from_value(cards, self._trump))]
        return ids

    def legal_ids(self) -> list[int]:
        """The legal actions as :class:`Action` ids, in :meth:`legal_actions`' order: the fast
        path in ids (with :meth:`apply_id`), which makes no :class:`Action` objects."""
        offset, cards, other = self._state.legal_cards()
        t0, t1, t2, t3 = FROM_VALUE_CHUNKS[self._trump]
        suit_major = t0[cards & 511] | t1[cards >> 9 & 511] | t2[cards >> 18 & 511] | t3[cards >> 27]
        b0, b1, b2, b3 = MOVE_CHUNKS[offset]  # a card number plus the offset: its action's id
        ids = [*b0[suit_major & 511], *b1[suit_major >> 9 & 511], *b2[suit_major >> 18 & 511],
               *b3[suit_major >> 27]]  # fmt: skip
        if offset == DEFEND_OFFSET and self._state.rules.passing:
            ids += self._pass_ids()
        if other >= 0:
            ids.append(other)
        return ids

    def verify(self, action: Action | str, player: int | None = None) -> None:
        """Raise :class:`IllegalAction` (with a reason) unless ``action`` is legal now.

        ``action`` is an :class:`Action` or its text. With ``player``, also check that it is that
        player's turn.
        """
        self._checked_move(action, player)

    def _checked_move(self, action: Action | str, player: int | None) -> int:
        """The kernel move of ``action`` once every rule has been checked.

        The move is looked up from the action's value, never taken from the object, so that an
        action built some other way can only ever stand for a legal one.
        """
        if isinstance(action, str):
            action = Action.parse(action)
        action_id = ACTION_IDS.get(action) if isinstance(action, Action) else None
        if action_id is None:
            raise TypeError(f"expected an Action, not {type(action).__name__}")
        action = ACTIONS[action_id]
        if player is not None and not _is_player(player):
            raise ValueError(f"player must be 0 (you) or 1 (the AI), not {player!r}")
        state = self._state
        phase = state.phase
        if phase == OVER:
            raise IllegalAction(Reason.GAME_OVER, action)
        if player is not None and player != state.to_move:
            raise IllegalAction(Reason.NOT_YOUR_TURN, action, player=player, to_move=state.to_move)
        move = self._moves[action_id]
        kind = action.kind
        if kind is ActionKind.ATTACK:
            if phase == DEFEND:
                raise IllegalAction(Reason.DEFENDER_TO_MOVE, action)
            if not state.hands[state.attacker] >> move & 1:
                raise IllegalAction(Reason.NOT_IN_HAND, action, card=action.card)
            if phase != LEAD:
                if len(state.attacks) >= state.limit:
                    raise self._limit_refusal(action)
                if not state.ranks >> move & 1:
                    raise IllegalAction(Reason.RANK_NOT_ON_TABLE, action, card=action.card)
        elif kind is ActionKind.DEFEND:
            card = move - DEFEND_OFFSET
            if phase != DEFEND:
                raise IllegalAction(Reason.NOTHING_TO_BEAT, action)
            if not state.hands[1 - state.attacker] >> card & 1:
                raise IllegalAction(Reason.NOT_IN_HAND, action, card=action.card)
            target = state.open_attack()
            if not BEATS[target] >> card & 1:
                target_card = self._cards[target]
                raise IllegalAction(Reason.DOES_NOT_BEAT, action, card=action.card, target=target_card)
        elif kind is ActionKind.TAKE:
            if phase == ADDING:
                raise IllegalAction(Reason.ALREADY_TAKING, action)
            if phase != DEFEND:
                raise IllegalAction(Reason.NOTHING_TO_TAKE, action)
        elif kind is ActionKind.STOP:
            if phase == LEAD:
                raise IllegalAction(Reason.MUST_LEAD, action)
            if phase == DEFEND:
                raise IllegalAction(Reason.DEFENDER_TO_MOVE, action)
        else:
            self._check_pass(action, move)
        return move

    def _limit_refusal(self, action: Action) -> IllegalAction:
        """R8, V1: why the bout has no room for another attack card: its own limit, the first
        bout's, or the defender's hand."""
        state = self._state
        limit = state.limit
        bout_limit, first_bout = self._bout_limit()
        if limit < bout_limit:
            return IllegalAction(Reason.DEFENDER_HAND_LIMIT, action, limit=limit)
        return IllegalAction(
            Reason.FIRST_BOUT_LIMIT if first_bout else Reason.ATTACK_LIMIT, action, limit=limit
        )

    def _bout_limit(self) -> tuple[int, bool]:
        """R8, V1: a bout's own limit before the defender's hand is counted, and whether it is
        the first bout's (a smaller one, while nothing is discarded)."""
        rules = self._state.rules
        if self._state.discard or rules.first_bout_limit == rules.attack_limit:
            return rules.attack_limit, False
        return rules.first_bout_limit, True

    def _check_pass(self, action: Action, move: int) -> None:
        """V2, V3: a pass or a show, with the reason it is refused."""
        state = self._state
        rules = state.rules
        showing = action.kind is ActionKind.SHOW
        if not rules.passing:
            raise IllegalAction(Reason.NO_PASSING, action)
        if showing and not rules.passing_by_showing_trump:
            raise IllegalAction(Reason.NO_SHOWING, action)
        if state.phase != DEFEND:
            raise IllegalAction(Reason.NOTHING_TO_PASS, action)
        card = move - (SHOW_OFFSET if showing else PASS_OFFSET)
        if not state.hands[1 - state.attacker] >> card & 1:
            raise IllegalAction(Reason.NOT_IN_HAND, action, card=action.card)
        if state.defences[0] != -1:
            raise IllegalAction(Reason.PASS_AFTER_BEATING, action)
        attack = state.attacks[0]
        if RANK[card] != RANK[attack]:
            raise IllegalAction(Reason.PASS_RANK, action, card=action.card, target=self._cards[attack])
        if showing:
            if not TRUMPS >> card & 1:
                raise IllegalAction(Reason.SHOW_NOT_TRUMP, action, card=action.card)
            if state.shown >= 0:
                raise IllegalAction(Reason.ALREADY_SHOWN, action, card=self._cards[state.shown])
        attacks = len(state.attacks) + (not showing)  # the attack cards after the pass
        bout_limit, first_bout = self._bout_limit()
        if attacks > bout_limit:
            reason = Reason.FIRST_BOUT_LIMIT if first_bout else Reason.ATTACK_LIMIT
            raise IllegalAction(reason, action, limit=bout_limit)
        held = state.hands[state.attacker].bit_count()  # the new defender's
        if attacks > held:
            raise IllegalAction(Reason.PASS_HAND_TOO_SMALL, action, held=held, attacks=attacks)

    def can_apply(self, action: Action | str, player: int | None = None) -> bool:
        """Whether :meth:`apply` would accept ``action`` now (malformed input still raises)."""
        try:
            self._checked_move(action, player)
        except IllegalAction:
            return False
        return True

    def apply(self, action: Action | str, player: int | None = None) -> Applied:
        """Play ``action`` (an :class:`Action` or its text) for the player to move, and say
        what it did.

        Raises :class:`IllegalAction` and changes nothing if it is not legal.
        """
        state = self._state
        # An interned Action among the legal ones just listed needs no more checks.
        number = action._id if type(action) is Action and ACTIONS[action._id] is action else -1
        version, offset, cards, other = self._legal
        if (
            number >= 0
            and player is None
            and version == len(state.history)
            and (number == other or (0 <= number - offset < 36 and cards >> (number - offset) & 1))
        ):
            move = self._moves[number]
        else:
            move = self._checked_move(action, player)
        attacker = state.attacker
        phase = state.phase
        if move == STOP:
            bout = (state.attacks, state.defences, phase == ADDING, state.stock[-2 * state.rules.hand_size :])
            before, left = state.hands[attacker], len(state.stock)
            state.play(STOP)  # the kernel starts the next bout with fresh lists: these stay as they were
            over = state.phase == OVER
            drawn = left - len(state.stock), (state.hands[attacker] & ~before).bit_count()
            ending = None if over else state.attacker, Outcome(state.loser) if over else None
            return _make(Applied, (attacker, self._trump, STOP, phase, -1, (*bout, *drawn, *ending)))
        if phase == DEFEND:
            target = state.attacks[state.defences.index(-1)] if move < TAKE_ID else -1  # open_attack()
            state.play(move)
            return _make(Applied, (1 - attacker, self._trump, move, phase, target, None))
        state.play(move)
        return _make(Applied, (attacker, self._trump, move, phase, -1, None))

    def apply_id(self, action_id: int) -> None:
        """Play a legal action given by its :class:`Action` id, without checking it.

        Only for ids from :meth:`legal_ids`: an unchecked fast path (see also :attr:`state`);
        an id that is not legal now leaves the game in a state no rules allow.
        """
        self._state.play(self._moves[action_id])

    # --- what a player may see ---

    def observation(self, player: int) -> Observation:
        """Exactly what ``player`` may know: see the last point of RULES.md."""
        if not _is_player(player):
            raise ValueError(f"player must be 0 or 1, not {player!r}")
        state = self._state
        return Observation(
            player=player,
            trump_index=self._trump,
            hand_mask=state.hands[player],
            opponent_hand_size=state.hands[1 - player].bit_count(),
            opponent_known_mask=state.known[1 - player],
            attacks=tuple(state.attacks),
            defences=tuple(state.defences),
            discard_mask=state.discard,
            trump_card_value=state.trump_card,
            trump_card_in_stock=bool(state.stock) and state.trump_card >= 0,
            stock_size=len(state.stock),
            attacker=state.attacker,
            phase=Phase(state.phase),
            bout_limit=state.limit,
            loser=state.loser,
            moves=tuple(state.history),
            rules=state.rules,
            shown_trump_value=state.shown,
        )

    # --- the record ---

    def to_json(self) -> str:
        """A versioned, JSON-only record: the deal, the moves and the resulting state (see
        :mod:`durak.records`)."""
        from durak.records import dump_game

        return dump_game(self)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Load :meth:`to_json`'s output, rejecting anything inconsistent with a
        :class:`~durak.CorruptRecord` (see :mod:`durak.records`)."""
        from durak.records import load_game

        return load_game(text)

    # --- display ---

    def __str__(self) -> str:
        from durak.render import game_text

        return game_text(self)

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"{self.phase.name.lower()}, player {self.to_move} to move"
        return f"<Game trump {self.trump.value}, stock {len(self._state.stock)}, {state}>"

    def _repr_html_(self) -> str:
        from durak.render import game_html

        return game_html(self)


def _cards_of(suit_major_mask: int) -> tuple[Card, ...]:
    return tuple(DECK[c] for c in bits(suit_major_mask))


def _pairs(
    attacks: Sequence[int], defences: Sequence[int], cards: tuple[Card, ...]
) -> tuple[tuple[Card, Card | None], ...]:
    return tuple((cards[a], cards[d] if d >= 0 else None) for a, d in zip(attacks, defences, strict=True))


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


def _check_dealt_once(numbers: list[int]) -> None:
    """Refuse cards dealt twice; one pass with a bit mask (a crafted record may list thousands)."""
    seen = doubled = 0
    for number in numbers:
        bit = 1 << number
        doubled |= seen & bit
        seen |= bit
    if doubled:
        twice = [DECK[c] for c in range(36) if doubled >> c & 1]
        raise ValueError(f"cards dealt twice: {' '.join(map(str, twice))}")


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
    low, high = 9 * trump, 9 * trump + 9
    lowest = [min([c for c in hand if low <= c < high], default=99) for hand in hands]
    return 1 if lowest[1] < lowest[0] else 0


# --- observations --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Observation:
    """What one player may know (RULES.md, last point). Never the other hand or the stock order.

    Cards are exposed as :class:`Card` tuples (``hand``, ``table``, ``unseen`` ...). The
    ``*_mask`` fields, ``attacks``, ``defences``, ``trump_card_value`` and ``moves`` are the
    kernel's value numbers of the same things (:mod:`durak.kernel`), for fast AI code.

    Frozen, like the :class:`Card` and :class:`Action` it is made of: a player may keep one
    between moves, or use it as a key. A changed view is a new value
    (``dataclasses.replace(observation, opponent_known_mask=...)``), never an edit of the one
    another player was given.
    """

    player: int
    trump_index: int
    hand_mask: int
    opponent_hand_size: int
    opponent_known_mask: int
    attacks: tuple[int, ...]
    defences: tuple[int, ...]
    discard_mask: int
    trump_card_value: int
    trump_card_in_stock: bool
    stock_size: int
    attacker: int
    phase: Phase
    bout_limit: int
    loser: int | None
    moves: tuple[int, ...]
    rules: Rules = DEFAULT_RULES
    shown_trump_value: int = -1  # the trump shown to pass this bout on (V3), -1 for none

    def _sorted(self, mask: int) -> tuple[Card, ...]:
        return _cards_of(mask_from_value(mask, self.trump_index))

    @property
    def hand(self) -> tuple[Card, ...]:
        return self._sorted(self.hand_mask)

    @property
    def opponent_known(self) -> tuple[Card, ...]:
        """Cards the opponent is known to hold (it picked them up, or drew the trump card)."""
        return self._sorted(self.opponent_known_mask)

    @property
    def table(self) -> tuple[tuple[Card, Card | None], ...]:
        return _pairs(self.attacks, self.defences, CARD_OF_VALUE[self.trump_index])

    @property
    def table_mask(self) -> int:
        out = 0
        for card in (*self.attacks, *self.defences):
            if card >= 0:
                out |= 1 << card
        return out

    @property
    def discard(self) -> tuple[Card, ...]:
        return self._sorted(self.discard_mask)

    @property
    def trump(self) -> Suit:
        return SUITS[self.trump_index]

    @property
    def trump_card(self) -> Card | None:
        value = self.trump_card_value
        return CARD_OF_VALUE[self.trump_index][value] if value >= 0 else None

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
        actions = ACTION_OF_MOVE[self.trump_index]
        return tuple(actions[m] for m in self.moves)

    @property
    def unseen_mask(self) -> int:
        """Cards whose place this player does not know: the rest of the other hand and the
        stock (less the face-up trump card while it lies there)."""
        seen = self.hand_mask | self.opponent_known_mask | self.discard_mask | self.table_mask
        if self.trump_card_in_stock:
            seen |= 1 << self.trump_card_value
        return ALL_CARDS & ~seen

    @property
    def unseen(self) -> tuple[Card, ...]:
        return self._sorted(self.unseen_mask)

    def __repr__(self) -> str:
        return (
            f"<Observation player {self.player}: hand {' '.join(map(str, self.hand))}; "
            f"opponent {self.opponent_hand_size} cards; stock {self.stock_size}; "
            f"{self.phase.name.lower()}>"
        )
