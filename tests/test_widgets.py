"""Headless tests of the tutorial's building-block widgets (durak.tutorial.widgets.*)."""

from __future__ import annotations

import json
import math
import os
import re
import subprocess
import sys
from pathlib import Path

import ipywidgets as widgets
import pytest

from durak import DECK, Action, Card, IllegalAction, Reason, Suit
from durak.i18n import LANGUAGES, endonym, get_language, set_language
from durak.messages import card_name, deck_description, illegal_action_message, rules_sections, stock_count
from durak.tutorial import settings
from durak.tutorial.style import BLACK_INK, RED_INK, TRUMP_TINT, Appearance, table_css
from durak.tutorial.widgets.appearance import AppearanceControls
from durak.tutorial.widgets.base import ErrorArea
from durak.tutorial.widgets.cards import (
    LEGAL_BORDER,
    CardButton,
    HandView,
    OpponentHandView,
    StockView,
    TableView,
)
from durak.tutorial.widgets.chrome import FeltTable, LanguagePicker, RulesView, TableOrRules

pytestmark = pytest.mark.usefixtures("isolated")  # tests/conftest.py


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


# --- cards ---------------------------------------------------------------------------


def test_card_button_shows_its_face_and_is_named_by_the_localized_card_name() -> None:
    ace = CardButton(Card.parse("Т♥"))
    ten = CardButton(Card.parse("10♠"))
    assert "durak-c-ah" in ace._dom_classes and "durak-c-10s" in ten._dom_classes  # the SVG face
    assert ace.description == ten.description == ""  # the face shows the index: no text over it
    assert (ace.style.text_color, ten.style.text_color) == (RED_INK, BLACK_INK)
    assert ace.tooltip == card_name(Card.parse("Т♥"))  # the title: the button's accessible name
    set_language("de")
    assert ace.tooltip == card_name(Card.parse("Т♥"))  # re-rendered in place
    assert ace.tooltip != "Т♥ — Туз (ace) of hearts"


def test_every_card_has_its_own_face_with_the_russian_index_and_its_pips() -> None:
    from durak.tutorial.card_faces import face_class, face_svg, faces_css

    css = faces_css()
    assert len({face_class(card) for card in DECK}) == 36
    for card in DECK:
        svg = face_svg(card)
        assert f">{card.rank.symbol}<" in svg  # the corner index: 6-10, В, Д, К, Т
        assert (RED_INK in svg) == card.suit.is_red
        pips = svg.count('<use href="#s"')
        # two corner suits, then the pips of a number card, two in a court card's frame, one on an ace
        assert pips == 2 + (int(card.rank) if card.rank <= 10 else 2 if card.rank < 14 else 1)
        assert f".{face_class(card)} {{ background-image: url(" in css
    assert ".durak-card.durak-back { background-image: url(" in css


def test_trump_cards_are_marked() -> None:
    trump = CardButton(Card.parse("6♦"), trump=Suit.DIAMONDS)
    plain = CardButton(Card.parse("6♣"), trump=Suit.DIAMONDS)
    assert trump.is_trump and not plain.is_trump
    assert trump.style.button_color == TRUMP_TINT != plain.style.button_color
    assert card_name(Card.parse("6♦")) in trump.tooltip and trump.tooltip != plain.tooltip


def test_a_card_button_opens_with_its_whole_look(monkeypatch: pytest.MonkeyPatch) -> None:
    """Its first message (one per widget: the button, its style, its layout) carries everything:
    a deck of 36 buttons otherwise sent three updates per card, each a re-render in the browser."""
    updates: list[str] = []
    monkeypatch.setattr(
        widgets.Widget, "send_state", lambda self, key=None: updates.append(type(self).__name__)
    )
    trump = CardButton(Card.parse("Т♦"), trump=Suit.DIAMONDS, playable=True, static=True)
    back = CardButton(None, face_up=False)
    assert updates == []
    assert trump.style.button_color == TRUMP_TINT and trump.layout.border == LEGAL_BORDER
    classes = {"durak-static", "durak-card", "durak-face", "durak-trump", "durak-playable"}
    assert classes <= set(trump._dom_classes)
    assert "durak-back" in back._dom_classes and back.tooltip
    trump.set_playable(False)  # a change is still sent
    assert updates


def test_playable_state_is_visible() -> None:
    """An unplayable card stays clickable (a click is answered with the reason) and is marked
    by a class, its faded look and its tooltip, not by colour alone."""
    button = CardButton(Card.parse("7♠"))
    assert not button.disabled
    button.set_playable(False)
    assert not button.disabled and button.action is None and button.playable is False
    assert "durak-unplayable" in button._dom_classes and "durak-playable" not in button._dom_classes
    assert button.tooltip != card_name(Card.parse("7♠"))  # says it is not playable now
    attack = Action.attack(Card.parse("7♠"))
    button.set_playable(True, attack)
    assert not button.disabled and button.action == attack
    assert "durak-playable" in button._dom_classes and "durak-unplayable" not in button._dom_classes
    assert button.layout.border == LEGAL_BORDER


def test_face_down_card_hides_its_face() -> None:
    back = CardButton(None, face_up=False)
    assert back.card is None and "♠" not in back.description and "♥" not in back.description
    with pytest.raises(ValueError, match="face-up card button needs a card"):
        CardButton(None)


# --- hands and the table -------------------------------------------------------------


def test_hand_view_marks_legal_cards_and_reports_clicks() -> None:
    hand = HandView()
    six, ace = cards("6♠ Т♥")
    clicked: list[CardButton] = []
    hand.on_play(clicked.append)
    hand.update([six, ace], trump=Suit.HEARTS, playable={six: Action.attack(six)})
    first, second = hand.buttons
    assert (first.card, first.action, first.playable) == (six, Action.attack(six), True)
    assert (second.card, second.action, second.playable) == (ace, None, False)
    assert second.is_trump
    first.click()
    second.click()  # reported too: the game answers it with the rule that refuses it
    assert clicked == [first, second]
    assert "2" in hand.title.value


def test_hand_view_without_legality_leaves_cards_plain_and_closes_old_buttons() -> None:
    hand = HandView()
    hand.update(cards("6♠ 7♠"), trump=None)
    old = hand.buttons
    assert all(b.playable is None and not b.disabled for b in old)
    hand.update(cards("8♠"), trump=None)
    assert [b.card for b in hand.buttons] == cards("8♠")
    assert all(b.comm is None for b in old)  # replaced buttons are closed, not leaked


def test_opponent_hand_shows_backs_and_known_cards_face_up() -> None:
    view = OpponentHandView()
    view.update(5, cards("Т♣ 9♦"), trump=Suit.CLUBS)
    buttons = view.buttons
    assert [b.card for b in buttons if b.face_up] == cards("Т♣ 9♦")
    assert sum(not b.face_up for b in buttons) == 3
    assert all(b.static for b in buttons)
    with pytest.raises(ValueError):
        view.update(1, cards("Т♣ 9♦"), trump=Suit.CLUBS)


def test_table_view_shows_pairs_and_open_attacks() -> None:
    table = TableView()
    empty_title = table.title.value
    table.update([(Card.parse("7♠"), Card.parse("9♠")), (Card.parse("9♥"), None)], Suit.SPADES, limit=6)
    assert [b.card for b in table.buttons] == cards("7♠ 9♠ 9♥")
    assert table.title.value != empty_title
    second_column = table.row.children[1]
    assert isinstance(second_column.children[1], widgets.HTML)  # an empty slot, not a card


def test_table_view_fills_a_slot_in_place_and_shows_a_played_button_as_it_is() -> None:
    hand = HandView()
    seven, nine = Card.parse("7♠"), Card.parse("9♠")
    hand.update([seven, Card.parse("Д♦")], Suit.SPADES, playable={seven: Action.attack(seven)})
    played = hand.buttons[0]
    clicked: list[CardButton] = []
    hand.on_play(clicked.append)
    table = TableView()
    spare = hand.release({seven})
    assert [b.card for b in hand.buttons] == cards("Д♦")
    table.update([(seven, None)], Suit.SPADES, spare=spare)
    assert spare == {} and table.buttons == (played,)
    assert played.static and played.playable is None and not played.disabled
    played.click()  # no longer the hand's: a click on the table plays nothing
    assert clicked == []
    column = table.row.children[0]
    table.update([(seven, nine)], Suit.SPADES)
    assert table.row.children[0] is column  # the defence fills the slot; the column stays
    assert [b.card for b in table.buttons] == [seven, nine]


def test_stock_view_shows_trump_card_and_counts() -> None:
    view = StockView()
    view.update(Suit.HEARTS, Card.parse("8♥"), 24, 0)
    assert view.trump_button is not None and view.trump_button.card == Card.parse("8♥")
    assert stock_count(24) in view.text.value
    view.update(Suit.HEARTS, None, 0, 20)
    assert view.trump_button is None  # drawn: the suit is still named in the text
    assert "♥" in view.text.value and stock_count(0) in view.text.value


# --- errors --------------------------------------------------------------------------


def test_guard_shows_a_refused_move_in_the_learners_language() -> None:
    area = ErrorArea()
    error = IllegalAction(Reason.NOT_IN_HAND, card=Card.parse("Т♠"))

    @area.guard
    def refuse(_: object) -> None:
        raise error

    refuse(None)
    assert area.last_error is error
    english = area.message.value
    assert illegal_action_message(error) in english.replace("&#x27;", "'")
    assert area.output.outputs == ()  # a refused move is not a crash: no traceback
    set_language("de")
    assert area.message.value != english


def test_guard_shows_unexpected_errors_with_a_traceback_and_clears_after_success() -> None:
    area = ErrorArea()

    @area.guard
    def fail() -> None:
        raise ZeroDivisionError("nope")

    @area.guard
    def succeed() -> int:
        return 7

    fail()
    assert isinstance(area.last_error, ZeroDivisionError)
    assert "ZeroDivisionError" in area.message.value
    assert "ZeroDivisionError: nope" in area.output.outputs[0]["text"]
    assert succeed() == 7
    assert area.last_error is None and area.message.value == "" and area.output.outputs == ()


def test_closed_views_stop_listening_to_language_changes() -> None:
    button = CardButton(Card.parse("Т♥"))
    tooltip = button.tooltip
    button.close()
    set_language("de")
    assert button.tooltip == tooltip


# --- language, appearance, rules -----------------------------------------------------


def test_language_picker_lists_endonyms_switches_and_remembers(isolated: Path) -> None:
    picker = LanguagePicker()
    assert [label for label, _ in picker.options] == [endonym(code) for code in LANGUAGES]
    english_label = picker.description
    other = LanguagePicker(remember=False)
    picker.value = "cs"
    assert get_language() == "cs"
    assert other.value == "cs"  # every picker follows
    assert picker.description != english_label
    assert json.loads((isolated / "settings.json").read_text())["language"] == "cs"


def test_remembered_language_is_restored_unless_durak_lang_overrides(
    isolated: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.remember_language("tr")
    assert settings.restore_language() == "tr"
    set_language("en")
    monkeypatch.setenv(settings.LANGUAGE_ENV, "da")
    assert settings.restore_language() == "en"  # DURAK_LANG wins (i18n read it at start)


def test_config_dir_follows_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(settings.CONFIG_DIR_ENV)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert settings.config_dir() == tmp_path / "durak"
    monkeypatch.setenv("XDG_CONFIG_HOME", "relative/path")  # invalid per the XDG spec
    assert settings.config_dir() == Path.home() / ".config" / "durak"


def test_unreadable_settings_count_as_empty(isolated: Path) -> None:
    isolated.mkdir(parents=True)
    (isolated / "settings.json").write_text("{not json")
    assert settings.load_settings() == {}
    settings.update_settings(language="es")
    assert settings.remembered_language() == "es"


def test_appearance_sliders_default_to_half_and_restyle_the_table(isolated: Path) -> None:
    felt = FeltTable()
    controls = AppearanceControls()
    controls.attach(felt)
    assert [s.value for s in controls.sliders] == [0.5, 0.5, 0.5]
    assert [(s.min, s.max, s.readout) for s in controls.sliders] == [(0.0, 1.0, "50%")] * 3
    neutral = felt.style_html.value
    assert neutral == table_css(Appearance(), felt.scope)
    controls.grain.value = 0.0
    controls.temperature.value = 1.0
    assert felt.appearance == Appearance(0.5, 0.0, 1.0)
    assert felt.style_html.value != neutral and felt.scope in felt.style_html.value
    saved = json.loads((isolated / "settings.json").read_text())["appearance"]
    assert saved == {"contrast": 0.5, "grain": 0.0, "temperature": 1.0}
    assert AppearanceControls().appearance == Appearance(0.5, 0.0, 1.0)  # remembered
    labels = [s.description for s in controls.sliders]
    set_language("es")
    assert all(new != old for new, old in zip((s.description for s in controls.sliders), labels, strict=True))
    assert (
        controls.contrast.readout == "50\u00a0%"
    )  # the readout (and the value a screen reader hears) follows


def test_appearance_rejects_values_outside_the_sliders() -> None:
    with pytest.raises(ValueError, match="grain"):
        Appearance(grain=-0.1)
    assert Appearance.from_dict({"contrast": "oops"}) == Appearance()


@pytest.mark.parametrize("sent", [5.0, -1.0, math.inf, math.nan])
def test_a_slider_value_out_of_range_from_the_browser_is_clamped_and_the_sliders_go_on(
    isolated: Path, sent: float
) -> None:
    felt = FeltTable()
    controls = AppearanceControls()
    controls.attach(felt)
    controls.grain.value = 0.25
    controls.grain.set_state({"value": sent})  # as a comm message from the front end sets it
    kept = 0.25 if math.isnan(sent) else min(max(sent, 0.0), 1.0)  # NaN: the slider stays put
    assert controls.grain.value == kept and controls.grain.readout != ""
    controls.contrast.value = 0.75  # every slider still moves the table, and is saved
    assert felt.appearance == Appearance(0.75, kept, 0.5)
    saved = json.loads((isolated / "settings.json").read_text())["appearance"]
    assert saved == {"contrast": 0.75, "grain": kept, "temperature": 0.5}


def test_rules_view_shows_the_four_sections_and_follows_the_language() -> None:
    view = RulesView()
    sections = rules_sections()
    assert len(sections) == 4
    for title, paragraphs in sections:
        assert title in view.body.value
        assert len(paragraphs) >= 1
    assert deck_description()[0].split()[0] in view.body.value
    english = view.body.value
    set_language("da")
    assert view.body.value != english
    assert rules_sections()[0][0] in view.body.value


def test_table_and_full_rules_views_switch_and_relabel() -> None:
    table = widgets.Label("table")
    switch = TableOrRules(table)
    assert switch.shown is table
    labels = switch.choice._options_labels
    switch.choice.value = "rules"
    assert switch.shown is switch.rules
    set_language("de")
    assert switch.choice.value == "rules" and switch.shown is switch.rules  # kept while relabelling
    assert switch.choice._options_labels != labels


def test_importing_the_tutorial_changes_nothing_and_loads_no_search(tmp_path: Path) -> None:
    """The language is restored by the first view, not by an import; the search waits for the game."""
    script = (
        "import sys\n"
        "from durak.tutorial.settings import update_settings\n"
        "update_settings(language='de')\n"
        "import durak.tutorial, durak.tutorial.lessons\n"
        "from durak.i18n import get_language\n"
        "print(get_language(), 'durak.ai.search' in sys.modules)\n"
        "durak.tutorial.lessons.header('00_start')\n"
        "print(get_language())\n"
        "from durak.tutorial import play\n"
        "print(callable(play), 'durak.ai.search' in sys.modules)\n"
    )
    env = {
        k: v for k, v in os.environ.items() if k not in ("DURAK_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES")
    }
    env.update(LANG="C.UTF-8", DURAK_CONFIG_DIR=str(tmp_path))
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:3] == ["en False", "de", "True True"]


# --- the appearance sliders keep the table readable -------------------------------------
# CSS filter functions as the Filter Effects spec defines them, on sRGB values 0..1.


def _contrast(rgb: list[float], amount: float) -> list[float]:
    return [min(1.0, max(0.0, (c - 0.5) * amount + 0.5)) for c in rgb]


def _matrix(rgb: list[float], m: list[list[float]]) -> list[float]:
    return [min(1.0, max(0.0, sum(m[i][j] * rgb[j] for j in range(3)))) for i in range(3)]


def _sepia(rgb: list[float], a: float) -> list[float]:
    b = 1 - a
    return _matrix(rgb, [
        [0.393 + 0.607 * b, 0.769 - 0.769 * b, 0.189 - 0.189 * b],
        [0.349 - 0.349 * b, 0.686 + 0.314 * b, 0.168 - 0.168 * b],
        [0.272 - 0.272 * b, 0.534 - 0.534 * b, 0.131 + 0.869 * b],
    ])  # fmt: skip


def _hue_rotate(rgb: list[float], degrees: float) -> list[float]:
    c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    return _matrix(rgb, [
        [0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928],
        [0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283],
        [0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072],
    ])  # fmt: skip


def _luminance(rgb: list[float]) -> float:
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


@pytest.mark.parametrize("contrast", [0.0, 0.25, 0.5, 0.75, 1.0])
@pytest.mark.parametrize("temperature", [0.0, 0.25, 0.5, 0.75, 1.0])
def test_the_tables_text_meets_wcag_aa_at_every_slider_setting(contrast: float, temperature: float) -> None:
    css = table_css(Appearance(contrast=contrast, temperature=temperature), "t")
    amount, sepia, hue = (
        float(x)
        for x in re.search(
            r"contrast\(([\d.]+)\) sepia\(([\d.]+)\) hue-rotate\((-?[\d.]+)deg\)", css
        ).groups()
    )
    felt = [int(x) / 255 for x in re.search(r"background-color: rgb\((\d+),(\d+),(\d+)\)", css).groups()]
    text = [
        int(x, 16) / 255 for x in re.search(r"\.widget-html-content \{ color: #(..)(..)(..)", css).groups()
    ]
    shown = [_hue_rotate(_sepia(_contrast(c, amount), sepia), hue) for c in (text, felt)]
    lighter, darker = sorted((_luminance(c) for c in shown), reverse=True)
    assert (lighter + 0.05) / (darker + 0.05) >= 4.5
