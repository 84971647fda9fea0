"""Reading the opponent's hand from its play: weights for sampled deals.

Every deal the sampler produces is *possible*; but some make the opponent's past moves far more
likely than others. Most players lead a low card, beat with the cheapest card that beats, take
only when beating is impossible or costly, and throw in their cheap matching cards. So a deal in
which the opponent stopped throwing in while holding a cheap matching card, or led the queen
while holding a seven, is less likely than one in which it had no better move.

:class:`History` replays an observation's public history once and records the opponent's
decisions, the cards it picked up and how many cards it drew after each bout. For a sampled
opponent hand, :meth:`History.likelihood` walks that record backwards, rebuilding the hand the
opponent held at each of its decisions (the cards drawn at each refill are chosen at random among
the cards it could have drawn), and multiplies the probabilities of its moves under a forgiving
model: with probability ``1 - noise`` it plays like a sensible rule-of-thumb player, otherwise
any legal move. The model never excludes a deal; it only ranks deals.

Decisions made after the stock ran out carry no weight: from then on nothing is hidden.

The replay follows the observation's :class:`~durak.Rules`: the hand size, the bout limits and
the passing game (HOUSE_RULES.md V1–V3). The model of the opponent's play knows nothing of passing
yet: a pass is weighed as a move the sensible player would not make (only the noise explains it).
"""

from __future__ import annotations

import random

from durak.actions import DEFEND_OFFSET, PASS_OFFSET, SHOW_OFFSET, STOP_ID, TAKE_ID
from durak.ai.policy import (
    DEFAULT,
    RuleParams,
    add_move,
    defend_move,
    greedy_move,
    lead_card,
    throw_move,
)
from durak.game import Observation
from durak.kernel import ADDING, BEATS, DEFEND, LEAD, SAME_RANK, THROW_IN, card_of_move
from durak.rules import Rules

__all__ = ["BLEND", "PLAIN", "SENSIBLE", "History", "Model"]

Model = tuple[float, float]
"""How the opponent is assumed to play when it does not play at random: the shares of the
sensible rule-of-thumb move and of the plain cheapest-card move (:func:`~durak.ai.policy.greedy_move`)."""
BLEND: Model = (0.5, 0.5)  # the search's reading: half sensible, half plain, move by move
SENSIBLE: Model = (1.0, 0.0)
PLAIN: Model = (0.0, 1.0)

_DECIDE, _PICKUP, _DRAW = 0, 1, 2
DECK_SIZE = 36

Event = tuple[int, ...]


def limit_now(rules: Rules, discarded: bool) -> int:
    """R8, V1: the bout's own limit, before the defender's hand is counted."""
    return rules.attack_limit if discarded else rules.first_bout_limit


class History:
    """The opponent's part of an observation's history, replayed from the deal.

    ``usable`` is False when the history cannot be replayed from a standard deal (a position set
    up by hand, for instance); :meth:`likelihood` then weighs every deal alike.
    """

    def __init__(self, observation: Observation, noise: float = 0.25, params: RuleParams = DEFAULT) -> None:
        self.noise = noise
        self.params = params
        self.events: list[Event] = []
        self.decisions = 0
        self.usable = self._replay(observation)

    def _replay(self, observation: Observation) -> bool:
        """Replay the public moves once, keeping both players' records, and keep the opponent's.

        Who attacked first is not in the observation, so the players are named relative to the
        first attacker (0) while replaying; at the end the observation's attacker says who that
        was. One pass, one phase machine: the same that counts the bouts which change the
        attacker (R10) also records the decisions."""
        trump_card = observation.trump_card_value
        rules = observation.rules
        hand_size = rules.hand_size
        attacker = 0  # relative to the first attacker until the end
        counts = [hand_size, hand_size]
        stock = DECK_SIZE - 2 * hand_size
        known = [0, 0]  # cards each player picked up (or the trump card it drew or showed) and still holds
        records: tuple[list[Event], list[Event]] = ([], [])
        phase = LEAD
        table = ranks = attacks = 0
        discarded = False  # V1: the first bout's limit holds until the first discard
        limit = rules.limit(discarded, hand_size)
        unbeaten: list[int] = []  # the attack cards waiting to be beaten, the open one first
        for move in observation.moves:
            defender = 1 - attacker
            mover = defender if phase == DEFEND else attacker
            card = card_of_move(move)
            if stock:
                open_attack = unbeaten[0] if phase == DEFEND else -1
                records[mover].append((_DECIDE, phase, open_attack, ranks, limit - attacks, stock, move))
            if move < DEFEND_OFFSET:
                attacks += 1
                unbeaten.append(card)
                if phase != ADDING:
                    phase = DEFEND
            elif move < TAKE_ID:
                del unbeaten[0]
                if not unbeaten:
                    phase = THROW_IN
            elif move == TAKE_ID:
                phase = ADDING
                continue
            elif move >= SHOW_OFFSET:  # V3: the trump is shown, stays in the hand, and is known
                known[mover] |= 1 << card
                attacker = mover
                limit = min(limit_now(rules, discarded), counts[1 - attacker])
                continue
            elif move >= PASS_OFFSET:  # V2: the card joins the attack, which passes on
                attacks += 1
                unbeaten.append(card)
                attacker = mover
                limit = min(limit_now(rules, discarded), counts[1 - attacker])
            elif move == STOP_ID:
                if phase == ADDING:  # R9: the defender picks the table up and attacks not
                    counts[defender] += table.bit_count()
                    known[defender] |= table
                    records[defender].append((_PICKUP, table))
                    drawers = (attacker, defender)
                else:  # R10: the defender attacks next
                    drawers = (attacker, defender)
                    attacker = defender
                    discarded = True
                for player in drawers:  # R11: the bout's attacker draws first
                    drawn = min(max(0, hand_size - counts[player]), stock)
                    stock -= drawn
                    counts[player] += drawn
                    if drawn:
                        got_trump = trump_card if not stock and trump_card >= 0 else -1
                        if got_trump >= 0:
                            known[player] |= 1 << got_trump
                        records[player].append((_DRAW, drawn, known[player], got_trump))
                phase = LEAD
                table = ranks = attacks = 0
                unbeaten = []
                limit = rules.limit(discarded, counts[1 - attacker])
                continue
            # a card was played: it leaves its player's hand and the other's knowledge of it
            counts[mover] -= 1
            table |= 1 << card
            ranks |= SAME_RANK[card]
            known[mover] &= ~(1 << card)
        first_attacker = observation.attacker ^ attacker
        opponent = (1 - observation.player) ^ first_attacker  # in the names of the replay
        self.events = records[opponent]
        self.decisions = sum(event[0] == _DECIDE for event in self.events)
        return (
            counts[opponent] == observation.opponent_hand_size
            and stock == observation.stock_size
            and known[opponent] == observation.opponent_known_mask
        )

    def likelihood(self, hand: int, rng: random.Random, model: Model = BLEND) -> float:
        """How likely the opponent's recorded moves are if it now holds ``hand`` (value order),
        and plays by ``model`` (or at random, with the chance ``noise``).

        The result is only meaningful relative to other hands of the same observation. Summed
        over a uniform sample of hands, it weighs the evidence for its model: :data:`SENSIBLE`
        against :data:`PLAIN` tells whether the opponent plays by sensible rules or plainly. The
        random past a reading guesses (which cards were drawn when) depends only on ``rng``, not
        on the model: the same generator state gives every model the same past.
        """
        if not self.usable or not self.decisions:
            return 1.0
        noise = self.noise
        sensible_share = (1.0 - noise) * model[0]
        plain_share = (1.0 - noise) * model[1]
        params = self.params
        weight = 1.0
        for event in reversed(self.events):
            kind = event[0]
            if kind == _DECIDE:
                _, phase, attack, ranks, room, stock, move = event
                if move < TAKE_ID or PASS_OFFSET <= move < SHOW_OFFSET:
                    hand |= 1 << card_of_move(move)  # the card was still in its hand
                if phase == LEAD:
                    legal = hand.bit_count()
                    sensible = lead_card(hand, 0, stock)
                elif phase == DEFEND:
                    legal = (hand & BEATS[attack]).bit_count() + 1
                    sensible = defend_move(hand, 0, attack, stock, params)
                elif phase == THROW_IN:
                    legal = (hand & ranks).bit_count() + 1 if room > 0 else 1
                    sensible = throw_move(hand, 0, ranks, room, stock)
                else:
                    legal = (hand & ranks).bit_count() + 1 if room > 0 else 1
                    sensible = add_move(hand, ranks, room, stock)
                if legal > 1:
                    greedy = greedy_move(phase, hand, attack, ranks, room)
                    agreeing = sensible_share * (move == sensible) + plain_share * (move == greedy)
                    weight *= agreeing + noise / legal
            elif kind == _PICKUP:
                hand &= ~event[1]
            else:
                _, drawn, known, trump_card = event
                candidates = hand & ~known
                if trump_card >= 0:  # the face-up card was the last one drawn: it is known
                    hand &= ~(1 << trump_card)
                    drawn -= 1
                cards = []
                while candidates:
                    low = candidates & -candidates
                    candidates ^= low
                    cards.append(low)
                if len(cards) < drawn:
                    return 0.0
                for low in rng.sample(cards, drawn):
                    hand ^= low
        return weight
