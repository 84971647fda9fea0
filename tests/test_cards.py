"""Cards of the Atlasnye deck: spelling, parsing, ordering, hashing (R1)."""

from __future__ import annotations

import pytest

from durak import DECK, Card, Rank, Suit
from durak.cards import card_from_index


@pytest.mark.parametrize("card", DECK, ids=str)
def test_str_and_parse_round_trip_for_every_card(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert eval(repr(card)) == card  # repr is the parse call that rebuilds the card
    assert card_from_index(card.index) is card


def test_str_uses_cyrillic_court_indices_and_suit_symbols() -> None:
    assert [str(Card(Suit.SPADES, rank)) for rank in Rank] == [
        "6♠", "7♠", "8♠", "9♠", "10♠", "В♠", "Д♠", "К♠", "Т♠",
    ]  # fmt: skip
    assert [str(Card(suit, Rank.SIX)) for suit in Suit] == ["6♠", "6♣", "6♥", "6♦"]


@pytest.mark.parametrize(
    ("text", "suit", "rank"),
    [
        ("TS", Suit.SPADES, Rank.ACE),  # T is the ace (Туз), never the ten
        ("AS", Suit.SPADES, Rank.ACE),
        ("ts", Suit.SPADES, Rank.ACE),
        ("10h", Suit.HEARTS, Rank.TEN),
        ("10H", Suit.HEARTS, Rank.TEN),
        ("JS", Suit.SPADES, Rank.JACK),
        ("QD", Suit.DIAMONDS, Rank.QUEEN),
        ("KD", Suit.DIAMONDS, Rank.KING),
        ("6c", Suit.CLUBS, Rank.SIX),
        ("В♠", Suit.SPADES, Rank.JACK),
        ("Д♥", Suit.HEARTS, Rank.QUEEN),
        ("К♣", Suit.CLUBS, Rank.KING),
        ("Т♦", Suit.DIAMONDS, Rank.ACE),
        ("т♦", Suit.DIAMONDS, Rank.ACE),  # lower-case Cyrillic
        ("10♤", Suit.SPADES, Rank.TEN),  # outlined suit symbols
        ("9♡", Suit.HEARTS, Rank.NINE),
        ("  7♦ ", Suit.DIAMONDS, Rank.SEVEN),
    ],
)
def test_parse_accepts_ascii_and_cyrillic_spellings(text: str, suit: Suit, rank: Rank) -> None:
    assert Card.parse(text) == Card(suit, rank)


def test_ascii_t_is_the_ace_and_ten_is_written_10() -> None:
    assert Card.parse("TS") == Card.parse("Т♠") == Card.parse("AS")
    assert Card.parse("TS") != Card.parse("10♠")
    assert str(Card.parse("10s")) == "10♠"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("5S", "unknown rank"),  # the 36-card deck starts at the six
        ("11S", "unknown rank"),
        ("XS", "unknown rank"),
        ("1S", "unknown rank"),
        ("BS", "unknown rank"),  # Latin B is not the Cyrillic В
        ("10X", "unknown suit"),
        ("10", "unknown suit"),
        ("", "not a card"),
        ("   ", "not a card"),
        ("S", "not a card"),
    ],
)
def test_parse_rejects_bad_text_with_a_clear_value_error(text: str, words: str) -> None:
    with pytest.raises(ValueError, match=words) as caught:
        Card.parse(text)
    assert repr(text) in str(caught.value)  # the message quotes what was typed


@pytest.mark.parametrize("value", [None, 10, 3.5, b"TS", Card.parse("TS")])
def test_parse_rejects_non_strings_with_a_type_error(value: object) -> None:
    with pytest.raises(TypeError, match="needs a string"):
        Card.parse(value)  # type: ignore[arg-type]


def test_constructor_needs_suit_and_rank_enums() -> None:
    with pytest.raises(TypeError):
        Card("♠", Rank.SIX)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Card(Suit.SPADES, 6)  # type: ignore[arg-type]


def test_cards_are_ordered_by_suit_then_rank() -> None:
    assert sorted(reversed(DECK)) == list(DECK)
    assert Card.parse("6♠") < Card.parse("Т♠") < Card.parse("6♣")
    assert Card.parse("Т♦") > Card.parse("Т♥") >= Card.parse("Т♥")
    assert [card.index for card in DECK] == list(range(36))


def test_ordering_against_other_types_is_refused() -> None:
    with pytest.raises(TypeError):
        _ = Card.parse("6♠") < 5  # type: ignore[operator]
    assert Card.parse("6♠") != "6♠"


def test_cards_are_hashable_values() -> None:
    assert len(set(DECK)) == 36
    same = Card(Suit.HEARTS, Rank.ACE)
    assert same == Card.parse("AH") and hash(same) == hash(Card.parse("Т♥"))
    assert {Card.parse("TS"): "ace"}[Card.parse("Т♠")] == "ace"


def test_cards_are_immutable() -> None:
    card = Card.parse("6♠")
    with pytest.raises(AttributeError):
        card.rank = Rank.ACE  # type: ignore[misc]


def test_rank_symbols_and_russian_names() -> None:
    assert [rank.symbol for rank in Rank] == ["6", "7", "8", "9", "10", "В", "Д", "К", "Т"]
    assert [rank.russian_name for rank in Rank][-4:] == ["Валет", "Дама", "Король", "Туз"]
    assert Rank.TEN.russian_name is None
    assert [rank.ordinal for rank in Rank] == list(range(9))


def test_suit_colours_and_parsing() -> None:
    assert [suit.is_red for suit in Suit] == [False, False, True, True]
    assert [Suit.parse(letter) for letter in "SCHD"] == list(Suit)
    assert [Suit.parse(letter) for letter in "schd"] == list(Suit)
    with pytest.raises(ValueError, match="unknown suit"):
        Suit.parse("X")


def test_card_html_shows_the_card_in_its_colour() -> None:
    red = Card.parse("Д♥")._repr_html_()
    black = Card.parse("Д♠")._repr_html_()
    assert "Д♥" in red and "Д♠" in black
    assert red.startswith("<span") and red != black.replace("Д♠", "Д♥")


@pytest.mark.parametrize("index", [-1, -36, 36, 10**20])
def test_card_from_index_refuses_a_number_outside_0_to_35(index: int) -> None:
    with pytest.raises(ValueError, match=f"a card's index is a whole number from 0 to 35, not {index}"):
        card_from_index(index)


@pytest.mark.parametrize("index", [True, False, 1.0, "1", None])
def test_card_from_index_refuses_what_is_not_a_whole_number(index: object) -> None:
    with pytest.raises(TypeError, match="a card's index is a whole number, not"):
        card_from_index(index)  # type: ignore[arg-type]
