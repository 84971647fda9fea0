"""The AI's internal position, sampler and playouts against the rules engine."""

from __future__ import annotations

import random

import pytest

from durak import DECK, Game
from durak.ai.policy import RuleParams, playout, reference_playout
from durak.ai.position import (
    BEATS,
    OVER,
    SAME_RANK,
    Position,
    from_value,
    mask_from_value,
    mask_to_value,
    move_from_engine,
    move_to_engine,
    to_value,
)
from durak.ai.sampling import Sampler
from durak.ai.search import PREFIX_DRAWS, SharedDraws
from durak.game import BEATERS
from durak.game import SAME_RANK as ENGINE_SAME_RANK


def true_position(game: Game, player: int) -> Position:
    """The real position behind ``player``'s observation (tests only: it reads the game)."""
    sampler = Sampler(game.observation(player))
    trump = game.trump.ordinal
    hidden = mask_to_value(sum(1 << c.index for c in game.hands[1 - player]), trump)
    return sampler.build(hidden, [to_value(c.index, trump) for c in game.stock])


def random_positions(count: int, seed: int) -> list[tuple[Game, int]]:
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        game = Game.new(seed=rng.randrange(10**9))
        for _ in range(rng.randrange(80)):
            if game.is_over:
                break
            game.apply_id(rng.choice(game.legal_ids()))
        if not game.is_over:
            to_move = game.to_move
            assert to_move is not None
            out.append((game, to_move))
    return out


@pytest.mark.parametrize("trump", range(4))
def test_value_numbers_are_a_bijection_that_orders_cards_by_value(trump: int) -> None:
    assert sorted(to_value(c, trump) for c in range(36)) == list(range(36))
    for card in range(36):
        assert from_value(to_value(card, trump), trump) == card
        value = to_value(card, trump)
        is_trump = card // 9 == trump
        assert (value >= 27) == is_trump
        # the tables agree with the engine's, renumbered
        assert mask_from_value(BEATS[value], trump) == BEATERS[trump][card]
        assert mask_from_value(SAME_RANK[value], trump) == ENGINE_SAME_RANK[card]
    ranks = [DECK[from_value(v, trump)].rank for v in range(36)]
    assert ranks[:27] == sorted(ranks[:27]) and ranks[27:] == sorted(ranks[27:])


def test_moves_round_trip_through_engine_ids() -> None:
    for trump in range(4):
        for action_id in range(74):
            assert move_to_engine(move_from_engine(action_id, trump), trump) == action_id


def test_position_follows_the_engine_move_for_move() -> None:
    rng = random.Random(11)
    for game_number in range(300):
        game = Game.new(seed=game_number)
        position = true_position(game, 0)
        trump = game.trump.ordinal
        while True:
            assert sorted(game.legal_ids()) == sorted(move_to_engine(m, trump) for m in position.legal())
            if game.is_over:
                assert position.phase == OVER and position.loser == game.loser
                break
            action_id = rng.choice(game.legal_ids())
            game.apply_id(action_id)
            position.apply(move_from_engine(action_id, trump))
            fresh = true_position(game, rng.randrange(2))
            assert (position.hands, position.stock, position.attacker, position.phase) == (
                fresh.hands,
                fresh.stock,
                fresh.attacker,
                fresh.phase,
            )
            assert (position.attacks, position.defences, position.limit, position.ranks) == (
                fresh.attacks,
                fresh.defences,
                fresh.limit,
                fresh.ranks,
            )


def test_sampled_positions_agree_with_everything_the_player_saw() -> None:
    rng = random.Random(5)
    for game, player in random_positions(200, seed=2):
        observation = game.observation(player)
        sampler = Sampler(observation)
        trump = observation.trump_index
        for _ in range(5):
            position = sampler.sample(rng)
            opponent = position.hands[1 - player]
            assert mask_from_value(position.hands[player], trump) == observation.hand_mask
            assert opponent.bit_count() == observation.opponent_hand_size
            assert mask_from_value(opponent, trump) & observation.opponent_known_mask == (
                observation.opponent_known_mask
            )
            assert len(position.stock) == observation.stock_size
            if observation.trump_card_in_stock:
                assert from_value(position.stock[0], trump) == observation.trump_card_index
            hidden = mask_from_value(opponent, trump) & ~observation.opponent_known_mask
            for card in position.stock:
                hidden |= 1 << from_value(card, trump)
            if observation.trump_card_in_stock:
                hidden &= ~(1 << observation.trump_card_index)
            assert hidden == observation.unseen_mask  # the unseen cards, each placed once
            truth = true_position(game, player)
            assert (position.attacker, position.phase, position.attacks, position.defences) == (
                truth.attacker,
                truth.phase,
                truth.attacks,
                truth.defences,
            )
            assert sorted(position.legal()) == sorted(truth.legal()) or position.to_move != player


def test_a_player_with_the_stock_empty_samples_the_true_position() -> None:
    checked = 0
    for game, player in random_positions(300, seed=3):
        if game.stock:
            continue
        position = Sampler(game.observation(player)).sample(random.Random(0))
        assert position.hands == true_position(game, player).hands
        checked += 1
    assert checked > 10


@pytest.mark.parametrize(("noise", "greedy"), [(0.0, 0.0), (0.05, 0.0), (0.5, 0.0), (0.05, 0.5)])
def test_fast_playout_plays_exactly_like_the_reference(noise: float, greedy: float) -> None:
    params = RuleParams(noise=noise, opponent_greedy=greedy)
    for index, (game, player) in enumerate(random_positions(150, seed=4)):
        position = true_position(game, player)
        fast = playout(position.copy(), random.Random(index).random, params, me=player)
        plain = reference_playout(position.copy(), random.Random(index), params, me=player)
        assert fast == plain


def test_a_rounds_shared_random_numbers_are_those_of_its_seed_however_many_a_playout_takes() -> None:
    seed = random.Random(8).random()
    draws = SharedDraws(seed)
    for _ in range(2):  # every move's playout gets the whole stream afresh
        expected = random.Random(seed)
        draw = draws.stream()
        assert [draw() for _ in range(3 * PREFIX_DRAWS)] == [
            expected.random() for _ in range(3 * PREFIX_DRAWS)
        ]
