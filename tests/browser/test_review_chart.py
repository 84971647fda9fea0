"""The game review's chance curve is drawn in every front end: JupyterLab, Voilà and the static
site (JupyterLite, where Python has no NumPy). Each opens the review of a finished game
directly, not by playing one: a notebook of one cell in JupyterLab and Voilà, the same code at
the start of the site's REPL, or typed into a new cell of a lesson in the site's JupyterLab.
Each leaves a picture of its chart in test-artifacts/ (review-chart-*.png).

The curve is a Vega-Lite spec in an ipywidgets ``Output``; each front end draws it with the Vega
renderer it bundles, as an SVG: a line through the two decisions, a red dot on the key moment,
the title and axes in the learner's language, and a text alternative for screen readers.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from playwright.sync_api import expect

from durak.i18n import format_percent, gettext
from durak.tutorial import review_model as texts
from durak.tutorial.style import WRONG_RED
from lite.serve import serving
from tests.browser.conftest import ARTIFACTS, new_page
from tests.browser.pages import (
    ERROR_OUTPUTS,
    NOTEBOOK,
    language_select,
    open_in_lab,
    open_in_voila,
    texts_in,
    wait_for_site_kernel,
)
from tests.browser.servers import REPO, Server, built_site, serve

pytestmark = pytest.mark.browser

# the site to test: the one `make site` builds, or another build (DURAK_SITE=/tmp/my-site)
SITE = Path(os.environ.get("DURAK_SITE", REPO / "site"))
REVIEW_NOTEBOOK = "review_chart.ipynb"
# The language picker, and the review of a finished game where you took instead of beating and
# lost: two decisions, one key moment. No indented line: the code is also typed into a cell.
CODE = """\
from IPython.display import display
from durak import Game
from durak.tutorial import language_picker
from durak.tutorial.review_view import ReviewView
display(language_picker())
game = Game.from_deal(["7♠", "Т♣"], ["7♣", "8♥"], [], attacker=1, trump="♠")
_ = [game.apply(move) for move in ("attack 7♣", "take", "stop", "attack 8♥", "defend 7♠", "stop")]
ReviewView(game, iterations=50, seed=1)"""
CHART = ".durak-review-chart"
CURVE = f"{CHART} svg g.mark-line path"
DOTS = f"{CHART} svg g.mark-symbol path"  # the curve's two points and the red key moment
TITLE = f"{CHART} svg g.role-title text"


def write_notebook(folder: Path) -> None:
    """The picker and the review, as a notebook of one cell in the server's folder."""
    cells = [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": CODE}]
    notebook = {
        "cells": cells,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (folder / REVIEW_NOTEBOOK).write_text(json.dumps(notebook, ensure_ascii=False))


def serving_the_review(kind: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A ``kind`` server (tests/browser/servers.py) whose folder holds the review's notebook."""
    home = tmp_path_factory.mktemp(kind)
    with serve(kind, home) as server:
        write_notebook(home / "notebooks")
        yield server


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from serving_the_review("lab", tmp_path_factory)


@pytest.fixture(scope="module")
def voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from serving_the_review("voila", tmp_path_factory)


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A phone-sized page (390 × 844), which reaches only 127.0.0.1."""
    context, page = new_page(browser, 390, 844)
    yield page
    context.close()


def expect_the_curve_in_english_then_german(page: Any, name: str, timeout_ms: float = 90_000) -> None:
    """The curve is drawn (its line, its three dots, its English texts, its description), whole
    within the page's width (a phone's 390 pixels: shrunk a little, not cut); after Deutsch is
    picked it is drawn again with German texts. The German chart's picture is ``name``.png."""
    page.locator(CURVE).first.wait_for(timeout=timeout_ms)
    assert page.locator(ERROR_OUTPUTS).all_inner_texts() == []
    curve = page.locator(CURVE).first.get_attribute("d")
    assert curve and curve.count("L") >= 1  # a line from the first decision to the second
    expect(page.locator(DOTS)).to_have_count(3)
    dot = page.locator(f"{CHART} svg g.mark-symbol").last.locator("path").first
    assert dot.get_attribute("fill") == WRONG_RED
    expect(page.locator(TITLE)).to_have_text(texts.CHART_TITLE)
    described = page.locator(f"{CHART} [role=graphics-document]")  # Vega's own container of the SVG
    expect(described).to_have_attribute("aria-label", "Your chances, move by move: Move 2: 100%, Move 5: 0%.")
    box = page.locator(f"{CHART} svg").first.bounding_box()
    width = page.viewport_size["width"]
    assert box is not None and min(300, width) <= box["width"] and box["x"] >= 0, box
    assert box["x"] + box["width"] <= width, box

    language_select(page).select_option(label="Deutsch")
    with texts_in("de"):
        german = [gettext(message) for message in (texts.CHART_TITLE, texts.CHART_X, texts.CHART_Y)]
        hundred = format_percent(1)
    assert german[0] != texts.CHART_TITLE
    expect(page.locator(TITLE)).to_have_text(german[0])
    for axis_title in german[1:]:
        expect(page.locator(f"{CHART} svg g.role-axis-title text", has_text=axis_title)).to_have_count(1)
    expect(page.locator(f"{CHART} svg g.role-axis-label text", has_text=hundred)).to_have_count(1)
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator(f"{CHART} svg").first.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def test_the_chart_draws_in_jupyterlab(page: Any, lab: Server) -> None:
    """On a wide page: at 390 pixels JupyterLab's own file browser takes the width."""
    open_in_lab(page, lab, REVIEW_NOTEBOOK)
    expect_the_curve_in_english_then_german(page, "review-chart-lab")


def test_the_chart_draws_in_voila(phone: Any, voila: Server) -> None:
    open_in_voila(phone, voila, REVIEW_NOTEBOOK)
    expect_the_curve_in_english_then_german(phone, "review-chart-voila-390")


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    with serving(built_site(SITE)) as base:
        yield base


@pytest.fixture
def outside() -> list[str]:
    """The URLs of other hosts a site page asked for (aborted): none, the tests check."""
    return []


def test_the_chart_draws_in_the_sites_repl_without_numpy(browser: Any, site: str, outside: list[str]) -> None:
    """The site's REPL app (where the course moves) runs the code at its start, on a phone."""
    context, page = new_page(browser, 390, 844, outside)
    try:
        page.goto(f"{site}/repl/index.html?{urlencode({'kernel': 'python', 'toolbar': '1', 'code': CODE})}")
        # the REPL is the course's page: its loading notice covers the page until a course shows
        page.add_style_tag(content="#durak-loading { display: none !important; }")
        expect_the_curve_in_english_then_german(page, "review-chart-site-repl-390", timeout_ms=180_000)
        assert outside == []
    finally:
        context.close()


def test_the_chart_draws_in_the_sites_jupyterlab(browser: Any, site: str, outside: list[str]) -> None:
    """The site's JupyterLab: the code typed into a new cell of a lesson, and run."""
    context, page = new_page(browser, 1280, 1000, outside)
    try:
        page.goto(f"{site}/lab/index.html?path=01_goal.ipynb")
        wait_for_site_kernel(page, 180_000)
        page.locator(f"{NOTEBOOK} .jp-Cell").last.click()
        page.keyboard.press("Escape")  # command mode: B adds a cell below, Enter edits it
        page.keyboard.press("b")
        page.keyboard.press("Enter")
        page.keyboard.insert_text(CODE)
        page.keyboard.press("Shift+Enter")
        expect_the_curve_in_english_then_german(page, "review-chart-site-lab", timeout_ms=180_000)
        assert outside == []
    finally:
        context.close()
