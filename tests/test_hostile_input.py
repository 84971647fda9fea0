"""Hostile and malformed input to the rules core: refused with a precise error, never applied.

Each test is named after the defect of the reliability probe (reviews/2026-11-30/reliability.md)
that it reproduces: D3 forged actions, D10 seeds, D14 validation gaps, D15 record nits, D16
parser nits, D5 deep nesting. The fuzz test at the end feeds every kind of action, real and
forged, in random positions.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from durak import (
    DECK,
    STOP,
    TAKE,
    Action,
    ActionKind,
    Card,
    CorruptRecord,
    Game,
    IllegalAction,
    InvalidNotation,
    Phase,
)
from durak.actions import ACTIONS
from durak.cards import Suit
from durak.game import Deal


def throw_in_position() -> Game:
    """Every attack beaten: the attacker (you) may throw in a six or a seven, or stop."""
    game = Game.from_deal(["6♠", "6♣", "9♦"], ["7♠", "Д♣", "Т♥"], [], attacker=0, trump="♦")
    game.apply("attack 6♠")
    game.apply("defend 7♠")
    assert game.phase is Phase.THROW_IN
    return game


def all_cards(game: Game) -> list[Card]:
    hand0, hand1 = game.hands
    table = [card for pair in game.table for card in pair if card is not None]
    return [*hand0, *hand1, *game.stock, *table, *game.discard]


def assert_cards_intact(game: Game) -> None:
    cards = all_cards(game)
    assert len(cards) == 36 and set(cards) == set(DECK), sorted(cards)


# --- D3: an action with its kind as plain text ------------------------------------------


@pytest.mark.parametrize("kind", ["attack", "defend", "take", "stop"])
def test_D3_a_kind_given_as_text_is_turned_into_its_action_kind(kind: str) -> None:
    card = Card.parse("Т♥") if kind in ("attack", "defend") else None
    action = Action(kind, card)  # type: ignore[arg-type]
    assert type(action.kind) is ActionKind and action.kind is ActionKind(kind)
    assert action == Action(ActionKind(kind), card) and hash(action) == hash(Action(ActionKind(kind), card))


def test_D3_a_forged_attack_from_outside_the_hand_is_refused_and_changes_nothing() -> None:
    game = throw_in_position()
    before = game.to_json()
    for forged in (Action("attack", Card.parse("Т♥")), Action("defend", Card.parse("Т♥"))):  # type: ignore[arg-type]
        with pytest.raises(IllegalAction):
            game.apply(forged)
        assert not game.can_apply(forged)
    assert game.to_json() == before
    assert_cards_intact(game)
    Game.from_json(game.to_json())


def test_D3_take_and_stop_with_text_kinds_are_judged_like_the_real_ones() -> None:
    game = throw_in_position()
    assert not game.can_apply(Action("take"))  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="no unbeaten attack card"):
        game.apply(Action("take"))  # type: ignore[arg-type]
    game.apply(Action("stop"))  # type: ignore[arg-type]
    assert game.history[-1] is STOP


def test_D3_an_action_whose_kind_was_overwritten_afterwards_still_only_plays_what_it_says() -> None:
    game = throw_in_position()
    forged = Action.attack(Card.parse("Т♥"))
    object.__setattr__(forged, "kind", "attack")  # past the frozen dataclass, by force
    with pytest.raises(IllegalAction, match="not in the hand"):
        game.apply(forged)
    assert_cards_intact(game)


def test_D3_an_action_subclass_cannot_bring_its_own_engine_number() -> None:
    class Sneaky(Action):
        @property
        def id(self) -> int:  # the ace of hearts, whatever the action says
            return Card.parse("Т♥").index

    game = throw_in_position()
    sneaky = Sneaky(ActionKind.STOP)
    with pytest.raises(TypeError, match="expected an Action"):
        game.apply(sneaky)
    assert_cards_intact(game)


@pytest.mark.parametrize(
    ("kind", "card", "error"),
    [
        ("pass", None, ValueError),
        ("", None, ValueError),
        (3, None, TypeError),
        (None, None, TypeError),
        ("attack", "6♠", TypeError),
        ("attack", 5, TypeError),
        ("take", Card.parse("6♠"), ValueError),
        ("defend", None, ValueError),
    ],
)
def test_D3_a_malformed_action_is_refused_at_construction(kind: object, card: object, error: type) -> None:
    with pytest.raises(error):
        Action(kind, card)  # type: ignore[arg-type]


# --- D10: seeds ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed", ["7", 7.0, True, b"7", [7]])
def test_D10_a_seed_that_is_not_a_whole_number_is_refused(seed: object) -> None:
    with pytest.raises(TypeError, match="a seed is a whole number"):
        Game.new(seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [-7, -1, 2**64, 10**40], ids=["-7", "-1", "2**64", "10**40"])
def test_D10_a_seed_out_of_range_is_refused(seed: int) -> None:
    with pytest.raises(ValueError, match="from 0 to 2\\*\\*64 - 1"):
        Game.new(seed)


@pytest.mark.parametrize("seed", [0, 7, 2**63, 2**64 - 1])
def test_D10_every_accepted_seed_gives_a_record_that_loads(seed: int) -> None:
    game = Game.new(seed)
    game.apply(game.legal_actions()[0])
    assert Game.from_json(game.to_json()).seed == seed


# --- D14: validation gaps -----------------------------------------------------------------


@pytest.mark.parametrize("player", ["0", 1.0, True, None.__class__, 2, -1])
def test_D14_a_player_that_is_not_0_or_1_is_a_clear_value_error(player: object) -> None:
    game = throw_in_position()
    with pytest.raises(ValueError, match="player must be 0"):
        game.apply(STOP, player=player)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="player must be 0"):
        game.observation(player)  # type: ignore[arg-type]
    assert game.phase is Phase.THROW_IN


def test_D14_from_deal_refuses_an_attacker_that_is_not_0_or_1() -> None:
    for attacker in (1.0, True, "1", 2):
        with pytest.raises(ValueError, match="attacker must be 0"):
            Game.from_deal(["6♠"], ["7♠"], [], attacker=attacker, trump="♥")  # type: ignore[arg-type]


def test_D14_from_deal_refuses_a_trump_that_is_not_a_suit() -> None:
    with pytest.raises(TypeError, match="trump is a suit"):
        Game.from_deal(["6♠"], ["7♠"], [], trump=3)  # type: ignore[arg-type]
    with pytest.raises(InvalidNotation, match="unknown suit"):
        Game.from_deal(["6♠"], ["7♠"], [], trump="X")


# --- D16: parser nits ---------------------------------------------------------------------


def test_D16_a_lookalike_letter_is_not_read_as_a_suit() -> None:
    with pytest.raises(InvalidNotation, match="unknown suit"):
        Card.parse("6ſ")  # U+017F long s: str.upper() would make it an S


def test_D16_an_emoji_suit_with_its_variation_selector_is_read() -> None:
    assert Card.parse("6♠\ufe0f") == Card.parse("6♠")
    assert Action.parse("attack Т♥\ufe0f") == Action.attack("Т♥")


def test_D16_an_invisible_character_is_named_in_the_error() -> None:
    with pytest.raises(InvalidNotation, match="U\\+200B"):
        Card.parse("6\u200b")


def test_D16_an_error_message_does_not_repeat_a_huge_input() -> None:
    with pytest.raises(InvalidNotation) as caught:
        Action.parse("attack " + "9" * 10**6 + "♠")
    assert len(str(caught.value)) < 400
    assert "(1000001 characters)" in str(caught.value)  # the card, not the whole action


def test_D16_t_is_the_ace_and_the_error_says_how_to_write_the_ten() -> None:
    assert Card.parse("TH") == Card.parse("Т♥")  # the Cyrillic Т (Туз) printed on the card
    with pytest.raises(InvalidNotation, match="the ten is 10"):
        Card.parse("XH")


def test_notation_errors_are_value_errors_of_their_own_type() -> None:
    for text in ("", "attack", "attack 5♠", "lead 6♠"):
        with pytest.raises(InvalidNotation):
            Action.parse(text)
    assert issubclass(InvalidNotation, ValueError) and issubclass(CorruptRecord, ValueError)


# --- D5 and D15: records ------------------------------------------------------------------


def a_record() -> dict[str, object]:
    game = Game.new(seed=5)
    for _ in range(9):
        game.apply(game.legal_actions()[0])
    loaded: dict[str, object] = json.loads(game.to_json())
    return loaded


@pytest.mark.parametrize("inside", [False, True])
def test_D5_deep_nesting_is_a_corrupt_record_not_a_recursion_error(inside: bool) -> None:
    deep = "[" * 100_000 + "]" * 100_000
    text = json.dumps(a_record()).replace('"moves": [', '"moves": [' + deep + ", ", 1) if inside else deep
    with pytest.raises(CorruptRecord, match="nested too deeply"):
        Game.from_json(text)


@pytest.mark.parametrize("version", [True, 1.0, "1", 2.0, 3, None])
def test_D15_only_the_integer_versions_1_and_2_are_read(version: object) -> None:
    record = a_record()
    record["version"] = version
    with pytest.raises(CorruptRecord, match="unsupported saved-game version"):
        Game.from_json(json.dumps(record))


def test_D15_a_newer_version_is_named_as_newer() -> None:
    record = a_record()
    record["version"] = 3
    with pytest.raises(CorruptRecord, match="written by a newer durak"):
        Game.from_json(json.dumps(record))


@pytest.mark.parametrize("seed", [-5, 2**64, 10**4000], ids=["negative", "2**64", "4000 digits"])
def test_D15_a_seed_out_of_range_is_a_corrupt_record(seed: int) -> None:
    record = a_record()
    record["seed"] = seed
    with pytest.raises(CorruptRecord, match="'seed'"):
        Game.from_json(json.dumps(record))


def test_every_record_error_is_a_corrupt_record() -> None:
    record = a_record()
    start = dict(record["start"])  # type: ignore[call-overload]
    start["hands"] = [["6♠", "6♠"], ["7♠"]]
    for text in ("", "[", "42", json.dumps({**record, "start": start}), json.dumps({**record, "moves": [7]})):
        with pytest.raises(CorruptRecord):
            Game.from_json(text)
    with pytest.raises(CorruptRecord, match="expected JSON text"):
        Game.from_json(None)  # type: ignore[arg-type]


# --- N5, N10: records and deals (reviews/2026-12-03/reliability.md) -------------------------


def test_N5_a_record_with_a_huge_discard_pile_is_refused_before_its_cards_are_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    record = json.loads(Game.new(seed=1).to_json())
    record["state"]["discard"] = ["6♠"] * 96_000  # 750 KiB: the quadratic check took 16.5 s
    text = json.dumps(record, ensure_ascii=False)
    parsed: list[str] = []
    real = Card.parse.__func__  # type: ignore[attr-defined]
    monkeypatch.setattr(Card, "parse", classmethod(lambda cls, t: (parsed.append(t), real(cls, t))[1]))
    with pytest.raises(CorruptRecord, match="96036 cards in its state, but a deck has 36"):
        Game.from_json(text)
    assert parsed == []


def test_N5_cards_dealt_twice_are_found_in_linear_time() -> None:
    # 2 x 36,000 cards: the old count-per-card check took minutes for this
    with pytest.raises(ValueError, match=r"^cards dealt twice: 6♠ 7♠ 8♠$"):
        Game.from_deal(["6♠", "7♠"] * 18_000, ["7♠", "8♠"] * 18_000, trump="♥")


def deal(hands: object, stock: object = (), trump: object = None, attacker: object = 0) -> Deal:
    return Deal(hands, stock, Suit.SPADES if trump is None else trump, attacker)  # type: ignore[arg-type]


C = Card.parse


@pytest.mark.parametrize(
    ("make", "error", "words"),
    [
        (lambda: deal(((C("6s"), C("6s")), (C("7s"),))), ValueError, "^cards dealt twice: 6♠$"),
        (
            lambda: deal((tuple(DECK[:18]), tuple(DECK[18:])), tuple(DECK[:6])),
            ValueError,
            "^cards dealt twice: 6♠ 7♠ 8♠ 9♠ 10♠ В♠$",
        ),
        (lambda: deal(((C("6s"),), (C("7s"),)), attacker=2), ValueError, "attacker must be 0 .* not 2"),
        (lambda: deal(((C("6s"),), (C("7s"),)), attacker=True), ValueError, "attacker must be 0 .* not True"),
        (lambda: deal((("6s",), (C("7s"),))), TypeError, "hand0: expected a Card, not '6s'"),
        (lambda: deal([(C("6s"),), (C("7s"),)]), TypeError, "hands must be a tuple of two tuples of cards"),
        (lambda: deal(((C("6s"),),)), TypeError, "hands must be a tuple of two tuples of cards"),
        (lambda: deal(((C("6s"),), (C("7s"),)), [C("8h")]), TypeError, "stock must be a tuple of cards"),
        (lambda: deal(((C("6s"),), (C("7s"),)), trump="♠"), TypeError, "trump must be a Suit, not str"),
        (
            lambda: deal(((C("6s"),), (C("7s"),)), (C("8h"),)),
            ValueError,
            "trump ♠ does not match the face-up card 8♥",
        ),
        (
            lambda: deal(((), (C("7s"),)), (C("8s"),)),
            ValueError,
            "both hands need cards while the stock is not empty",
        ),
    ],
)
def test_N10_an_impossible_deal_is_refused_with_the_checks_of_from_deal(
    make: object, error: type[Exception], words: str
) -> None:
    with pytest.raises(error, match=words):
        Game.replay(make())  # type: ignore[operator]


def test_N10_every_shuffled_deal_and_a_chosen_one_still_pass() -> None:
    for seed in range(50):
        assert Game.replay(Deal.shuffled(seed)).deal == Deal.shuffled(seed)
    chosen = Game.from_deal(["6♠", "7♥"], ["Т♠"], [], trump="♥")
    assert Game.replay(chosen.deal).deal == chosen.deal


# --- the fuzz test: nothing unchecked is ever applied ------------------------------------


def forged_actions(rng: random.Random) -> list[object]:
    """Real actions, their text, text-kind twins, overwritten kinds, and things that are no action."""
    real = list(ACTIONS)
    twins = [Action(a.kind.value, a.card) for a in real]  # type: ignore[arg-type]
    overwritten = []
    for a in rng.sample(real, 8):
        b = dataclasses.replace(a)
        object.__setattr__(b, "kind", str(a.kind.value))
        overwritten.append(b)
    texts = [str(a) for a in rng.sample(real, 8)]
    junk: list[object] = [None, 5, 72, -1, "pass", "attack", "attack 5♠", b"take", Card.parse("6♠")]
    return [*real, *twins, *overwritten, *texts, *junk]


def test_fuzz_every_action_kind_forged_and_real_in_random_positions() -> None:
    rng = random.Random(20261201)
    tried = accepted = 0
    for game_number in range(25):
        game = Game.new(seed=game_number)
        while not game.is_over:
            legal = set(game.legal_actions())
            before = game.to_json()
            for candidate in rng.sample(forged_actions(rng), 12):
                for player in (None, 0, 1):
                    tried += 1
                    probe = game.copy()
                    try:
                        probe.apply(candidate, player=player)  # type: ignore[arg-type]
                    except (IllegalAction, InvalidNotation, TypeError, ValueError):
                        assert probe.to_json() == before, f"a refused {candidate!r} changed the game"
                        continue
                    accepted += 1
                    played = probe.history[-1]
                    assert played in legal, f"{candidate!r} was applied but is not legal"
                    assert player in (None, game.to_move)
                    assert_cards_intact(probe)
            game.apply(rng.choice(sorted(legal, key=str)))
            assert_cards_intact(game)
        Game.from_json(game.to_json())
    assert tried > 20_000 and accepted > 500  # both branches were really exercised
    assert TAKE in ACTIONS
