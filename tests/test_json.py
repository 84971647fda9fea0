"""The versioned JSON record: round trips, and tampered records rejected."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from durak import Game, Phase, Rules


def play(game: Game, *moves: str) -> Game:
    for move in moves:
        game.apply(move)
    return game


MAX_ACTIONS = 2000  # far beyond any real game: a broken engine fails here instead of hanging


def mid_game() -> Game:
    """A dealt game some way in: cards in the discard pile, on the table, picked up."""
    game = Game.new(seed=2024)
    for step in range(MAX_ACTIONS):
        if len(game.stock) <= 10 and game.phase is Phase.DEFEND:
            return game
        ids = game.legal_ids()
        game.apply_id(ids[step % len(ids)])
    raise AssertionError("no such position")


def taking_position() -> Game:
    game = Game.from_deal(["6♠", "6♣", "9♦"], ["7♠", "Д♣"], [], attacker=0, trump="♦")
    return play(game, "attack 6♠", "take")


def finished_game() -> Game:
    game = Game.new(seed=77)
    for _ in range(MAX_ACTIONS):
        if game.is_over:
            return game
        game.apply_id(game.legal_ids()[-1])
    raise AssertionError("the game did not end")


POSITIONS: dict[str, Callable[[], Game]] = {
    "new": lambda: Game.new(seed=1),
    "mid": mid_game,
    "taking": taking_position,
    "over": finished_game,
    "draw": lambda: play(Game.from_deal(["6♠"], ["7♠"], [], trump="♥"), "attack 6♠", "defend 7♠", "stop"),
}


def record(game: Game) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(game.to_json())
    return loaded


def load(data: dict[str, Any]) -> Game:
    return Game.from_json(json.dumps(data, ensure_ascii=False))


# --- the record ------------------------------------------------------------------------


def test_the_record_is_plain_versioned_json() -> None:
    game = mid_game()
    text = game.to_json()
    data = json.loads(text)
    assert set(data) == {"format", "version", "seed", "rules", "start", "moves", "state"}
    assert data["format"] == "durak-game" and data["version"] == 2 and data["seed"] == 2024
    assert data["rules"] == {
        "hand_size": 6,
        "attack_limit": 6,
        "first_bout_limit": 6,
        "passing": False,
        "passing_by_showing_trump": False,
    }
    assert data["moves"] == [str(action) for action in game.history]
    assert data["state"]["phase"] == "defend" and data["state"]["attacker"] == game.attacker
    assert "\\u" not in text  # suit symbols and Cyrillic indices stay readable
    start = data["start"]
    assert len(start["hands"][0]) == len(start["hands"][1]) == 6 and len(start["stock"]) == 24
    assert start["stock"][-1] == str(game.trump_card) and start["trump"] == game.trump.value


@pytest.mark.parametrize("name", POSITIONS)
def test_round_trip_is_identical(name: str) -> None:
    game = POSITIONS[name]()
    loaded = Game.from_json(game.to_json())
    assert loaded.to_json() == game.to_json()
    assert loaded.seed == game.seed and loaded.history == game.history
    assert loaded.legal_ids() == game.legal_ids()
    assert loaded.observation(0) == game.observation(0) and loaded.observation(1) == game.observation(1)


def test_a_loaded_game_plays_on_exactly_like_the_original() -> None:
    game = mid_game()
    loaded = Game.from_json(game.to_json())
    for _ in range(MAX_ACTIONS):
        if game.is_over:
            break
        action = game.legal_actions()[0]
        game.apply(action)
        loaded.apply(action)
    assert game.is_over and loaded.to_json() == game.to_json()


# --- rejected records ------------------------------------------------------------------


@pytest.mark.parametrize("text", ["", "{", "not json", "{'format': 'durak-game'}", None])
def test_not_json_is_rejected(text: Any) -> None:
    with pytest.raises(ValueError, match="not a saved game"):
        Game.from_json(text)


@pytest.mark.parametrize("text", ["[]", "42", '"durak-game"', '{"format": "chess-game", "version": 1}'])
def test_json_that_is_not_a_game_record_is_rejected(text: str) -> None:
    with pytest.raises(ValueError, match="not a saved game"):
        Game.from_json(text)


@pytest.mark.parametrize("version", [0, 3, "1", "2", None, 1.5])
def test_an_unknown_version_is_rejected(version: Any) -> None:
    data = record(mid_game())
    data["version"] = version
    with pytest.raises(ValueError, match="unsupported saved-game version"):
        load(data)


def test_a_version_1_record_has_no_rules_and_is_read_as_todays_game() -> None:
    game = mid_game()
    data = record(game)
    del data["rules"]
    data["version"] = 1
    loaded = load(data)
    assert loaded.rules == Rules() and loaded.history == game.history
    assert json.loads(loaded.to_json()) == record(game)  # saved again as version 2


@pytest.mark.parametrize(
    "rules",
    [
        Rules(first_bout_limit=5),
        Rules(passing=True),
        Rules(passing=True, passing_by_showing_trump=True),
        Rules(hand_size=4, attack_limit=5, first_bout_limit=3),
    ],
    ids=repr,
)
def test_a_game_keeps_its_rules_through_a_save(rules: Rules) -> None:
    game = Game.new(seed=11, rules=rules)
    rng = random.Random(3)
    for _ in range(30):
        game.apply(rng.choice(game.legal_actions()))
    loaded = Game.from_json(game.to_json())
    assert loaded.rules == rules == loaded.deal.rules and loaded.to_json() == game.to_json()
    assert loaded.observation(0) == game.observation(0) and loaded.legal_actions() == game.legal_actions()


@pytest.mark.parametrize(
    "rules",
    [
        None,
        [],
        {},
        {"passing": True},
        {**Rules().to_record(), "passing": "yes"},
        {**Rules().to_record(), "x": 1},
    ],
    ids=repr,
)
def test_a_version_2_record_without_valid_rules_is_rejected(rules: Any) -> None:
    data = record(mid_game())
    data["rules"] = rules
    with pytest.raises(ValueError, match="the rules are not valid"):
        load(data)


def test_rules_edited_in_a_record_are_caught_by_the_state_check() -> None:
    game = Game.new(seed=2024)
    game.apply(game.legal_actions()[0])
    data = record(game)
    data["rules"]["first_bout_limit"] = 5  # the first bout would hold five attack cards, not six
    with pytest.raises(ValueError, match="does not follow from the deal and the moves"):
        load(data)


def test_a_record_without_version_is_rejected() -> None:
    data = record(mid_game())
    del data["version"]
    with pytest.raises(ValueError, match="version"):
        load(data)


def remove_from_discard(data: dict[str, Any]) -> None:
    data["state"]["discard"].pop()


def remove_from_hand(data: dict[str, Any]) -> None:
    data["state"]["hands"][1].pop()


def remove_from_stock(data: dict[str, Any]) -> None:
    data["state"]["stock"].pop(0)


def remove_from_table(data: dict[str, Any]) -> None:
    data["state"]["table"].pop()


@pytest.mark.parametrize(
    "edit", [remove_from_discard, remove_from_hand, remove_from_stock, remove_from_table]
)
def test_missing_cards_are_rejected(edit: Callable[[dict[str, Any]], None]) -> None:
    data = record(mid_game())
    assert data["state"]["discard"] and data["state"]["table"]
    edit(data)
    with pytest.raises(ValueError, match="missing"):
        load(data)


def duplicate_hand_card_in_discard(data: dict[str, Any]) -> None:
    data["state"]["discard"].append(data["state"]["hands"][0][0])


def duplicate_stock_card_in_hand(data: dict[str, Any]) -> None:
    data["state"]["hands"][1].append(data["state"]["stock"][0])


def duplicate_table_card_in_stock(data: dict[str, Any]) -> None:
    data["state"]["stock"].append(data["state"]["table"][0][0])


@pytest.mark.parametrize(
    "edit", [duplicate_hand_card_in_discard, duplicate_stock_card_in_hand, duplicate_table_card_in_stock]
)
def test_duplicated_cards_are_rejected(edit: Callable[[dict[str, Any]], None]) -> None:
    data = record(mid_game())
    edit(data)
    with pytest.raises(ValueError, match="cards in two places"):
        load(data)


def swap_hand_and_stock(data: dict[str, Any]) -> None:
    state = data["state"]
    state["hands"][0][0], state["stock"][0] = state["stock"][0], state["hands"][0][0]


def swap_the_hands(data: dict[str, Any]) -> None:
    state = data["state"]
    state["hands"] = state["hands"][::-1]


def reorder_the_stock(data: dict[str, Any]) -> None:
    data["state"]["stock"] = data["state"]["stock"][::-1]


def change(path: tuple[str, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    edit.__name__ = f"set_{'_'.join(path)}"
    return edit


@pytest.mark.parametrize(
    "edit",
    [
        swap_hand_and_stock,
        swap_the_hands,
        reorder_the_stock,
        change(("state", "attacker"), 5),
        change(("state", "phase"), "throw_in"),
        change(("state", "bout_limit"), 3),
        change(("state", "loser"), 0),
        change(("state", "known"), [["6♠"], []]),
    ],
    ids=lambda edit: edit.__name__,
)
def test_an_edited_state_is_rejected(edit: Callable[[dict[str, Any]], None]) -> None:
    data = record(mid_game())
    edit(data)
    with pytest.raises(ValueError, match="does not follow from the deal and the moves"):
        load(data)


def test_the_state_of_the_other_player_to_move_is_rejected() -> None:
    data = record(mid_game())
    data["state"]["attacker"] = 1 - data["state"]["attacker"]
    with pytest.raises(ValueError, match="does not follow"):
        load(data)


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (lambda moves: moves.insert(0, "stop"), "move 1 \\('stop'\\) is not legal"),
        (lambda moves: moves.insert(1, "stop"), "move 2 \\('stop'\\) is not legal"),
        (lambda moves: moves.append("attack 5♠"), "is not legal"),
        (lambda moves: moves.append("fold"), "is not legal"),
        (lambda moves: moves.append(72), "is not text"),
        (lambda moves: moves.__setitem__(0, moves[0].replace("attack", "defend")), "move 1"),
    ],
)
def test_an_illegal_move_is_rejected(edit: Callable[[list[Any]], None], words: str) -> None:
    data = record(mid_game())
    edit(data["moves"])
    with pytest.raises(ValueError, match=words):
        load(data)


def test_a_dropped_move_is_rejected() -> None:
    data = record(mid_game())
    data["moves"].pop()
    with pytest.raises(ValueError, match="does not follow from the deal and the moves"):
        load(data)


def test_an_edited_deal_is_rejected() -> None:
    data = record(mid_game())
    hands = data["start"]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    with pytest.raises(ValueError, match="saved game"):
        load(data)


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (change(("start", "trump"), "♥"), "trump ♥ does not match the face-up card"),
        (change(("start", "attacker"), 7), "attacker must be"),
        (change(("start", "attacker"), True), "'attacker' is missing or not a int"),
        (change(("start", "hands"), [[], [], []]), "exactly two hands"),
        (change(("start", "stock"), "6♠"), "'stock' is missing"),
        (change(("start",), None), "'start' is missing"),
        (change(("moves",), "attack 6♠"), "'moves' is missing"),
        (change(("state",), []), "'state' is missing"),
        (change(("seed",), "2024"), "'seed' must be an integer"),
    ],
)
def test_malformed_records_are_rejected(edit: Callable[[dict[str, Any]], None], words: str) -> None:
    data = record(mid_game())
    edit(data)
    with pytest.raises(ValueError, match=words):
        load(data)


def test_a_deal_not_in_normal_form_is_rejected() -> None:
    data = record(taking_position())
    data["start"]["hands"][0] = ["6S", "6C", "9D"]  # the same cards, spelled in ASCII
    with pytest.raises(ValueError, match="normal form"):
        load(data)


def test_a_card_that_is_not_a_card_is_rejected() -> None:
    data = record(taking_position())
    data["state"]["hands"][1][0] = "5♠"
    with pytest.raises(ValueError, match="not a card"):
        load(data)


def test_a_boolean_is_neither_a_seed_nor_an_attacker() -> None:
    record = json.loads(Game.new(seed=1).to_json())
    record["seed"] = True
    with pytest.raises(ValueError, match="seed"):
        Game.from_json(json.dumps(record))
    with pytest.raises(ValueError, match="attacker"):
        Game.from_deal(["6♠"], ["7♠"], [], attacker=True, trump="♠")  # type: ignore[arg-type]
