"""A fast rule-of-thumb policy: the search's playout policy, and the "easy" player's style.

It works on value-ordered masks (see :mod:`durak.kernel`), so "the cheapest card" is a
hand's lowest bit. The rules, in short:

- lead the cheapest non-trump, or the twin of a low pair (the other one can follow it);
- beat with the cheapest card that beats, but take rather than spend a trump of nine or more
  on a plain card while the stock still holds eight cards or more;
- throw in matching non-trumps; after a take, hand over matching non-trumps.

Once the stock is empty both hands are known to both players, and the rules use that: lead
and throw in plain cards the defender cannot beat first, and beat with a card whose rank the
attacker cannot add. Measured alone against the greedy baseline, the policy wins about 64% of
the decisive games. :func:`playout` plays a position to its end with it, for both sides.

In the passing game (HOUSE_RULES.md V2, V3) the policy never passes, not even at random: it plays
the variant naively, by its beating and taking alone. It does defend a passed attack: the
unbeaten cards are beaten in order, the cheapest beater for each.

>>> from durak.kernel import State
>>> hands = [0b111, 0b111 << 27]  # three plain sixes against three low trumps
>>> rule_move(State(hands, [], attacker=0)) in (0, 1, 2)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from durak.actions import DEFEND_OFFSET
from durak.kernel import (
    ADDING,
    BEATS,
    DEFEND,
    LEAD,
    NONTRUMPS,
    OVER,
    PASS,
    RANK,
    SAME_RANK,
    STOP,
    TAKE,
    THROW_IN,
    State,
)

__all__ = ["RuleParams", "greedy_move", "greedy_position_move", "playout", "rule_move"]


@dataclass(frozen=True, slots=True)
class RuleParams:
    """The knobs of the rule-of-thumb policy (ranks are 0 for a six up to 8 for an ace)."""

    take_trump_rank: int = 3  # take rather than beat a plain card with a trump of this rank or more…
    take_min_stock: int = 8  # …while the stock holds at least this many cards
    noise: float = 0.0  # the chance of a uniformly random legal move instead
    opponent_greedy: float = 0.0  # in playouts, the chance the opponent plays the greedy move


DEFAULT = RuleParams()


def _lowest(mask: int) -> int:
    """The cheapest card of ``mask``. (Written out as ``(m & -m).bit_length() - 1`` where the
    search and the hand reading call it most: a call costs more than the sum.)"""
    return (mask & -mask).bit_length() - 1


def _beatable(cards: int, other_hand: int) -> int:
    """The cards of ``cards`` that some card of ``other_hand`` beats."""
    out = 0
    while cards:
        low = cards & -cards
        cards ^= low
        if other_hand & BEATS[low.bit_length() - 1]:
            out |= low
    return out


def lead_card(hand: int, other_hand: int, stock: int) -> int:
    """The cheapest non-trump, or its rank's twin when holding a pair of a low rank.

    With the stock empty (everything is known), first a plain card the defender cannot beat.
    """
    plain = hand & NONTRUMPS
    if not stock:
        safe = plain & ~_beatable(plain, other_hand)
        if safe:
            return (safe & -safe).bit_length() - 1
    if not plain:
        return (hand & -hand).bit_length() - 1
    card = (plain & -plain).bit_length() - 1
    rest = plain ^ (1 << card)
    if rest and not SAME_RANK[card] & rest:
        second = (rest & -rest).bit_length() - 1
        # a pair one rank higher is worth leading: the twin follows without a defence card
        if RANK[second] <= RANK[card] + 1 and SAME_RANK[second] & rest != 1 << second:
            return second
    return card


def defend_move(hand: int, attacker_hand: int, attack: int, stock: int, params: RuleParams = DEFAULT) -> int:
    """The cheapest card that beats, but take rather than spend a high trump early.

    With the stock empty, the cheapest beater whose rank the attacker cannot throw in."""
    beaters = hand & BEATS[attack]
    if not beaters:
        return TAKE
    card = (beaters & -beaters).bit_length() - 1
    if not stock:
        rest = beaters
        while rest:
            low = rest & -rest
            rest ^= low
            if not SAME_RANK[low.bit_length() - 1] & attacker_hand:
                card = low.bit_length() - 1
                break
    elif (
        card >= 27 and attack < 27 and stock >= params.take_min_stock and RANK[card] >= params.take_trump_rank
    ):
        return TAKE
    return DEFEND_OFFSET + card


def throw_move(hand: int, other_hand: int, ranks: int, room: int, stock: int) -> int:
    """Throw in the cheapest matching plain card, or stop. With the stock empty, any matching
    card, one the defender cannot beat first."""
    if room <= 0:
        return STOP
    matching = hand & ranks
    if not matching:
        return STOP
    if not stock:
        safe = matching & ~_beatable(matching, other_hand) or matching
        return (safe & -safe).bit_length() - 1
    plain = matching & NONTRUMPS
    return (plain & -plain).bit_length() - 1 if plain else STOP


def add_move(hand: int, ranks: int, room: int, stock: int) -> int:
    """After a take, hand over the cheapest matching plain card; trumps only when that empties
    the hand with the stock gone (the attacker is then out)."""
    if room <= 0:
        return STOP
    matching = hand & ranks
    plain = matching & NONTRUMPS
    if plain:
        return (plain & -plain).bit_length() - 1
    if not stock and matching and matching == hand and matching.bit_count() <= room:
        return (matching & -matching).bit_length() - 1
    return STOP


def greedy_move(phase: int, hand: int, attack: int, ranks: int, room: int) -> int:
    """What the published greedy baseline plays: its cheapest card, beater or matching
    non-trump; it takes only when nothing beats."""
    if phase == LEAD:
        return (hand & -hand).bit_length() - 1
    if phase == DEFEND:
        beaters = hand & BEATS[attack]
        return DEFEND_OFFSET + (beaters & -beaters).bit_length() - 1 if beaters else TAKE
    plain = hand & ranks & NONTRUMPS if room > 0 else 0
    return (plain & -plain).bit_length() - 1 if plain else STOP


def greedy_position_move(position: State) -> int:
    """:func:`greedy_move` for the player to move in ``position``."""
    phase = position.phase
    if phase == DEFEND:
        hand = position.hands[1 - position.attacker]
        return greedy_move(phase, hand, position.open_attack(), position.ranks, 0)
    room = position.limit - len(position.attacks)
    return greedy_move(phase, position.hands[position.attacker], -1, position.ranks, room)


def rule_move(position: State, params: RuleParams = DEFAULT) -> int:
    """The policy's move in ``position`` (which must not be over). The other hand is only
    looked at once the stock is empty, when it is known to both players."""
    phase = position.phase
    attacker = position.attacker
    hand = position.hands[attacker]
    other = position.hands[1 - attacker]
    stock = len(position.stock)
    if phase == LEAD:
        return lead_card(hand, other, stock)
    if phase == DEFEND:
        return defend_move(other, hand, position.open_attack(), stock, params)
    room = position.limit - len(position.attacks)
    if phase == THROW_IN:
        return throw_move(hand, other, position.ranks, room, stock)
    return add_move(hand, position.ranks, room, stock)


def playout(
    position: State,
    draw: Callable[[], float],
    params: RuleParams = DEFAULT,
    me: int = -1,
) -> int | None:
    """Play ``position`` out with the policy for both sides and return the loser (None on a
    draw). The position is used up. ``draw`` gives the random numbers in [0, 1), for example
    ``random.Random(seed).random``. The opponent of ``me`` plays the greedy move instead with
    the chance ``params.opponent_greedy`` (a plainer player than the rules assume).

    This is the search's inner loop, nearly all of its time: it keeps the state in local
    variables and spells out :func:`lead_card`, :func:`defend_move`, :func:`throw_move` and
    :func:`add_move` instead of calling them (and :meth:`State.play`). A test checks that
    it plays exactly like :func:`reference_playout`, which calls them.
    """
    if position.phase == DEFEND and position.defences.count(-1) > 1:
        _beat_passed_attack(position, params)
    hands = position.hands
    stock = position.stock
    attacker = position.attacker
    phase = position.phase
    if phase == OVER:
        return position.loser
    rules = position.rules
    hand_size = rules.hand_size
    attack_limit = rules.attack_limit
    first_bout_limit = rules.first_bout_limit
    discarded = bool(position.discard)  # V1: the first bout's limit holds until the first discard
    attacks = position.attacks
    n_attacks = len(attacks)
    last = attacks[-1] if attacks else -1
    table = position.table_mask if phase != LEAD else 0  # at a lead the table is empty
    ranks = position.ranks
    limit = position.limit
    n_stock = len(stock)
    noise = params.noise
    high_trump = params.take_trump_rank
    take_min_stock = params.take_min_stock
    greedy = params.opponent_greedy if me >= 0 else 0.0
    opponent = 1 - me
    beats, same_rank, rank_of = BEATS, SAME_RANK, RANK
    while True:
        if phase == LEAD:
            hand = hands[attacker]
            if noise and draw() < noise:
                card = _nth_bit(hand, int(draw() * hand.bit_count()))
            elif greedy and attacker == opponent and draw() < greedy:
                card = _lowest(hand)
            else:  # lead_card()
                card = -1
                plain = hand & NONTRUMPS
                if not n_stock:
                    other = hands[1 - attacker]
                    rest = plain
                    while rest:
                        low = rest & -rest
                        rest ^= low
                        if not other & beats[low.bit_length() - 1]:
                            card = low.bit_length() - 1
                            break
                if card < 0:
                    if not plain:
                        card = (hand & -hand).bit_length() - 1
                    else:
                        low = plain & -plain
                        card = low.bit_length() - 1
                        rest = plain ^ low
                        if rest and not same_rank[card] & rest:
                            low = rest & -rest
                            second = low.bit_length() - 1
                            if rank_of[second] <= rank_of[card] + 1 and same_rank[second] & rest != low:
                                card = second
            hands[attacker] = hand ^ (1 << card)
            table = 1 << card
            ranks = same_rank[card]
            n_attacks = 1
            last = card
            phase = DEFEND
        elif phase == DEFEND:
            hand = hands[1 - attacker]
            if noise and draw() < noise:
                beaters = hand & beats[last]
                pick = int(draw() * (beaters.bit_count() + 1))
                card = -1 if pick == beaters.bit_count() else _nth_bit(beaters, pick)
            elif greedy and attacker == me and draw() < greedy:
                beaters = hand & beats[last]
                card = (beaters & -beaters).bit_length() - 1  # -1: take
            else:  # defend_move()
                beaters = hand & beats[last]
                card = (beaters & -beaters).bit_length() - 1
                if card < 0:
                    pass
                elif not n_stock:
                    attacker_hand = hands[attacker]
                    rest = beaters
                    while rest:
                        low = rest & -rest
                        rest ^= low
                        if not same_rank[low.bit_length() - 1] & attacker_hand:
                            card = low.bit_length() - 1
                            break
                elif card >= 27 > last and n_stock >= take_min_stock and rank_of[card] >= high_trump:
                    card = -1  # keep a high trump: take instead
            if card < 0:
                phase = ADDING
            else:
                hands[1 - attacker] = hand ^ (1 << card)
                table |= 1 << card
                ranks |= same_rank[card]
                phase = THROW_IN
        else:
            hand = hands[attacker]
            room = limit - n_attacks
            if noise and draw() < noise:
                matching = hand & ranks if room > 0 else 0
                pick = int(draw() * (matching.bit_count() + 1))
                move = STOP if pick == matching.bit_count() else _nth_bit(matching, pick)
            elif greedy and attacker == opponent and draw() < greedy:
                move = greedy_move(phase, hand, -1, ranks, room)
            elif room <= 0 or not hand & ranks:
                move = STOP
            else:
                matching = hand & ranks
                plain = matching & NONTRUMPS
                if phase == THROW_IN and not n_stock:  # throw_move() with everything known
                    other = hands[1 - attacker]
                    move = -1
                    rest = matching
                    while rest:
                        low = rest & -rest
                        rest ^= low
                        if not other & beats[low.bit_length() - 1]:
                            move = low.bit_length() - 1
                            break
                    if move < 0:
                        move = (matching & -matching).bit_length() - 1
                elif plain:
                    move = (plain & -plain).bit_length() - 1
                elif phase == ADDING and not n_stock and matching == hand and matching.bit_count() <= room:
                    move = (matching & -matching).bit_length() - 1  # add_move(): the last cards go
                else:
                    move = STOP
            if move != STOP:
                hands[attacker] = hand ^ (1 << move)
                table |= 1 << move
                n_attacks += 1
                last = move
                if phase == THROW_IN:
                    phase = DEFEND
                continue
            # the bout ends (R9, R10), then the attacker of the bout draws first (R11)
            defender = 1 - attacker
            first = attacker
            if phase == ADDING:
                hands[defender] |= table
            else:
                attacker = defender
                discarded = True
            for player in (first, 1 - first):
                hand = hands[player]
                need = hand_size - hand.bit_count()
                while need > 0 and n_stock:
                    hand |= 1 << stock.pop()
                    n_stock -= 1
                    need -= 1
                hands[player] = hand
            if not n_stock and (not hands[0] or not hands[1]):  # R12
                if not hands[0] and not hands[1]:
                    return None
                return 1 if not hands[0] else 0
            phase = LEAD
            limit = min(attack_limit if discarded else first_bout_limit, hands[1 - attacker].bit_count())


def _beat_passed_attack(position: State, params: RuleParams) -> None:
    """A passed attack (V2): several cards wait. The policy beats them one by one (or takes)
    by the kernel's rules until one is left at most, where :func:`playout`'s loop takes over."""
    while position.phase == DEFEND and position.defences.count(-1) > 1:
        position.play(rule_move(position, params))


def _nth_bit(mask: int, n: int) -> int:
    """The number of the ``n``-th lowest card of ``mask``."""
    for _ in range(n):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def reference_playout(
    position: State, rng: random.Random, params: RuleParams = DEFAULT, me: int = -1
) -> int | None:
    """:func:`playout` written plainly with :meth:`State.play` (for tests)."""
    noise = params.noise
    greedy = params.opponent_greedy if me >= 0 else 0.0
    draw = rng.random
    if position.phase == DEFEND and position.defences.count(-1) > 1:
        _beat_passed_attack(position, params)
    while position.phase != OVER:
        if noise and draw() < noise:
            # cheapest first, take or stop last, and never a pass: as in playout()
            moves = [move for move in position.legal_moves() if move < PASS]
            position.play(moves[int(draw() * len(moves))])
        elif greedy and position.to_move == 1 - me and draw() < greedy:
            position.play(greedy_position_move(position))
        else:
            position.play(rule_move(position, params))
    return position.loser
