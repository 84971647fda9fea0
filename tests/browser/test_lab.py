"""The tutorial in a real JupyterLab, clicked in a real Chromium."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from durak import messages
from durak.i18n import LANGUAGES, endonym, translator
from durak.tutorial import exercises as ex
from durak.tutorial import lessons
from durak.tutorial.card_faces import face_class
from durak.tutorial.lessons import notebooks
from tests.browser.conftest import screenshot
from tests.browser.pages import (
    NOTEBOOK,
    PLAY,
    STOP,
    TAKE,
    game_over_text,
    language_select,
    open_in_lab,
    play_to_the_end,
    texts_in,
    wait_for_count,
)
from tests.browser.servers import Server, serve

pytestmark = pytest.mark.browser


LABELS = {  # message id: where the play view shows it
    "Take": TAKE,
    "Stop": STOP,
    "New game": f"{PLAY} button.durak-new-game",
    "Hint": f"{PLAY} button.durak-hint",
    "Play against the AI": f"{PLAY} h2",
}


def visible_labels(page: Any) -> dict[str, str]:
    return {msgid: page.locator(selector).inner_text().strip() for msgid, selector in LABELS.items()}


def test_play_vs_ai_in_every_language_then_a_whole_game_by_clicking(page: Any, lab: Server) -> None:
    open_in_lab(page, lab, "07_play_vs_ai.ipynb")
    page.locator(f"{PLAY} .durak-hand button.durak-card").first.wait_for()
    # no first-run noise: JupyterLab's news prompt is off (durak/jupyter_config)
    assert page.locator(".Toastify__toast", has_text="Jupyter news").count() == 0
    assert page.get_by_text("official Jupyter news").count() == 0
    screenshot(page, "lab-play-start")
    english = visible_labels(page)
    assert english["Take"] == "Take"

    for language in LANGUAGES[1:]:
        language_select(page).first.select_option(label=endonym(language))
        for msgid, selector in LABELS.items():
            # every label is a message of its own widget: the browser may paint them one by one
            expect(page.locator(selector)).to_contain_text(
                translator(language).gettext(msgid), timeout=10_000
            )
        assert visible_labels(page)["Play against the AI"] != english["Play against the AI"], language

    assert play_to_the_end(page, seed=5) > 0
    with texts_in(LANGUAGES[-1]):  # the page is still in the last language picked
        outcomes = [messages.game_over_message(loser) for loser in (None, 0, 1)]
    assert game_over_text(page) in outcomes
    screenshot(page, "lab-play-end")


def test_a_fresh_notebook_says_how_to_start_before_anything_runs(page: Any, lab: Server) -> None:
    open_in_lab(page, lab, "04_taking.ipynb", run=False)
    intro = page.locator(f"{NOTEBOOK} .jp-MarkdownOutput").first
    expect(intro).to_contain_text("Run ▸ Run All Cells", timeout=30_000)
    shown = intro.inner_text()
    for language in LANGUAGES:  # the title and the how-to, in every language, rendered
        words = translator(language)
        assert words.gettext(lessons.NOTEBOOKS["04_taking"].TITLE) in shown, language
        assert words.gettext(notebooks.HOW_TO_LESSON).split("{menu}")[0].strip() in shown, language
    body = page.locator(NOTEBOOK).inner_text()
    assert "lessons.header" not in body  # the code cells are collapsed: the page reads as a lesson
    assert page.locator(f"{NOTEBOOK} .jp-OutputArea-output").count() == 0  # nothing ran
    # JupyterLab renders only the cells in view: scroll to the end for the last one
    page.locator(f"{NOTEBOOK} .jp-Notebook").first.hover()
    for _ in range(10):
        page.mouse.wheel(0, 4000)
    next_link = page.locator(f"{NOTEBOOK} .jp-MarkdownOutput a[href*='05_the_end.ipynb']")
    expect(next_link).to_have_text("Durak · 05 →")
    screenshot(page, "lab-fresh-notebook")
    next_link.click()  # opens the next notebook in JupyterLab, beside this one
    expect(page.locator(".lm-TabBar-tabLabel", has_text="05_the_end.ipynb")).to_have_count(1)


def test_an_exercise_of_playing_a_bout_by_clicking(page: Any, lab: Server) -> None:
    open_in_lab(page, lab, "03_a_bout.ipynb")
    exercise_ids = [f.__name__ for f in ex.NOTEBOOK_EXERCISES["03_a_bout"]]
    # Attached, not visible: JupyterLab may skip painting cells outside the viewport.
    wait_for_count(page, ".durak-exercise", len(exercise_ids), timeout_ms=180_000)
    views = page.locator(".durak-exercise")
    language_select(page).select_option(label=endonym("de"))
    view = views.nth(exercise_ids.index("beat_plain"))
    view.scroll_into_view_if_needed()
    model = ex.build("beat_plain")
    right = sorted(model.answers, key=str)[0]
    with texts_in("de"):
        expected = ex.feedback_text(model.check(right))
    view.locator(f"button.durak-card.{face_class(right)}").first.click()
    view.locator(".durak-feedback", has_text=expected).wait_for()
    screenshot(page, "lab-exercise-beat-plain-de")


@pytest.fixture
def lab_in_the_tutorials_language(tmp_path: Path) -> Iterator[Server]:
    """A server of its own, whose JupyterLab's menus follow the tutorial's language: the other
    tests click them by their English names. A test asks for it before ``page``, so that its page
    is closed before it stops (a JupyterLab stopped with a page still connected can hang in its
    shutdown: 30 s lost waiting for it, in most CI runs)."""
    with serve("lab", tmp_path, lab_language=True) as server:
        yield server


def test_jupyterlabs_menus_in_german_after_choosing_deutsch_and_a_reload(
    lab_in_the_tutorials_language: Server, page: Any
) -> None:
    open_in_lab(page, lab_in_the_tutorials_language, "00_start.ipynb")
    menus = page.get_by_role("menubar").get_by_role("menuitem")
    expect(menus.first).to_have_text("File")
    language_select(page).select_option(label=endonym("de"))
    title = translator("de").gettext(lessons.NOTEBOOKS["00_start"].TITLE)
    expect(page.locator(".durak-header h2").first).to_contain_text(title)  # the tutorial at once ...
    page.reload()  # ... JupyterLab's own menus after a reload
    expect(menus.first).to_have_text("Datei", timeout=60_000)
    shown = [name.strip() for name in menus.all_inner_texts()]
    assert {"Datei", "Bearbeiten", "Anzeigen", "Ausführen", "Einstellungen", "Hilfe"} <= set(shown), shown
    assert page.evaluate("document.documentElement.lang").startswith("de")
    screenshot(page, "lab-menus-de")
