"""Headless widget tests: drive every lesson view with button.click() and read what it shows."""

from __future__ import annotations

import gettext as gettext_module
import re
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import ipywidgets as widgets
import pytest

from durak import Card, i18n
from durak.i18n import LANGUAGES, gettext, pgettext, set_language
from durak.tutorial import exercises as ex
from durak.tutorial import lessons, progress
from durak.tutorial.lessons import model as lm
from durak.tutorial.lessons import views
from durak.tutorial.lessons.content import NOTEBOOKS, TOPICS
from durak.tutorial.lessons.content.reference import GLOSSARY, READING_THE_TABLE, RULES, VARIANTS
from durak.tutorial.widgets.cards import CardButton, StockView, TableView
from durak.tutorial.widgets.chrome import LanguagePicker

pytestmark = pytest.mark.usefixtures("isolated")  # tests/conftest.py


def shown(html: str) -> str:
    return unescape(html)


QUIZ = [eid for eid in ex.EXERCISES if isinstance(ex.build(eid), (ex.PickAll, ex.Choose))]


# --- exercises ------------------------------------------------------------------------


@pytest.mark.parametrize("exercise_id", QUIZ)
def test_every_choice_has_exactly_one_button(exercise_id: str) -> None:
    view = lessons.exercise(exercise_id)
    model = view.exercise
    assert set(view.card_buttons) == set(model.card_choices)
    assert list(view.option_buttons) == list(model.option_choices)
    assert all(not button.static for button in view.card_buttons.values())
    view.close()


@pytest.mark.parametrize("exercise_id", QUIZ)
def test_complete_each_exercise_wrong_then_right_and_the_rule_is_recalled(exercise_id: str) -> None:
    view = lessons.exercise(exercise_id)
    model = view.exercise
    assert view.feedback.value == ""
    for choice in [c for c in model.choices if c not in model.answers]:
        view.click(choice)
        assert "✗" in view.feedback.value and not model.solved
        assert view.feedback_text in shown(view.feedback.value)
        assert model.last is not None
        broken = model.last.broken_rule or model.rule  # the rule the click broke, else the exercise's
        assert views.rule_reminder(broken) in shown(view.feedback.value)  # the rule sentence, not only "R6"
        assert view.errors.last_error is None
    for answer in sorted(model.answers, key=str):
        view.click(answer)
        assert "✓" in view.feedback.value and "durak-rule" not in view.feedback.value
        if isinstance(answer, Card):
            assert "durak-found" in view.card_buttons[answer]._dom_classes
    assert model.solved and gettext("Solved") in view.feedback.value
    assert exercise_id in progress.solved()  # kept for the next notebook and the next session
    view.restart.click()
    assert not model.solved and view.feedback.value == ""
    assert not any("durak-found" in b._dom_classes for b in view.card_buttons.values())
    view.close()


def test_a_wrong_card_is_answered_with_the_engine_reason_and_the_rule() -> None:
    view = lessons.exercise("beat_plain")
    view.click("К♣")
    assert (
        view.feedback_text
        == "К♣ does not beat 9♥: beat it with a higher card of the same suit or with a trump."
    )
    assert "R6 · Beating: A card is beaten by a higher card of its suit" in shown(view.feedback.value)
    view.click("6♠")
    assert view.feedback_text.startswith("6♠ is a trump, and any trump beats a card of another suit")
    view.close()


def test_nothing_on_screen_gives_the_answer_away() -> None:
    stock = lessons.exercise("setup_stock")  # how many cards in the stock: no count on screen
    stock_text = " ".join(shown(w.value) for w in stock.picture.children[0].children if hasattr(w, "value"))
    assert "24" not in stock_text
    trumps = lessons.exercise("deck_trumps")  # find the trumps: no tint, no ★, no "Trump: ..."
    assert not any(button.is_trump for button in trumps.card_buttons.values())
    assert gettext("Trump: {suit}").split("{")[0] not in shown(trumps.picture.children[0].text.value)
    limit = lessons.exercise("limit_defender")  # the table title does not say "of at most 2"
    assert "at most" not in " ".join(
        shown(w.value) for w in limit.picture.children if isinstance(w, widgets.HTML)
    )
    assert "none" in limit.option_buttons and "none" in lessons.exercise("beat_plain").option_buttons
    for view in (stock, trumps, limit):
        view.close()


def test_view_rerenders_in_place_when_the_language_changes() -> None:
    view = lessons.exercise("throw_in")
    view.click("6♠")
    english_prompt, english_feedback = view.prompt.value, view.feedback.value
    children = view.children
    for language in LANGUAGES[1:]:
        set_language(language)
        assert view.children == children  # the same widgets, new text
        assert view.exercise.prompt.text() in shown(view.prompt.value)
        assert view.feedback_text in shown(view.feedback.value)
        assert views.rule_reminder("R7") in shown(view.feedback.value)
    set_language("en")
    assert (view.prompt.value, view.feedback.value) == (english_prompt, english_feedback)
    view.close()


def test_option_labels_follow_the_language() -> None:
    view = lessons.exercise("defence_discard")
    for language in LANGUAGES:
        set_language(language)
        assert view.option_buttons["discard"].description == gettext("Out of the game (discarded)")
        assert view.restart.description == gettext("Start again")
    view.close()


def test_closed_views_no_longer_listen() -> None:
    view = lessons.exercise("deck_aces")
    prompt = view.prompt.value
    view.close()
    set_language("de")  # must not touch the closed view
    assert view.prompt.value == prompt


def test_numbers_are_local() -> None:
    view = lessons.exercise("setup_stock")
    assert [b.description for b in view.option_buttons.values()] == ["6", "12", "24", "30"]
    view.click("30")
    assert "✗" in view.feedback.value
    view.click("24")
    assert view.exercise.solved
    view.close()


# --- playing out and coached bouts --------------------------------------------------------


def test_play_out_a_draw_by_clicking_with_the_ais_hand_open() -> None:
    view = lessons.exercise("endgame_draw")
    assert set(view.card_buttons) == {Card.parse("6♠"), Card.parse("6♣")}  # only your hand is clickable
    assert gettext(views.TITLES["ai_hand_known"]) in " ".join(shown(t.value) for t, _ in view._titles)
    view.click("6♠")
    assert view.feedback_text == "You lead 6♠. The AI beats 6♠ with 7♠."
    assert "✓" not in view.feedback.value  # narration, not praise
    assert set(view.card_buttons) == {Card.parse("6♣")}  # the picture was redrawn
    view.click("6♣")
    view.click("stop")
    assert view.exercise.solved and "✓" in view.feedback.value
    view.close()


def test_a_failed_endgame_names_the_move_that_lost_it_and_can_be_restarted() -> None:
    view = lessons.exercise("endgame_one_move")
    while not view.exercise.game.is_over:
        view.click(sorted(view.exercise.answers, key=str)[-1] if view.exercise.moves else "7♠")
    assert not view.exercise.solved and "“attack with 7♠” was the one that lost it" in view.feedback_text
    assert "“attack with 8♥” would have kept your goal in reach" in view.feedback_text
    view.restart.click()
    assert view.exercise.game.to_json() == view.exercise.start.to_json() and view.feedback.value == ""
    view.click("8♥")
    assert view.errors.last_error is None
    view.close()


def test_a_coached_bout_by_clicking() -> None:
    view = lessons.exercise("coached_bout")
    assert gettext("You attack first: lead any card.") in shown(view.status.value)
    view.click("7♣")
    assert view.feedback_text == "You lead 7♣: the AI must beat it or take. The AI beats 7♣ with К♣."
    view.click("7♥")
    view.click("stop")
    assert view.exercise.current is not None and set(view.option_buttons) == {
        "discard",
        "defender_hand",
        "attacker_hand",
    }
    assert gettext("The bout is over. Where do the cards on the table go?") in shown(view.prompt.value)
    view.click("defender_hand")
    assert "✗" in view.feedback.value and views.rule_reminder("R10") in shown(view.feedback.value)
    view.click("discard")
    view.click("you")
    for card in view.exercise.current.answers if view.exercise.current else ():
        view.click(card)
    view.click("ai")
    assert view.exercise.solved and "coached_bout" in progress.solved()
    # solved, the table shows where the bout left the game: the four cards gone, the hands refilled
    (stock,) = [part for part in view.picture.children if isinstance(part, StockView)]
    assert stock._discard == 4 and stock._stock == len(view.exercise.game.stock)
    (table,) = [part for part in view.picture.children if isinstance(part, TableView)]
    assert table.pairs == ()
    view.close()


# --- text, deck, header ---------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_topic_renders(language: str) -> None:
    set_language(language)
    for topic, (title, paragraphs) in TOPICS.items():
        view = lessons.intro(topic)
        assert gettext(title) in shown(view.body.value)
        assert all(gettext(p) in shown(view.body.value) for p in paragraphs)
        view.close()


def test_lesson_text_switches_language() -> None:
    view = lessons.intro("beating")
    english = view.text
    set_language("de")
    assert view.text == "\n".join(gettext(m) for m in (TOPICS["beating"][0], *TOPICS["beating"][1]))
    set_language("en")
    assert view.text == english
    view.close()


def test_unknown_topic_or_notebook() -> None:
    with pytest.raises(ValueError, match="unknown topic"):
        lessons.intro("nope")
    with pytest.raises(ValueError, match="unknown notebook"):
        lessons.header("nope")


def test_deck_shows_all_cards_in_rank_order() -> None:
    view = lessons.deck()
    assert len(view.card_buttons) == 36
    rows = [[b.card for b in row.children] for row in view.children[:4]]
    for row in rows:
        assert len({card.suit for card in row}) == 1
        assert [card.rank for card in row] == sorted(card.rank for card in row)
    view.card_buttons[Card.parse("Т♠")].click()
    assert "Т♠ — Туз (ace) of spades" in shown(view.info.value)
    view.close()


def test_indices_explain_the_four_court_letters() -> None:
    view = lessons.indices()
    assert [symbol for symbol, _ in view.rows()] == ["В", "Д", "К", "Т"]
    assert all(symbol in text for symbol, text in view.rows())
    view.close()


def test_the_header_offers_the_rules_the_words_the_table_and_the_variants() -> None:
    header = lessons.header("03_a_bout")
    assert header.lookup.titles == tuple(
        gettext(views.TITLES[k]) for k in ("rules", "words", "reading", "variants")
    )
    rules, words, reading, variants = (shown(html.value) for html in header.lookup.reference)
    assert all(views.rule_reminder(rule) in rules for rule in RULES)
    assert all(pgettext(*term) in words and gettext(meaning) in words for term, meaning in GLOSSARY)
    assert all(gettext(line) in reading for line in READING_THE_TABLE)
    assert gettext(VARIANTS[0]) in variants and "★" in shown(header.marks.value)
    header.picker.value = "es"
    assert gettext(NOTEBOOKS["03_a_bout"].TITLE) in shown(header.title.value)
    header.close()


def test_progress_is_counted_across_notebooks_and_sessions(isolated: Path) -> None:
    header = lessons.header("00_start")
    total = len(ex.EXERCISES)
    assert f"0 of {total} exercises solved" in shown(header.progress.value)
    view = lessons.exercise("deck_highest")
    view.click("Т♦")
    assert f"1 of {total} exercises solved" in shown(header.progress.value)  # updated live
    again = lessons.header("05_the_end")  # another notebook, read from the settings file
    assert f"1 of {total} exercises solved" in shown(again.progress.value)
    for widget in (header, view, again):
        widget.close()


def test_card_buttons_are_the_ui_helpers() -> None:
    view = lessons.exercise("beat_trump")
    assert all(isinstance(b, CardButton) for b in view.card_buttons.values())
    assert all("durak-trump" in b._dom_classes for b in view.card_buttons.values() if b.is_trump)
    view.close()


# --- nothing bypasses the catalogs ----------------------------------------------------


class Pseudo(gettext_module.NullTranslations):
    """Marks every looked-up string, to prove it went through the catalogs."""

    def gettext(self, message: str) -> str:
        return f"⟦{message}⟧"

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return f"⟦{singular if n == 1 else plural}⟧"

    def pgettext(self, context: str, message: str) -> str:
        return f"⟦{message}⟧"


def visible_texts(widget: widgets.Widget) -> list[str]:
    """What the eye reads in a widget tree; card faces and digits are the same in every language."""
    texts: list[str] = []

    def visit(node: widgets.Widget) -> None:
        if isinstance(node, LanguagePicker):
            texts.append(node.description)  # the options are the languages' own names
            return
        if isinstance(node, CardButton):
            if node.face_up:
                texts.append(node.tooltip)
            return
        if isinstance(node, widgets.HTML) and node.layout.display == "none":
            return  # page styles
        for attribute in ("value", "description", "tooltip"):
            value = getattr(node, attribute, None)
            if (isinstance(value, str) and attribute != "value") or isinstance(node, widgets.HTML):
                text = unescape(re.sub(r"<[^>]*>", " ", value or "")).strip()
                if text and not re.fullmatch(r"[\d\s]+", text):
                    texts.append(text)
        for title in getattr(node, "titles", ()):
            texts.append(title)
        for child in getattr(node, "children", ()):
            visit(child)

    visit(widget)
    return texts


def every_view() -> Iterator[widgets.Widget]:
    for notebook in NOTEBOOKS:
        yield lessons.header(notebook)
    yield lessons.deck()
    yield lessons.indices()
    for topic in TOPICS:
        yield lessons.intro(topic)
    for exercise_id in ex.EXERCISES:
        view = lessons.exercise(exercise_id)
        model = view.exercise
        wrong = [c for c in model.choices if c not in model.answers]
        if wrong:
            view.click(wrong[0])
        yield view


def test_every_visible_string_goes_through_the_catalogs(monkeypatch: pytest.MonkeyPatch) -> None:
    shown_views = list(every_view())
    real = i18n.translator
    monkeypatch.setattr(i18n, "translator", lambda code: Pseudo() if code == "tr" else real(code))
    set_language("tr")
    unmarked = [text for view in shown_views for text in visible_texts(view) if "⟦" not in text]
    assert not unmarked
    set_language("en")
    assert not any("⟦" in text for view in shown_views for text in visible_texts(view))
    for view in shown_views:
        view.close()


# Every msgid is translated in every catalog: tests/test_catalogs.py checks the whole catalog.


@pytest.mark.parametrize("language", LANGUAGES)
def test_texts_name_the_buttons_as_they_are_labelled(language: str) -> None:
    set_language(language)
    start_again = gettext(views.TITLES["start_again"])
    assert start_again in gettext(TOPICS["endgames"][1][1])
    assert start_again in gettext(lm.TURNING_POINT)
    assert lm.option_label("take") in ex.build("beat_or_take").prompt.text()
