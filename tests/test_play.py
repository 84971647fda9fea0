"""The full game against the AI, driven headlessly by clicking (durak.tutorial.game_view)."""

from __future__ import annotations

import asyncio
import gettext as gettext_module
import html
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest

from durak import STOP, TAKE, Action, Card, Game, IllegalAction, Phase, i18n
from durak.i18n import LANGUAGES, gettext, set_language
from durak.messages import MoveKind, face_up_trump_message, game_over_message, illegal_action_message
from durak.tutorial import game_view, play
from durak.tutorial.game_model import PlayModel, first_attacker_text, replay_moves
from durak.tutorial.game_view import CONFIRM_NEW_GAME, HINT_BORDER, LEVEL_FROM_NOW, PlayView
from durak.tutorial.widgets.cards import HINTED_CLASS, CardButton
from durak.tutorial.widgets.chrome import LanguagePicker

ITERATIONS = 12  # a small search budget keeps whole games fast


pytestmark = pytest.mark.usefixtures("isolated")  # tests/conftest.py


def next_click(view: PlayView) -> widgets.Button:
    """What a learner would click next: the first playable card, else take or stop."""
    for button in view.hand.buttons:
        if button.action is not None and not button.disabled:
            return button
    for button in (view.stop_button, view.take_button):
        if not button.disabled:
            return button
    raise AssertionError(f"nothing to click in {view.game!r}")


def click_through(view: PlayView, pick: Callable[[PlayView], widgets.Button] = next_click) -> int:
    """Play the game to its end only by clicking; check the screen after every click."""
    clicks = 0
    while not view.game.is_over:
        assert view.game.to_move == 0, "after a click the AI must have answered"
        before = len(view.game.history)
        pick(view).click()
        clicks += 1
        assert view.errors.last_error is None, view.errors.last_error
        assert len(view.game.history) > before
        assert_screen_matches(view)
        assert clicks < 400
    return clicks


def assert_screen_matches(view: PlayView) -> None:
    """Every card is on screen or counted, and the buttons offer exactly the legal moves."""
    game = view.game
    observation = game.observation(0)
    assert [b.card for b in view.hand.buttons] == list(game.hands[0])
    assert len(view.opponent.buttons) == len(game.hands[1])
    shown_known = [b.card for b in view.opponent.buttons if b.face_up]
    assert shown_known == list(game.known_cards(1))
    assert [b.card for b in view.table.buttons] == [c for pair in game.table for c in pair if c]
    total = len(game.hands[0]) + len(game.hands[1]) + len(view.table.buttons)
    assert total + observation.stock_size + len(game.discard) == 36
    legal = set(game.legal_actions()) if game.to_move == 0 else set()
    offered = {b.action for b in view.hand.buttons if b.action is not None and not b.disabled}
    offered |= {b.action for b in (view.take_button, view.stop_button) if not b.disabled}
    assert offered == legal
    assert view.move_log.value.count("<li") == len(game.history)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_whole_games_by_clicking_against_each_level(level: str, isolated: Path) -> None:
    outcomes = set()
    for seed in (1, 2):
        view = play(level, seed=seed, iterations=ITERATIONS, resume=False)
        assert view.game.seed == seed and view.model.level == level
        click_through(view)
        game = view.game
        assert game.is_over
        assert game_over_message(game.loser, viewer=0) in view.game_over.value
        assert view.rematch_button.layout.display != "none"
        assert view.take_button.disabled and view.stop_button.disabled and view.hint_button.disabled
        outcomes.add(game.loser)
        resumable = PlayModel.load_saved()  # a finished game is not offered for resuming ...
        assert resumable is None or not resumable.game.is_over
        saved = PlayModel.load_saved(view.model.path)  # ... but it is kept
        assert saved is not None and saved.game.history == game.history
        view.rematch_button.click()
        assert not view.game.is_over and view.game.to_move == 0  # the AI answered if it leads
        assert view.rematch_button.layout.display == "none"
        view.close()
    assert outcomes <= {0, 1, None}


def test_card_take_and_stop_buttons_carry_their_card_and_action() -> None:
    view = play(seed=11, iterations=ITERATIONS)
    assert view.take_button.action is TAKE and view.stop_button.action is STOP
    assert all(isinstance(b.card, Card) for b in view.card_buttons if b.face_up)
    assert [b.card for b in view.hand.buttons] == list(view.game.hands[0])


def test_a_click_on_an_unplayable_card_is_answered_with_the_reason_and_changes_nothing() -> None:
    view = play(seed=4, iterations=ITERATIONS)
    first_click = next_click(view)
    first_click.click()
    # find a position where one of your cards is not playable
    for _ in range(200):
        blocked = [b for b in view.hand.buttons if b.playable is False]
        if blocked and view.game.to_move == 0:
            break
        next_click(view).click()
    else:
        pytest.fail("no unplayable card came up")
    assert not blocked[0].disabled and "durak-unplayable" in blocked[0]._dom_classes  # faded, clickable
    record = view.game.to_json()
    blocked[0].click()
    assert view.game.to_json() == record
    error = view.errors.last_error
    assert isinstance(error, IllegalAction)
    assert illegal_action_message(error, trump=view.game.trump) in _unescape(view.errors.message.value)
    next_click(view).click()  # a good move clears the message
    assert view.errors.last_error is None and view.errors.message.value == ""


def test_a_click_on_the_face_up_trump_card_says_what_it_is_and_changes_nothing() -> None:
    view = play(seed=11, iterations=ITERATIONS, resume=False)
    trump = view.stock.trump_button
    assert trump is not None and not trump.static  # answers the mouse, not only the keyboard
    record = view.game.to_json()
    trump.click()
    assert view.game.to_json() == record and view.errors.last_error is None
    assert _unescape(view.remark.value) == f"<i>{face_up_trump_message(view.game.trump_card)}</i>"
    next_click(view).click()  # a move clears it
    assert view.remark.value == ""


def _unescape(text: str) -> str:
    return html.unescape(text)


def test_hint_names_a_legal_move_with_its_reason() -> None:
    view = play(seed=9, iterations=ITERATIONS)
    assert view.hint_text.value == ""
    view.show_move_button.click()  # the move at once (Hint shows it a step at a time)
    assert view.errors.last_error is None
    hint = view._hint
    assert hint is not None and hint.action in view.game.legal_actions()
    assert view.hint_text.value != ""
    marked = [b for b in view.hand.buttons if b.layout.border == HINT_BORDER]
    assert [b.action for b in marked] == ([hint.action] if hint.action.card else [])
    english = view.hint_text.value
    set_language("de")
    assert view.hint_text.value != english  # re-rendered, not left in English
    set_language("en")
    next_click(view).click()
    assert view.hint_text.value == ""  # a hint is for one position only


def test_a_hinted_card_once_played_is_no_longer_marked_on_the_table() -> None:
    view = play(seed=9, iterations=ITERATIONS)
    view.show_move_button.click()
    assert view._hint is not None and view._hint.action.card is not None
    (hinted,) = [b for b in view.hand.buttons if HINTED_CLASS in b._dom_classes]
    hinted.click()
    on_table = [b for column in view.table.row.children for b in getattr(column, "children", ())]
    assert hinted.card in [getattr(b, "card", None) for b in on_table]
    assert [b for b in on_table if HINTED_CLASS in b._dom_classes] == []


def test_the_ai_moves_one_by_one_and_each_move_is_logged() -> None:
    model = PlayModel("normal", seed=21, iterations=ITERATIONS)
    view = PlayView(model)
    while not model.game.is_over and len(model.moves) < 30:
        next_click(view).click()
    ai_moves = [m for m in model.moves if m.player == 1]
    assert ai_moves, "the AI has moved"
    assert [m.action for m in model.moves] == list(model.game.history)
    assert replay_moves(model.game) == model.moves
    kinds = {m.kind for m in model.moves}
    assert MoveKind.LEAD in kinds
    assert view.move_log.value.count("<li") == len(model.moves)
    newest = html.unescape(view.move_log.value.split("<li")[1])
    assert model.moves[-1].text() in newest  # newest first, so the last moves stay in sight


def test_ai_actions_are_spaced_out_without_blocking_the_kernel() -> None:
    async def scenario() -> list[int]:
        view = play(seed=5, iterations=ITERATIONS, ai_delay=0.01, resume=False)
        counts = []
        for _ in range(6):
            if view.game.is_over:
                break
            if view.game.to_move == 0 and not view._ai_pending:
                next_click(view).click()
                counts.append(len(view.game.history))  # only your move is in yet
            await asyncio.sleep(0.05)
        return counts

    counts = asyncio.run(scenario())
    assert counts, "you got to move"


def test_the_game_is_saved_after_every_move_and_offered_for_resuming(isolated: Path) -> None:
    view = play(seed=31, iterations=ITERATIONS)
    for _ in range(5):
        next_click(view).click()
        assert view.model.path is not None and view.model.path.parent == isolated / "games"
        saved = json.loads(view.model.path.read_text())
        assert Game.from_json(saved["game"]).history == view.game.history
    history = view.game.history
    view.close()

    again = play(seed=99, iterations=ITERATIONS)  # a re-run of the cell, or a kernel restart
    assert again.offering_resume and again.board.layout.display == "none"
    # the toolbar's game controls wait for the learner's answer to the offer
    assert [control.layout.display for control in (again.level, again.new_game_button)] == ["none", "none"]
    assert again.resume_text.value != ""
    assert again.game.history == history  # nothing is lost, nothing was dealt over it
    again.resume_button.click()
    assert not again.offering_resume and again.game.history == history
    # shown again with "", not None, which JupyterLite's kernel sends as undefined (tests/test_controls.py)
    assert again.level.layout.display == "" and again.toolbar.children[0] is again.language
    next_click(again).click()
    assert len(again.game.history) > len(history)


def test_a_new_game_instead_of_resuming(isolated: Path) -> None:
    view = play(seed=31, iterations=ITERATIONS)
    next_click(view).click()
    offer = play(iterations=ITERATIONS)
    assert offer.offering_resume
    offer.discard_button.click()
    assert not offer.offering_resume
    assert all(m.player == 1 for m in offer.model.moves)  # only the AI may have led yet
    next_click(offer).click()  # the learner's first move: from now on this game is the one saved
    assert play(iterations=ITERATIONS, resume=True).game.history == offer.game.history


def test_a_game_the_learner_has_not_moved_in_yet_is_not_offered_again(isolated: Path) -> None:
    for seed in range(40):  # a deal where the AI leads first
        view = play(seed=seed, iterations=ITERATIONS, resume=False)
        if view.model.moves:
            break
    assert view.model.moves and all(m.player == 1 for m in view.model.moves)
    assert not play(iterations=ITERATIONS).offering_resume


def test_a_damaged_save_is_reported_not_fatal(isolated: Path) -> None:
    isolated.mkdir(parents=True)
    damaged = isolated / "saved_game.json"  # where the first release kept its one save
    damaged.write_text('{"format": "durak-tutorial-save", "version": 1, "game": "{}"}')
    with pytest.raises(ValueError, match="cannot be read"):
        PlayModel.load_saved(damaged)
    view = play(seed=3, iterations=ITERATIONS)
    assert not view.offering_resume and view.game.seed == 3
    assert "could not be read" in view.notice.value and not damaged.exists()
    assert [p.name.startswith("saved_game.json.unreadable-") for p in isolated.iterdir()].count(True) == 1


def test_errors_in_callbacks_are_shown_not_swallowed() -> None:
    view = play(seed=8, iterations=ITERATIONS, resume=False)

    def broken(*_: Any) -> Action:
        raise RuntimeError("the AI fell over")

    view.model.ai.choose = broken
    while view.game.to_move == 0:
        next_click(view).click()
        if view.errors.last_error is not None:
            break
    assert isinstance(view.errors.last_error, RuntimeError)
    assert "the AI fell over" in view.errors.output.outputs[0]["text"]
    assert "RuntimeError" in view.errors.message.value


def test_difficulty_and_new_game() -> None:
    view = play("easy", seed=2, iterations=ITERATIONS)
    assert view.level.value == "easy"
    view.level.value = "hard"
    assert view.model.level == "hard"
    old = view.game
    view.new_game_button.click()
    assert view.game is not old and view.model.level == "hard"
    assert view.game.to_move == 0 or view.game.is_over
    with pytest.raises(ValueError, match="unknown level"):
        play("impossible")


def test_new_game_in_the_middle_of_a_game_asks_once_more_and_a_level_change_says_when_it_applies() -> None:
    view = play("easy", seed=2, iterations=ITERATIONS, resume=False)
    next_click(view).click()  # the learner is in the game now
    old = view.game
    view.new_game_button.click()
    assert view.game is old and view.new_game_button.description == gettext(CONFIRM_NEW_GAME)
    next_click(view).click()  # playing on takes the question back
    assert view.new_game_button.description == gettext("New game")
    view.level.value = "hard"
    assert gettext(LEVEL_FROM_NOW) in _unescape(view.level_note.value)
    view.new_game_button.click()
    view.new_game_button.click()
    assert view.game is not old and view.model.level == "hard"
    assert gettext(LEVEL_FROM_NOW) not in _unescape(view.level_note.value)  # a new game: nothing to say


def test_the_first_game_is_easy_and_the_level_chosen_is_remembered() -> None:
    view = play(seed=2, iterations=ITERATIONS, resume=False)
    assert view.model.level == view.level.value == "easy"
    view.level.value = "hard"
    view.close()
    again = play(seed=3, iterations=ITERATIONS, resume=False)
    assert again.model.level == "hard"  # the next game starts at the level chosen last
    assert play("normal", seed=3, iterations=ITERATIONS, resume=False).model.level == "normal"


def test_each_level_is_described_in_one_line() -> None:
    view = play(seed=2, iterations=ITERATIONS, resume=False)
    notes = {}
    for level in ("easy", "normal", "hard"):
        view.level.value = level
        note = _unescape(re.sub(r"<[^>]*>", "", view.level_note.value))
        label = {value: label for label, value in view.level.options}[level]
        assert note.startswith(f"{label}:")
        assert "\n" not in note and len(note) < 120
        notes[level] = note
    assert len(set(notes.values())) == 3
    assert list(view.level.tooltips) == list(notes.values())  # also on the buttons themselves


def test_show_playable_cards_switch_hides_the_marks_not_the_moves() -> None:
    view = play(seed=4, iterations=ITERATIONS, resume=False)
    assert view.show_playable.value is True
    marked = {b.card: b.playable for b in view.hand.buttons}
    assert True in marked.values()
    view.show_playable.value = False
    assert all(b.playable is None for b in view.hand.buttons)
    assert not any("durak-playable" in b._dom_classes for b in view.hand.buttons)
    assert {b.action for b in view.hand.buttons if b.action} == {
        a for a in view.game.legal_actions() if a.card is not None
    }
    before = len(view.game.history)
    next_click(view).click()  # a move is still played by a click
    assert len(view.game.history) > before
    view.show_playable.value = True
    assert any(b.playable for b in view.hand.buttons) or view.game.to_move != 0


def test_move_log_says_who_attacks_first_and_who_drew_what() -> None:
    view = play(seed=6, iterations=ITERATIONS, resume=False)
    log = _unescape(view.move_log.value)
    assert first_attacker_text(view.game) in log
    lowest = min((c for c in view.game.deal.hands[0] if c.suit == view.game.trump), key=lambda c: c.rank)
    assert str(lowest) in first_attacker_text(view.game)  # seed 6: you hold a trump
    click_through(view)
    moves = replay_moves(view.game)
    stops = [m for m in moves if m.kind is MoveKind.STOP]
    assert any(m.drawn != (0, 0) for m in stops)
    for move in stops:
        for count, phrase in zip(move.drawn, ("You draw", "The AI draws"), strict=True):
            assert (phrase in move.text()) == (count > 0)
    trump_moves = [m for m in moves if m.trump_drawn_by is not None]
    assert len(trump_moves) == 1  # the stock ran out: somebody drew the face-up trump card
    assert str(view.game.trump_card) in trump_moves[0].text()
    assert sum(sum(m.drawn) for m in moves) == 36 - 12  # every card of the stock, drawn once


# --- languages -----------------------------------------------------------------------


def visible_strings(widget: widgets.Widget) -> dict[tuple[int, str], str]:
    """Every learner-visible string in a widget tree, keyed by (widget id, attribute).

    Cards' indices and the language names in the picker are the same in every language,
    so they are left out; everything else must follow the language.
    """
    found: dict[tuple[int, str], str] = {}

    def visit(node: widgets.Widget) -> None:
        if isinstance(node, widgets.Box) and node.layout.display == "none":
            return
        if isinstance(node, LanguagePicker):
            found[(id(node), "description")] = node.description
            return
        if isinstance(node, CardButton):
            if node.face_up:
                found[(id(node), "tooltip")] = node.tooltip
            return
        for attribute in ("value", "description", "tooltip"):
            value = getattr(node, attribute, None)
            if isinstance(value, str) and not _is_data(node, attribute):
                text = html.unescape(re.sub(r"<[^>]*>", " ", value)).strip()  # what the eye sees
                if text:
                    found[(id(node), attribute)] = text
        labels = getattr(node, "_options_labels", None)
        if labels:
            found[(id(node), "options")] = " | ".join(labels)
        for child in getattr(node, "children", ()):
            visit(child)

    visit(widget)
    return found


def _is_data(node: widgets.Widget, attribute: str) -> bool:
    # a selection's value is a code ("normal", "table"), the style block is CSS
    return (attribute == "value" and not isinstance(node, widgets.HTML)) or "<style>" in str(
        getattr(node, attribute)
    )


def mid_game_view() -> PlayView:
    view = play(seed=17, iterations=ITERATIONS, resume=False)
    for _ in range(7):
        next_click(view).click()
    if view.game.to_move == 0:
        view.hint_button.click()
    return view


def test_switching_language_mid_game_changes_every_visible_string_not_the_game() -> None:
    view = mid_game_view()
    state = view.game.to_json()
    before = visible_strings(view)
    assert len(before) > 15
    for language in LANGUAGES[1:]:
        set_language(language)
        after = visible_strings(view)
        assert after.keys() == before.keys()
        unchanged = {
            key: text
            for key, text in after.items()
            if before[key] == text and text not in kept_as_is(language)
        }
        assert not unchanged, f"{language}: not translated: {sorted(unchanged.values())}"
        assert view.game.to_json() == state
    set_language("en")
    assert visible_strings(view) == before
    next_click(view).click()  # the game goes on
    assert view.errors.last_error is None


def kept_as_is(language: str) -> set[str]:
    """Strings whose translation is deliberately the English text (Danish "Stop" is "Stop")."""
    catalog = getattr(i18n.translator(language), "_catalog", {})
    return {
        msgid for msgid, msgstr in catalog.items() if isinstance(msgid, str) and msgid and msgid == msgstr
    }


class _Pseudo(gettext_module.NullTranslations):
    """Marks every looked-up string, to prove it went through gettext."""

    def gettext(self, message: str) -> str:
        return f"⟦{message}⟧"

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return f"⟦{singular if n == 1 else plural}⟧"

    def pgettext(self, context: str, message: str) -> str:
        return f"⟦{message}⟧"


def test_every_visible_string_goes_through_gettext(monkeypatch: pytest.MonkeyPatch) -> None:
    """Independent of the catalogs: with a pseudo-translation, no text may stay unmarked."""
    view = mid_game_view()
    real = i18n.translator
    monkeypatch.setattr(i18n, "translator", lambda code: _Pseudo() if code == "da" else real(code))
    set_language("da")
    strings = visible_strings(view)
    unmarked = [text for text in strings.values() if "⟦" not in text]
    assert not unmarked
    set_language("en")


def test_language_choice_survives_into_the_next_notebook(isolated: Path) -> None:
    view = play(seed=1, iterations=ITERATIONS)
    view.language.value = "es"
    set_language("en")  # as a fresh kernel would start
    play(seed=1, iterations=ITERATIONS)
    assert i18n.get_language() == "es"
    assert view.game.phase in tuple(Phase)


def test_rerunning_the_cell_replaces_the_game_on_screen() -> None:
    first = play(seed=12, iterations=ITERATIONS)
    next_click(first).click()
    assert first.comm is not None
    second = play(iterations=ITERATIONS, resume=True)
    assert first.comm is None  # closed: it can no longer overwrite the saved game
    assert second.game.history == first.game.history


@pytest.mark.parametrize(
    ("value", "delay"),
    [(None, 0.7), ("0.05", 0.05), ("0", 0.0), ("abc", 0.7), ("-1", 0.7), ("nan", 0.7), ("99", 0.7)],
)
def test_the_pause_between_the_ais_moves_can_be_set_and_a_bad_value_is_ignored(
    value: str | None, delay: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    if value is None:
        monkeypatch.delenv(game_view.AI_DELAY_ENV, raising=False)
    else:
        monkeypatch.setenv(game_view.AI_DELAY_ENV, value)
    assert game_view._browser_ai_delay() == delay
