"""axe-core scans of every lesson: no serious or critical accessibility violation.

Each front end is scanned as learners meet it: the course page (``make app`` in Voilà, and
``course.ipynb`` in JupyterLab), one page with one kernel, lesson by lesson, each scanned once it
is whole; and one lesson notebook in each, for the notebooks' own header (title, picker, lookup).
In Voilà the scan covers the whole page the learner sees; in JupyterLab it covers the
notebook's outputs (the tutorial's widgets), not JupyterLab's own interface around them.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe

from durak.tutorial.lessons.content import NOTEBOOKS
from tests.browser.conftest import new_page
from tests.browser.pages import NOTEBOOK, open_in_lab, open_in_voila
from tests.browser.servers import Server

pytestmark = pytest.mark.browser

SEVERE = {"serious", "critical"}
LAB_OUTPUTS = ".jp-Notebook .jp-OutputArea"  # axe takes CSS, not Playwright's :visible


def severe_violations(page: Any, context: str | None = None) -> list[str]:
    page.wait_for_timeout(500)  # let the widgets finish rendering
    response = Axe().run(page, context=context).response
    return [
        f"{violation['impact']} {violation['id']}: {violation['help']} at {node['target']}"
        for violation in response["violations"]
        if violation["impact"] in SEVERE
        for node in violation["nodes"]
    ]


def open_lesson(page: Any, lesson: str) -> None:
    """Open ``lesson`` from the course's contents and wait until it is whole."""
    number = lesson.split("_", 1)[0]
    course = page.locator(".durak-course").first
    course.locator(".durak-contents-button").click()
    course.locator(".durak-course-contents button", has_text=f"{number} · ").click()
    course.locator(".durak-lesson-heading", has_text=f"{number} · ").wait_for()
    course.locator(".durak-lesson.durak-lesson-built").wait_for(timeout=90_000)


@pytest.fixture(scope="module")
def course_in_voila(browser: Any, voila: Server) -> Iterator[Any]:
    context, page = new_page(browser, 1280, 1000)
    page.goto(voila.url("/voila/render/course.ipynb"))  # what `make app` opens
    page.locator(".durak-course .durak-lesson-heading").wait_for(timeout=90_000)
    yield page
    context.close()


@pytest.fixture(scope="module")
def course_in_lab(browser: Any, lab: Server) -> Iterator[Any]:
    context, page = new_page(browser, 1280, 1000)
    open_in_lab(page, lab, "course.ipynb")
    page.locator(f"{NOTEBOOK} .durak-course .durak-lesson-heading").wait_for(timeout=90_000)
    yield page
    context.close()


@pytest.mark.parametrize("lesson", sorted(NOTEBOOKS))
def test_no_serious_violation_in_the_voila_app(course_in_voila: Any, lesson: str) -> None:
    open_lesson(course_in_voila, lesson)
    assert severe_violations(course_in_voila) == []


@pytest.mark.parametrize("lesson", sorted(NOTEBOOKS))
def test_no_serious_violation_in_the_tutorials_widgets_in_jupyterlab(course_in_lab: Any, lesson: str) -> None:
    open_lesson(course_in_lab, lesson)
    assert severe_violations(course_in_lab, context=LAB_OUTPUTS) == []


def test_no_serious_violation_in_a_lesson_notebook_in_voila(page: Any, voila: Server) -> None:
    open_in_voila(page, voila, "00_start.ipynb")
    page.locator(".durak-header").first.wait_for(timeout=90_000)
    page.locator(".durak-exercise button.durak-card").first.wait_for()
    assert severe_violations(page) == []


def test_no_serious_violation_in_a_lesson_notebooks_widgets_in_jupyterlab(page: Any, lab: Server) -> None:
    open_in_lab(page, lab, "00_start.ipynb")  # alone in a workspace of its own
    page.locator(f"{NOTEBOOK} .durak-header").first.wait_for(timeout=90_000)
    page.locator(f"{NOTEBOOK} .durak-exercise button.durak-card").first.wait_for()
    assert severe_violations(page, context=LAB_OUTPUTS) == []
