"""Actions (text, ids) and the reasons an action is refused."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from durak import DECK, STOP, TAKE, Action, ActionKind, Card, Game, IllegalAction, Reason, Rules
from durak.actions import ACTIONS, action_from_id


def play(game: Game, *moves: str) -> Game:
    for move in moves:
        game.apply(move)
    return game


# --- text and ids --------------------------------------------------------------------


def test_there_are_146_actions_with_ids_0_to_145_todays_74_first() -> None:
    assert len(ACTIONS) == 146
    assert [action.id for action in ACTIONS] == list(range(146))
    assert len(set(ACTIONS)) == 146
    assert {action.kind for action in ACTIONS[:74]} == {"attack", "defend", "take", "stop"}


@pytest.mark.parametrize("action", ACTIONS, ids=str)
def test_str_and_parse_round_trip_for_every_action(action: Action) -> None:
    assert Action.parse(str(action)) == action
    assert eval(repr(action)) == action  # repr is the parse call that rebuilds the action
    assert action_from_id(action.id) is action


def test_ids_follow_the_documented_layout() -> None:
    for card in DECK:
        assert Action.attack(card).id == card.index
        assert Action.defend(card).id == 36 + card.index
    assert TAKE.id == 72 and STOP.id == 73
    for card in DECK:
        assert Action.pass_(card).id == 74 + card.index and str(Action.pass_(card)) == f"pass {card}"
        assert Action.show(card).id == 110 + card.index and str(Action.show(card)) == f"show {card}"


def test_parse_reads_ascii_cards_and_any_case() -> None:
    assert Action.parse("attack TS") == Action.attack(Card.parse("Т♠"))
    assert Action.parse("DEFEND 10h") == Action(ActionKind.DEFEND, Card.parse("10♥"))
    assert Action.parse("  Take ") is TAKE
    assert Action.parse("stop") is STOP
    assert Action.attack("QD") == Action.attack(Card.parse("Д♦"))


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "attack",
        "defend",
        "attack 6♠ 7♠",
        "take 6♠",
        "stop now",
        "hit 6♠",
        "6♠",
        "attack 5♠",
        "defend XS",
        "attack6♠",
    ],
)
def test_parse_rejects_malformed_text(text: str) -> None:
    with pytest.raises(ValueError, match="not a"):
        Action.parse(text)


def test_parse_rejects_non_strings() -> None:
    with pytest.raises(TypeError):
        Action.parse(72)  # type: ignore[arg-type]


def test_constructor_checks_the_card_matches_the_kind() -> None:
    with pytest.raises(ValueError, match="needs a card"):
        Action(ActionKind.ATTACK)
    with pytest.raises(ValueError, match="takes no card"):
        Action(ActionKind.TAKE, Card.parse("6♠"))


# --- why an action is refused ---------------------------------------------------------


def lead_position() -> Game:
    """You attack with 6♠ 7♣ 9♥; the AI defends with 7♠ 8♥ Т♣; trump ♦, no stock."""
    return Game.from_deal(["6♠", "7♣", "9♥"], ["7♠", "8♥", "Т♣"], [], attacker=0, trump="♦")


def six_card_limit_position() -> Game:
    """The AI holds eight cards, so only the six-card cap binds (trump ♠)."""
    game = Game.from_deal(
        ["6♠", "6♣", "6♥", "6♦", "7♣", "7♥", "7♦"],
        ["7♠", "8♠", "8♣", "8♥", "8♦", "9♠", "9♣", "9♥"],
        [],
        attacker=0,
        trump="♠",
    )
    return play(game, "attack 6♠", "defend 7♠", "attack 6♣", "take", "attack 6♥", "attack 6♦")


def first_bout_position() -> Game:
    """The six-card position's hands, every other card in the stock (nothing discarded yet),
    with a first bout of at most five attack cards (V1)."""
    hands = (["6♠", "6♣", "6♥", "6♦", "7♣", "7♥", "7♦"], ["7♠", "8♠", "8♣", "8♥", "8♦", "9♠", "9♣", "9♥"])
    dealt = {Card.parse(card) for hand in hands for card in hand}
    stock = sorted((card for card in DECK if card not in dealt), key=lambda card: card.suit == "♠")
    game = Game.from_deal(*hands, stock, attacker=0, rules=Rules(first_bout_limit=5))
    return play(game, "attack 6♠", "defend 7♠", "attack 6♣", "take", "attack 6♥", "attack 6♦")


def passing_position(you: list[str] | None = None, showing: bool = False) -> Game:
    """The passing game (V2, V3 with ``showing``): you attack with 6♠ 6♣ 7♣ 8♣, the AI holds
    7♠ 6♥ 6♦ 9♥ 10♥; trump ♦, no stock."""
    return Game.from_deal(
        you or ["6♠", "6♣", "7♣", "8♣"],
        ["7♠", "6♥", "6♦", "9♥", "10♥"],
        [],
        attacker=0,
        trump="♦",
        rules=Rules(passing=True, passing_by_showing_trump=showing),
    )


# Each case: the position, the refused action, the reason and its params.
CASES: list[tuple[Callable[[], Game], str, dict[str, Any], Reason, dict[str, Any]]] = [
    (
        lambda: Game.from_deal(["6♠"], [], [], trump="♦"),
        "attack 6♠",
        {},
        Reason.GAME_OVER,
        {},
    ),
    (lead_position, "attack 6♠", {"player": 1}, Reason.NOT_YOUR_TURN, {"player": 1, "to_move": 0}),
    (lead_position, "attack 7♠", {}, Reason.NOT_IN_HAND, {"card": Card.parse("7♠")}),
    (
        lambda: play(lead_position(), "attack 9♥"),
        "defend 8♥",
        {},
        Reason.DOES_NOT_BEAT,
        {"card": Card.parse("8♥"), "target": Card.parse("9♥")},
    ),
    (
        lambda: play(lead_position(), "attack 6♠", "defend 7♠"),
        "attack 9♥",
        {},
        Reason.RANK_NOT_ON_TABLE,
        {"card": Card.parse("9♥")},
    ),
    (
        lambda: play(six_card_limit_position(), "attack 7♣", "attack 7♥"),
        "attack 7♦",
        {},
        Reason.ATTACK_LIMIT,
        {"limit": 6},
    ),
    (
        lambda: play(first_bout_position(), "attack 7♣"),
        "attack 7♥",
        {},
        Reason.FIRST_BOUT_LIMIT,
        {"limit": 5},
    ),
    (lambda: play(lead_position(), "attack 6♠"), "pass Т♣", {}, Reason.NO_PASSING, {}),
    (lambda: play(passing_position(), "attack 6♠"), "show 6♦", {}, Reason.NO_SHOWING, {}),
    (lambda: passing_position(showing=True), "pass 6♠", {}, Reason.NOTHING_TO_PASS, {}),
    (
        lambda: play(passing_position(), "attack 6♠", "defend 7♠", "attack 6♣"),
        "pass 6♥",
        {},
        Reason.PASS_AFTER_BEATING,
        {},
    ),
    (
        lambda: play(passing_position(), "attack 6♠"),
        "pass 7♠",
        {},
        Reason.PASS_RANK,
        {"card": Card.parse("7♠"), "target": Card.parse("6♠")},
    ),
    (
        lambda: play(passing_position(you=["6♠", "7♣"]), "attack 6♠"),
        "pass 6♥",
        {},
        Reason.PASS_HAND_TOO_SMALL,
        {"held": 1, "attacks": 2},
    ),
    (
        lambda: play(passing_position(showing=True), "attack 6♠"),
        "show 6♥",
        {},
        Reason.SHOW_NOT_TRUMP,
        {"card": Card.parse("6♥")},
    ),
    (
        lambda: play(passing_position(showing=True), "attack 6♠", "show 6♦", "pass 6♣"),
        "show 6♦",
        {},
        Reason.ALREADY_SHOWN,
        {"card": Card.parse("6♦")},
    ),
    (
        lambda: play(
            Game.from_deal(["6♠", "6♣", "6♥"], ["7♠", "7♣"], [], attacker=0, trump="♦"),
            "attack 6♠",
            "defend 7♠",
            "attack 6♣",
            "defend 7♣",
        ),
        "attack 6♥",
        {},
        Reason.DEFENDER_HAND_LIMIT,
        {"limit": 2},
    ),
    (lead_position, "defend 7♠", {}, Reason.NOTHING_TO_BEAT, {}),
    (lambda: play(lead_position(), "attack 6♠", "take"), "defend 7♠", {}, Reason.NOTHING_TO_BEAT, {}),
    (lead_position, "take", {}, Reason.NOTHING_TO_TAKE, {}),
    (lambda: play(lead_position(), "attack 6♠", "defend 7♠"), "take", {}, Reason.NOTHING_TO_TAKE, {}),
    (lambda: play(lead_position(), "attack 6♠", "take"), "take", {}, Reason.ALREADY_TAKING, {}),
    (lead_position, "stop", {}, Reason.MUST_LEAD, {}),
    (lambda: play(lead_position(), "attack 6♠"), "stop", {}, Reason.DEFENDER_TO_MOVE, {}),
    (lambda: play(lead_position(), "attack 6♠"), "attack 7♣", {}, Reason.DEFENDER_TO_MOVE, {}),
]


@pytest.mark.parametrize(
    ("position", "move", "kwargs", "reason", "params"),
    CASES,
    ids=[f"{case[3].value}-{case[1]}" for case in CASES],
)
def test_illegal_action_has_reason_and_params(
    position: Callable[[], Game],
    move: str,
    kwargs: dict[str, Any],
    reason: Reason,
    params: dict[str, Any],
) -> None:
    game = position()
    before = game.to_json()
    action = Action.parse(move)
    assert action not in game.legal_actions() or "player" in kwargs
    with pytest.raises(IllegalAction) as caught:
        game.apply(action, **kwargs)
    error = caught.value
    assert error.reason is reason
    assert error.params == params
    assert error.action == action
    assert str(action) in str(error)
    assert not game.can_apply(action, **kwargs)
    assert game.to_json() == before  # refused actions change nothing


def test_every_reason_is_covered_above() -> None:
    assert {case[3] for case in CASES} == set(Reason)


def test_illegal_action_is_a_value_error_with_a_readable_message() -> None:
    game = play(lead_position(), "attack 9♥")
    with pytest.raises(ValueError, match="8♥ does not beat 9♥"):
        game.apply("defend 8♥")
    with pytest.raises(IllegalAction, match="it is not player 0's turn"):
        game.apply("defend Т♣", player=0)


def test_not_your_turn_is_checked_for_legal_moves_too() -> None:
    game = lead_position()
    assert game.can_apply(Action.parse("attack 6♠"), player=0)
    assert not game.can_apply(Action.parse("attack 6♠"), player=1)


@pytest.mark.parametrize("thing", [None, 72, 3.0, b"take", ["take"], object(), Card.parse("6♠")])
def test_verify_rejects_things_that_are_not_actions(thing: object) -> None:
    game = lead_position()
    for check in (game.verify, game.can_apply, game.apply):
        with pytest.raises(TypeError, match="expected an Action"):
            check(thing)  # type: ignore[arg-type]


def test_verify_and_can_apply_read_action_text_as_apply_does() -> None:
    game = lead_position()
    game.verify("attack 6♠")
    assert game.can_apply("attack 6♠") and not game.can_apply("take")
    with pytest.raises(ValueError, match="not an action"):
        game.can_apply("lead 6♠")


def test_apply_accepts_action_text_but_malformed_text_is_a_value_error() -> None:
    game = lead_position()
    with pytest.raises(ValueError, match="not an action"):
        game.apply("lead 6♠")
    game.apply("attack 6S")
    assert game.history == (Action.parse("attack 6♠"),)


@pytest.mark.parametrize("action_id", [-1, -36, 146, 10**20])
def test_action_from_id_refuses_a_number_outside_0_to_145(action_id: int) -> None:
    with pytest.raises(ValueError, match=f"an action id is a whole number from 0 to 145, not {action_id}"):
        action_from_id(action_id)


@pytest.mark.parametrize("action_id", [True, False, 1.0, "1", None])
def test_action_from_id_refuses_what_is_not_a_whole_number(action_id: object) -> None:
    with pytest.raises(TypeError, match="an action id is a whole number, not"):
        action_from_id(action_id)  # type: ignore[arg-type]
