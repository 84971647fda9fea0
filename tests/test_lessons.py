"""Headless widget tests: drive every lesson view with button.click() and read what it shows."""

from __future__ import annotations

import gettext as gettext_module
import re
from collections.abc import Iterator
from html import unescape

import ipywidgets as widgets
import pytest

from durak import Card, i18n
from durak.i18n import LANGUAGES, gettext, set_language
from durak.tutorial import exercises as ex
from durak.tutorial import lessons
from durak.tutorial.widgets import CardButton, LanguagePicker


@pytest.fixture(autouse=True)
def english(tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("DURAK_CONFIG_DIR", str(tmp_path))  # the language picker remembers its choice
    set_language("en")
    yield
    set_language("en")


def shown(html: str) -> str:
    return unescape(html)


def non_play_ids() -> list[str]:
    return [eid for eid in ex.EXERCISES if not isinstance(ex.build(eid), ex.PlayOut)]


# --- exercises ------------------------------------------------------------------------


@pytest.mark.parametrize("exercise_id", non_play_ids())
def test_every_choice_has_exactly_one_button(exercise_id: str) -> None:
    view = lessons.exercise(exercise_id)
    model = view.exercise
    assert set(view.card_buttons) == set(model.card_choices)
    assert list(view.option_buttons) == list(model.option_choices)
    assert all(not button.static for button in view.card_buttons.values())
    view.close()


@pytest.mark.parametrize("exercise_id", non_play_ids())
def test_complete_each_exercise_wrong_then_right(exercise_id: str) -> None:
    view = lessons.exercise(exercise_id)
    model = view.exercise
    assert view.feedback.value == ""
    wrong = [c for c in model.choices if c not in model.answers and not (c == "none" and not model.answers)]
    for choice in wrong:
        view.click(choice)
        assert "✗" in view.feedback.value and not model.solved
        assert shown(view.feedback.value).count(view.feedback_text) == 1
        assert view.errors.last_error is None
    for answer in sorted(model.answers, key=str) or ["none"]:
        view.click(answer)
        assert "✓" in view.feedback.value
        if isinstance(answer, Card):
            assert view.card_buttons[answer].playable  # a found card is framed green
    assert model.solved and gettext("Solved") in view.feedback.value
    view.restart.click()
    assert not model.solved and view.feedback.value == ""
    assert not any(button.playable for button in view.card_buttons.values())
    view.close()


def test_wrong_card_feedback_names_the_rule() -> None:
    view = lessons.exercise("beat_plain")
    view.click("К♣")
    assert (
        view.feedback_text
        == "К♣ does not beat 9♥: beat it with a higher card of the same suit or with a trump."
    )
    view.click("10♥")
    assert view.feedback_text == "Right! 2 more to find."
    view.close()


def test_view_rerenders_in_place_when_the_language_changes() -> None:
    view = lessons.exercise("throw_in")
    view.click("6♠")
    english_prompt, english_feedback = view.prompt.value, view.feedback.value
    children = view.children
    for language in LANGUAGES[1:]:
        set_language(language)
        assert view.children == children  # the same widgets, new text
        assert shown(view.prompt.value).count(ex.prompt_text(view.exercise)) == 1
        assert view.feedback_text in shown(view.feedback.value)
        assert gettext("Rule {rule}").format(rule="R7") in shown(view.prompt.value)
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


# --- playing out ----------------------------------------------------------------------


def test_play_out_a_draw_by_clicking() -> None:
    view = lessons.exercise("endgame_draw")
    assert set(view.card_buttons) == {Card.parse("6♠"), Card.parse("6♣")}  # only your hand is clickable
    assert "lead" in view.status.value
    view.click("6♠")
    assert view.feedback_text == "Your move. The AI beats it with 7♠."
    assert set(view.card_buttons) == {Card.parse("6♣")}  # the picture was redrawn
    view.click("6♣")
    assert "stop" in view.status.value
    view.click("stop")
    assert view.exercise.solved and "✓" in view.feedback.value
    assert view.status.value == ""
    view.close()


def test_play_out_a_refused_move_and_a_restart() -> None:
    view = lessons.exercise("endgame_win")
    view.click("stop")
    assert "✗" in view.feedback.value and view.errors.last_error is None
    view.click("10♠")
    view.restart.click()
    assert view.exercise.game.to_json() == view.exercise.start.to_json()
    assert len(view.card_buttons) == 3 and view.feedback.value == ""
    view.close()


def test_play_out_the_win() -> None:
    view = lessons.exercise("endgame_win")
    # Lead Т♥: the AI must take; then 10♠ and 10♦ go out as a pair of tens.
    view.click("Т♥")
    assert view.feedback_text == "Your move. The AI takes."
    view.click("stop")
    view.click("10♠")
    view.click("10♦")
    while not view.exercise.game.is_over:
        legal = view.exercise.answers
        view.click("stop" if "stop" in legal else sorted(legal, key=str)[0])
    assert view.exercise.game.loser == 1 and view.exercise.solved
    view.close()


def test_play_out_the_durak_endgame_by_clicking() -> None:
    view = lessons.exercise("endgame_durak")
    while not view.exercise.game.is_over:
        legal = sorted(view.exercise.answers, key=str)
        view.click(legal[-1])  # any line ends the same way
        assert view.errors.last_error is None
    assert view.exercise.solved and view.exercise.game.loser == 0
    assert view.feedback_text.startswith(ex.message_text("goal_reached_durak", {}))
    view.close()


def test_the_ai_opening_move_is_announced() -> None:
    game = ex.Game.from_deal(["6♣", "7♦"], ["Т♠", "К♠"], trump="♠")
    view = lessons.ExerciseView(ex.PlayOut("t", "R12", "Play it out.", game, "durak"))
    assert "The AI attacks with К♠." in shown(view.status.value)
    view.close()


# --- text, deck, header ---------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_topic_renders(language: str) -> None:
    set_language(language)
    for topic, (title, paragraphs) in lessons.TOPICS.items():
        view = lessons.intro(topic)
        assert gettext(title) in shown(view.body.value)
        assert all(gettext(p) in shown(view.body.value) for p in paragraphs)
        view.close()


def test_lesson_text_switches_language() -> None:
    view = lessons.intro("beating")
    english = view.text
    set_language("de")
    assert view.text == "\n".join(
        gettext(m) for m in (lessons.TOPICS["beating"][0], *lessons.TOPICS["beating"][1])
    )
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
    assert ex.card_text(Card.parse("Т♠")) in shown(view.info.value)
    set_language("de")
    assert ex.card_text(Card.parse("Т♠")) in shown(view.info.value)
    view.close()


def test_indices_explain_the_four_court_letters() -> None:
    view = lessons.indices()
    assert [symbol for symbol, _ in view.rows()] == ["В", "Д", "К", "Т"]
    assert all(symbol in text for symbol, text in view.rows())
    view.close()


def test_header_picker_switches_every_view() -> None:
    header = lessons.header("03_playing_a_bout")
    text = lessons.intro("taking")
    header.picker.value = "es"
    assert gettext(lessons.NOTEBOOK_TITLES["03_playing_a_bout"]) in shown(header.title.value)
    assert text.text.startswith(gettext("Taking"))
    header.close()
    text.close()


def test_card_buttons_are_the_ui_helpers() -> None:
    view = lessons.exercise("beat_trump")
    assert all(isinstance(b, CardButton) for b in view.card_buttons.values())
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
        for attribute in ("value", "description", "tooltip"):
            value = getattr(node, attribute, None)
            if (isinstance(value, str) and attribute != "value") or isinstance(node, widgets.HTML):
                text = unescape(re.sub(r"<[^>]*>", " ", value or "")).strip()
                if text and not re.fullmatch(r"[\d\s]+", text):
                    texts.append(text)
        for child in getattr(node, "children", ()):
            visit(child)

    visit(widget)
    return texts


def every_view() -> Iterator[widgets.Widget]:
    yield lessons.header("00_start")
    yield lessons.deck()
    yield lessons.indices()
    for topic in lessons.TOPICS:
        yield lessons.intro(topic)
    for exercise_id in ex.EXERCISES:
        view = lessons.exercise(exercise_id)
        model = view.exercise
        wrong = [c for c in model.choices if c not in model.answers]
        if isinstance(model, ex.PlayOut):
            wrong = ["stop" if "stop" not in model.answers else "take"]  # refused: a reason is shown
        if wrong:
            view.click(wrong[0])
        if model.answers:
            view.click(sorted(model.answers, key=str)[0])
        yield view


def test_every_visible_string_goes_through_the_catalogs(monkeypatch: pytest.MonkeyPatch) -> None:
    views = list(every_view())
    views[1].card_buttons[Card.parse("Д♥")].click()  # the deck shows a card's name
    real = i18n.translator
    monkeypatch.setattr(i18n, "translator", lambda code: Pseudo() if code == "tr" else real(code))
    set_language("tr")
    unmarked = [text for view in views for text in visible_texts(view) if "⟦" not in text]
    assert not unmarked
    set_language("en")
    assert not any("⟦" in text for view in views for text in visible_texts(view))
    for view in views:
        view.close()


def lesson_msgids() -> set[str]:
    """Every English source string the lessons and exercises show."""
    msgids = set(ex.OPTION_LABELS.values())
    msgids |= {message for message in ex.MESSAGES.values() if isinstance(message, str) and message}
    for title, paragraphs in lessons.TOPICS.values():
        msgids |= {title, *paragraphs}
    for table in (lessons.NOTEBOOK_TITLES, lessons.TITLES, lessons.PLAY_STATUS):
        msgids |= set(table.values())
    return msgids | {factory().prompt for factory in ex.EXERCISES.values()}


@pytest.mark.parametrize("language", LANGUAGES[1:])
def test_every_lesson_string_is_translated(language: str) -> None:
    translator = i18n.translator(language)
    catalog = getattr(translator, "_catalog", {})
    untranslated = sorted(
        msgid
        for msgid in lesson_msgids()
        if translator.gettext(msgid) == msgid and catalog.get(msgid) != msgid  # "Stop" may stay "Stop"
    )
    assert not untranslated, f"{language}: {untranslated}"
    for message in ex.MESSAGES.values():
        if isinstance(message, tuple):
            singular, plural, _ = message
            assert translator.ngettext(singular, plural, 1) != singular, (language, singular)
            assert translator.ngettext(singular, plural, 5) != plural, (language, plural)


@pytest.mark.parametrize("language", LANGUAGES)
def test_texts_name_the_buttons_as_they_are_labelled(language: str) -> None:
    set_language(language)
    start_again = gettext(lessons.TITLES["start_again"])
    assert start_again in gettext(lessons.TOPICS["endgames"][1][1])
    assert start_again in ex.message_text("goal_missed", {})
    assert ex.option_label("take") in ex.prompt_text(ex.build("beat_or_take"))
