"""Exact solving of perfect-information positions: alpha-beta with a transposition table.

Once the stock is empty, nothing is hidden: a player's unseen cards are exactly the other hand.
Durak then becomes a finite two-player game with three outcomes, and :func:`solve` finds the
value of every legal move: +1 the player to move wins, 0 a draw, -1 it loses, against best play.
The same search also solves a *determinization* that still has a stock (the stock order is then
part of the position): with ``exact_deals`` the search player solves every possible deal once only
a few remain (a measured option, off at every level).

Why it is quick enough in pure Python: values are only -1, 0 or +1, so the window is narrow
and cut-offs are frequent; a transposition table keyed on the hands and the table merges the
many orders in which the same cards can be played; and after a take, the cards the attacker
adds are tried in one order only (the defender picks them all up, so their order is irrelevant).

It solves the game of a position's :class:`~durak.Rules` (the hand size and the bout limit),
but not the passing game (HOUSE_RULES.md V2, V3), nor a position still under the first bout's limit
(V1): :func:`solvable` says which, and :meth:`Solver.solve` refuses the others.

>>> from durak.kernel import State
>>> # trumps are 27-35; the attacker holds a plain six, the defender only a plain seven of
>>> # another suit: it cannot beat, takes, and is left holding cards: the attacker wins
>>> solve(State([1 << 0, 1 << 4], [], attacker=0))
{0: 1}
"""

from __future__ import annotations

from durak.kernel import ADDING, BEATS, DEFEND, LEAD, OVER, SAME_RANK, THROW_IN, State
from durak.rules import Rules

__all__ = ["Solver", "SolverBudgetExceeded", "solvable", "solve"]


def solvable(position: State) -> bool:
    """Whether the solver plays ``position``'s rules exactly: not the passing game, and not a
    first bout's limit that still holds (it would have to know when the first discard comes)."""
    rules = position.rules
    return not rules.passing and (bool(position.discard) or rules.first_bout_limit == rules.attack_limit)


def _check(position: State) -> None:
    if not solvable(position):
        raise ValueError("the solver does not play the passing game, nor the first bout's limit")


class SolverBudgetExceeded(RuntimeError):
    """The position needs more nodes than the budget allows."""


WIN, DRAW, LOSS = 1, 0, -1


class _Search:
    """One solve: the transposition table lives as long as the object."""

    def __init__(
        self,
        stock: tuple[int, ...],
        node_limit: int | None,
        table: dict[tuple[int, ...], tuple[int, int]],
        rules: Rules,
    ) -> None:
        self.stock = stock  # bottom first: stock[sp - 1] is drawn next
        self.hand_size = rules.hand_size
        self.attack_limit = rules.attack_limit
        self.node_limit = node_limit if node_limit is not None else -1
        self.nodes = 0
        self.table = table

    # Every function returns the value for the *attacker* of the bout in play, within the
    # window (alpha, beta): the attacker maximizes, the defender minimizes.

    def _over_budget(self) -> SolverBudgetExceeded:
        return SolverBudgetExceeded(f"more than {self.node_limit} nodes")

    def refill(self, first: int, second: int, sp: int) -> tuple[int, int, int]:
        stock = self.stock
        need = self.hand_size - first.bit_count()
        while need > 0 and sp:
            sp -= 1
            first |= 1 << stock[sp]
            need -= 1
        need = self.hand_size - second.bit_count()
        while need > 0 and sp:
            sp -= 1
            second |= 1 << stock[sp]
            need -= 1
        return first, second, sp

    def bout(self, a: int, d: int, sp: int, alpha: int, beta: int) -> int:
        """A new bout: ``a`` attacks ``d`` (R12's end check comes first)."""
        if not sp:
            if not a or not d:
                return (DRAW if not d else WIN) if not a else LOSS
            if not a & (a - 1):  # one card left: it leaves the attacker's hand this bout
                return DRAW if not d & (d - 1) and d & BEATS[a.bit_length() - 1] else WIN
        key = (a, d, sp)
        lo, hi = self.table.get(key, (LOSS, WIN))
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
        alpha, beta = max(alpha, lo), min(beta, hi)
        alpha0, beta0 = alpha, beta
        self.nodes += 1
        if self.nodes == self.node_limit:
            raise self._over_budget()
        limit = min(self.attack_limit, d.bit_count())
        best = LOSS - 1
        rest = a
        while rest:
            low = rest & -rest
            rest ^= low
            card = low.bit_length() - 1
            value = self.defend(a ^ low, d, low, SAME_RANK[card], 1, card, limit, sp, alpha, beta)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if value >= beta:
                        break
        self._store(key, best, alpha0, beta0, lo, hi)
        return best

    def _store(self, key: tuple[int, ...], value: int, alpha: int, beta: int, lo: int, hi: int) -> None:
        if value <= alpha:
            hi = min(hi, value)
        elif value >= beta:
            lo = max(lo, value)
        else:
            lo = hi = value
        self.table[key] = (lo, hi)

    def defend(
        self, a: int, d: int, table: int, ranks: int, natt: int, attack: int, limit: int, sp: int,
        alpha: int, beta: int,
    ) -> int:  # fmt: skip
        """The defender faces ``attack`` (it minimizes the attacker's value)."""
        key = (DEFEND, a, d, table, natt, attack, limit, sp)
        lo, hi = self.table.get(key, (LOSS, WIN))
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
        alpha, beta = max(alpha, lo), min(beta, hi)
        alpha0, beta0 = alpha, beta
        self.nodes += 1
        if self.nodes == self.node_limit:
            raise self._over_budget()
        best = WIN + 1
        rest = d & BEATS[attack]
        while rest:
            low = rest & -rest
            rest ^= low
            card = low.bit_length() - 1
            value = self.throw_in(
                a, d ^ low, table | low, ranks | SAME_RANK[card], natt, limit, sp, alpha, beta
            )
            if value < best:
                best = value
                if value < beta:
                    beta = value
                    if value <= alpha:
                        break
        if best > alpha:
            value = self.adding(a, d, table, ranks, natt, limit, sp, 0, alpha, beta)
            best = min(best, value)
        self._store(key, best, alpha0, beta0, lo, hi)
        return best

    def throw_in(
        self, a: int, d: int, table: int, ranks: int, natt: int, limit: int, sp: int, alpha: int, beta: int
    ) -> int:
        """Every attack is beaten: the attacker adds a matching card or stops (R7, R10)."""
        key = (THROW_IN, a, d, table, natt, limit, sp)
        lo, hi = self.table.get(key, (LOSS, WIN))
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
        alpha, beta = max(alpha, lo), min(beta, hi)
        alpha0, beta0 = alpha, beta
        self.nodes += 1
        if self.nodes == self.node_limit:
            raise self._over_budget()
        best = LOSS - 1
        if natt < limit:
            rest = a & ranks
            while rest:
                low = rest & -rest
                rest ^= low
                card = low.bit_length() - 1
                value = self.defend(a ^ low, d, table | low, ranks, natt + 1, card, limit, sp, alpha, beta)
                if value > best:
                    best = value
                    if value > alpha:
                        alpha = value
                        if value >= beta:
                            break
        if best < beta:  # stop: the table is discarded and the defender attacks next
            first, second, left = self.refill(a, d, sp)
            value = -self.bout(second, first, left, -beta, -alpha)
            best = max(best, value)
        self._store(key, best, alpha0, beta0, lo, hi)
        return best

    def adding(
        self, a: int, d: int, table: int, ranks: int, natt: int, limit: int, sp: int, start: int,
        alpha: int, beta: int,
    ) -> int:  # fmt: skip
        """The defender takes; the attacker hands over more matching cards (R9). Only cards
        numbered ``start`` or more may follow, so each set of added cards is tried once."""
        key = (ADDING, a, d, table, natt, limit, sp, start)
        lo, hi = self.table.get(key, (LOSS, WIN))
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
        alpha, beta = max(alpha, lo), min(beta, hi)
        alpha0, beta0 = alpha, beta
        self.nodes += 1
        if self.nodes == self.node_limit:
            raise self._over_budget()
        # handing over cards first: it tends to be the attacker's better choice
        best = LOSS - 1
        if natt < limit:
            rest = (a & ranks) >> start << start
            while rest:
                low = rest & -rest
                rest ^= low
                card = low.bit_length() - 1
                value = self.adding(
                    a ^ low, d, table | low, ranks, natt + 1, limit, sp, card + 1, alpha, beta
                )
                if value > best:
                    best = value
                    if value > alpha:
                        alpha = value
                        if value >= beta:
                            break
        if best < beta:  # stop: the defender picks everything up and the attacker attacks again
            first, second, left = self.refill(a, d | table, sp)
            best = max(best, self.bout(first, second, left, alpha, beta))
        self._store(key, best, alpha0, beta0, lo, hi)
        return best

    def after(self, position: State, move: int) -> int:
        """The value, for the player who moved, of ``move`` in ``position``."""
        child = position.copy(history=False)
        mover = position.to_move
        assert mover is not None, "no move in a finished game"
        child.play(move)
        if child.phase == OVER:
            return round(child.result(mover) * 2) - 1
        return self.value(child) if child.attacker == mover else -self.value(child)

    def value(self, position: State) -> int:
        """The exact value of a position for its attacker."""
        a = position.hands[position.attacker]
        d = position.hands[1 - position.attacker]
        sp = len(position.stock)
        phase = position.phase
        if phase == LEAD:
            return self.bout(a, d, sp, LOSS, WIN)
        table = position.table_mask
        natt = len(position.attacks)
        if phase == DEFEND:
            return self.defend(
                a, d, table, position.ranks, natt, position.attacks[-1], position.limit, sp, LOSS, WIN
            )
        if phase == THROW_IN:
            return self.throw_in(a, d, table, position.ranks, natt, position.limit, sp, LOSS, WIN)
        return self.adding(a, d, table, position.ranks, natt, position.limit, sp, 0, LOSS, WIN)


Table = dict[tuple[int, ...], tuple[int, int]]


class Solver:
    """Solves positions, remembering what it proved about positions with an empty stock.

    Such a position means the same thing in every game (cards are value numbers), so the table
    is kept from one call to the next: after the first solve of an endgame, the later moves of
    the same endgame are mostly looked up. It is cleared when it grows past ``max_entries``.
    """

    def __init__(self, max_entries: int = 400_000) -> None:
        self.max_entries = max_entries
        self.table: Table = {}
        self.rules: Rules | None = None  # the rules of the table's positions
        self.nodes = 0

    def _table_for(self, position: State) -> Table:
        """The table kept between calls (positions with an empty stock), or a fresh one."""
        _check(position)
        if len(self.table) > self.max_entries or position.rules != self.rules:
            self.table.clear()
            self.rules = position.rules
        # with cards still in the stock, keys depend on its order: use a table of their own
        return self.table if not position.stock else {}

    def solve(self, position: State, node_limit: int | None = None) -> dict[int, int]:
        """Every legal move of ``position`` with its exact value for the player to move.

        Raises :class:`SolverBudgetExceeded` if that takes more than ``node_limit`` nodes.
        """
        search = _Search(tuple(position.stock), node_limit, self._table_for(position), position.rules)
        try:
            return {move: search.after(position, move) for move in position.legal_moves()}
        finally:
            self.nodes = search.nodes

    def value(self, position: State, player: int, node_limit: int | None = None) -> int:
        """The exact value of ``position`` for ``player`` (+1 win, 0 draw, -1 loss)."""
        if position.phase == OVER:
            return round(position.result(player) * 2) - 1
        search = _Search(tuple(position.stock), node_limit, self._table_for(position), position.rules)
        try:
            value = search.value(position)
        finally:
            self.nodes = search.nodes
        return value if position.attacker == player else -value


def solve(position: State, node_limit: int | None = None) -> dict[int, int]:
    """Every legal move of ``position`` with its exact value for the player to move.

    Raises :class:`SolverBudgetExceeded` if that takes more than ``node_limit`` search nodes.
    """
    return Solver().solve(position, node_limit)
