"""durak.messages: what the learner reads, in each language.

What a translation must read exactly is data beside its catalog, ``[messages]`` of
``locales/<lang>/checks.toml`` (see locales/README.md); the English, the code's own, is here.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import durak.messages
from durak import DECK, STOP, TAKE, Action, Game, IllegalAction, Rank, Reason, Rules, Suit
from durak.i18n import LANGUAGES, SOURCE_LANGUAGE, set_language
from durak.messages import (
    HINT_MESSAGES,
    card_name,
    cards_left,
    deck_description,
    discard_count,
    game_over_message,
    hand_count,
    hint_message,
    illegal_action_message,
    player_name,
    rank_explanation,
    rank_name,
    rules_sections,
    stock_count,
    suit_name,
)

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = [language for language in LANGUAGES if language != SOURCE_LANGUAGE]
ENGLISH: dict[str, Any] = {  # what the code writes, in the form of checks.toml's [messages]
    "suits": ["spades", "clubs", "hearts", "diamonds"],
    "players": ["You", "AI"],
    "ace": "Т — Туз, the ace",
    "city": "St Petersburg",
    "cards": {"Т♠": "Т♠ — Туз (ace) of spades", "Д♥": "Д♥ — Дама (queen) of hearts"},
    "rules": ["Goal", "Setup", "Playing a bout", "Scoring and end"],
    "counts": {
        "hand_count": {"1": "1 card in hand", "6": "6 cards in hand"},
        "stock_count": {"1": "1 card in the stock"},
    },
}


def expected(language: str) -> dict[str, Any]:
    """What the learner must read in ``language`` (English: above; a translation: its checks.toml)."""
    if language == SOURCE_LANGUAGE:
        return ENGLISH
    with (ROOT / "locales" / language / "checks.toml").open("rb") as file:
        return dict(tomllib.load(file)["messages"])


SAYS = {language: expected(language) for language in LANGUAGES}
HINT_CODES = [
    "lowest_card", "get_rid_of_pair", "lowest_beater", "keep_trumps", "take_nothing_beats", "take_costly",
    "take_to_keep", "throw_in", "throw_in_after_take", "stop_keep_cards", "stop_nothing_to_add",
    "endgame_win", "endgame_draw", "endgame_loss", "search_best",
    # issue 30: reasons that hold in their position, and the exceptions to lesson 06
    "only_plain_lead", "lowest_trump_lead", "lead_pair", "lead_low_trump", "lead_unbeatable", "only_beater",
    "lowest_trump_beater", "beat_no_throw_in", "beat_keep_pair", "beat_spare_trump", "take_cheap_early",
    "throw_in_trump", "throw_keep_pair", "stop_only_trumps", "stop_bout_full", "stop_ai_beats",
    "stop_keep_pair", "stop_keep_strong", "only_move", "lead_forces_trump", "take_keep_trump",
    # issue 30's second reading: what taking keeps and gets back, said exactly
    "take_keep_only", "take_gets_back", "lead_top_trump", "lead_seen_beater",
]  # fmt: skip


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


def in_language(language: str, make: Callable[[], object]) -> object:
    set_language(language)
    try:
        return make()
    finally:
        set_language("en")


# --- refusals from the engine ----------------------------------------------------------------


def refusal(game: Game, move: Action | str, player: int | None = None) -> IllegalAction:
    action = move if isinstance(move, Action) else Action.parse(move)
    with pytest.raises(IllegalAction) as caught:
        game.verify(action, player)
    return caught.value


def played(game: Game, *moves: Action | str) -> Game:
    for move in moves:
        game.apply(move)
    return game


def engine_refusals() -> list[IllegalAction]:
    """One real refusal for every Reason, from positions built with Game.from_deal (trump ♦)."""

    def deal() -> Game:
        return Game.from_deal(["6♠", "7♠", "8♣"], ["9♠", "10♥", "Д♠"], [], trump="♦")  # you attack

    def passing(you: list[str] | None = None, showing: bool = False) -> Game:
        rules = Rules(passing=True, passing_by_showing_trump=showing)
        you = you or ["6♠", "6♣", "7♣", "8♣"]
        return Game.from_deal(you, ["7♠", "6♥", "6♦", "9♥", "10♥"], [], attacker=0, trump="♦", rules=rules)

    over = played(Game.from_deal(["6♠"], ["7♠"], [], trump="♦"), "attack 6♠", "defend 7♠", STOP)
    assert over.is_over
    errors = [
        refusal(over, "attack 6♣"),
        refusal(deal(), "attack 6♠", player=1),  # the AI tried to move on your turn
        refusal(played(deal(), "attack 6♠"), "attack 7♠", player=0),  # you tried on the AI's turn
        refusal(deal(), "attack Т♣"),
        refusal(played(deal(), "attack 6♠"), "defend 10♥"),
        refusal(played(deal(), "attack 6♠", "defend 9♠"), "attack 8♣"),
        refusal(
            played(Game.from_deal(["6♠", "6♣"], ["7♠"], [], trump="♦"), "attack 6♠", "defend 7♠"),
            "attack 6♣",
        ),
        refusal(deal(), "defend 9♠"),
        refusal(deal(), TAKE),
        refusal(played(deal(), "attack 6♠", TAKE), TAKE),
        refusal(deal(), STOP),
        refusal(played(deal(), "attack 6♠"), STOP),
        # Six beaten attacks need a long position; the engine raises this reason with limit=6.
        IllegalAction(Reason.ATTACK_LIMIT, Action.parse("attack 6♥"), limit=6),
        IllegalAction(Reason.FIRST_BOUT_LIMIT, Action.parse("attack 6♥"), limit=5),
        # the passing game (HOUSE_RULES.md V2, V3)
        refusal(played(deal(), "attack 6♠"), "pass 6♣"),  # NO_PASSING
        refusal(played(passing(), "attack 6♠"), "show 6♦"),  # NO_SHOWING
        refusal(passing(showing=True), "pass 6♠"),  # NOTHING_TO_PASS
        refusal(played(passing(), "attack 6♠", "defend 7♠", "attack 6♣"), "pass 6♥"),  # PASS_AFTER_BEATING
        refusal(played(passing(), "attack 6♠"), "pass 7♠"),  # PASS_RANK
        refusal(played(passing(["6♠", "7♣"]), "attack 6♠"), "pass 6♥"),  # PASS_HAND_TOO_SMALL
        refusal(played(passing(showing=True), "attack 6♠"), "show 6♥"),  # SHOW_NOT_TRUMP
        refusal(played(passing(showing=True), "attack 6♠", "show 6♦", "pass 6♣"), "show 6♦"),  # ALREADY_SHOWN
    ]
    return errors


def test_every_reason_is_reached_by_the_engine_positions() -> None:
    assert {error.reason for error in engine_refusals()} == set(Reason)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_refusal_has_a_filled_in_message(language: str) -> None:
    set_language(language)
    texts = []
    for error in engine_refusals():
        text = illegal_action_message(error)
        assert text and "{" not in text and "}" not in text, (error.reason, text)
        for value in error.params.values():
            if hasattr(value, "rank"):  # cards are shown by index and suit symbol
                assert str(value) in text, (error.reason, text)
        texts.append(text)
    assert len(set(texts)) == len(texts)  # one distinct message per situation


@pytest.mark.parametrize("language", TRANSLATED)
def test_refusals_are_translated(language: str) -> None:
    english = [illegal_action_message(error) for error in engine_refusals()]
    translated = in_language(language, lambda: [illegal_action_message(e) for e in engine_refusals()])
    assert all(a != b for a, b in zip(english, translated, strict=True))


def test_refusals_in_english_say_what_the_rule_is() -> None:
    by_reason = {error.reason: illegal_action_message(error) for error in engine_refusals()}
    assert by_reason[Reason.DOES_NOT_BEAT] == (
        "10♥ does not beat 6♠: beat it with a higher card of the same suit or with a trump."
    )
    assert by_reason[Reason.RANK_NOT_ON_TABLE] == "8♣ cannot be thrown in: no card of rank 8 is on the table."
    assert by_reason[Reason.DEFENDER_HAND_LIMIT] == (
        "The defender held only 1 card when the bout began, so no more attack cards may be added."
    )
    assert by_reason[Reason.MUST_LEAD] == "The bout has not begun: the attacker must lead a card first."


@pytest.mark.parametrize(
    ("card", "target", "trump", "english"),
    [
        ("7♦", "9♦", "♦", "7♦ is lower than 9♦: a trump is beaten only by a higher trump."),
        ("Т♠", "6♦", "♦", "Т♠ does not beat 6♦: a trump is beaten only by a higher trump."),
        (
            "7♠",
            "9♠",
            "♦",
            "7♠ is lower than 9♠: beat it with a higher card of the same suit or with a trump.",
        ),
        (
            "Т♣",
            "9♠",
            "♦",
            "Т♣ does not beat 9♠: beat it with a higher card of the same suit or with a trump.",
        ),
    ],
)
def test_a_refused_defence_says_why_when_the_trump_is_known(
    card: str, target: str, trump: str, english: str
) -> None:
    error = IllegalAction(Reason.DOES_NOT_BEAT, card=Action.parse(f"defend {card}").card, target=DECK[
        [str(c) for c in DECK].index(target)
    ])  # fmt: skip
    assert illegal_action_message(error, trump=Suit.parse(trump)) == english
    for language in TRANSLATED:
        text = in_language(language, lambda: illegal_action_message(error, trump=Suit.parse(trump)))
        assert card in str(text) and target in str(text) and text != english


# --- cards -------------------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_card_has_a_full_name_with_its_index(language: str) -> None:
    set_language(language)
    names = [card_name(card) for card in DECK]
    assert len(set(names)) == 36
    for card, name in zip(DECK, names, strict=True):
        assert name.startswith(str(card) + " "), name
        if card.rank.russian_name:
            assert card.rank.russian_name in name  # court cards keep their Cyrillic name
        if SAYS[language].get("suit_in_card_name", True):  # not so in Czech: pikové eso
            assert suit_name(card.suit).lower() in name.lower(), name


@pytest.mark.parametrize("language", LANGUAGES)
def test_card_names_in_each_language(language: str) -> None:
    """Т♠ and Д♥ at least; in Czech also a feminine and a masculine rank, whose suit adjective agrees."""
    cards = {str(card): card for card in DECK}
    names = SAYS[language]["cards"]
    assert {"Т♠", "Д♥"} <= set(names)
    assert in_language(language, lambda: {card: card_name(cards[card]) for card in names}) == names


@pytest.mark.parametrize("language", LANGUAGES)
def test_ranks_are_explained_with_their_index(language: str) -> None:
    set_language(language)
    for rank in Rank:
        explanation = rank_explanation(rank)
        assert explanation.startswith(rank.symbol + " ")
        assert rank_name(rank).lower() in explanation.lower()
        if rank.russian_name:
            assert rank.russian_name in explanation


@pytest.mark.parametrize("language", LANGUAGES)
def test_t_is_explained_as_the_ace(language: str) -> None:
    assert in_language(language, lambda: rank_explanation(Rank.ACE)) == SAYS[language]["ace"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_suits_are_translated(language: str) -> None:
    assert in_language(language, lambda: [suit_name(s) for s in Suit]) == SAYS[language]["suits"]


# --- counts, players, the end ------------------------------------------------------------------


COUNTED = [language for language in LANGUAGES if SAYS[language].get("counts")]


@pytest.mark.parametrize("language", COUNTED)
def test_counts_use_each_languages_plural_forms(language: str) -> None:
    """Also formatted by Babel: 1.000 in German, CLDR's "many" form for 2.000.000 in Spanish."""
    counts = SAYS[language]["counts"]
    set_language(language)
    shown = {f: {n: getattr(durak.messages, f)(int(n)) for n in table} for f, table in counts.items()}
    assert shown == counts


@pytest.mark.parametrize("language", LANGUAGES)
def test_players_are_named(language: str) -> None:
    assert in_language(language, lambda: [player_name(0), player_name(1)]) == SAYS[language]["players"]
    with pytest.raises(ValueError, match="players are 0"):
        player_name(2)


@pytest.mark.parametrize("language", LANGUAGES)
def test_game_over_tells_draw_win_and_durak_apart(language: str) -> None:
    set_language(language)
    draw, win, lose = game_over_message(None), game_over_message(1), game_over_message(0)
    assert len({draw, win, lose}) == 3
    assert "Durak" in win and "Durak" in lose
    assert game_over_message(0, viewer=1) == win  # told to the other player
    with pytest.raises(ValueError):
        game_over_message(2)


# --- hints -------------------------------------------------------------------------------------


def test_every_hint_reason_code_has_a_message() -> None:
    assert sorted(HINT_MESSAGES) == sorted(HINT_CODES)


@pytest.mark.parametrize("language", TRANSLATED)
def test_hints_are_translated(language: str) -> None:
    english = [hint_message(code) for code in HINT_CODES]
    translated = in_language(language, lambda: [hint_message(code) for code in HINT_CODES])
    assert len(set(translated)) == len(HINT_CODES)  # type: ignore[arg-type]
    assert all(a != b for a, b in zip(english, translated, strict=True))  # type: ignore[call-overload]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_hint_reason_of_the_ai_has_a_message(language: str) -> None:
    from durak.ai import HintReason

    assert {reason.value for reason in HintReason} <= set(HINT_MESSAGES)
    general = in_language(language, lambda: hint_message("a_reason_from_a_newer_ai"))
    for reason in HintReason:
        assert in_language(language, lambda reason=reason: hint_message(reason)) != general


def test_an_unknown_hint_code_gets_a_general_sentence() -> None:
    assert hint_message("a_reason_from_a_newer_ai") == "This is the move the AI suggests."
    assert (
        in_language("de", lambda: hint_message("a_reason_from_a_newer_ai"))
        == "Diesen Zug empfiehlt die KI."
    )


# --- the rules and the deck ----------------------------------------------------------------------


def test_rules_have_the_four_sections_in_every_language() -> None:
    titles = {lang: in_language(lang, lambda: [t for t, _ in rules_sections()]) for lang in LANGUAGES}
    written = {language: SAYS[language]["rules"] for language in LANGUAGES if "rules" in SAYS[language]}
    assert {language: titles[language] for language in written} == written
    for language in TRANSLATED:
        assert len(titles[language]) == 4 and titles[language] != titles["en"]


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_rule_and_deck_paragraph_is_translated(language: str) -> None:
    english = [p for _, paragraphs in rules_sections() for p in paragraphs] + deck_description()
    translated = in_language(
        language, lambda: [p for _, paragraphs in rules_sections() for p in paragraphs] + deck_description()
    )
    assert len(translated) == len(english)  # type: ignore[arg-type]
    for en, text in zip(english, translated, strict=True):  # type: ignore[call-overload]
        assert text != en and len(text) > 0.5 * len(en), text


def test_the_english_rules_say_what_rules_md_says() -> None:
    text = " ".join(p for _, paragraphs in rules_sections() for p in paragraphs)
    for phrase in (
        "lowest trump attacks first",  # R4
        "If neither of you holds a trump, you attack first",  # R4
        "A trump is beaten only by a higher trump",  # R6
        "You need not follow suit",  # R6
        "at most six attack cards",  # R8
        "never more attack cards than the defender held when the bout began",  # R8
        "skips the next attack",  # R9
        "the defender becomes the next attacker",  # R10
        "draws from the stock up to six cards first, then the defender",  # R11
        "The stock then holds 24 cards",  # R3
        "There are no card points",  # R12
        "the deal is a draw",  # R12
    ):
        assert phrase in text, phrase


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_deck_description_explains_the_cyrillic_indices(language: str) -> None:
    set_language(language)
    text = " ".join(deck_description())
    for needle in ("36", "Атласные", "Валет", "Дама", "Король", "Туз", "Т", "10"):
        assert needle in text
    assert SAYS[language]["city"] in text


# --- switching ---------------------------------------------------------------------------------


def every_text() -> list[str]:
    """Everything durak.messages can show, in the current language."""
    texts = [card_name(card) for card in DECK]
    texts += [suit_name(suit) for suit in Suit] + [rank_explanation(rank) for rank in Rank]
    texts += [illegal_action_message(error) for error in engine_refusals()]
    texts += [hint_message(code) for code in HINT_CODES]
    texts += [game_over_message(loser) for loser in (None, 0, 1)]
    texts += [player_name(0), player_name(1)]
    texts += [f(n) for f in (cards_left, stock_count, hand_count, discard_count) for n in (1, 3, 5)]
    texts += [title for title, _ in rules_sections()] + [p for _, ps in rules_sections() for p in ps]
    return texts + deck_description()


@pytest.mark.parametrize("language", TRANSLATED)
def test_switching_language_changes_every_message_produced_afterwards(language: str) -> None:
    english = every_text()
    set_language(language)
    translated = every_text()
    same = {en for en, text in zip(english, translated, strict=True) if en == text}
    # Only a player label that these languages also write "AI" stays the same.
    assert same <= {"AI"}, same
    set_language("en")
    assert every_text() == english


def test_a_translation_with_broken_placeholders_shows_english(monkeypatch: pytest.MonkeyPatch) -> None:
    import durak.messages

    monkeypatch.setattr(durak.messages, "gettext", lambda message: "{kaart} is niet in je hand {")
    monkeypatch.setattr(durak.messages, "ngettext", lambda s, p, n: "{count} kaarten")
    error = IllegalAction(Reason.NOT_IN_HAND, card=DECK[0])
    assert illegal_action_message(error) == "6♠ is not in your hand."
    assert cards_left(3) == "3 cards left"
