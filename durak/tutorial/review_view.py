"""The game review on screen: a progress bar while it runs, then the summary, the chance curve
and the key moments; a click on a moment shows its position.

The curve is a Vega-Lite spec shown in an ``Output`` widget: JupyterLab, Voilà and the static
site's JupyterLite all draw it with the Vega renderer they bundle, and nothing in the kernel
needs NumPy. The texts, the points and the spec come from
:class:`~durak.tutorial.review_model.GameReview`; this module only lays them out.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from html import escape
from typing import Any

import ipywidgets as widgets
from babel.dates import format_datetime

from durak.ai.review import Moment
from durak.ai.teaching import Lesson
from durak.game import Game
from durak.i18n import get_language, gettext
from durak.messages import YOU, game_over_message, say
from durak.tutorial import review_model as texts
from durak.tutorial.lessons.content.strategy import TOPICS
from durak.tutorial.review_model import VEGA_LITE, GameReview
from durak.tutorial.saves import HintCounts, SavedGame, finished_games, on_finished_saved
from durak.tutorial.widgets.base import ErrorArea, LocalizedVBox
from durak.tutorial.widgets.cards import HandView, OpponentHandView, StockView, TableView

__all__ = ["ReviewView", "SavedGamesReview"]

# How the front ends' Vega renderer shows the chart: as SVG (drawn sharp, and read by screen
# readers through the spec's description), without the "…" menu of exports and a link to the
# online Vega editor.
EMBED_OPTIONS = {"actions": False, "renderer": "svg"}
# The chart has a fixed size (see GameReview.chart_spec); on a narrower screen it shrinks to fit.
CHART_CSS = """<style>
.durak-review-chart .vega-embed { max-width: 100%; }
.durak-review-chart .vega-embed svg { max-width: 100%; height: auto; }
/* a key moment's button and a habit's link to lesson 06 hold a sentence: wrapped, never cut to "…"
   nor wider than the screen */
.durak-review .durak-moment.jupyter-button, .durak-review .durak-lesson-link.jupyter-button {
  white-space: normal; height: auto; min-height: 2em; max-width: 100%; text-align: left; line-height: 1.3;
  padding-top: 0.3em; padding-bottom: 0.3em;
}
.durak-review, .durak-review .widget-box { min-width: 0; max-width: 100%; }
</style>"""


class ReviewView(LocalizedVBox):
    """The review of one finished game. ``start=False`` builds the view without running the
    review (call :meth:`start`): the caller can show the progress bar first."""

    def __init__(
        self,
        game: Game,
        *,
        player: int = YOU,
        iterations: int | None = None,
        seed: int | None = None,
        hint_counts: HintCounts | None = None,
        start: bool = True,
        open_topic: Callable[[str], None] | None = None,
        **kwargs: Any,
    ) -> None:
        self.model = GameReview(game, player, iterations=iterations, seed=seed, hint_counts=hint_counts)
        # a page with the lessons (the course) opens lesson 06 at a habit's part; a notebook quotes it
        self.open_topic = open_topic
        self.lesson_links = widgets.VBox()
        self.lesson_links.add_class("durak-lesson-links")
        self.title = widgets.HTML()
        self.progress = widgets.IntProgress(value=0, min=0, max=1, layout={"width": "60%"})
        self.progress_text = widgets.HTML()
        self.summary = widgets.HTML()
        self.hints = widgets.HTML()  # the hints asked for in the game
        self.chart_note = widgets.HTML()
        self.chart = widgets.Output(layout={"width": "100%", "max_width": "720px"})
        self.chart.add_class("durak-review-chart")
        self.chart_css = widgets.HTML(CHART_CSS, layout={"display": "none"})
        self.chart_spec: dict[str, Any] | None = None  # the spec the chart shows
        self.moments_title = widgets.HTML()
        self.moment_buttons: list[widgets.Button] = []
        self.moments = widgets.VBox()
        self.lost = widgets.HTML()
        self.practise = widgets.HTML()  # one line: what to practise next
        self.patterns = widgets.HTML()  # the lesson-6 habits broken, each with its part of the lesson
        self.detail = widgets.HTML()
        self.hand = HandView()
        self.opponent = OpponentHandView()
        self.table = TableView()
        self.stock = StockView()
        self.position = widgets.VBox(
            [self.opponent, self.table, self.stock, self.hand], layout={"display": "none"}
        )
        self.position.add_class("durak-review-position")
        self.errors = ErrorArea()
        self.selected: Moment | None = None
        parts = (
            self.title,
            self.progress,
            self.progress_text,
            self.summary,
            self.hints,
            self.chart_css,
            self.chart,
            self.chart_note,
            self.lost,
            self.practise,
            self.patterns,
            self.lesson_links,
            self.moments_title,
            self.moments,
            self.detail,
            self.position,
            self.errors,
        )
        super().__init__(children=parts, **kwargs)
        self.add_class("durak-review")
        self._start_localized()
        if start:
            self.start()

    # --- running ---

    def start(self) -> None:
        """Run the review, showing its progress, then show what it found."""
        self.errors.guard(self._run)()
        self.render()

    def _run(self) -> None:
        self.model.run(progress=self._progressed)
        self.progress.layout.display = "none"
        self.progress_text.layout.display = "none"
        self._build_moments()

    def _progressed(self, done: int, total: int) -> None:
        self.progress.max = max(1, total)
        self.progress.value = done
        said = say(texts.PROGRESS, done=done, total=total)
        self.progress_text.value = f"<i>{escape(said)}</i>"

    def _build_moments(self) -> None:
        assert self.model.review is not None
        buttons = []
        for moment in self.model.review.moments:
            button = widgets.Button(layout={"width": "auto", "max_width": "100%"})
            button.add_class("durak-moment")
            button.moment = moment
            button.on_click(self.errors.guard(self._moment_clicked))
            buttons.append(button)
        self.moment_buttons = buttons
        self.moments.children = tuple(buttons)

    # --- selecting a moment ---

    def _moment_clicked(self, button: widgets.Button) -> None:
        self.select(button.moment)

    def select(self, moment: Moment) -> None:
        """Show ``moment``: the full explanation, and the position before it (read-only)."""
        self.selected = moment
        game = self.model.position(moment)
        observation = game.observation(self.model.player)  # what the player saw: no hidden card
        trump = game.trump
        self.hand.update(list(observation.hand), trump)
        self.opponent.update(observation.opponent_hand_size, observation.opponent_known, trump)
        self.table.update(observation.table, trump, game.bout_limit if game.table else None)
        trump_card = game.trump_card if observation.trump_card_in_stock else None
        self.stock.update(trump, trump_card, observation.stock_size, len(observation.discard))
        self.position.layout.display = "flex"
        for button in self.moment_buttons:
            button.button_style = "info" if button.moment is moment else ""
        self.render()

    # --- texts ---

    def render(self) -> None:
        self.title.value = f"<h3>{escape(gettext(texts.TITLE))}</h3>"
        verdict = self.model.review
        if verdict is None:
            self.progress_text.value = f"<i>{escape(say(texts.PROGRESS, done=0, total='…'))}</i>"
            return
        self.summary.value = f"<b>{escape(self.model.summary_text())}</b>"
        hints = self.model.hints_text()
        self.hints.value = f"<p>{escape(hints)}</p>" if hints else ""
        self._show_chart()
        # the percentages explained once, beside the chart: also where no chart is drawn
        self.chart_note.value = f"<i>{escape(self.model.chart_note())}</i>" if verdict.decisions else ""
        self.practise.value = f"<p><b>{escape(self.model.practise_text())}</b></p>"
        habits = self.model.pattern_texts()
        self.patterns.value = (
            f"<b>{escape(gettext(texts.PATTERNS_TITLE))}</b>"
            + "".join(f'<p class="durak-pattern">{_lines(said)}</p>' for _, said in habits)
            if habits
            else ""
        )
        self._show_lesson_links([lesson for lesson, _ in habits])
        lost = self.model.lost_text()
        self.lost.value = f"<p>{escape(lost)}</p>" if lost else ""
        self.moments_title.value = (
            f"<b>{escape(gettext(texts.MOMENTS_TITLE))}</b>"
            if verdict.moments
            else f"<p>{escape(gettext(texts.NO_MOMENTS))}</p>"
        )
        for button in self.moment_buttons:
            title = self.model.moment_title(button.moment)
            button.description = title
            button.tooltip = title
        if self.selected is not None:
            heading = say(texts.POSITION_TITLE, move=self.selected.index + 1)
            self.detail.value = (
                f"<p>{escape(self.model.moment_text(self.selected))}</p><p><i>{escape(heading)}</i></p>"
            )

    def _show_chart(self) -> None:
        """Show the chart in the current language (no chart for a game without a decision);
        drawn again only when its spec changed: a click on a moment renders the texts, and
        would otherwise redraw the same curve."""
        spec = self.model.chart_spec() if self.model.points()[0] else None
        if spec == self.chart_spec:
            return
        self.chart_spec = spec
        if spec is None:
            self.chart.outputs = ()
            return
        shown = {
            "output_type": "display_data",
            "data": {VEGA_LITE: spec, "text/plain": self.model.chart_text()},
            "metadata": {VEGA_LITE: {"embed_options": EMBED_OPTIONS}},
        }
        self.chart.outputs = (shown,)

    def _show_lesson_links(self, parts: list[Lesson]) -> None:
        """A button per part of lesson 06 the habits come from, where the page can open it."""
        if self.open_topic is None:
            return
        shown = {button.topic: button for button in self.lesson_links.children}
        for topic in set(shown) - {part.value for part in parts}:
            shown.pop(topic).close()
        for part in parts:
            if part.value not in shown:
                button = widgets.Button(icon="book", layout={"width": "auto", "max_width": "100%"})
                button.topic = part.value
                button.add_class("durak-lesson-link")
                button.on_click(self.errors.guard(self._lesson_link_clicked))
                shown[part.value] = button
            title, _ = TOPICS[part.value]
            shown[part.value].description = say(texts.READ_IN_LESSON, title=gettext(title))
        self.lesson_links.children = tuple(shown[part.value] for part in parts)

    def _lesson_link_clicked(self, button: widgets.Button) -> None:
        assert self.open_topic is not None
        self.open_topic(button.topic)

    def close(self) -> None:
        for part in (self.hand, self.opponent, self.table, self.stock, self.chart):
            part.close()
        for button in (*self.moment_buttons, *self.lesson_links.children):
            button.close()
        super().close()


class SavedGamesReview(LocalizedVBox):
    """Pick one of your finished, saved games and review it (notebook 07's last cell)."""

    def __init__(
        self, *, iterations: int | None = None, open_topic: Callable[[str], None] | None = None, **kwargs: Any
    ) -> None:
        self.iterations = iterations
        self.open_topic = open_topic
        self.saved = finished_games()
        self.title = widgets.HTML()
        self.choice = widgets.Dropdown(layout={"width": "auto", "max_width": "100%"})
        self.button = widgets.Button(icon="search", layout={"width": "auto", "min_width": "8em"})
        self.button.add_class("durak-review-saved")
        self.errors = ErrorArea()
        self.output = widgets.VBox()
        self.button.on_click(self.errors.guard(self._review_clicked))
        self.row = widgets.HBox([self.choice, self.button], layout={"flex_flow": "row wrap"})
        super().__init__(children=(self.title, self.row, self.errors, self.output), **kwargs)
        # a game finished above, in this kernel, joins the list at once: no cell to run again
        self._unsubscribe_saves = on_finished_saved(self._game_finished)
        self._start_localized()

    def _game_finished(self, _path: Any) -> None:
        self.saved = finished_games()
        self.choice.value = None
        self.render()

    def _review_clicked(self, _button: widgets.Button) -> None:
        saved = self.saved[self.choice.value]
        for old in self.output.children:
            old.close()
        view = ReviewView(
            saved.game,
            iterations=self.iterations,
            hint_counts=saved.hints,
            start=False,
            open_topic=self.open_topic,
        )
        self.output.children = (view,)
        view.start()

    def render(self) -> None:
        title = texts.SAVED_TITLE if self.saved else texts.NO_SAVED
        self.row.layout.display = "flex" if self.saved else "none"
        self.title.value = f"<h3>{escape(gettext(title))}</h3>"
        self.button.description = gettext(texts.REVIEW_BUTTON)
        chosen = self.choice.value if self.choice.value is not None else 0
        self.choice.options = [(_saved_label(saved), index) for index, saved in enumerate(self.saved)]
        if self.saved:
            self.choice.value = chosen  # the labels changed language, not the game chosen

    def close(self) -> None:
        unsubscribe = getattr(self, "_unsubscribe_saves", None)
        if unsubscribe is not None:
            unsubscribe()
        super().close()


def _saved_label(saved: SavedGame) -> str:
    """When the game was played (the file's time, in the learner's locale) and how it ended."""
    played = datetime.fromtimestamp(saved.stamp[0] / 1e9)
    when = format_datetime(played, "short", locale=get_language())
    return f"{when} · {game_over_message(saved.game.loser, viewer=YOU)}"


def _lines(text: str) -> str:
    """``text`` escaped, its lines kept as lines."""
    return "<br>".join(escape(line) for line in text.split("\n"))
