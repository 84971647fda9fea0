"""The AI in every house-rules variant (HOUSE_RULES.md V1–V3): it plays them to the end without a
fault, its playouts follow each variant's rules exactly (the fast loop against the plain one),
its hand reading replays every history, and the exact solver plays the variants it can solve
exactly and refuses the passing game. (How well it plays them is issue 32's next part.)"""

from __future__ import annotations

import random

import pytest

from durak import Game, Rules
from durak.ai.inference import History
from durak.ai.players import GreedyPlayer, Player, RandomPlayer, RulePlayer
from durak.ai.policy import RuleParams, playout, reference_playout
from durak.ai.search import SearchPlayer
from durak.ai.solver import Solver, solvable
from durak.kernel import DEFEND, PASS, id_of_move
from tests.test_ai_solver import minimax, small_endgames
from tests.test_kernel import true_position

VARIANTS = {
    "first-bout-5": Rules(first_bout_limit=5),
    "passing": Rules(passing=True),
    "passing-showing": Rules(passing=True, passing_by_showing_trump=True),
    "small-hands": Rules(
        hand_size=4, attack_limit=4, first_bout_limit=3, passing=True, passing_by_showing_trump=True
    ),
}


def positions(rules: Rules, count: int, seed: int) -> list[tuple[Game, int]]:
    """Positions of random games in which the players pass whenever they can, half the time."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        game = Game.new(seed=rng.randrange(10**9), rules=rules)
        for _ in range(rng.randrange(90)):
            if game.is_over:
                break
            legal = game.legal_actions()
            passes = [a for a in legal if a.id >= PASS]
            game.apply(rng.choice(passes if passes and rng.random() < 0.5 else legal))
        if not game.is_over:
            seat = game.to_move
            assert seat is not None
            out.append((game, seat))
    return out


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_player_plays_every_variant_to_the_end(variant: str) -> None:
    rules = VARIANTS[variant]
    for seed in range(2):
        searcher = SearchPlayer(iterations=60, seed=seed)
        opponents: list[Player] = [
            GreedyPlayer(),
            RandomPlayer(seed),
            RulePlayer(RuleParams(noise=0.2), seed),
        ]
        for opponent in opponents:
            players: list[Player] = [searcher, opponent] if seed == 0 else [opponent, searcher]
            game = Game.new(seed=40 + seed, rules=rules)
            while not game.is_over:
                seat = game.to_move
                assert seat is not None
                observation = game.observation(seat)
                assert History(observation).usable and History(game.observation(1 - seat)).usable
                game.apply(players[seat].choose(observation, game.legal_actions()), player=seat)
            assert game.is_over


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize(("noise", "greedy"), [(0.0, 0.0), (0.3, 0.0), (0.05, 0.5)])
def test_fast_playout_plays_each_variant_exactly_like_the_reference(
    variant: str, noise: float, greedy: float
) -> None:
    params = RuleParams(noise=noise, opponent_greedy=greedy)
    passed = 0
    for index, (game, player) in enumerate(positions(VARIANTS[variant], 80, seed=len(variant))):
        position = true_position(game, player)
        passed += position.phase == DEFEND and position.defences.count(-1) > 1
        fast = playout(position.copy(False), random.Random(index).random, params, me=player)
        plain = reference_playout(position.copy(False), random.Random(index), params, me=player)
        assert fast == plain
    if VARIANTS[variant].passing:
        assert passed  # positions with a passed attack waiting were among them


def test_the_solver_refuses_the_passing_game_and_the_first_bouts_limit() -> None:
    game, player = positions(Rules(passing=True), 1, seed=2)[0]
    position = true_position(game, player)
    assert not solvable(position)
    with pytest.raises(ValueError, match="passing game"):
        Solver().solve(position)
    first = true_position(Game.new(seed=1, rules=Rules(first_bout_limit=5)), 0)
    assert not solvable(first) and solvable(true_position(Game.new(seed=1), 0))


def test_the_solver_plays_other_hand_sizes_and_limits_exactly() -> None:
    rules = Rules(hand_size=3, attack_limit=2, first_bout_limit=2)
    solver = Solver()
    checked = 0
    for game in small_endgames(30, seed=12, max_hand=3, max_stock=1, rules=rules):
        player = game.to_move
        assert player is not None
        position = true_position(game, player)
        assert position.rules == rules and solvable(position)
        values = solver.solve(position)
        trump = game.trump.ordinal
        for move, value in values.items():
            child = game.copy()
            child.apply_id(id_of_move(move, trump))
            assert value == minimax(child, player)
            checked += 1
    assert checked > 30
