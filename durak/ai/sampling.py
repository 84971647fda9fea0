"""Determinization: fill in the cards a player cannot see, consistently with what it saw.

From an :class:`~durak.Observation` alone, a player knows its own hand, the table, the discard
pile, the cards the opponent picked up and still holds, the face-up trump card while it lies at
the bottom of the stock, and how many cards the opponent holds and the stock has left. Every
other card (``observation.unseen_mask``) is equally likely to be in the opponent's hand or in
any place of the stock. A :class:`Sampler` deals those cards at random, keeping the known ones
where they are: the opponent's known cards in its hand, the trump card at the bottom.

>>> from durak import Game
>>> game = Game.new(seed=3)
>>> sampler = Sampler(game.observation(0))
>>> position = sampler.sample(random.Random(1))
>>> position.hands[0] == sampler.own_hand
True
>>> len(position.stock)
24
"""

from __future__ import annotations

import itertools
import math
import random

from durak.game import Observation
from durak.kernel import State, bits, table_ranks

__all__ = ["Sampler"]


class Sampler:
    """Deals the unseen cards of one observation, in value numbers (see :mod:`durak.kernel`)."""

    __slots__ = (
        "attacker",
        "attacks",
        "defences",
        "discard",
        "hidden_count",
        "limit",
        "opponent_known",
        "own_hand",
        "phase",
        "player",
        "ranks",
        "rules",
        "shown",
        "stock_size",
        "trump",
        "trump_card",
        "unseen",
    )

    def __init__(self, observation: Observation) -> None:
        self.player = observation.player
        self.trump = observation.trump_index
        self.own_hand = observation.hand_mask
        self.opponent_known = observation.opponent_known_mask
        self.unseen = bits(observation.unseen_mask)
        self.hidden_count = observation.opponent_hand_size - self.opponent_known.bit_count()
        self.stock_size = observation.stock_size
        self.trump_card = observation.trump_card_value if observation.trump_card_in_stock else -1
        self.attacker = observation.attacker
        self.phase = int(observation.phase)
        self.attacks = list(observation.attacks)
        self.defences = list(observation.defences)
        self.limit = observation.bout_limit
        self.discard = observation.discard_mask
        self.ranks = table_ranks(self.attacks, self.defences)
        self.rules = observation.rules
        self.shown = observation.shown_trump_value
        if len(self.unseen) != self.hidden_count + self.loose_count or self.hidden_count < 0:
            raise ValueError("inconsistent observation: the unseen cards do not fill the hidden places")

    @property
    def perfect_information(self) -> bool:
        """True when nothing is hidden any more (the stock is empty)."""
        return self.stock_size == 0

    @property
    def loose_count(self) -> int:
        """How many stock cards are unseen (the face-up trump card is seen)."""
        return self.stock_size - (1 if self.trump_card >= 0 else 0)

    def every_deal(self, limit: int) -> list[State] | None:
        """Every position consistent with the observation, or None if there are more than
        ``limit``: one for each choice and order of the unseen stock cards (the opponent holds
        the rest). A few are left only when the stock is nearly empty.

        >>> from durak import Game
        >>> Sampler(Game.new(seed=3).observation(0)).every_deal(1000) is None
        True
        """
        loose = self.loose_count
        if math.perm(len(self.unseen), loose) > limit:
            return None
        deals = []
        for order in itertools.permutations(self.unseen, loose):
            hidden = [card for card in self.unseen if card not in order]
            stock = list(order) + ([self.trump_card] if self.trump_card >= 0 else [])
            deals.append(self.build(self.opponent_hand(hidden), stock))
        return deals

    def opponent_hand(self, hidden: list[int]) -> int:
        out = self.opponent_known
        for card in hidden:
            out |= 1 << card
        return out

    def build(self, opponent_hand: int, stock_top_first: list[int]) -> State:
        """The position with the given hidden cards (value numbers; the stock top first and,
        while the trump card lies there, ending with it)."""
        hands = [0, 0]
        hands[self.player] = self.own_hand
        hands[1 - self.player] = opponent_hand
        return State.of(
            hands,
            stock_top_first[::-1],
            self.attacker,
            self.phase,
            self.attacks[:],
            self.defences[:],
            self.limit,
            self.ranks,
            self.trump_card,
            self.discard,
            self.rules,
            self.shown,
        )

    def sample(self, rng: random.Random) -> State:
        """A uniformly random position consistent with the observation."""
        cards = self.unseen[:]
        rng.shuffle(cards)
        hidden = cards[: self.hidden_count]
        stock = cards[self.hidden_count :]
        if self.trump_card >= 0:
            stock.append(self.trump_card)
        return self.build(self.opponent_hand(hidden), stock)

    def sample_hand(self, rng: random.Random) -> int:
        """A uniformly random opponent hand (value order) consistent with the observation."""
        return self.opponent_hand(rng.sample(self.unseen, self.hidden_count))

    def sample_stock(self, opponent_hand: int, rng: random.Random) -> State:
        """A position with the given opponent hand and the rest of the unseen cards shuffled
        into the stock."""
        stock = [card for card in self.unseen if not opponent_hand >> card & 1]
        rng.shuffle(stock)
        if self.trump_card >= 0:
            stock.append(self.trump_card)
        return self.build(opponent_hand, stock)
