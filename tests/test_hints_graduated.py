"""Graduated hints (issue 30): the principle first, then the moves worth a look, then the move
and why; the move at once on request; the steps counted, saved with the game and reviewed."""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest

from durak import Game
from durak.ai.hints import HintStep
from durak.ai.levels import make_player
from durak.i18n import set_language
from durak.messages import HINT_MESSAGES, SAYS_THE_MOVE, hint_principle, hinted_move
from durak.tutorial import play
from durak.tutorial.game_model import PlayModel
from durak.tutorial.game_view import CANDIDATE_CLASS, PlayView, hint_text
from durak.tutorial.review_model import GameReview
from durak.tutorial.saves import SAVE_FORMAT, HintCounts, read_save, write_save
from durak.tutorial.widgets.cards import HINTED_CLASS

ITERATIONS = 12

pytestmark = pytest.mark.usefixtures("isolated")  # tests/conftest.py


def learner_to_move(seed: int = 9) -> PlayModel:
    model = PlayModel("easy", seed=seed, iterations=ITERATIONS)
    model.finish_ai_turn()
    assert model.human_actions()
    return model


def test_each_ask_shows_one_step_more_and_counts_it() -> None:
    model = learner_to_move()
    assert model.shown_hint is None and model.hint_counts == HintCounts()
    steps = []
    for _ in range(4):  # a fourth ask shows nothing new, and counts nothing
        shown = model.ask_hint()
        assert shown is not None
        steps.append(shown.step)
    assert steps == [HintStep.PRINCIPLE, HintStep.CANDIDATES, HintStep.MOVE, HintStep.MOVE]
    assert model.hint_counts == HintCounts(principle=1, candidates=1, move=1)
    assert model.shown_hint is not None and model.shown_hint.hint.action in model.human_actions()


def test_the_move_can_be_asked_for_at_once_and_a_hint_is_for_one_position() -> None:
    model = learner_to_move()
    shown = model.ask_hint(at_once=True)
    assert shown is not None and shown.step is HintStep.MOVE
    assert model.hint_counts == HintCounts(move=1)
    model.play(shown.hint.action)
    model.finish_ai_turn()
    assert model.shown_hint is None  # the position changed: no hint shown
    if model.human_actions():
        assert model.ask_hint() is not None and model.shown_hint is not None
        assert model.shown_hint.step is HintStep.PRINCIPLE
        assert model.hint_counts == HintCounts(principle=1, move=1)


def test_the_counts_are_saved_with_the_game_and_an_old_save_still_loads(isolated: Path) -> None:
    model = learner_to_move()
    model.ask_hint()
    model.play(model.human_actions()[0])  # saved after the move
    resumed = PlayModel.load_saved()
    assert resumed is not None and resumed.hint_counts == HintCounts(principle=1)
    isolated.mkdir(parents=True, exist_ok=True)
    old = isolated / "old.json"  # a save from before the counts: no "hints" in it
    game = Game.new(seed=3)
    old.write_text(json.dumps({"format": SAVE_FORMAT, "version": 1, "level": "easy", "iterations": None,
                               "game": game.to_json()}), encoding="utf-8")  # fmt: skip
    assert read_save(old).hints == HintCounts()
    odd = isolated / "odd.json"
    write_save(odd, game, "easy", None)
    record = json.loads(odd.read_text(encoding="utf-8"))
    record["hints"] = {
        "principle": "many",
        "move": -2,
        "candidates": 3,
    }  # edited by hand: ignored where wrong
    odd.write_text(json.dumps(record), encoding="utf-8")
    assert read_save(odd).hints == HintCounts(candidates=3)


def test_the_view_shows_the_principle_then_marks_the_candidates_then_the_move() -> None:
    view = play(seed=9, iterations=ITERATIONS, resume=False)
    view.hint_button.click()
    assert view.errors.last_error is None
    shown = view.model.shown_hint
    assert shown is not None
    text = html.unescape(view.hint_text.value)
    assert hint_principle(shown.hint.principle) in text
    assert not [b for b in view.hand.buttons if HINTED_CLASS in b._dom_classes]
    view.hint_button.click()
    marked = {b.action for b in view.hand.buttons if CANDIDATE_CLASS in b._dom_classes}
    assert marked == {a for a in shown.hint.candidates if a.card is not None}
    assert not [b for b in view.hand.buttons if HINTED_CLASS in b._dom_classes]
    view.hint_button.click()
    assert view.hint_button.disabled and view.show_move_button.disabled  # all is shown
    said = html.unescape(view.hint_text.value)
    move = hinted_move(shown.hint.action)
    says_it = shown.hint.explanation.reason in SAYS_THE_MOVE
    assert said.startswith("Hint: ") != says_it and said.count(move) <= 1
    hinted = [b.action for b in view.hand.buttons if HINTED_CLASS in b._dom_classes]
    assert hinted == ([shown.hint.action] if shown.hint.action.card else [])
    english = view.hint_text.value
    set_language("de")
    assert view.hint_text.value != english
    set_language("en")


def test_a_reason_said_instead_of_the_move_names_the_move() -> None:
    """The last step leaves out "Hint: beat it with Д♦." where the reason says it ("Beat with
    Д♦ and keep ..."): each of those reasons names the card played, or takes, or stops."""
    for code in SAYS_THE_MOVE:
        message = HINT_MESSAGES[code]
        english = message if isinstance(message, str) else message[1]
        assert "{card}" in english or english.startswith(("Take", "Stop")), code


def test_the_last_step_says_the_move_once_in_every_position_it_is_asked() -> None:
    model = PlayModel("easy", seed=3, iterations=ITERATIONS)
    said = 0
    while not model.game.is_over and said < 12:
        if model.ai_to_move:
            model.finish_ai_turn()
            continue
        shown = model.ask_hint(at_once=True)
        if shown is not None:
            text, action = hint_text(shown), shown.hint.action
            if shown.hint.lesson is not None and shown.hint.explanation.generic:  # no rule: it names both
                assert text.startswith(f"Hint: {hinted_move(action)}. No rule of thumb explains"), text
            elif shown.hint.explanation.reason in SAYS_THE_MOVE:  # the reason says the move, once
                assert not text.startswith("Hint:") and text.count(str(action.card or "")) >= 1, text
                assert action.card is None or text.count(str(action.card)) == 1, text
            else:
                assert text.startswith(f"Hint: {hinted_move(action)}."), text
            said += 1
        model.play(model.human_actions()[0])
    assert said


def test_the_view_can_show_the_move_at_once() -> None:
    view: PlayView = play(seed=9, iterations=ITERATIONS, resume=False)
    view.show_move_button.click()
    assert view.model.shown_hint is not None and view.model.shown_hint.step is HintStep.MOVE
    assert view.model.hint_counts == HintCounts(move=1)


def test_the_review_reports_the_hints_used() -> None:
    game = Game.new(seed=5)
    counts = HintCounts(principle=2, candidates=1, move=1)
    said = GameReview(game, hint_counts=counts).hints_text()
    assert said is not None and all(str(n) in said for n in (2, 1))
    assert GameReview(game, hint_counts=HintCounts()).hints_text() is not None  # "no hints" is said too
    assert GameReview(game).hints_text() is None  # a game whose hints were not kept: nothing said


def test_the_review_of_a_game_just_played_shows_its_hint_counts() -> None:
    game = Game.new(seed=5)
    players = [make_player("easy", seed=5), make_player("easy", seed=6)]
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        game.apply(players[seat].choose(game.observation(seat), game.legal_actions()))
    model = PlayModel("easy", game=game, iterations=ITERATIONS)
    model.hint_counts = HintCounts(principle=3, candidates=2, move=1)
    view = PlayView(model)
    view.review_button.click()
    (review,) = view.review_area.children
    assert (
        html.unescape(review.hints.value)
        == f"<p>{GameReview(game, hint_counts=model.hint_counts).hints_text()}</p>"
    )
    view.close()


def test_a_move_no_rule_explains_is_not_called_an_exception_and_the_lesson_stays_the_habit() -> None:
    """The fourth reading: "this position is an exception: No simple rule explains this move" (9207·11)."""
    from durak import Action
    from durak.ai.hints import Hint
    from durak.ai.teaching import Explanation, HintReason
    from durak.tutorial.game_model import ShownHint

    set_language("en")
    blind = Hint(
        Action.attack("7♦"), HintReason.SEARCH_BEST, Explanation(HintReason.SEARCH_BEST), Action.attack("8♣")
    )
    said = hint_text(ShownHint(blind, HintStep.MOVE))
    assert "exception" not in said
    assert said == (
        "Hint: play 7♦. No rule of thumb explains “play 7♦” here: the AI tried the moves out, and it did "
        "clearly better. As a habit, lesson 06’s move, “play 8♣”, stays the right one."
    )


def test_a_forced_move_shows_the_move_at_once_not_a_question() -> None:
    """A learner's walk: with nothing that beats, step 1 asked "is beating worth what it costs you?"."""
    model = PlayModel("easy", seed=3, iterations=ITERATIONS)
    while not model.game.is_over:
        if model.ai_to_move:
            model.finish_ai_turn()
            continue
        if len(model.human_actions()) == 1:
            shown = model.ask_hint()
            assert shown is not None and shown.step == HintStep.MOVE
            assert model.hint_counts.move == 1 and model.hint_counts.principle == 0
            return
        model.play(model.human_actions()[0])
    raise AssertionError("the game had no forced move")
