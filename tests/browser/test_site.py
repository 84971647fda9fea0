"""The static JupyterLite site (``make site``), in a real Chromium that may reach nothing but the
site: Python runs in the page (Pyodide), every request to another host is aborted and counted.

The site's root is the course (one page, one Python): most tests walk it, as a learner does; one
opens a notebook in the site's JupyterLab, one link away."""

from __future__ import annotations

import functools
import http.server
import io
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from durak.i18n import endonym, gettext, ngettext
from durak.tutorial import exercises as ex
from durak.tutorial.card_faces import face_class
from durak.tutorial.course_view import DOUBLE_CLICK
from durak.tutorial.lessons import notebooks
from durak.tutorial.lessons.content import EXERCISES, NOTEBOOK_EXERCISES, NOTEBOOKS
from durak.tutorial.lessons.views import PROGRESS, STORAGE_MISSING, TITLES
from lite.serve import QuietHandler
from tests.browser.conftest import new_page, screenshot
from tests.browser.pages import (
    ERROR_OUTPUTS,
    MOVE_LOG_ITEMS,
    NOTEBOOK,
    PLAY,
    TAKE,
    click_and_wait,
    language_select,
    play_to_the_end,
    run_all_cells,
    run_all_in_site,
    settle,
    texts_in,
    wait_for_count,
    wait_for_legal_moves,
    wait_for_site_kernel,
)
from tests.browser.servers import FAST_AI, REPO, built_site

pytestmark = pytest.mark.browser

SITE = REPO / "site"


KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"


class FastAIHandler(QuietHandler):
    """The site's files as built, but for its configuration (jupyter-lite.json), whose Pyodide
    kernel gets :data:`FAST_AI` as environment variables (Pyodide's ``loadPyodideOptions.env``:
    ``os.environ`` in the page's Python), as the Voilà and JupyterLab servers' kernels do."""

    def send_head(self) -> BinaryIO | None:
        if urlsplit(self.path).path != "/jupyter-lite.json":
            return super().send_head()
        config = json.loads(Path(self.translate_path(self.path)).read_text())
        kernel = config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
        kernel["loadPyodideOptions"]["env"] = FAST_AI
        body = json.dumps(config).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    """The built site, served on 127.0.0.1 (``make test`` builds it beside the tests) as
    lite/serve.py serves it, with the AI's moves 0.05 s apart (:class:`FastAIHandler`)."""
    handler = functools.partial(FastAIHandler, directory=str(built_site(SITE)))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


class Visit:
    """A page of the site whose requests to any other host are aborted and kept."""

    def __init__(
        self, browser: Any, base: str, service_workers: str = "allow", width: int = 1280, height: int = 1000
    ) -> None:
        self.base = base
        self.outside: list[str] = []
        self.visits = 0
        self.context, self.page = new_page(
            browser, width, height, self.outside, service_workers=service_workers
        )

    def open(self, notebook: str) -> None:
        """Open ``notebook`` in the site's JupyterLab, wait for Python to start, run every cell."""
        self.page.goto(f"{self.base}/lab/index.html?path={notebook}")
        self.visits += 1
        self.wait_for_kernel()
        run_all_cells(self.page)

    def wait_for_kernel(self) -> None:
        """Until the notebook's kernel is idle (answering JupyterLite's "Select Kernel" dialog)."""
        wait_for_site_kernel(self.page, self.timeout_ms)

    @property
    def timeout_ms(self) -> int:
        """How long Python in the page may take to start and answer. JupyterLite reopens the
        notebooks of the last visit beside the one asked for, each with a kernel of its own: on a
        second visit two Pyodides start at once on this machine's two cores, and each takes twice
        as long (seen: 07's first hand after more than 120 s in a CI run)."""
        return 120_000 if self.visits <= 1 else 300_000


@pytest.fixture
def visit(browser: Any, site: str) -> Iterator[Visit]:
    visit = Visit(browser, site)
    yield visit
    visit.context.close()


COURSE = ".durak-course"
COURSE_CARDS = f"{COURSE} .durak-exercise button.durak-card"
HEADING = f"{COURSE} .durak-lesson-heading"
NEXT_LESSON = f"{COURSE} button.durak-next-lesson"
DOUBLE_CLICK_MS = round(DOUBLE_CLICK * 1000) + 100


def open_course(visit: Visit, query: str = "") -> None:
    """The site's root address, as a learner types it: the course, running, no code."""
    visit.page.goto(f"{visit.base}/{query}")
    visit.visits += 1
    visit.page.locator(f"{COURSE} button.durak-card").first.wait_for(timeout=visit.timeout_ms)


def open_lesson(page: Any, language: str, lesson: str) -> None:
    """Go to ``lesson`` from the course's contents."""
    page.locator(f"{COURSE} .durak-contents-button").click()
    page.locator(f"{COURSE} .durak-course-contents button", has_text=title_in(language, lesson)).click()


def title_in(language: str, lesson: str) -> str:
    with texts_in(language):
        return gettext(NOTEBOOKS[lesson].TITLE)


def test_the_site_opens_on_the_course_on_a_phone_in_the_language_of_its_link_and_teaches_every_lesson(
    browser: Any, site: str
) -> None:
    """390×844 and ``?lang=es``: lesson 00 in Spanish, playable, with no IDE around it; every
    lesson from the control that names it, each with all its exercises; Turkish picked live."""
    visit = Visit(browser, site, width=390, height=844)
    try:
        page = visit.page
        open_course(visit, "?lang=es")
        expect(page.locator(HEADING)).to_contain_text(title_in("es", "00_start"))
        assert page.locator(".lm-MenuBar:visible, .jp-CodeConsole-promptCell:visible").count() == 0
        assert "from durak.tutorial import" not in page.locator("body").inner_text()  # no code shown
        assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing sideways
        screenshot(page, "site-course-390-es")

        # an exercise answered: every ace picked, and the top bar counts it
        exercise_ids = [f.__name__ for f in ex.NOTEBOOK_EXERCISES["00_start"]]
        wait_for_count(page, f"{COURSE} .durak-exercise", len(exercise_ids), timeout_ms=60_000)
        aces = page.locator(f"{COURSE} .durak-exercise").nth(exercise_ids.index("deck_aces"))
        for card in sorted(ex.build("deck_aces").answers, key=str):
            aces.locator(f"button.durak-card.{face_class(card)}").first.click()
        with texts_in("es"):
            solved = ngettext(*PROGRESS, len(EXERCISES)).format(n=1, total=len(EXERCISES))
        expect(page.locator(f"{COURSE} .durak-course-bar")).to_contain_text(solved)

        # Turkish, from the catalog the site's wheel carries, everywhere on the page at once
        language_select(page).select_option(label=endonym("tr"))
        with texts_in("tr"):
            again = gettext(TITLES["start_again"])
        expect(aces.locator("button", has_text=again)).to_be_visible()
        expect(page.locator(HEADING)).to_contain_text(title_in("tr", "00_start"))

        # every lesson, from the control at the end of the one before, with all its exercises
        for lesson in list(NOTEBOOKS)[1:-1]:
            next_lesson = page.locator(NEXT_LESSON)
            expect(next_lesson).to_contain_text(title_in("tr", lesson))
            page.wait_for_timeout(DOUBLE_CLICK_MS)  # a click right after the last is taken for its double
            next_lesson.click()
            expect(page.locator(HEADING)).to_contain_text(title_in("tr", lesson))
            wait_for_count(page, f"{COURSE} .durak-exercise", len(NOTEBOOK_EXERCISES[lesson]), 60_000)
            page.locator(COURSE_CARDS).first.wait_for()
            assert page.locator(f"{COURSE} .durak-exercise").count() == len(NOTEBOOK_EXERCISES[lesson])
            assert page.locator(ERROR_OUTPUTS).all_inner_texts() == []
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        # the contents open where the learner is, also from the end of a long lesson
        page.locator(NEXT_LESSON).scroll_into_view_if_needed()
        page.locator(f"{COURSE} .durak-contents-button").click()
        expect(page.locator(f"{COURSE} .durak-course-contents button").first).to_be_in_viewport()
        assert visit.outside == []
    finally:
        visit.context.close()


def test_the_course_plays_against_the_ai_and_a_reload_brings_the_game_back(browser: Any, site: str) -> None:
    visit = Visit(browser, site)
    try:
        page = visit.page
        open_course(visit, "?lang=tr")
        open_lesson(page, "tr", "07_play_vs_ai")
        page.locator(f"{PLAY} .durak-hand button.durak-card").first.wait_for(timeout=visit.timeout_ms)
        with texts_in("tr"):
            take = gettext("Take")
        expect(page.locator(TAKE)).to_have_text(take)
        assert page.locator(f"{PLAY} select:visible").count() == 0  # one picker: the top bar's
        moves = 0
        for _ in range(20):  # a click lost in a re-render is clicked anew
            if moves >= 6:
                break
            moves += click_and_wait(page, wait_for_legal_moves(page)[0])
        assert moves >= 6
        assert page.locator(MOVE_LOG_ITEMS).count() > moves  # the AI moved too
        logged = page.locator(MOVE_LOG_ITEMS).count()
        screenshot(page, "site-course-game-tr")
        settle(page)
        page.wait_for_timeout(1000)  # the browser stores what the kernel wrote a moment after

        # a reload: the same lesson, the same game on screen at once, in Turkish
        page.reload()
        visit.visits += 1
        page.locator(f"{PLAY} .durak-hand button.durak-card").first.wait_for(timeout=visit.timeout_ms)
        expect(page.locator(HEADING)).to_contain_text(title_in("tr", "07_play_vs_ai"))
        assert page.locator(f"{PLAY} button.durak-resume:visible").count() == 0
        wait_for_count(page, MOVE_LOG_ITEMS, logged, timeout_ms=10_000)
        assert page.locator(".durak-storage-missing").count() == 0

        # to the end of the game on a phone, in Spanish (a learner's walk saw its finished game
        # widen the page to 439-618 px): the finished game's page stays within the screen
        page.set_viewport_size({"width": 390, "height": 844})
        language_select(page).select_option(label=endonym("es"))
        play_to_the_end(page, seed=3)
        page.locator(f"{PLAY} button.durak-review-game").wait_for()
        settle(page)
        width = page.evaluate("document.querySelector('.durak-course').getBoundingClientRect().right")
        assert width <= 390, f"the course reaches {width} px on a 390 px screen"
        assert page.locator(ERROR_OUTPUTS).all_inner_texts() == []
        assert visit.outside == []
    finally:
        visit.context.close()


# The course has saved the language of JupyterLite's own menus (durak.tutorial.page_bridge).
LAB_LOCALE_SAVED = "(locale) => document.documentElement.dataset.durakLabLocale === locale"


def test_the_notebooks_with_their_code_are_one_link_away_and_run_in_the_sites_jupyterlab(
    visit: Visit,
) -> None:
    page = visit.page
    open_course(visit, "?lang=de")
    link = page.locator(f"{COURSE} a[href*='lab/index.html']")
    expect(link).to_have_count(1)
    page.wait_for_function(LAB_LOCALE_SAVED, arg="de_DE", timeout=visit.timeout_ms)  # by the course
    page.goto(f"{visit.base}/lab/index.html?path=01_goal.ipynb")
    visit.visits += 1
    # JupyterLab's own menus speak the language picked in the course (its language pack's words)
    expect(page.locator(".lm-MenuBar-itemLabel").first).to_have_text("Datei", timeout=60_000)
    run_all_in_site(page, visit.timeout_ms)  # by the command, not the menu: its words are German now
    wait_for_count(page, ".durak-exercise", len(NOTEBOOK_EXERCISES["01_goal"]), timeout_ms=10_000)
    assert page.locator(ERROR_OUTPUTS).all_inner_texts() == []
    assert visit.outside == []


# Every value in the page's IndexedDB databases (JupyterLite keeps the notebooks a learner saved
# there, over the site's own), as JSON.
STORED_VALUES = """async () => {
  const found = [];
  for (const { name } of await indexedDB.databases()) {
    const db = await new Promise((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    for (const store of db.objectStoreNames) {
      const values = await new Promise((resolve, reject) => {
        const request = db.transaction(store, "readonly").objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      found.push(...values.map((value) => JSON.stringify(value)));
    }
    db.close();
  }
  return found;
}"""


def test_a_notebook_that_ran_comes_back_clean_after_the_autosave_interval_and_a_reload(
    browser: Any, site: str
) -> None:
    """The site's JupyterLab saves no notebook by itself: after its autosave interval (120 s, passed
    at once on Playwright's clock) a reload opens the site's notebook afresh, with no widget output
    stored ("Loading widget..."), its how-to naming the site's start page, and nothing asked
    "Leave site?" on the way."""
    visit = Visit(browser, site)
    dialogs: list[str] = []

    def answer(dialog: Any) -> None:  # kept, then accepted: a "Leave site?" left open stops the reload
        dialogs.append(dialog.type)
        dialog.accept()

    visit.page.on("dialog", answer)
    try:
        page = visit.page
        page.clock.install()
        visit.open("01_goal.ipynb")
        wanted = len(NOTEBOOK_EXERCISES["01_goal"])
        wait_for_count(page, ".durak-exercise", wanted, timeout_ms=visit.timeout_ms)
        page.locator(f"{NOTEBOOK} .durak-exercise button.durak-card").first.click()  # a learner's answer
        expect(page.locator(".lm-TabBar-tab.jp-mod-dirty")).to_have_count(1)  # changed, not saved
        page.clock.fast_forward("02:10")
        page.wait_for_timeout(1500)  # an autosave would have written the notebook by now
        expect(page.locator(".lm-TabBar-tab.jp-mod-dirty")).to_have_count(1)

        page.reload()
        visit.visits += 1
        visit.wait_for_kernel()
        how_to = page.locator(f"{NOTEBOOK} .jp-MarkdownCell").first
        sentence = gettext(notebooks.HOW_TO_LESSON_ON_SITE).format(menu="Run ▸ Run All Cells")
        expect(how_to).to_contain_text(sentence)
        assert "make app" not in how_to.inner_text()
        assert page.get_by_text("Loading widget...").count() == 0
        assert page.locator(f"{NOTEBOOK} .jp-OutputArea-output").count() == 0
        stored = page.evaluate(STORED_VALUES)
        assert not [value for value in stored if "application/vnd.jupyter.widget-view+json" in value]
        assert dialogs == []
        assert visit.outside == []
    finally:
        visit.context.close()


def test_without_the_browsers_storage_the_site_says_so_once_and_plays_on(browser: Any, site: str) -> None:
    """No service worker (as on plain HTTP from another host): the kernel has no /drive."""
    visit = Visit(browser, site, service_workers="block")
    try:
        page = visit.page
        open_course(visit, "?lang=en")
        open_lesson(page, "en", "07_play_vs_ai")
        page.locator(f"{PLAY} .durak-hand button.durak-card").first.wait_for(timeout=120_000)
        notice = page.locator(".durak-storage-missing")
        expect(notice).to_have_count(1)
        expect(notice).to_contain_text(gettext(STORAGE_MISSING))
        assert click_and_wait(page, wait_for_legal_moves(page)[0])
        assert page.locator(ERROR_OUTPUTS).all_inner_texts() == []
        assert visit.outside == []
    finally:
        visit.context.close()
