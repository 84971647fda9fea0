"""The whole tutorial as one page with one Python: ``from durak.tutorial import course; course()``.

The eight lessons are steps of the same page: a sticky top bar keeps the language picker, the
learner's progress and the contents in view; each lesson is rendered the first time it is
opened, from the same cell plans the notebooks are written from, and shown from its first cards
on while the rest is built (and the next lesson prepared meanwhile, so that "next" answers at
once); a control at the end, named by the next lesson's title,
leads there, and one back. The open lesson, the language and an unfinished game come back
after a reload. The static site opens on this page, ``make app`` (Voilà) serves it, and
``course.ipynb`` shows it in JupyterLab.

>>> import os, tempfile
>>> os.environ["DURAK_CONFIG_DIR"] = tempfile.mkdtemp()
>>> page = course(lang="en")
>>> page.heading_text
'Durak · 00 · Start: the deck and trump'
>>> page.next_button.click()
>>> page.heading_text
'Durak · 01 · The goal: who is the Durak?'
>>> page.close(); del os.environ["DURAK_CONFIG_DIR"]
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator, Sequence
from html import escape
from time import monotonic
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as widgets

from durak.i18n import N_, gettext
from durak.messages import say
from durak.tutorial import lessons, progress
from durak.tutorial.course_model import CourseModel, start_language
from durak.tutorial.lab_locale import lab_locale
from durak.tutorial.lessons.content import NOTEBOOKS
from durak.tutorial.lessons.content.common import SHOW_GAME, Cell
from durak.tutorial.lessons.views import DeckView, ExerciseView, Lookup, progress_text, storage_notice_html
from durak.tutorial.page_bridge import PageBridge
from durak.tutorial.settings import browser_storage_missing
from durak.tutorial.style import COURSE_CSS
from durak.tutorial.widgets.base import ErrorArea, LocalizedVBox, close_all, running_loop
from durak.tutorial.widgets.cards import CARD_CSS
from durak.tutorial.widgets.chrome import LanguagePicker

__all__ = ["COURSE_TITLE", "LOADING", "SITE_PREAMBLE", "CourseView", "address_code", "course"]

# Translators: the course page's name (the notebook course.ipynb, in JupyterLab).
COURSE_TITLE = N_("The whole course on one page")
# Translators: shown on the static site while Python starts in the page, before the course appears.
LOADING = N_("Loading the course: Python is starting in your browser. This takes a few seconds.")
# Translators: the open lesson, in the top bar, by the number its heading shows ("Lesson 03").
LESSON_NUMBER = N_("Lesson {number}")
# Translators: the button that opens the list of lessons.
CONTENTS = N_("Contents")
NEXT_LESSON = N_("Next lesson")
PREVIOUS_LESSON = N_("Previous lesson")
# Translators: after a lesson's title in the contents: its exercises solved ("2 of 5 solved").
LESSON_SOLVED = N_("{n} of {total} solved")
# Translators: the link from the course page on the static site to the same lessons as notebooks.
NOTEBOOKS_LINK = N_("The same lessons as notebooks, with their code")
LAB_URL = "../lab/index.html?path=00_start.ipynb"  # from the site's course page (repl/index.html)
CARD_VIEWS = (DeckView, ExerciseView)  # and the game (PlayView): what the learner can play with
DOUBLE_CLICK = 0.5  # seconds: a second click on next/previous within them is the same click
BACKGROUND_STEP = 0.05  # seconds between two cells built in the background: clicks go first


class CourseView(LocalizedVBox):
    """The course on screen (see the module's docstring); ``go_to(lesson)`` is what a click does.

    ``play_options`` go to :func:`~durak.tutorial.play` when the game's lesson is opened.
    """

    def __init__(self, model: CourseModel, *, play_options: dict[str, Any] | None = None, **kwargs: Any):
        self.model = model
        self.play_options = play_options or {}
        self.errors = ErrorArea()
        guard = self.errors.guard

        self.brand = widgets.HTML("<b style='font-size:1.2em'>Durak</b>")
        self.place = widgets.HTML()
        self.picker = LanguagePicker()
        self.contents_button = widgets.ToggleButton(icon="list", layout={"width": "auto"})
        self.contents_button.observe(guard(self._contents_toggled), names="value")
        self.lesson_buttons: dict[str, widgets.Button] = {}
        for lesson in model.lessons:
            button = widgets.Button(layout={"width": "100%"})
            button.on_click(guard(lambda _b, lesson=lesson: self.go_to(lesson)))
            self.lesson_buttons[lesson] = button
        self.contents = widgets.VBox(list(self.lesson_buttons.values()), layout={"display": "none"})
        # The contents open inside the bar that stays in view: wherever the learner has scrolled to.
        self.top_bar = widgets.VBox(
            [
                widgets.HBox(
                    [self.brand, self.contents_button, self.picker, self.place],
                    layout={"flex_flow": "row wrap", "align_items": "center", "grid_gap": "0.3em 1em"},
                ),
                self.contents,
            ]
        )
        self.storage_notice = widgets.HTML() if browser_storage_missing() else None
        self.notebooks_link = widgets.HTML() if sys.platform == "emscripten" else None
        self.heading = widgets.HTML()
        self.lookup = Lookup()
        self.lesson_area = widgets.VBox()
        self.previous_button = widgets.Button(
            icon="arrow-left", layout={"width": "auto", "max_width": "100%"}
        )
        self.next_button = widgets.Button(
            icon="arrow-right", button_style="primary", layout={"width": "auto", "max_width": "100%"}
        )
        self.previous_button.on_click(guard(lambda _b: self._step(self.model.previous)))
        self.next_button.on_click(guard(lambda _b: self._step(self.model.next)))
        self._stepped_at = -DOUBLE_CLICK
        self.nav = widgets.HBox(
            [self.previous_button, self.next_button],
            layout={"flex_flow": "row wrap", "justify_content": "space-between", "grid_gap": "0.5em"},
        )
        self.bridge: PageBridge | None = None  # attached once the lesson is built (it scrolls to it)
        self.bridge_slot = widgets.Box()
        self.css = widgets.HTML(CARD_CSS + COURSE_CSS, layout={"display": "none"})
        parts = [
            self.top_bar,
            self.picker.lab_notice,  # in JupyterLab: its menus follow the language after a reload
            self.storage_notice,
            self.heading,
            self.lookup,
            self.lesson_area,
            self.nav,
            self.notebooks_link,
            self.errors,
            self.bridge_slot,
            self.css,
        ]
        super().__init__(children=[part for part in parts if part is not None], **kwargs)
        for widget, name in (
            (self, "durak-course"), (self.top_bar, "durak-course-bar"),
            (self.contents, "durak-course-contents"),
            (self.nav, "durak-course-nav"), (self.next_button, "durak-next-lesson"),
            (self.previous_button, "durak-previous-lesson"), (self.heading, "durak-lesson-heading"),
            (self.contents_button, "durak-contents-button"),
        ):  # fmt: skip
            widget.add_class(name)
        self._built: dict[str, widgets.VBox] = {}  # each lesson's views, once opened or prepared
        self._pending: dict[str, list[Cell]] = {}  # the cells of each still to build
        self._building = False  # whether the background builder is scheduled
        self._closed = False
        self._unsubscribe_progress = progress.on_progress(lambda _id: self.render())
        self._start_localized()
        self._show()
        # A game coming back (a reload): the page shows the game, not the lesson's top.
        self._focus = ".durak-play" if self._game_in_progress() else ""
        self._attach_bridge()

    # --- what the tests and the page use ---

    @property
    def lesson(self) -> str:
        """The open lesson's name, e.g. ``"03_a_bout"``."""
        return self.model.current

    @property
    def heading_text(self) -> str:
        return _lesson_title(self.lesson)

    @property
    def lesson_views(self) -> tuple[widgets.Widget, ...]:
        """The open lesson's views, cell by cell (exercises, texts, the game)."""
        return tuple(self.lesson_area.children[0].children) if self.lesson_area.children else ()

    def go_to(self, lesson: str | None) -> None:
        """Show ``lesson`` (rendered now if it never was), at the top of the page; remembered."""
        self._open(lesson, "")  # the lesson's top

    def open_topic(self, topic: str) -> None:
        """Show the lesson that teaches ``topic`` (a key of the lessons' topics, e.g. lesson 06's
        ``"when_to_take"``), scrolled to that part: a review's habit links to what it breaks."""
        lesson = next(name for name, content in NOTEBOOKS.items() if topic in content.TOPICS)
        self._open(lesson, f".durak-topic-{topic}")
        while self._pending.get(lesson):  # the whole lesson at once: the part is scrolled to its top
            self._build_next_cell(lesson)

    def _open(self, lesson: str | None, focus: str) -> None:
        self.model.open(lesson)
        self.contents_button.value = False
        self._show()
        self._focus = focus
        if self.bridge is not None:
            self.bridge.focus = self._focus
            self.bridge.scroll += 1

    def _game_in_progress(self) -> bool:
        game_view = sys.modules.get("durak.tutorial.game_view")  # not imported for it: the AI is heavy
        return game_view is not None and any(
            isinstance(view, game_view.PlayView) and view.model.learner_has_moved and not view.game.is_over
            for view in self.lesson_views
        )

    def _step(self, lesson: str | None) -> None:
        """The previous or next lesson, from its button: a second click within
        :data:`DOUBLE_CLICK` seconds is the same click (a double click must not skip a lesson)."""
        now = monotonic()
        if now - self._stepped_at < DOUBLE_CLICK:
            return
        self._stepped_at = now
        self.go_to(lesson)

    # --- building ---

    def _show(self) -> None:
        lesson = self.model.current
        box = self._lesson_box(lesson)
        # Shown as soon as the learner can do something in it (the first cards); the rest of it,
        # then the next lesson, is built a cell at a time in the background, in a kernel.
        loop = running_loop()
        while self._pending[lesson] and (loop is None or not any(self._cards_shown(box))):
            self._build_next_cell(lesson)
        self.lesson_area.children = (box,)
        self.render()
        if loop is not None and not self._building:
            self._building = True
            loop.call_later(BACKGROUND_STEP, self._build_in_background)

    def _lesson_box(self, lesson: str) -> widgets.VBox:
        if lesson not in self._built:
            self._built[lesson] = widgets.VBox()
            self._built[lesson].add_class("durak-lesson")
            self._pending[lesson] = list(NOTEBOOKS[lesson].CELLS)
        return self._built[lesson]

    @staticmethod
    def _cards_shown(box: widgets.VBox) -> Iterator[bool]:
        game_view = sys.modules.get("durak.tutorial.game_view")  # imported once a game is built
        kinds = CARD_VIEWS if game_view is None else (*CARD_VIEWS, game_view.PlayView)
        return (isinstance(view, kinds) for view in box.children)

    def _build_next_cell(self, lesson: str) -> None:
        box = self._built[lesson]
        box.children = (*box.children, self._cell_view(self._pending[lesson].pop(0)))
        if not self._pending[lesson]:
            box.add_class("durak-lesson-built")  # whole: what a page (and its tests) may wait for

    def _build_in_background(self) -> None:
        """One cell: the rest of the open lesson first, then the next one (never the game's,
        which would start playing unseen)."""
        following = self.model.next
        if following is not None and SHOW_GAME not in NOTEBOOKS[following].CELLS:
            self._lesson_box(following)
        candidates = (self.model.current, *([following] if following is not None else []))
        lesson = next((name for name in candidates if self._pending.get(name)), None)
        loop = running_loop()
        if self._closed or lesson is None or loop is None:
            self._building = False
            return
        try:
            self._build_next_cell(lesson)
        except Exception as error:  # shown, not lost; the lesson stops growing, the page goes on
            self._pending[lesson] = []
            self.errors.show(error)
        loop.call_later(BACKGROUND_STEP, self._build_in_background)

    def _cell_view(self, cell: Cell) -> widgets.Widget:
        """What the notebook's cell shows: the same call, but the game without its own picker
        and with an unfinished game back on screen at once (a reload must not ask first)."""
        if cell == SHOW_GAME:
            from durak.tutorial.game_view import play  # loads the search: only the game's lesson needs it

            return play(resume=True, embedded=True, open_topic=self.open_topic, **self.play_options)
        if cell.call == "review":  # the saved games' review: its habits open lesson 06 here too
            return lessons.review(open_topic=self.open_topic)
        call = getattr(lessons, cell.call)
        view: widgets.Widget = call(cell.argument) if cell.argument else call()
        return view

    # --- contents and texts ---

    def _contents_toggled(self, change: dict[str, Any]) -> None:
        self.contents.layout.display = "flex" if change["new"] else "none"

    def render(self) -> None:
        model = self.model
        solved = progress.solved()  # read once: on the site each read of the settings is a round trip
        # the number the heading and the contents show (the notebooks' "00" to "07"), never a second count
        where = say(LESSON_NUMBER, number=_number(model.current))
        self.place.value = f"<span>{escape(where)} · <i>{escape(progress_text(solved))}</i></span>"
        self.contents_button.description = gettext(CONTENTS)
        for lesson, button in self.lesson_buttons.items():
            done_here, total = model.lesson_progress(lesson, solved)
            done = f" · {say(LESSON_SOLVED, n=done_here, total=total)}"
            button.description = _short_title(lesson) + (done if total else "")
            button.button_style = "info" if lesson == model.current else ""
        self.heading.value = f"<h2>{escape(self.heading_text)}</h2>"
        previous, following = model.previous, model.next
        self.previous_button.layout.visibility = "hidden" if previous is None else "visible"
        self.next_button.layout.display = "none" if following is None else "flex"
        self.previous_button.description = _short_title(previous)
        self.previous_button.tooltip = gettext(PREVIOUS_LESSON)
        self.next_button.description = _short_title(following)
        self.next_button.tooltip = gettext(NEXT_LESSON)
        if self.storage_notice is not None:
            self.storage_notice.value = storage_notice_html()
        if self.notebooks_link is not None:
            link = escape(gettext(NOTEBOOKS_LINK))
            self.notebooks_link.value = (
                f'<p><a href="{LAB_URL}" target="_blank" rel="noopener">{link} ↗</a></p>'
            )
        if self.bridge is not None:
            self.bridge.title = _lesson_title(model.current)
            self.bridge.address_code = address_code(self.picker.value)
            self.bridge.language = self.picker.value
            if sys.platform == "emscripten":  # in JupyterLab, the picker sets its locale itself
                self.bridge.lab_locale = lab_locale(self.picker.value)

    def _attach_bridge(self) -> None:
        self.bridge = PageBridge(focus=self._focus)
        self.bridge_slot.children = (self.bridge,)
        self.render()

    def close(self) -> None:
        self._closed = True
        self._unsubscribe_progress()
        for views in self._built.values():
            close_all(views.children)
            views.close()
        close_all([self.picker, self.lookup, *self.lesson_buttons.values()])
        if self.bridge is not None:
            self.bridge.close()
        self.bridge_slot.close()
        self.errors.close()
        super().close()


def _lesson_title(lesson: str) -> str:
    return f"Durak · {_short_title(lesson)}"


def _short_title(lesson: str | None) -> str:
    """ "03 · A bout: attack, defence, refill" ('' for no lesson)."""
    if lesson is None:
        return ""
    return f"{_number(lesson)} · {gettext(NOTEBOOKS[lesson].TITLE)}"


def _number(lesson: str) -> str:
    """ "03" for "03_a_bout": the lesson's number, as its notebook is named."""
    return lesson.split("_", 1)[0]


# What the site's page runs first: its Python starts in the browser's drive (``/drive``, the
# current folder, first on ``sys.path``), so every import first asked the drive for the module,
# each a round trip through the page; the course imports nothing from there.
SITE_PREAMBLE = "import sys; sys.path[:] = filter(None, sys.path); "


def address_code(language: str) -> str:
    """The code the site's page address runs to open the course in ``language``."""
    return f"{SITE_PREAMBLE}from durak.tutorial import course; course(lang={json.dumps(language)})"


def _query_language() -> str | None:
    """``?lang=xx`` of the page, where the front end hands its query to the kernel (Voilà does,
    as ``QUERY_STRING``)."""
    values = parse_qs(os.environ.get("QUERY_STRING", "")).get("lang")
    return values[0] if values else None


def course(
    lang: str | None = None,
    *,
    browser: Sequence[str] | str = (),
    lesson: str | None = None,
    **play_options: Any,
) -> CourseView:
    """The course page: ``from durak.tutorial import course; course()``.

    ``lang`` starts it in a language (and remembers it, as picking it does); without it the
    page's ``?lang=`` (in Voilà), then the language picked last time, then the first of the
    ``browser``'s languages the tutorial speaks. ``lesson`` opens a lesson (default: the one
    open last time, else the first). ``play_options`` go to :func:`~durak.tutorial.play`.
    """
    spoken = [browser] if isinstance(browser, str) else list(browser)
    start_language(lang or _query_language(), spoken)
    return CourseView(CourseModel(lesson), play_options=play_options)
