"""axe-core scans of every notebook: no serious or critical accessibility violation.

In Voilà the scan covers the whole page the learner sees; in JupyterLab it covers the
notebook's outputs (the tutorial's widgets), not JupyterLab's own interface around them.
"""

from __future__ import annotations

from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe

from durak.tutorial.lessons.content import NOTEBOOKS
from tests.browser.pages import NOTEBOOK, open_in_lab, open_in_voila
from tests.browser.servers import Server

pytestmark = pytest.mark.browser

SEVERE = {"serious", "critical"}


def severe_violations(page: Any, context: str | None = None) -> list[str]:
    page.wait_for_timeout(500)  # let the widgets finish rendering
    response = Axe().run(page, context=context).response
    return [
        f"{violation['impact']} {violation['id']}: {violation['help']} at {node['target']}"
        for violation in response["violations"]
        if violation["impact"] in SEVERE
        for node in violation["nodes"]
    ]


@pytest.mark.parametrize("notebook", sorted(NOTEBOOKS))
def test_no_serious_violation_in_the_voila_app(page: Any, voila: Server, notebook: str) -> None:
    open_in_voila(page, voila, f"{notebook}.ipynb")
    page.locator(".durak-header").first.wait_for(timeout=90_000)
    assert severe_violations(page) == []


@pytest.mark.parametrize("notebook", sorted(NOTEBOOKS))
def test_no_serious_violation_in_the_tutorials_widgets_in_jupyterlab(
    page: Any, lab: Server, notebook: str
) -> None:
    open_in_lab(page, lab, f"{notebook}.ipynb")
    page.locator(f"{NOTEBOOK} .durak-header").first.wait_for(timeout=90_000)
    # (the workspace holds this notebook alone; axe takes CSS, not Playwright's :visible)
    assert severe_violations(page, context=".jp-Notebook .jp-OutputArea") == []
