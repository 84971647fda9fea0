"""Where the hard level loses: replay the games a search level lost in an arena record and tell
whether each loss was decided before or after the stock ran out.

Usage: python -m research.loss_phases RECORD [--deals A B] [--jobs N] [--oracle NODES]

Each lost game is played again with the recorded deal and player seeds (it repeats the recorded
game exactly). At the searching side's first exact solve after the stock is empty, the solver's
value says what perfect play from there would have given. A loss whose endgame was already lost
was decided while cards were hidden; a loss from a won or drawn endgame was thrown away when
nothing was hidden. Decisions where the endgame was too big for the solver (the search then plays
on with the playouts) are counted apart.

With ``--oracle NODES`` every decision the searching side made while the stock held cards is
also judged by the solver *told everything*, the stock order included, when that takes at most
NODES nodes: the stock size at the last move that turned a position such a player could win or
draw into a lost one says when the game was lost. A diagnosis, never a player: nothing it reads
reaches a decision.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from durak.actions import Action
from durak.ai.levels import OPPONENT_MODELS, make_player
from durak.ai.players import Player
from durak.ai.search import Method, SearchPlayer
from durak.ai.solver import Solver, SolverBudgetExceeded
from durak.arena import Match, player_seed, read_record, recorded_match
from durak.game import Game, Observation, move_of_action


@dataclass
class Watcher:
    """A search player that notes how its endgame decisions were reached and, with
    ``oracle_nodes``, what a solver told everything makes of its earlier ones."""

    player: SearchPlayer
    oracle_nodes: int = 0
    # once the stock is empty: how each decision was reached, and its value
    endgame: list[tuple[Method, float | None]] = field(default_factory=list)
    # while the stock holds cards: (stock size, best oracle value, oracle value of the move played)
    oracle: list[tuple[int, int, int]] = field(default_factory=list)
    game: Game | None = None

    def observe(self, game: Game, seat: int) -> Observation:
        """The fair observation; the game is kept for the oracle alone (the arena's hook for
        reference players, :func:`durak.arena.observe`)."""
        self.game = game
        return game.observation(seat)

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        decision = self.player.decide(observation, legal_actions)
        if observation.stock_size == 0:
            self.endgame.append((decision.method, decision.value))
        elif self.oracle_nodes and len(legal_actions) > 1:
            assert self.game is not None
            # the true position, stock order and all: what a player who saw everything could get
            try:
                values = Solver().solve(self.game.state, self.oracle_nodes)
            except SolverBudgetExceeded:
                pass
            else:
                played = values[move_of_action(decision.action, observation.trump_index)]
                self.oracle.append((observation.stock_size, max(values.values()), played))
        return decision.action


def replay_loss(args: tuple[Match, int, int, tuple[int, int], int]) -> tuple[str, str]:
    """When the searching ``side`` lost the game of ``deal`` it played with ``seats``: the phase,
    and with ``oracle_nodes`` the stock size at its last move that turned a position won or drawn
    for a player seeing everything into a lost one."""
    match, side, deal, seats, oracle_nodes = args
    watchers: list[Watcher] = []
    watched_seed = player_seed(match.seed, deal, side)  # not the level: it may play itself

    def make(level: str, seed: int, iterations: int | None) -> Player:
        player = make_player(level, seed, iterations)
        if seed != watched_seed:
            return player
        assert isinstance(player, SearchPlayer)
        watchers.append(Watcher(player, oracle_nodes))
        return watchers[-1]

    record = match.play_seats(deal, seats, make)
    assert record.loser == side, "not the recorded loss"
    (watcher,) = watchers
    return _endgame_phase(watcher), _oracle_drop(watcher)


def _oracle_drop(watcher: Watcher) -> str:
    if not watcher.oracle_nodes:
        return ""
    drops = [stock for stock, best, played in watcher.oracle if best >= 0 and played < 0]
    if drops:
        return f"stock {drops[-1]:2d}"
    if not watcher.oracle:
        return "no position small enough"
    first_stock, first_value, _ = watcher.oracle[0]
    if first_value < 0:
        return f"lost at every position solved (the first at stock {first_stock:2d})"
    return "lost at a position not solved, or after the stock ran out"


def _endgame_phase(watcher: Watcher) -> str:
    perfect = watcher.endgame
    if not perfect:
        return "no endgame decision"
    fallbacks = sum(1 for method, _ in perfect if method is Method.SEARCH)
    solved = [value for method, value in perfect if method is Method.SOLVED]
    if fallbacks and (not solved or perfect[0][0] is Method.SEARCH):
        return "endgame too big for the solver at first"
    if not solved:
        return "only forced moves after the stock ran out"
    first = solved[0]
    assert first is not None
    verdict = {1.0: "endgame won, then lost", 0.0: "endgame drawn, then lost", -1.0: "endgame already lost"}
    return verdict[first] + (" (with solver fallbacks)" if fallbacks else "")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("record", type=Path)
    parser.add_argument("--deals", type=int, nargs=2)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--oracle", type=int, default=0, metavar="NODES")
    args = parser.parse_args()
    match = recorded_match(args.record)
    searcher = next(level for level in match.levels if level in OPPONENT_MODELS)
    side = match.levels.index(searcher)
    recorded = read_record(args.record, match)
    low, high = args.deals if args.deals else (0, max(recorded) + 1)
    losses = [
        (match, side, game.deal, game.seats, args.oracle)
        for deal in sorted(recorded)
        if low <= deal < high
        for game in recorded[deal]
        if game.loser == side
    ]
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(replay_loss, losses))
    print(f"{len(losses)} games {searcher} lost on deals {low}..{high - 1} of {args.record.name}:")
    for phase, count in Counter(phase for phase, _ in results).most_common():
        print(f"  {count:4d}  {phase}")
    if args.oracle:
        print(f"the last move that lost a position won or drawn for one seeing all ({args.oracle:,} nodes):")
        for drop, count in sorted(Counter(drop for _, drop in results).items()):
            print(f"  {count:4d}  {drop}")


if __name__ == "__main__":
    main()
