"""One named test (or more) per rule point R1–R12 of RULES.md, on hand-built positions.

Positions come from :meth:`Game.from_deal`: cards in neither hand nor the stock are
already discarded, the stock is listed top first and its last card is the face-up trump.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from durak import DECK, STOP, TAKE, Action, Card, Game, IllegalAction, Phase, Rank, Reason, Suit


def cards(text: str) -> set[Card]:
    return {Card.parse(word) for word in text.split()}


def hand(game: Game, player: int) -> set[Card]:
    return set(game.hands[player])


def legal(game: Game) -> set[str]:
    return {str(action) for action in game.legal_actions()}


def play(game: Game, *moves: str) -> Game:
    for move in moves:
        game.apply(move)
    return game


MAX_ACTIONS = 2000  # far beyond any real game: a broken engine fails here instead of hanging


def steps(game: Game) -> Iterator[int]:
    """Count the actions of a game played to its end by the loop body; fail if it never ends."""
    for step in range(MAX_ACTIONS):
        if game.is_over:
            return
        yield step
    raise AssertionError(f"the game did not end within {MAX_ACTIONS} actions")


def refused(game: Game, move: str) -> Reason:
    before = game.to_json()
    with pytest.raises(IllegalAction) as caught:
        game.apply(move)
    assert game.to_json() == before
    return caught.value.reason


# --- R1: the deck ---------------------------------------------------------------------


def test_R1_deck_has_36_cards_in_four_suits_from_six_to_ace() -> None:
    assert len(DECK) == len(set(DECK)) == 36
    for suit in Suit:
        assert [card.rank for card in DECK if card.suit is suit] == list(Rank)
    assert [rank.symbol for rank in Rank] == ["6", "7", "8", "9", "10", "В", "Д", "К", "Т"]
    assert [Suit.SPADES.value, Suit.CLUBS.value, Suit.HEARTS.value, Suit.DIAMONDS.value] == list("♠♣♥♦")


def test_R1_t_is_the_ace_and_beats_the_king_while_ten_does_not() -> None:
    game = play(Game.from_deal(["К♠"], ["Т♠", "10♠", "В♠"], [], trump="♥"), "attack К♠")
    assert legal(game) == {"defend Т♠", "take"}
    assert Card.parse("Т♠").rank is Rank.ACE and Card.parse("10♠").rank is Rank.TEN


def test_R1_hearts_and_diamonds_are_red() -> None:
    assert {suit for suit in Suit if suit.is_red} == {Suit.HEARTS, Suit.DIAMONDS}


# --- R2: two players, one deal ---------------------------------------------------------


def test_R2_two_players_you_are_player_0_and_the_ai_player_1() -> None:
    game = Game.from_deal(["6♠"], ["7♠"], [], attacker=1, trump="♥")
    assert (game.attacker, game.defender, game.to_move) == (1, 0, 1)
    assert "Your hand: 6♠" in str(game) and "AI hand:  7♠" in str(game)
    for player in (2, -1):
        with pytest.raises(ValueError, match="attacker must be 0"):
            Game.from_deal(["6♠"], ["7♠"], [], attacker=player, trump="♥")
        with pytest.raises(ValueError, match="player must be 0 or 1"):
            game.observation(player)


def test_R2_a_single_deal_ends_the_game_for_good() -> None:
    game = play(Game.from_deal(["6♠"], ["7♠", "8♠"], [], trump="♥"), "attack 6♠", "take", "stop")
    assert game.is_over and game.to_move is None and game.legal_actions() == []
    assert game.phase is Phase.OVER
    assert refused(game, "attack 6♠") is Reason.GAME_OVER


# --- R3: setup -------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 7, 2024, 2**62])
def test_R3_deal_six_each_and_stock_of_24_with_the_face_up_trump_at_the_bottom(seed: int) -> None:
    game = Game.new(seed=seed)
    assert [len(game.hands[0]), len(game.hands[1]), len(game.stock)] == [6, 6, 24]
    assert set(game.hands[0]) | set(game.hands[1]) | set(game.stock) == set(DECK)
    assert game.trump_card == game.stock[-1]  # drawn last
    assert game.trump is game.stock[-1].suit
    assert game.table == () and game.discard == () and game.phase is Phase.LEAD


def test_R3_the_same_seed_always_gives_the_same_deal() -> None:
    assert Game.new(seed=42).to_json() == Game.new(seed=42).to_json()
    deals = {(Game.new(seed=s).hands, Game.new(seed=s).stock) for s in range(20)}
    assert len(deals) == 20
    unseeded = Game.new()
    assert unseeded.seed is not None
    again = Game.new(seed=unseeded.seed)
    assert (again.hands, again.stock, again.attacker) == (unseeded.hands, unseeded.stock, unseeded.attacker)


def test_R3_trump_is_fixed_for_the_whole_deal() -> None:
    game = Game.new(seed=3)
    trump = game.trump
    for _ in steps(game):
        game.apply_id(game.legal_ids()[0])
        assert game.trump is trump
    assert game.trump_card is not None and game.trump_card.suit is trump


# --- R4: the first attacker ------------------------------------------------------------


def test_R4_lowest_trump_in_your_hand_you_attack_first() -> None:
    game = Game.from_deal(["7♥", "Т♠"], ["8♥", "9♥", "Т♥"], [], trump="♥")
    assert game.attacker == 0


def test_R4_lowest_trump_in_the_ai_hand_even_with_fewer_trumps() -> None:
    game = Game.from_deal(["8♥", "9♥", "Т♥"], ["7♥", "6♠"], [], trump="♥")
    assert game.attacker == 1 and game.to_move == 1


def test_R4_the_face_up_trump_card_does_not_count() -> None:
    stock = ["6♣", "10♣", "6♥"]  # 6♥ is the face-up trump, lower than any trump in a hand
    assert Game.from_deal(["8♥", "6♠"], ["7♥", "7♠"], stock).attacker == 1
    assert Game.from_deal(["7♥", "6♠"], ["8♥", "7♠"], stock).attacker == 0


def test_R4_no_trump_in_either_hand_you_attack_first() -> None:
    game = Game.from_deal(["Т♠", "К♣"], ["6♠", "6♣"], ["7♣", "6♥"])
    assert game.trump is Suit.HEARTS
    assert game.attacker == 0


def test_R4_an_explicit_attacker_overrides_the_rule() -> None:
    assert Game.from_deal(["7♥"], ["8♥"], [], attacker=1, trump="♥").attacker == 1


@pytest.mark.parametrize("seed", range(40))
def test_R4_new_deals_follow_the_lowest_trump(seed: int) -> None:
    game = Game.new(seed=seed)
    lowest = [min((c.rank for c in h if c.suit is game.trump), default=None) for h in game.hands]
    # the AI starts only with a trump lower than all of yours; no trump at all: you start
    ai_lower = lowest[1] is not None and (lowest[0] is None or lowest[1] < lowest[0])
    expected = 1 if ai_lower else 0
    assert game.attacker == expected


# --- R5: the lead ----------------------------------------------------------------------


def test_R5_the_attacker_may_lead_any_one_card_and_must_lead() -> None:
    game = Game.from_deal(["6♠", "Т♥", "9♣"], ["7♠", "8♠"], [], trump="♥")
    assert legal(game) == {"attack 6♠", "attack Т♥", "attack 9♣"}
    assert refused(game, "stop") is Reason.MUST_LEAD
    for lead in ("attack 6♠", "attack Т♥", "attack 9♣"):
        copy = game.copy()
        copy.apply(lead)
        assert copy.phase is Phase.DEFEND and copy.to_move == 1
        assert [a for a, _ in copy.table] == [Action.parse(lead).card]


def test_R5_only_one_card_is_led_then_the_defender_moves() -> None:
    game = play(Game.from_deal(["6♠", "6♣"], ["7♠", "8♠"], [], trump="♥"), "attack 6♠")
    assert refused(game, "attack 6♣") is Reason.DEFENDER_TO_MOVE
    assert legal(game) == {"defend 7♠", "defend 8♠", "take"}


# --- R6: beating -----------------------------------------------------------------------


def test_R6_higher_card_of_the_same_suit_or_any_trump_beats_a_plain_card() -> None:
    game = Game.from_deal(["9♠"], ["6♠", "10♠", "6♥", "Т♣", "7♦"], [], attacker=0, trump="♥")
    play(game, "attack 9♠")
    assert legal(game) == {"defend 10♠", "defend 6♥", "take"}
    assert refused(game, "defend 6♠") is Reason.DOES_NOT_BEAT  # lower, same suit
    assert refused(game, "defend Т♣") is Reason.DOES_NOT_BEAT  # higher, other plain suit
    assert refused(game, "defend 7♦") is Reason.DOES_NOT_BEAT


def test_R6_a_trump_is_beaten_only_by_a_higher_trump() -> None:
    game = Game.from_deal(["8♥"], ["7♥", "9♥", "Т♠"], [], attacker=0, trump="♥")
    play(game, "attack 8♥")
    assert legal(game) == {"defend 9♥", "take"}
    assert refused(game, "defend 7♥") is Reason.DOES_NOT_BEAT
    assert refused(game, "defend Т♠") is Reason.DOES_NOT_BEAT


def test_R6_following_suit_is_not_required() -> None:
    game = Game.from_deal(["9♠"], ["10♠", "6♥"], [], attacker=0, trump="♥")
    play(game, "attack 9♠", "defend 6♥")  # the trump, though 10♠ would follow suit
    assert game.table == ((Card.parse("9♠"), Card.parse("6♥")),)
    assert game.phase is Phase.THROW_IN and game.to_move == 0


def test_R6_the_lowest_trump_beats_the_highest_plain_ace() -> None:
    game = play(Game.from_deal(["Т♠"], ["6♦"], [], attacker=0, trump="♦"), "attack Т♠")
    assert legal(game) == {"defend 6♦", "take"}


# --- R7: throwing in -------------------------------------------------------------------


def throw_in_position() -> Game:
    """You lead 6♠ and the AI beats it with 9♠; trump ♦, no stock."""
    game = Game.from_deal(["6♠", "6♣", "9♥", "8♥"], ["9♠", "10♣", "В♥", "Д♥"], [], attacker=0, trump="♦")
    return play(game, "attack 6♠", "defend 9♠")


def test_R7_throw_in_a_card_matching_an_attack_card() -> None:
    game = throw_in_position()
    assert game.phase is Phase.THROW_IN and game.to_move == 0
    play(game, "attack 6♣")
    assert game.phase is Phase.DEFEND and game.to_move == 1


def test_R7_throw_in_a_card_matching_a_defence_card() -> None:
    game = throw_in_position()
    assert legal(game) == {"attack 6♣", "attack 9♥", "stop"}  # 9♥ matches the defence 9♠
    play(game, "attack 9♥", "defend В♥")
    assert [str(a) for a, _ in game.table] == ["6♠", "9♥"]


def test_R7_a_card_of_a_rank_not_on_the_table_is_refused() -> None:
    game = throw_in_position()
    assert refused(game, "attack 8♥") is Reason.RANK_NOT_ON_TABLE


def test_R7_attacks_come_one_at_a_time() -> None:
    game = play(throw_in_position(), "attack 6♣")
    assert refused(game, "attack 9♥") is Reason.DEFENDER_TO_MOVE
    unbeaten = [a for a, d in game.table if d is None]
    assert unbeaten == [Card.parse("6♣")]


def test_R7_the_attacker_may_stop_instead() -> None:
    game = play(throw_in_position(), "stop")
    assert game.phase is Phase.LEAD and game.table == ()


# --- R8: the bout limit ----------------------------------------------------------------


def test_R8_six_card_limit_even_against_a_bigger_hand() -> None:
    game = Game.from_deal(
        ["6♠", "6♣", "6♥", "6♦", "7♣", "7♥", "7♦"],
        ["7♠", "8♠", "8♣", "8♥", "8♦", "9♠", "9♣", "9♥"],
        [],
        attacker=0,
        trump="♠",
    )
    assert game.bout_limit == 6
    play(game, "attack 6♠", "defend 7♠", "attack 6♣", "take")
    play(game, "attack 6♥", "attack 6♦", "attack 7♣", "attack 7♥")
    assert len(game.table) == 6
    assert legal(game) == {"stop"}  # 7♦ still matches, but the bout is full
    assert refused(game, "attack 7♦") is Reason.SIX_CARD_LIMIT


def test_R8_six_attack_cards_are_allowed_in_the_first_bout_too() -> None:
    # no "five before the first discard" variant: a full deal, nothing discarded yet
    hand0 = ["6♠", "6♣", "6♥", "7♠", "7♣", "7♦"]
    hand1 = ["7♥", "8♠", "8♣", "8♥", "9♦", "В♦"]
    rest = [str(card) for card in DECK if str(card) not in hand0 + hand1 + ["6♦"]]
    game = Game.from_deal(hand0, hand1, [*rest, "6♦"])
    assert len(game.stock) == 24 and game.discard == () and game.attacker == 0
    assert game.bout_limit == 6
    play(game, "attack 6♥", "defend 7♥", "attack 6♠", "take")
    play(game, "attack 6♣", "attack 7♠", "attack 7♣", "attack 7♦")
    assert len(game.table) == 6 and legal(game) == {"stop"}


def test_R8_never_more_attacks_than_the_defender_held() -> None:
    game = Game.from_deal(["6♠", "6♣", "6♥"], ["7♠", "7♣"], [], attacker=0, trump="♦")
    assert game.bout_limit == 2
    play(game, "attack 6♠", "defend 7♠", "attack 6♣", "defend 7♣")
    assert legal(game) == {"stop"}
    assert refused(game, "attack 6♥") is Reason.DEFENDER_HAND_LIMIT


def test_R8_the_defender_hand_limit_is_fixed_when_the_bout_begins() -> None:
    game = Game.from_deal(["6♠", "6♣", "6♥", "7♦"], ["7♠", "7♣", "8♥"], [], attacker=0, trump="♦")
    play(game, "attack 6♠", "defend 7♠")
    # the defender now holds two cards, yet a bout that began against three allows three
    assert len(game.hands[1]) == 2 and game.bout_limit == 3
    play(game, "attack 6♣", "defend 7♣", "attack 6♥", "defend 8♥")
    assert game.hands[1] == () and legal(game) == {"stop"}
    assert refused(game, "attack 7♦") is Reason.DEFENDER_HAND_LIMIT


# --- R9: taking ------------------------------------------------------------------------


def take_position() -> Game:
    """You hold three sixes; the AI could beat 6♠ but may take; trump ♦, no stock."""
    return Game.from_deal(
        ["6♠", "6♣", "6♥", "9♦", "10♣"], ["7♠", "8♠", "6♦", "Д♣"], [], attacker=0, trump="♦"
    )


def test_R9_the_defender_may_take_even_when_it_could_beat() -> None:
    game = play(take_position(), "attack 6♠")
    assert {"defend 7♠", "defend 8♠", "defend 6♦", "take"} == legal(game)
    play(game, "take")
    assert game.phase is Phase.ADDING and game.to_move == 0


def test_R9_after_take_the_attacker_adds_matching_cards_one_by_one_unbeaten() -> None:
    game = play(take_position(), "attack 6♠", "take")
    assert legal(game) == {"attack 6♣", "attack 6♥", "stop"}
    play(game, "attack 6♣")
    assert game.to_move == 0 and game.phase is Phase.ADDING  # the defender does not answer
    play(game, "attack 6♥")
    assert [d for _, d in game.table] == [None, None, None]  # several unbeaten cards
    assert refused(game, "defend 7♠") is Reason.NOTHING_TO_BEAT
    assert refused(game, "take") is Reason.ALREADY_TAKING
    assert refused(game, "attack 10♣") is Reason.RANK_NOT_ON_TABLE


def test_R9_adding_after_take_respects_the_bout_limit() -> None:
    game = Game.from_deal(["6♠", "6♣", "6♥"], ["7♣", "8♣"], [], attacker=0, trump="♦")
    play(game, "attack 6♠", "take", "attack 6♣")
    assert legal(game) == {"stop"}
    assert refused(game, "attack 6♥") is Reason.DEFENDER_HAND_LIMIT


def test_R9_the_defender_picks_up_attacks_and_defences_and_skips_the_next_attack() -> None:
    game = play(take_position(), "attack 6♠", "defend 7♠", "attack 6♣", "take", "attack 6♥", "stop")
    assert hand(game, 1) == cards("8♠ 6♦ Д♣ 6♠ 7♠ 6♣ 6♥")
    assert hand(game, 0) == cards("9♦ 10♣")
    assert game.table == () and Card.parse("7♠") not in game.discard
    assert game.attacker == 0 and game.to_move == 0 and game.phase is Phase.LEAD
    assert set(game.known_cards(1)) == cards("6♠ 7♠ 6♣ 6♥")


def test_R9_the_attacker_may_add_nothing_after_take() -> None:
    game = play(take_position(), "attack 6♠", "take", "stop")
    assert hand(game, 1) == cards("7♠ 8♠ 6♦ Д♣ 6♠") and game.attacker == 0


# --- R10: a successful defence ---------------------------------------------------------


def test_R10_beaten_cards_are_discarded_and_the_defender_attacks_next() -> None:
    game = Game.from_deal(["6♠", "7♣"], ["9♠", "8♣", "Т♥"], [], attacker=0, trump="♥")
    discard_before = set(game.discard)
    play(game, "attack 6♠", "defend 9♠", "stop")
    assert set(game.discard) - discard_before == cards("6♠ 9♠")
    assert game.table == ()
    assert game.attacker == 1 and game.to_move == 1 and game.phase is Phase.LEAD
    assert hand(game, 0) == cards("7♣") and hand(game, 1) == cards("8♣ Т♥")


def test_R10_the_attacker_cannot_stop_while_a_card_is_unbeaten() -> None:
    game = play(Game.from_deal(["6♠"], ["9♠"], [], trump="♥"), "attack 6♠")
    assert refused(game, "stop") is Reason.DEFENDER_TO_MOVE


# --- R11: refilling --------------------------------------------------------------------


def refill_position(stock: list[str]) -> Game:
    """Six cards each, no trump in either hand, trump ♥ (the last card of ``stock``)."""
    return Game.from_deal(["6♠", "7♣", "8♣", "9♣", "10♣", "В♣"], ["7♠", "6♦", "7♦", "8♦", "9♦", "10♦"], stock)


def test_R11_after_a_defence_the_attacker_of_the_bout_draws_first() -> None:
    game = refill_position(["Т♠", "К♠", "Д♠", "6♥"])
    play(game, "attack 6♠", "defend 7♠", "stop")
    assert Card.parse("Т♠") in game.hands[0]  # the old attacker took the top card
    assert Card.parse("К♠") in game.hands[1]
    assert [str(c) for c in game.stock] == ["Д♠", "6♥"]
    assert len(game.hands[0]) == len(game.hands[1]) == 6


def test_R11_after_a_take_the_attacker_draws_and_the_defender_may_need_none() -> None:
    game = refill_position(["Т♠", "К♠", "Д♠", "6♥"])
    play(game, "attack 6♠", "take", "stop")
    assert Card.parse("Т♠") in game.hands[0] and len(game.hands[0]) == 6
    assert len(game.hands[1]) == 7
    assert [str(c) for c in game.stock] == ["К♠", "Д♠", "6♥"]


def test_R11_draw_order_when_both_need_several_cards() -> None:
    game = Game.from_deal(
        ["6♠", "7♠", "8♣", "9♣", "10♣", "В♣"],
        ["7♥", "8♥", "9♦", "10♦", "В♦", "Д♦"],
        ["Т♠", "К♠", "Д♠", "В♠", "10♠", "6♥"],
        attacker=0,
    )
    play(game, "attack 6♠", "defend 7♥", "attack 7♠", "defend 8♥", "stop")
    assert hand(game, 0) == cards("8♣ 9♣ 10♣ В♣ Т♠ К♠")
    assert hand(game, 1) == cards("9♦ 10♦ В♦ Д♦ Д♠ В♠")
    assert [str(c) for c in game.stock] == ["10♠", "6♥"]


def test_R11_the_stock_runs_out_mid_refill() -> None:
    game = Game.from_deal(
        ["6♠", "7♠", "8♣", "9♣", "10♣", "В♣"],
        ["7♥", "8♥", "9♦", "10♦", "В♦", "Д♦"],
        ["Т♠", "6♥"],
        attacker=0,
    )
    play(game, "attack 6♠", "defend 7♥", "attack 7♠", "defend 8♥", "stop")
    assert hand(game, 0) == cards("8♣ 9♣ 10♣ В♣ Т♠ 6♥")  # the attacker got both
    assert hand(game, 1) == cards("9♦ 10♦ В♦ Д♦")  # nothing left for the defender
    assert game.stock == () and not game.is_over and game.attacker == 1


def test_R11_the_face_up_trump_card_is_drawn_last() -> None:
    game = refill_position(["Т♠", "6♥"])
    assert game.trump_card == Card.parse("6♥")
    observation = game.observation(0)
    assert observation.trump_card_in_stock and Card.parse("6♥") not in observation.unseen
    play(game, "attack 6♠", "defend 7♠", "stop")
    assert Card.parse("Т♠") in game.hands[0] and Card.parse("6♥") in game.hands[1]
    assert game.stock == () and game.trump is Suit.HEARTS  # trump stays after it is drawn
    # everybody saw the face-up card: its holder is known
    assert game.known_cards(1) == (Card.parse("6♥"),)
    assert game.observation(0).opponent_known == (Card.parse("6♥"),)
    assert not game.observation(0).trump_card_in_stock


def test_R11_nobody_draws_from_an_empty_stock() -> None:
    game = Game.from_deal(["6♠", "7♣"], ["9♠", "8♣"], [], attacker=0, trump="♥")
    play(game, "attack 6♠", "defend 9♠", "stop")
    assert len(game.hands[0]) == len(game.hands[1]) == 1


# --- R12: the end of the deal ----------------------------------------------------------


def test_R12_no_going_out_while_the_stock_has_cards() -> None:
    stock = ["Т♣", "К♣", "Д♣", "В♣", "10♣", "9♣", "8♣", "6♥"]
    game = Game.from_deal(["6♠"], ["7♠", "8♠"], stock, attacker=0)
    play(game, "attack 6♠", "defend 7♠")
    assert game.hands[0] == () and not game.is_over
    play(game, "stop")
    assert not game.is_over
    assert hand(game, 0) == cards("Т♣ К♣ Д♣ В♣ 10♣ 9♣")  # drew again, first
    assert hand(game, 1) == cards("8♠ 8♣ 6♥")


def test_R12_hands_are_checked_only_after_a_complete_bout() -> None:
    game = Game.from_deal(["6♠"], ["7♠", "8♥"], [], attacker=0, trump="♣")
    play(game, "attack 6♠")
    assert game.hands[0] == () and not game.is_over  # out of cards, but the bout goes on
    play(game, "defend 7♠")
    assert not game.is_over and legal(game) == {"stop"}
    play(game, "stop")
    assert game.is_over and game.loser == 1 and not game.is_draw


def test_R12_the_defender_goes_out_by_beating_its_last_card() -> None:
    game = Game.from_deal(["6♠", "9♦"], ["7♠"], [], attacker=0, trump="♥")
    play(game, "attack 6♠", "defend 7♠")
    assert not game.is_over and legal(game) == {"stop"}
    play(game, "stop")
    assert game.is_over and game.loser == 0


def test_R12_both_hands_empty_is_a_draw() -> None:
    game = play(Game.from_deal(["6♠"], ["7♠"], [], trump="♥"), "attack 6♠", "defend 7♠", "stop")
    assert game.is_over and game.is_draw and game.loser is None
    assert "draw" in str(game)


def test_R12_the_last_card_taken_makes_the_taker_the_durak() -> None:
    game = Game.from_deal(["6♠"], ["7♠"], [], trump="♥")
    play(game, "attack 6♠", "take")
    assert not game.is_over  # the attacker may still add, then stops
    play(game, "stop")
    assert game.is_over and game.loser == 1 and hand(game, 1) == cards("6♠ 7♠")
    assert "AI is the Durak" in str(game)


def test_R12_no_card_points_whoever_holds_cards_loses() -> None:
    # the Durak is decided by holding cards, not by their value
    game = Game.from_deal(["6♠", "6♣"], ["7♠", "Т♥", "К♥"], [], attacker=0, trump="♥")
    play(game, "attack 6♠", "defend 7♠", "attack 6♣", "defend К♥", "stop")
    assert game.is_over and game.loser == 1 and hand(game, 1) == cards("Т♥")


def test_R12_a_deal_with_an_empty_hand_and_no_stock_is_already_over() -> None:
    game = Game.from_deal([], ["7♠"], [], trump="♥")
    assert game.is_over and game.loser == 1 and game.legal_ids() == []


# --- construction: from_deal validation -----------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"hand0": ["6♠", "7♠"], "hand1": ["6♠"], "trump": "♥"}, ValueError, "cards dealt twice: 6♠"),
        ({"hand0": ["6♠"], "hand1": ["7♠"], "stock": ["7♠", "6♥"]}, ValueError, "dealt twice: 7♠"),
        ({"hand0": ["6♠"], "hand1": ["7♠"], "stock": ["8♠", "6♥"], "trump": "♦"}, ValueError, "does not"),
        ({"hand0": ["6♠"], "hand1": ["7♠"]}, ValueError, "name the trump suit"),
        ({"hand0": ["6♠"], "hand1": ["7♠"], "trump": "♥", "attacker": 2}, ValueError, "attacker must"),
        ({"hand0": ["6♠"], "hand1": ["7♠"], "trump": "♥", "attacker": "0"}, ValueError, "attacker must"),
        ({"hand0": [], "hand1": ["7♠"], "stock": ["6♥"]}, ValueError, "both hands need cards"),
        ({"hand0": ["5♠"], "hand1": ["7♠"], "trump": "♥"}, ValueError, "not a card"),
        ({"hand0": ["6♠"], "hand1": ["7♠"], "trump": "X"}, ValueError, "unknown suit"),
        ({"hand0": "6♠", "hand1": ["7♠"], "trump": "♥"}, TypeError, "list of cards"),
        ({"hand0": [6], "hand1": ["7♠"], "trump": "♥"}, TypeError, "expected a Card"),
    ],
)
def test_from_deal_rejects_impossible_positions(kwargs: dict[str, object], error: type, words: str) -> None:
    with pytest.raises(error, match=words):
        Game.from_deal(**kwargs)  # type: ignore[arg-type]


def test_from_deal_accepts_cards_or_text_and_a_named_matching_trump() -> None:
    game = Game.from_deal([Card.parse("6♠")], ["7♠"], ["8♠", "6♥"], trump=Suit.HEARTS)
    assert game.trump is Suit.HEARTS and game.stock == (Card.parse("8♠"), Card.parse("6♥"))
    assert len(game.discard) == 32  # the rest is out of the game
    assert game.bout_limit == 1


# --- observations ----------------------------------------------------------------------


def test_observation_shows_own_hand_sizes_table_and_stock_count() -> None:
    game = play(refill_position(["Т♠", "К♠", "6♥"]), "attack 6♠")
    seen = game.observation(1)
    assert seen.hand == game.hands[1] and seen.opponent_hand_size == 5
    assert seen.table == game.table and seen.stock_size == 3 and seen.to_move == 1
    assert seen.trump is Suit.HEARTS and seen.trump_card == Card.parse("6♥")
    assert seen.phase is Phase.DEFEND and seen.defender == 1 and not seen.is_over
    assert seen.history == (Action.parse("attack 6♠"),)


def test_observation_knows_cards_picked_up_and_forgets_them_when_played() -> None:
    game = play(take_position(), "attack 6♠", "take", "attack 6♣", "attack 6♥", "stop")
    assert game.observation(0).opponent_known == tuple(sorted(cards("6♠ 6♣ 6♥")))
    assert game.observation(1).opponent_known == ()  # nothing of yours was picked up
    play(game, "attack 10♣", "defend Д♣", "stop")  # the AI beats, and attacks next
    assert game.attacker == 1
    play(game, "attack 6♠")  # a card you saw it pick up
    assert game.observation(0).opponent_known == tuple(sorted(cards("6♣ 6♥")))
    assert Card.parse("6♠") not in game.observation(0).unseen


def test_observation_forgets_a_picked_up_card_the_defender_beats_with() -> None:
    game = play(Game.from_deal(["6♠", "7♠"], ["8♠", "9♣"], [], attacker=0, trump="♥"), "attack 7♠", "take")
    play(game, "stop")
    assert game.observation(0).opponent_known == (Card.parse("7♠"),)
    play(game, "attack 6♠", "defend 7♠")
    assert game.observation(0).opponent_known == () and game.known_cards(1) == ()


def test_observation_unseen_excludes_everything_this_player_has_seen() -> None:
    game = refill_position(["Т♠", "К♠", "Д♠", "6♥"])
    ai_hand = set(game.hands[1])
    assert set(game.observation(0).unseen) == ai_hand | cards("Т♠ К♠ Д♠")  # not 6♥: face up
    play(game, "attack 6♠", "defend 7♠")
    assert set(game.observation(0).unseen) == ai_hand - cards("7♠") | cards("Т♠ К♠ Д♠")  # table
    play(game, "stop")  # you draw Т♠, the AI К♠
    assert set(game.observation(0).unseen) == ai_hand - cards("7♠") | cards("К♠ Д♠")  # discard
    play(game, "attack 6♦", "take", "stop")  # you pick up 6♦; the AI draws Д♠
    assert Card.parse("Д♠") in game.hands[1] and game.stock == (Card.parse("6♥"),)
    assert set(game.observation(0).unseen) == ai_hand - cards("7♠ 6♦") | cards("К♠ Д♠")
    your_hand = set(game.hands[0])
    assert game.observation(1).opponent_known == (Card.parse("6♦"),)
    assert set(game.observation(1).unseen) == your_hand - cards("6♦")  # 6♥ is still face up


def test_observation_unseen_has_the_right_size() -> None:
    game = Game.new(seed=11)
    for _ in range(25):
        if game.is_over:
            break
        for player in (0, 1):
            seen = game.observation(player)
            hidden = seen.opponent_hand_size - len(seen.opponent_known) + seen.stock_size
            hidden -= 1 if seen.trump_card_in_stock else 0
            assert len(seen.unseen) == hidden
        game.apply_id(game.legal_ids()[-1])


def test_observations_are_comparable_values() -> None:
    game = Game.new(seed=5)
    assert game.observation(0) == game.observation(0) and hash(game.observation(1)) == hash(
        game.observation(1)
    )
    assert game.observation(0) != game.observation(1)
    assert "player 0" in repr(game.observation(0))


# --- history, replay, legal lists, display --------------------------------------------


def test_replaying_the_history_on_the_same_deal_gives_the_same_game() -> None:
    game = play(take_position(), "attack 6♠", "defend 7♠", "attack 6♣", "take", "attack 6♥", "stop")
    play(game, "attack 10♣", "defend Д♣", "stop", "attack 6♠", "defend 9♦", "stop")
    replay = take_position()
    for action in game.history:
        replay.apply(action)
    assert replay.to_json() == game.to_json()
    assert game.is_over and game.loser == 1


def test_replaying_a_new_game_from_its_start_record() -> None:
    game = Game.new(seed=99)
    for step in steps(game):
        game.apply_id(game.legal_ids()[step % len(game.legal_ids())])
    start = json.loads(game.to_json())["start"]
    replay = Game.from_deal(*start["hands"], start["stock"], attacker=start["attacker"], trump=start["trump"])
    for action in game.history:
        replay.apply(action)
    replay.seed = game.seed
    assert replay.to_json() == game.to_json()


def test_legal_ids_and_legal_actions_agree() -> None:
    game = Game.new(seed=8)
    for _ in steps(game):
        assert [action.id for action in game.legal_actions()] == game.legal_ids()
        game.apply_id(game.legal_ids()[0])
    assert game.legal_actions() == [] and game.legal_ids() == []


def test_copy_is_independent() -> None:
    game = take_position()
    copy = game.copy()
    play(copy, "attack 6♠", "take", "stop")
    assert game.history == () and game.hands != copy.hands
    assert copy.history == (Action.parse("attack 6♠"), TAKE, STOP)


def test_str_repr_and_html_show_the_position() -> None:
    game = play(refill_position(["Т♠", "6♥"]), "attack 6♠")
    text = str(game)
    assert "Trump ♥ (face-up card 6♥), stock 2" in text
    assert "Table:    6♠/?" in text and "AI attack" not in text
    assert "You attack(s), AI defend(s); AI to move (defend)" in text
    assert repr(game) == "<Game trump ♥, stock 2, defend, player 1 to move>"
    html = game._repr_html_()
    assert html.startswith("<table>") and html.endswith("</table>")
    for card in (*game.hands[0], *game.hands[1], Card.parse("6♠"), Card.parse("6♥")):
        assert f">{card}<" in html
    play(game, "defend 7♠")
    assert "6♠/7♠" in str(game)
    over = play(Game.from_deal(["6♠"], ["7♠"], [], trump="♥"), "attack 6♠", "take", "stop")
    assert repr(over) == "<Game trump ♥, stock 0, over>" and "Game over" in str(over)
