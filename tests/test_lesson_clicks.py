"""Issue 28: every click in a lesson is answered, and rightly (the learner walk's B2-B12), and
counts in the lessons' sentences go through plural forms."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import ipywidgets as widgets
import pytest

from durak import Card
from durak.cards import DECK
from durak.messages import AI, YOU, named_move
from durak.tutorial import exercises as ex
from durak.tutorial import lessons
from durak.tutorial.lessons import model as lm
from durak.tutorial.lessons import views
from durak.tutorial.lessons.content import bout, common, taking
from durak.tutorial.widgets.cards import CardButton

pytestmark = pytest.mark.usefixtures("isolated")  # tests/conftest.py
ROOT = Path(__file__).resolve().parent.parent


def descendants(root: widgets.Widget) -> Iterator[widgets.Widget]:
    """Every widget reachable from ``root`` through its synced traits (children, layout, ...)."""
    seen: set[str] = set()
    todo = [root]
    while todo:
        widget = todo.pop()
        if widget.model_id in seen:
            continue
        seen.add(widget.model_id)
        yield widget
        for name in widget.keys:
            value = getattr(widget, name, None)
            values = value if isinstance(value, (tuple, list)) else (value,)
            todo += [v for v in values if isinstance(v, widgets.Widget)]


def card_buttons(view: views.ExerciseView) -> list[CardButton]:
    return [w for w in descendants(view.picture) if isinstance(w, CardButton)]


def face_up_buttons(view: views.ExerciseView) -> list[CardButton]:
    return [button for button in card_buttons(view) if button.face_up]


def shown(view: views.ExerciseView) -> str:
    return unescape(view.feedback.value)


# --- B7: every card shown answers a click --------------------------------------------------


@pytest.mark.parametrize("exercise_id", list(ex.EXERCISES))
def test_every_face_up_card_answers_a_click_with_a_reason(exercise_id: str) -> None:
    view = lessons.exercise(exercise_id)
    for button in face_up_buttons(view):
        assert not button.static, f"{button.card} cannot be clicked"
        if button.card in view.exercise.choices:
            continue  # answers are judged by the other tests
        view.exercise.reset()
        view._restart()
        clicked = next(b for b in face_up_buttons(view) if b.card == button.card)
        clicked.click()
        assert view.feedback_text.strip(), f"{exercise_id}: {button.card} said nothing"
        assert view.errors.last_error is None
    view.close()


def test_a_card_face_down_says_whose_it_is() -> None:
    view = lessons.exercise("coached_bout")
    backs = [button for button in card_buttons(view) if not button.face_up]
    assert backs, "the coached bout shows the AI's hand face down"
    assert not any(button.static for button in backs), "a card back cannot be clicked"
    backs[0].click()
    assert view.feedback_text.startswith("This is one of the AI’s cards, face down")
    assert "✗" not in view.feedback.value and "✓" not in view.feedback.value
    assert view.errors.last_error is None
    view.close()


def test_the_face_up_trump_card_says_what_it_is() -> None:
    view = lessons.exercise("setup_last_card")
    trump = view.exercise.game.trump_card
    next(b for b in face_up_buttons(view) if b.card == trump).click()
    assert "face-up trump card" in view.feedback_text and str(trump) in view.feedback_text
    assert "✗" not in view.feedback.value and not view.exercise.solved
    view.close()


def test_a_card_that_cannot_beat_says_why_and_cites_beating() -> None:
    view = lessons.exercise("take_early")
    next(b for b in face_up_buttons(view) if b.card == Card.parse("9♣")).click()
    assert view.feedback_text.startswith("9♣ does not beat 7♦")
    assert "✗" in view.feedback.value and views.rule_reminder("R6") in shown(view)


# --- B4: narration is not praise, and never empty --------------------------------------------


def all_lines(exercise: lm.PlayOut, moves: tuple[lm.Answer, ...] = ()) -> Iterator[tuple[lm.Answer, ...]]:
    exercise.reset()
    for move in moves:
        exercise.check(move)
    if exercise.game.is_over:
        yield moves
        return
    for answer in sorted(exercise.answers, key=str):
        yield from all_lines(exercise, (*moves, answer))


@pytest.mark.parametrize("exercise_id", ["endgame_win", "endgame_draw", "endgame_one_move"])
def test_every_endgame_move_is_narrated_without_a_mark(exercise_id: str) -> None:
    exercise = ex.build(exercise_id)
    assert isinstance(exercise, lm.PlayOut)
    for line in list(all_lines(exercise)):
        exercise.reset()
        for move in line:
            feedback = exercise.check(move)
            assert ex.feedback_text(feedback).strip(), (line, move)
            if not exercise.game.is_over:
                assert feedback.correct is None, (line, move)  # narration: no ✓, no ✗


def test_stop_after_the_ai_takes_is_narrated_and_the_view_shows_no_lone_tick() -> None:
    view = lessons.exercise("endgame_win")
    view.click("10♠")
    view.click("10♦")  # the AI takes: your hand is empty
    assert "“Stop”" in unescape(view.status.value)  # what to do now
    view.click("stop")
    assert view.feedback_text.strip() and "✓" not in view.feedback.value
    view.close()


def test_the_losing_stop_is_not_ticked() -> None:
    view = lessons.exercise("endgame_draw")
    view.click("6♠")
    view.click("stop")
    assert "The AI attacks with 7♣." in view.feedback_text and "✓" not in view.feedback.value
    assert "beat 7♣ or take" in unescape(view.status.value)


def test_a_missed_win_names_the_result_and_shows_how_the_better_move_wins() -> None:
    exercise = ex.build("endgame_one_move")
    assert isinstance(exercise, lm.PlayOut)
    line = next(line for line in all_lines(exercise) if not exercise.solved)
    exercise.reset()
    for move in line:
        feedback = exercise.check(move)
    text = ex.feedback_text(feedback)
    assert "The game ended in a draw" in text or "with you as the Durak" in text
    better = exercise.turning_point()
    assert better is not None
    assert f"How “{named_move(better[1]).text()}” wins:" in text
    assert text.rstrip().endswith("The AI is left holding cards: it is the Durak.")


# --- B9: the rule cited is the one the click broke ------------------------------------------


def test_a_refused_throw_in_cites_throwing_in_not_the_exercises_rule() -> None:
    view = lessons.exercise("coached_bout")
    view.click("7♣")  # the AI beats it with К♣
    view.click("9♣")
    assert "You cannot add 9♣" in view.feedback_text or "9♣" in view.feedback_text
    assert views.rule_reminder("R7") in shown(view) and views.rule_reminder("R10") not in shown(view)
    view.close()


def test_a_card_that_does_not_beat_in_the_coached_take_cites_beating() -> None:
    view = lessons.exercise("coached_take")
    view.click("7♦")  # on 8♣
    assert "7♦" in view.feedback_text
    assert views.rule_reminder("R6") in shown(view) and views.rule_reminder("R9") not in shown(view)
    view.close()


def test_a_refused_endgame_move_cites_beating() -> None:
    view = lessons.exercise("endgame_draw")
    view.click("6♠")  # the AI beats it with 7♠ and you may throw in
    view.click("stop")  # the AI attacks with 7♣
    view.click("6♣")
    assert "6♣ is lower than 7♣" in view.feedback_text
    assert views.rule_reminder("R6") in shown(view) and views.rule_reminder("R12") not in shown(view)


def test_a_wrong_refill_answer_in_the_coached_bout_cites_refilling() -> None:
    exercise = ex.build("coached_bout")
    assert isinstance(exercise, lm.Coached)
    exercise.check(Card.parse("7♣"))
    exercise.check("stop")
    exercise.check("discard")
    feedback = exercise.check("ai")  # who draws first: you did
    assert feedback.rule == "R11"


def test_who_is_the_durak_is_the_end_rule() -> None:
    assert ex.build("outcome_ai_durak").rule == "R12"


# --- B2, B3, B8: what the views say and how they look ------------------------------------------


def test_the_coached_take_opening_says_each_sentence_once() -> None:
    view = lessons.exercise("coached_take")
    status = unescape(re.sub("<[^>]+>", "", view.status.value))
    sentences = [s.strip() for s in re.split(r"(?<=\.)\s", status) if s.strip()]
    assert len(sentences) == len(set(sentences)), status
    view.close()


def test_every_button_of_an_exercise_grows_with_its_label() -> None:
    view = lessons.exercise("coached_bout")
    buttons = [view.restart, *view.option_buttons.values()]
    assert all(button.layout.width == "auto" for button in buttons)
    view.close()


@pytest.mark.parametrize(
    "build", [lambda: lessons.exercise("coached_take"), lessons.play, lambda: lessons.header("00_start")]
)
def test_no_widget_sends_a_null_tooltip(build: object) -> None:
    assert callable(build)
    root = build()
    nulls = [type(w).__name__ for w in descendants(root) if "tooltip" in w.keys and w.tooltip is None]
    assert not nulls, nulls
    root.close()


# --- B10-B12: what the pictures show ---------------------------------------------------------


def test_a_full_stock_is_shuffled_the_same_way_every_time() -> None:
    stock = common.full_stock("7♣ 7♥ 9♦ 9♣ 6♥ 10♦", "Т♣ К♥ Т♦ К♣ Т♥ К♦", "8♠")
    assert stock == common.full_stock("7♣ 7♥ 9♦ 9♣ 6♥ 10♦", "Т♣ К♥ Т♦ К♣ Т♥ К♦", "8♠")
    rest = stock[:-1]
    assert rest != sorted(rest, key=DECK.index) and stock[-1] == Card.parse("8♠")


def test_the_coached_bout_clears_the_table_once_the_discard_is_answered() -> None:
    exercise = ex.build("coached_bout")
    assert isinstance(exercise, lm.Coached)
    exercise.check(Card.parse("7♣"))
    exercise.check("stop")
    assert exercise.shown_game.table  # the question is about the table
    exercise.check("discard")
    shown_game = exercise.shown_game
    assert not shown_game.table and len(shown_game.discard) == 2
    assert shown_game.stock == exercise.before_end.stock if exercise.before_end else False  # not refilled yet


@pytest.mark.parametrize("exercise_id", ["coached_bout", "coached_take"])
def test_who_attacks_next_is_asked_over_the_hands_refilled(exercise_id: str) -> None:
    # the walk after the fixes: "who attacks next?" still showed the old hand and a full stock
    exercise = ex.build(exercise_id)
    assert isinstance(exercise, lm.Coached)
    while exercise.current is None or exercise.current.prompt.msgid not in (bout.Q_NEXT, taking.Q_NEXT):
        exercise.check(sorted(exercise.answers, key=str)[0])
    shown_game = exercise.shown_game
    assert shown_game.hands == exercise.game.hands and shown_game.stock == exercise.game.stock
    assert exercise.before_end is not None and len(shown_game.stock) < len(exercise.before_end.stock)


def test_how_many_cards_the_ai_draws_shows_the_ais_hand() -> None:
    view = lessons.exercise("refill_after_take")
    ai_hand = set(view.exercise.game.hands[AI])
    assert ai_hand <= {b.card for b in face_up_buttons(view)}
    view.close()


def test_unbeaten_cards_have_an_empty_slot_when_the_table_is_clickable() -> None:
    view = lessons.exercise("take_pickup")
    unbeaten = sum(defence is None for _, defence in view.exercise.game.table)
    slots = [w for w in descendants(view.picture) if isinstance(w, widgets.HTML) and "durak-slot" in w.value]
    assert unbeaten and len(slots) == unbeaten
    view.close()


# --- plurals -----------------------------------------------------------------------------------

COUNTED_NOUN = re.compile(r"\{\w+\} (cards?|decisions?|exercises?)\b")


def test_no_plain_msgid_puts_a_count_before_a_noun() -> None:
    found = []
    for path in [*(ROOT / "durak/tutorial/lessons").rglob("*.py"), ROOT / "durak/tutorial/review_model.py"]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "N_":
                text = node.args[0].value if isinstance(node.args[0], ast.Constant) else ""
                if COUNTED_NOUN.search(str(text)):
                    found.append(f"{path.name}:{node.lineno}")
    assert not found, found


def test_the_review_summary_reads_naturally_for_one_decision() -> None:
    from durak.tutorial import review_model

    assert review_model.summary_sentence(1, 1) == "Your only decision was the strongest move."
    assert review_model.summary_sentence(0, 1) == "Your only decision was not the strongest move."
    assert review_model.summary_sentence(2, 3) == "You played the strongest move in 2 of your 3 decisions."


# --- the walk after the fixes: the coach and the better move's name -------------------------


def test_when_only_stop_is_left_the_coach_says_press_stop_and_nothing_else() -> None:
    seen = 0
    for exercise_id in ("endgame_win", "endgame_draw", "endgame_one_move"):
        for line in all_lines(ex.build(exercise_id)):
            exercise = ex.build(exercise_id)
            for move in line:
                coach = exercise.coach()
                assert coach is not None
                only_stop = exercise.game.legal_actions() == [lm.STOP]
                seen += only_stop
                assert (coach.msgid == lm.COACH_STOP_ONLY) == only_stop, coach.text()
                exercise.check(move)
    assert seen, "no position of the endgames leaves only Stop"


def test_a_better_move_that_adds_a_card_is_named_as_the_narration_names_it() -> None:
    exercise = ex.build("endgame_draw")
    named_moves = []
    for line in all_lines(exercise):
        exercise.reset()
        for move in line:
            exercise.check(move)
        text = lm.feedback_text(exercise.last)
        for better in re.findall(r"How “(add|attack with) (\S+)” reaches a draw: You (\w+) (\S+)\.", text):
            named, card, narrated, card_played = better
            assert card == card_played and {"add": "add", "attack with": "lead"}[named] == narrated, text
            named_moves.append(named)
    assert "add" in named_moves  # a throw-in was named "attack with 6♠" before "You add 6♠."


def test_the_coached_bout_says_press_stop_when_no_card_may_be_added() -> None:
    exercise = ex.build("coached_bout")
    assert isinstance(exercise, lm.Coached)
    exercise.check(Card.parse("7♣"))
    assert exercise.coach(exercise).msgid == bout.COACH_THROW  # 7♥ may follow
    exercise.check(Card.parse("7♥"))
    assert exercise.game.legal_actions() == [lm.STOP]
    assert exercise.coach(exercise).msgid == lm.COACH_STOP_ONLY


@pytest.mark.parametrize("exercise_id", ["endgame_win", "endgame_draw", "endgame_one_move"])
def test_a_click_after_the_end_shows_the_end_again_unchanged(exercise_id: str) -> None:
    exercise = ex.build(exercise_id)
    for line in all_lines(exercise):
        exercise.reset()
        for move in line:
            exercise.check(move)
        ending = exercise.last
        for answer in ("take", "stop", *exercise.game.hands[YOU]):
            assert exercise.check(answer) is ending
