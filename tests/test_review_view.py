"""The game review on screen (durak.tutorial.review_view), driven headlessly."""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path

import pytest
from bqplot import Figure, Lines, Scatter

from durak import Game
from durak.i18n import LANGUAGES, gettext, set_language
from durak.tutorial import lessons, play
from durak.tutorial import review_model as texts
from durak.tutorial.review_view import ReviewView, SavedGamesReview
from tests.test_play import ITERATIONS, click_through

pytestmark = pytest.mark.usefixtures("isolated")  # tests/conftest.py


def shown(value: str) -> str:
    return html.unescape(re.sub(r"<[^>]*>", " ", value))


def blundered_endgame() -> Game:
    """You take where beating wins: the review must say so, exactly."""
    game = Game.from_deal(["7♠", "Т♣"], ["7♣", "8♥"], [], attacker=1, trump="♠")
    for move in ("attack 7♣", "take", "stop", "attack 8♥", "defend 7♠", "stop"):
        game.apply(move)
    return game


def test_the_review_shows_a_curve_the_moments_and_a_clicked_moments_position() -> None:
    view = ReviewView(blundered_endgame(), iterations=ITERATIONS, seed=1)
    assert view.errors.last_error is None
    assert view.progress.value == view.progress.max == 2 and view.progress.layout.display == "none"
    assert isinstance(view.chart, Figure)
    curve, dots = view.chart.marks
    assert isinstance(curve, Lines) and isinstance(dots, Scatter)
    assert list(curve.x) == [2, 5] and list(curve.y) == [1.0, 0.0]  # move numbers (1 = the first), chances
    assert list(dots.x) == [2] and list(dots.y) == [1.0]  # the key moment, on the curve
    assert "You played the strongest move in 1 of your 2 decisions." in shown(view.summary.value)
    assert "the game was lost whatever you played" in shown(view.lost.value)
    (button,) = view.moment_buttons
    assert button.description.startswith(
        "Move 2: you played “take” (0%); “beat with 7♠” would have kept 100%."
    )
    assert view.position.layout.display == "none"
    button.click()
    assert view.position.layout.display == "flex" and button.button_style == "info"
    assert [str(b.card) for b in view.hand.buttons] == ["7♠", "Т♣"]  # the position before the take
    assert [str(attack) for attack, _ in view.table.pairs] == ["7♣"]
    assert len(view.opponent.buttons) == 1 and not view.opponent.buttons[0].face_up  # hidden stays hidden
    detail = shown(view.detail.value)
    assert "From here you could have won, like this: You beat 7♣ with 7♠." in detail
    assert "The position before move 2" in detail


def test_without_bqplot_the_review_shows_everything_but_the_curve(monkeypatch: pytest.MonkeyPatch) -> None:
    """The static site has no NumPy, so no bqplot: the review still judges and explains."""
    monkeypatch.setitem(sys.modules, "bqplot", None)  # import bqplot now raises ImportError
    view = ReviewView(blundered_endgame(), iterations=ITERATIONS, seed=1)
    assert view.errors.last_error is None
    assert view.chart is None and view.chart_box.children == () and view.chart_note.value == ""
    assert "You played the strongest move in 1 of your 2 decisions." in shown(view.summary.value)
    (button,) = view.moment_buttons
    button.click()
    assert "From here you could have won, like this: You beat 7♣ with 7♠." in shown(view.detail.value)


def test_a_click_on_a_red_dot_selects_its_moment() -> None:
    view = ReviewView(blundered_endgame(), iterations=ITERATIONS, seed=1)
    view._dot_clicked(view.dots, {"data": {"index": 0}})  # what bqplot calls on a click
    assert view.selected is not None and str(view.selected.played) == "take"


def test_every_text_of_the_review_follows_the_language() -> None:
    view = ReviewView(blundered_endgame(), iterations=ITERATIONS, seed=1)
    view.moment_buttons[0].click()

    def texts_shown() -> tuple[str, ...]:
        parts = (view.title, view.summary, view.lost, view.detail, view.chart_note)
        chart = (view.chart.title, view.x_axis.label, view.y_axis.label)
        return (*(part.value for part in parts), *chart, view.moment_buttons[0].description)

    english = texts_shown()
    try:
        for language in LANGUAGES[1:]:
            set_language(language)
            now = texts_shown()
            same = [e for e, n in zip(english, now, strict=True) if e == n]
            assert not same, f"{language}: not translated: {same}"
            assert gettext(texts.CHART_TITLE) == view.chart.title
    finally:
        set_language("en")


def test_review_this_game_after_a_game_and_not_before() -> None:
    view = play(seed=3, iterations=ITERATIONS, resume=False)
    assert view.review_button.layout.display == "none"
    click_through(view)
    assert view.review_button.layout.display == "flex" and not view.review_button.disabled
    view.review_button.click()
    (review,) = view.review_area.children
    assert isinstance(review, ReviewView) and review.model.game is view.game
    assert len(review.model.review.decisions) > 10 and view.review_button.disabled
    view.rematch_button.click()  # a new game takes the old review away
    assert view.review_area.children == () and review.comm is None


def test_a_game_finished_above_joins_the_list_without_running_the_cell_again(isolated: Path) -> None:
    waiting = lessons.review()  # the last cell of 07, shown before any game is finished
    assert waiting.row.layout.display == "none"
    view = play(seed=5, iterations=ITERATIONS, resume=False)
    click_through(view)
    assert view.game.is_over
    assert waiting.row.layout.display == "flex"
    assert shown(waiting.title.value).strip() == gettext(texts.SAVED_TITLE)
    assert len(waiting.choice.options) == 1
    waiting.button.click()
    (review,) = waiting.output.children
    assert review.model.game.history == view.game.history


def test_a_saved_finished_game_can_be_reviewed(isolated: Path) -> None:
    empty = lessons.review()
    assert shown(empty.title.value).strip() == gettext(texts.NO_SAVED)
    view = play(seed=5, iterations=ITERATIONS, resume=False)
    click_through(view)
    saved = SavedGamesReview(iterations=ITERATIONS)
    assert len(saved.choice.options) == 1 and "·" in saved.choice.options[0][0]
    saved.button.click()
    (review,) = saved.output.children
    assert review.model.game.history == view.game.history and review.model.review is not None
