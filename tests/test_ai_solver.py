"""The exact endgame solver against a plain exhaustive minimax over the rules engine."""

from __future__ import annotations

import random

import pytest

from durak import DECK, Game, Rules, Suit
from durak.ai.sampling import Sampler
from durak.ai.solver import Solver, SolverBudgetExceeded, solve
from durak.kernel import State, id_of_move
from durak.rules import DEFAULT_RULES
from tests.test_kernel import true_position


def minimax(game: Game, player: int) -> int:
    """+1 if ``player`` wins with best play from here, 0 a draw, -1 a loss: every line tried,
    no pruning, no memory, straight on the engine."""
    if game.is_over:
        return 0 if game.loser is None else (1 if game.loser != player else -1)
    values = []
    for action_id in game.legal_ids():
        child = game.copy()
        child.apply_id(action_id)
        values.append(minimax(child, player))
    return max(values) if game.to_move == player else min(values)


def small_endgames(
    count: int, seed: int, max_hand: int = 3, max_stock: int = 0, rules: Rules = DEFAULT_RULES
) -> list[Game]:
    rng = random.Random(seed)
    games = []
    while len(games) < count:
        cards = rng.sample(range(36), 2 * max_hand + max_stock)
        sizes = rng.randint(1, max_hand), rng.randint(1, max_hand)
        stock_size = rng.randint(0, max_stock)
        hand0 = [DECK[c] for c in cards[: sizes[0]]]
        hand1 = [DECK[c] for c in cards[sizes[0] : sizes[0] + sizes[1]]]
        stock = [DECK[c] for c in cards[sizes[0] + sizes[1] : sizes[0] + sizes[1] + stock_size]]
        trump = None if stock else rng.choice(list(Suit))
        game = Game.from_deal(hand0, hand1, stock, attacker=rng.randrange(2), trump=trump, rules=rules)
        for _ in range(rng.randrange(4)):  # also positions in the middle of a bout
            if game.is_over:
                break
            game.apply_id(rng.choice(game.legal_ids()))
        if not game.is_over:
            games.append(game)
    return games


@pytest.mark.parametrize(
    ("seed", "max_hand", "max_stock"),
    [(1, 3, 0), (2, 3, 0), (3, 4, 0), (4, 3, 1), (5, 2, 3)],
)
def test_solver_agrees_with_plain_minimax_on_every_move(seed: int, max_hand: int, max_stock: int) -> None:
    checked = 0
    for game in small_endgames(100, seed, max_hand, max_stock):
        player = game.to_move
        assert player is not None
        position = true_position(game, player)
        trump = game.trump.ordinal
        values = solve(position)
        assert set(values) == set(position.legal_moves())
        for move, value in values.items():
            child = game.copy()
            child.apply_id(id_of_move(move, trump))
            assert value == minimax(child, player), (str(game), move)
            checked += 1
    assert checked > 120


def test_shared_table_gives_the_same_verdicts_as_fresh_solves() -> None:
    solver = Solver()
    for game in small_endgames(60, seed=9, max_hand=4):
        player = game.to_move
        assert player is not None
        position = true_position(game, player)
        assert solver.solve(position) == solve(position)


def test_the_attacker_with_one_card_left_goes_out() -> None:
    # R12: whatever the defender does, the attacker's last card leaves its hand this bout
    game = Game.from_deal(["Т♠"], ["6♠", "7♠"], [], attacker=0, trump="♥")
    values = solve(true_position(game, 0))
    assert list(values.values()) == [1]


def test_a_budget_too_small_raises() -> None:
    rng = random.Random(1)
    cards = rng.sample(range(36), 16)
    position = State([sum(1 << c for c in cards[:8]), sum(1 << c for c in cards[8:])], [], attacker=0)
    with pytest.raises(SolverBudgetExceeded):
        solve(position, node_limit=50)


def test_perfect_information_is_detected_from_the_observation() -> None:
    game = Game.from_deal(["6♠", "Д♥"], ["7♠"], [], attacker=1, trump="♥")
    assert Sampler(game.observation(0)).perfect_information
    assert not Sampler(Game.new(seed=1).observation(0)).perfect_information
