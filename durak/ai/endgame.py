"""Choosing among equally valued endgame moves: give an imperfect opponent room to go wrong.

Once the stock is empty the solver knows each move's value against best play. When several
moves share the best value, a draw or a loss, the choice still matters against a real
opponent: some moves leave it a single narrow path, others let almost any natural reply hold.
:class:`EndgamePlanner` looks a few moves ahead with an *expectimax*: the AI itself never gives
up value (it only considers moves the solver rates as good as the position), while the
opponent is modelled as a sensible but fallible player, the same model the AI uses to read
hands (:mod:`durak.ai.inference`). Whenever the opponent's modelled reply lets the value rise,
the solver's verdict scores it. "Resisting longest" in a lost endgame thus means keeping the
opponent's chances of a mistake as high as possible.

>>> from durak.kernel import State
>>> from durak.ai.solver import Solver, SolverBudgetExceeded
>>> planner = EndgamePlanner(Solver())
>>> # the attacker's last card, a plain six, against the defender's last card, a trump: beating
>>> # it is a draw (both hands empty), taking it loses; a fallible defender takes one time in 8
>>> position = State([0b1, 0b10 << 27], [], attacker=0)
>>> planner.expected(position, player=0, depth=4)
0.5625
"""

from __future__ import annotations

from durak.ai.policy import greedy_position_move, rule_move
from durak.ai.solver import Solver, SolverBudgetExceeded
from durak.kernel import OVER, State

__all__ = ["EndgamePlanner"]

_RESULT = {1: 1.0, 0: 0.5, -1: 0.0}


class EndgamePlanner:
    """Expectimax over a few moves against a fallible opponent, with exact values as guide."""

    def __init__(
        self, solver: Solver, noise: float = 0.25, depth: int = 6, node_budget: int = 40_000
    ) -> None:
        self.solver = solver
        self.noise = noise
        self.depth = depth
        self.node_budget = node_budget  # solver nodes per choice: beyond it, look no deeper
        self._spent = 0

    def _value(self, position: State, me: int, fallback: int) -> int:
        """The exact value, or ``fallback`` once the budget is spent on a position too big."""
        if position.phase == OVER:
            return round(position.result(me) * 2) - 1
        left = self.node_budget - self._spent
        if left <= 0:
            return fallback
        try:
            return self.solver.value(position, me, left)
        except SolverBudgetExceeded:
            return fallback
        finally:
            self._spent += self.solver.nodes

    def choose(self, position: State, moves: list[int]) -> int:
        """The move among ``moves`` (all of the same exact value) with the best expected result."""
        me = position.to_move
        assert me is not None, "no move in a finished game"
        memo: dict[tuple[object, ...], float] = {}
        self._spent = 0
        best_move, best = moves[0], -1.0
        for move in moves:
            child = position.copy(history=False)
            child.play(move)
            score = self._expected(child, me, self.depth - 1, memo)
            if score > best + 1e-12:
                best_move, best = move, score
        return best_move

    def expected(self, position: State, player: int, depth: int) -> float:
        """``player``'s expected result (1 win, 0.5 draw, 0 loss) from ``position``."""
        self._spent = 0
        return self._expected(position, player, depth, {})

    def _expected(self, position: State, me: int, depth: int, memo: dict[tuple[object, ...], float]) -> float:
        if position.phase == OVER:
            return position.result(me)
        value = self._value(position, me, fallback=-1)
        if value > 0 or depth <= 0 or self._spent >= self.node_budget:
            return _RESULT[value]
        key = (
            tuple(position.hands),
            position.attacker,
            position.phase,
            tuple(position.attacks),
            tuple(position.defences),
            depth,
        )
        if key in memo:
            return memo[key]
        moves = position.legal_moves()
        children = []
        for move in moves:
            child = position.copy(history=False)
            child.play(move)
            children.append(child)
        if position.to_move == me:
            # never give value away: only the moves that keep the exact value
            result = max(
                self._expected(child, me, depth - 1, memo)
                for child in children
                if self._value(child, me, fallback=value) >= value
            )
        else:
            sensible = {rule_move(position), greedy_position_move(position)}
            share = (1.0 - self.noise) / len(sensible)
            result = 0.0
            for move, child in zip(moves, children, strict=True):
                chance = self.noise / len(moves) + (share if move in sensible else 0.0)
                result += chance * self._expected(child, me, depth - 1, memo)
        memo[key] = result
        return result
