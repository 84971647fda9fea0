"""The game review on screen (durak.tutorial.review_view), driven headlessly."""

from __future__ import annotations

import html
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from durak import Game
from durak.i18n import LANGUAGES, format_percent, gettext, set_language
from durak.tutorial import lessons, play
from durak.tutorial import review_model as texts
from durak.tutorial.review_model import VEGA_LITE
from durak.tutorial.review_view import ReviewView, SavedGamesReview
from durak.tutorial.style import AI_BLUE, WRONG_RED
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


def shown_chart(view: ReviewView) -> tuple[dict[str, Any], str]:
    """The Vega-Lite spec the chart's Output widget holds, and its text alternative."""
    (output,) = view.chart.outputs
    assert output["output_type"] == "display_data"
    assert output["metadata"][VEGA_LITE]["embed_options"] == {"actions": False, "renderer": "svg"}
    return output["data"][VEGA_LITE], output["data"]["text/plain"]


def test_the_review_shows_a_curve_the_moments_and_a_clicked_moments_position() -> None:
    view = ReviewView(blundered_endgame(), iterations=ITERATIONS, seed=1)
    assert view.errors.last_error is None
    assert view.progress.value == view.progress.max == 2 and view.progress.layout.display == "none"
    spec, alternative = shown_chart(view)
    # move numbers (1 = the first), chances, and the key moment (a red dot on the curve)
    points = [(row["move"], row["chance"], row["key"]) for row in spec["data"]["values"]]
    assert points == [(2, 1.0, True), (5, 0.0, False)]
    (curve, dots) = spec["layer"]
    assert curve["mark"]["type"] == "line" and curve["mark"]["color"] == AI_BLUE
    assert dots["transform"] == [{"filter": "datum.key"}] and dots["mark"]["color"] == WRONG_RED
    assert spec["encoding"]["x"]["field"] == "move" and spec["encoding"]["y"]["field"] == "chance"
    assert spec["encoding"]["x"]["scale"]["domain"] == [0, 6]  # the whole game: six actions
    assert spec["title"]["text"] == "Your chances, move by move"
    assert spec["encoding"]["x"]["title"] == "Move" and spec["encoding"]["y"]["title"] == "Your chance"
    assert spec["description"] == alternative == "Your chances, move by move: Move 2: 100%, Move 5: 0%."
    assert "the key moments" in shown(view.chart_note.value)
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


def test_the_chart_needs_no_numpy(monkeypatch: pytest.MonkeyPatch) -> None:
    """The static site's Python has no NumPy: the chart is plain JSON, drawn by the front end."""
    monkeypatch.setitem(sys.modules, "numpy", None)  # import numpy now raises ImportError
    view = ReviewView(blundered_endgame(), iterations=ITERATIONS, seed=1)
    assert view.errors.last_error is None
    spec, _ = shown_chart(view)
    json.dumps(spec, allow_nan=False)  # nothing but JSON in it
    assert [row["move"] for row in spec["data"]["values"]] == [2, 5]


def test_the_chance_axis_is_labelled_as_the_language_writes_percentages() -> None:
    """Vega would write 100% in every language: the labels are Babel's, in the spec."""
    view = ReviewView(blundered_endgame(), iterations=ITERATIONS, seed=1)
    try:
        for language, hundred in (("en", "100%"), ("de", "100\xa0%"), ("tr", "%100")):
            set_language(language)
            spec, alternative = shown_chart(view)
            y = spec["encoding"]["y"]
            assert y["axis"]["values"] == [0, 0.25, 0.5, 0.75, 1]
            assert f"datum.value == 1 ? {json.dumps(hundred)}" in y["axis"]["labelExpr"]
            assert [row["percent"] for row in spec["data"]["values"]] == [hundred, format_percent(0)]
            assert hundred in alternative
    finally:
        set_language("en")


def test_a_game_without_a_decision_shows_no_chart() -> None:
    game = Game.from_deal(["7♠"], ["8♠"], [], attacker=0, trump="♠")
    for move in ("attack 7♠", "defend 8♠", "stop"):  # each the only legal action
        game.apply(move)
    view = ReviewView(game, iterations=ITERATIONS, seed=1)
    assert game.is_over and view.model.review.decisions == ()
    assert view.chart.outputs == () and view.chart_note.value == ""


def test_a_click_on_a_moment_does_not_draw_the_chart_again() -> None:
    view = ReviewView(blundered_endgame(), iterations=ITERATIONS, seed=1)
    before = view.chart.outputs
    view.moment_buttons[0].click()
    assert view.chart.outputs is before


def test_every_text_of_the_review_follows_the_language() -> None:
    view = ReviewView(blundered_endgame(), iterations=ITERATIONS, seed=1)
    view.moment_buttons[0].click()

    def texts_shown() -> tuple[str, ...]:
        parts = (view.title, view.summary, view.lost, view.detail, view.chart_note)
        spec, alternative = shown_chart(view)
        chart = (spec["title"]["text"], spec["encoding"]["x"]["title"], spec["encoding"]["y"]["title"])
        return (*(part.value for part in parts), *chart, alternative, view.moment_buttons[0].description)

    english = texts_shown()
    try:
        for language in LANGUAGES[1:]:
            set_language(language)
            now = texts_shown()
            same = [e for e, n in zip(english, now, strict=True) if e == n]
            assert not same, f"{language}: not translated: {same}"
            assert shown_chart(view)[0]["title"]["text"] == gettext(texts.CHART_TITLE)
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
