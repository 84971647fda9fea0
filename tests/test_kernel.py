"""The rules kernel (durak.kernel) under the game and the AI: its numbering, the game's checked face
over it, what each action reports, the sampler's positions and the search's playouts."""

from __future__ import annotations

import dataclasses
import pickle
import random

import pytest

from durak import DECK, STOP, Action, Applied, Card, Game, Outcome, Phase
from durak.ai.policy import RuleParams, playout, reference_playout
from durak.ai.sampling import Sampler
from durak.ai.search import PREFIX_DRAWS, SharedDraws
from durak.game import action_of_move, move_of_action
from durak.kernel import (
    BEATS,
    RANK,
    SAME_RANK,
    State,
    bits,
    from_value,
    id_of_move,
    mask_from_value,
    mask_to_value,
    move_of_id,
    to_value,
)


def true_position(game: Game, player: int) -> State:
    """The real position behind ``player``'s observation (tests only: it reads the game)."""
    sampler = Sampler(game.observation(player))
    state = game.state
    return sampler.build(state.hands[1 - player], state.stock[::-1])


def random_positions(count: int, seed: int) -> list[tuple[Game, int]]:
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        game = Game.new(seed=rng.randrange(10**9))
        for _ in range(rng.randrange(80)):
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
        if not game.is_over:
            to_move = game.to_move
            assert to_move is not None
            out.append((game, to_move))
    return out


def beats(card: Card, attack: Card, trump: int) -> bool:
    """R6, spelled out on cards."""
    if card.suit == attack.suit:
        return card.rank > attack.rank
    return card.suit.ordinal == trump


# --- the numbering -----------------------------------------------------------------------


@pytest.mark.parametrize("trump", range(4))
def test_value_numbers_are_a_bijection_that_orders_cards_by_value(trump: int) -> None:
    assert sorted(to_value(c, trump) for c in range(36)) == list(range(36))
    for card in range(36):
        value = to_value(card, trump)
        assert from_value(value, trump) == card
        assert (value >= 27) == (card // 9 == trump)
        assert RANK[value] == DECK[card].rank.ordinal
        for other in range(36):
            other_value = to_value(other, trump)
            assert bool(BEATS[value] >> other_value & 1) == beats(DECK[other], DECK[card], trump)
            assert bool(SAME_RANK[value] >> other_value & 1) == (DECK[other].rank == DECK[card].rank)
    ranks = [DECK[from_value(v, trump)].rank for v in range(36)]
    assert ranks[:27] == sorted(ranks[:27]) and ranks[27:] == sorted(ranks[27:])


def test_masks_and_moves_round_trip_between_the_numberings() -> None:
    rng = random.Random(1)
    for trump in range(4):
        for action_id in range(74):
            move = move_of_id(action_id, trump)
            assert id_of_move(move, trump) == action_id
        for _ in range(300):
            mask = rng.getrandbits(36)
            values = mask_to_value(mask, trump)
            assert bits(values) == sorted(to_value(c, trump) for c in bits(mask))
            assert mask_from_value(values, trump) == mask


def test_bits_lists_the_set_bits_lowest_first() -> None:
    rng = random.Random(2)
    for mask in [0, 1, 1 << 35, (1 << 36) - 1, *(rng.getrandbits(36) for _ in range(500))]:
        assert bits(mask) == [i for i in range(36) if mask >> i & 1]


def test_actions_and_moves_translate_both_ways() -> None:
    from durak.actions import ACTIONS

    for trump in range(4):
        for action in ACTIONS:
            assert action_of_move(move_of_action(action, trump), trump) is action


# --- the game over its kernel ----------------------------------------------------------------


def test_the_legal_actions_are_the_kernels_legal_moves_in_the_readable_order() -> None:
    for game, _ in random_positions(300, seed=5):
        trump = game.trump.ordinal
        actions = game.legal_actions()
        assert sorted(a.id for a in actions) == [a.id for a in actions]  # by suit, then rank
        assert {move_of_action(a, trump) for a in actions} == set(game.state.legal_moves())
        assert game.legal_ids() == [a.id for a in actions]


def test_a_copy_is_independent_and_one_without_history_plays_on_alike() -> None:
    game = Game.new(seed=9)
    for _ in range(20):
        game.apply(game.legal_actions()[0])
    twin, light = game.copy(), game.copy(history=False)
    assert twin.history == game.history and light.history == ()
    twin.apply(twin.legal_actions()[-1])
    light.apply(light.legal_actions()[-1])
    assert len(twin.history) == len(game.history) + 1 and twin.to_json() != game.to_json()
    assert light.hands == twin.hands and light.table == twin.table and light.stock == twin.stock


def test_every_action_reports_what_it_did() -> None:
    rng = random.Random(7)
    for seed in range(120):
        game = Game.new(seed=seed)
        while not game.is_over:
            action = rng.choice(game.legal_actions())
            player = game.to_move
            table = [c for pair in game.table for c in pair if c is not None]
            hands, stock = game.hands, game.stock
            attack = game.table[-1][0] if game.table else None
            done = game.apply(action)
            assert isinstance(done, Applied) and done.player == player and done.action == action
            if action.card is not None:
                assert done.played == action.card and done.played in hands[player]
                assert done.played not in game.hands[player] and done.played in game.table[-1]
                assert done.beaten == (attack if action.kind == "defend" else None)
                assert not done.ended_bout and done.next_attacker is None and done.outcome is None
                continue
            if action != STOP:  # take: nothing moves yet
                assert done.played is None and done.picked_up == done.discarded == ()
                continue
            assert done.ended_bout and game.table == ()
            assert sorted(done.picked_up + done.discarded) == sorted(table)
            assert not (done.picked_up and done.discarded)
            assert set(done.discarded) <= set(game.discard)
            drawn = done.drawn[done.player] + done.drawn[1 - done.player]  # the bout's attacker first ...
            assert list(drawn) == list(stock[: len(drawn)])  # ... from the top of the stock
            for p in (0, 1):
                assert set(done.drawn[p]) <= set(game.hands[p])
                expected = set(hands[p]) - set(table) | set(done.drawn[p])
                if done.picked_up and p != done.player:
                    expected |= set(done.picked_up)
                assert set(game.hands[p]) == expected
            if game.is_over:
                assert done.outcome == game.outcome == Outcome(game.loser) and done.next_attacker is None
            else:
                assert done.outcome is None and done.next_attacker == game.attacker


def test_the_outcome_names_the_durak_or_the_draw() -> None:
    game = Game.from_deal(["6♠"], ["7♠"], [], trump="♥")
    assert game.outcome is None
    for move in ("attack 6♠", "defend 7♠"):
        game.apply(move)
    done = game.apply("stop")
    assert done.outcome == game.outcome == Outcome(None)
    assert game.outcome.is_draw and game.outcome.winner is None
    lost = Game.from_deal(["6♠", "9♠"], ["7♣"], [], attacker=0, trump="♥")
    lost.apply("attack 6♠")
    lost.apply("take")
    assert lost.apply("stop").outcome is None  # the defender picks up: the game goes on
    assert Outcome(1).winner == 0 and not Outcome(1).is_draw


def test_records_compare_by_what_happened_and_say_it() -> None:
    def deal() -> Game:
        return Game.from_deal(["6♠", "7♥"], ["Т♠"], [], attacker=0, trump="♥")

    done = deal().apply("attack 6♠")
    assert done == deal().apply(Action.attack("6♠")) != deal().apply("attack 7♥")
    assert repr(done) == (
        "Applied(player=0, action=Action.parse('attack 6♠'), phase=Phase.LEAD, played=Card.parse('6♠'))"
    )


def test_a_game_is_its_deal_and_its_moves() -> None:
    game = Game.new(seed=31)
    for _ in range(40):
        game.apply(game.legal_actions()[len(game.history) % len(game.legal_actions())])
    again = Game.replay(game.deal, game.history)
    assert again.to_json().replace(f'"seed": {game.seed}', '"seed": null') == game.to_json().replace(
        f'"seed": {game.seed}', '"seed": null'
    )
    assert game.phase in tuple(Phase)


# --- the sampler and the playouts ------------------------------------------------------------


def test_sampled_positions_agree_with_everything_the_player_saw() -> None:
    rng = random.Random(5)
    for game, player in random_positions(200, seed=2):
        observation = game.observation(player)
        sampler = Sampler(observation)
        for _ in range(5):
            position = sampler.sample(rng)
            opponent = position.hands[1 - player]
            assert position.hands[player] == observation.hand_mask
            assert opponent.bit_count() == observation.opponent_hand_size
            assert opponent & observation.opponent_known_mask == observation.opponent_known_mask
            assert len(position.stock) == observation.stock_size
            if observation.trump_card_in_stock:
                assert position.stock[0] == observation.trump_card_value
            hidden = opponent & ~observation.opponent_known_mask
            for card in position.stock:
                hidden |= 1 << card
            if observation.trump_card_in_stock:
                hidden &= ~(1 << observation.trump_card_value)
            assert hidden == observation.unseen_mask  # the unseen cards, each placed once
            truth = game.state
            assert (position.attacker, position.phase, position.attacks, position.defences) == (
                truth.attacker,
                truth.phase,
                truth.attacks,
                truth.defences,
            )
            assert (position.limit, position.ranks, position.discard) == (
                truth.limit,
                truth.ranks,
                truth.discard,
            )
            assert sorted(position.legal_moves()) == sorted(truth.legal_moves()) or position.to_move != player


def test_a_player_with_the_stock_empty_samples_the_true_position() -> None:
    checked = 0
    for game, player in random_positions(300, seed=3):
        if game.stock:
            continue
        position = Sampler(game.observation(player)).sample(random.Random(0))
        assert position.hands == game.state.hands
        checked += 1
    assert checked > 10


def test_a_sampled_position_plays_on_exactly_like_the_game_it_samples() -> None:
    rng = random.Random(11)
    for game, player in random_positions(60, seed=6):
        position = true_position(game, player)
        game = game.copy()
        while not game.is_over:
            move = rng.choice(game.state.legal_moves())
            assert position.legal_moves() == game.state.legal_moves()
            game.state.play(move)
            position.play(move)
            assert (position.hands, position.stock, position.attacker, position.phase, position.limit) == (
                game.state.hands, game.state.stock, game.state.attacker, game.state.phase, game.state.limit,
            )  # fmt: skip
        assert position.loser == game.loser


@pytest.mark.parametrize(("noise", "greedy"), [(0.0, 0.0), (0.05, 0.0), (0.5, 0.0), (0.05, 0.5)])
def test_fast_playout_plays_exactly_like_the_reference(noise: float, greedy: float) -> None:
    params = RuleParams(noise=noise, opponent_greedy=greedy)
    for index, (game, player) in enumerate(random_positions(150, seed=4)):
        position = true_position(game, player)
        fast = playout(position.copy(False), random.Random(index).random, params, me=player)
        plain = reference_playout(position.copy(False), random.Random(index), params, me=player)
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


def test_what_the_game_hands_out_cannot_be_changed() -> None:
    game = Game.new(seed=5)
    observation = game.observation(0)
    done = game.copy().apply(game.legal_actions()[0])
    with pytest.raises(dataclasses.FrozenInstanceError):
        observation.opponent_known_mask = 0  # type: ignore[misc]
    for name in ("played", "player", "_move"):
        with pytest.raises(AttributeError):
            setattr(done, name, None)
    assert done == pickle.loads(pickle.dumps(done)) and done.played is not None
    changed = dataclasses.replace(observation, opponent_known_mask=1)
    assert changed.opponent_known_mask == 1 and observation == game.observation(0) != changed
    assert hash(observation) == hash(dataclasses.replace(observation))


def test_the_clairvoyant_player_sees_more_without_changing_what_it_was_given() -> None:
    from durak.ai.clairvoyant import ClairvoyantPlayer

    game = Game.new(seed=9)
    fair = game.observation(1)
    told = ClairvoyantPlayer(iterations=10, seed=1).observe(game, 1)
    assert told.opponent_known_mask == game.state.hands[0] and fair.opponent_known_mask == 0
    assert dataclasses.replace(told, opponent_known_mask=0) == fair == game.observation(1)
