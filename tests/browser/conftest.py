"""Fixtures for the real-browser tests: Debian's Chromium driven by Playwright.

Without a browser these tests skip, saying how to enable them — unless
DURAK_REQUIRE_BROWSER=1 (set by .ci/run), when a missing browser is a failure.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.servers import REPO, Server, serve

CHROMIUM = os.environ.get("DURAK_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
ARTIFACTS = REPO / "test-artifacts"
# A browser test that fails leaves a picture of each of its pages here (.ci/run prints the folder).
FAILURES = ARTIFACTS / "failures"
HOW_TO_ENABLE = (
    "browser tests need Chromium and Playwright: `apt-get install chromium` and "
    "`pip install -e '.[test]'` (set DURAK_CHROMIUM to use another Chromium)"
)


def _missing_browser(reason: str) -> None:
    if os.environ.get("DURAK_REQUIRE_BROWSER") == "1":
        pytest.fail(f"DURAK_REQUIRE_BROWSER=1 but {reason}: {HOW_TO_ENABLE}")
    pytest.skip(f"{reason}; {HOW_TO_ENABLE}")


@pytest.fixture(scope="module")  # not session: Playwright's event loop must not outlive these tests
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing_browser("Playwright is not installed")
    if not shutil.which(CHROMIUM) and not Path(CHROMIUM).exists():
        _missing_browser(f"no Chromium at {CHROMIUM}")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        OPEN_PAGES.clear()  # none of them outlives its browser
        chromium.close()


@pytest.fixture
def page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    context, page = new_page(browser, 1280, 1000)
    yield page
    context.close()


OPEN_PAGES: list[Any] = []  # every page new_page made, for the pictures of a failure


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """A failed browser test (in its setup or its body) saves a full-page PNG of every page it
    still has open in test-artifacts/failures/, named after the test, and says where."""
    report = yield
    if report.failed and report.when in ("setup", "call"):
        saved = []
        for number, page in enumerate(OPEN_PAGES):
            if page.is_closed():
                continue
            name = re.sub(r"[^\w.-]+", "_", item.nodeid.removeprefix("tests/browser/"))[-150:]
            path = FAILURES / f"{name}-{report.when}-{number}.png"
            try:
                FAILURES.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(path), full_page=True, timeout=15_000)
                saved.append(f"{path} ({page.url})")
            except Exception as error:  # a crashed page: say so, the test's own failure stands
                saved.append(f"no picture of {page.url}: {error}")
        if saved:
            report.sections.append(("pages at the failure", "\n".join(saved)))
    return report


@pytest.fixture(autouse=True)
def _forget_closed_pages() -> Iterator[None]:
    yield
    OPEN_PAGES[:] = [page for page in OPEN_PAGES if not page.is_closed()]


def new_page(
    browser: Any, width: int, height: int, aborted: list[str] | None = None, **context_options: Any
) -> tuple[Any, Any]:
    """A page of its own context, ``width`` × ``height`` pixels, that reaches only the local server.

    Every other request is aborted (and its URL appended to ``aborted``, when given);
    ``context_options`` go to ``browser.new_context`` (``service_workers="block"``, say)."""
    context = browser.new_context(viewport={"width": width, "height": height}, **context_options)
    page = context.new_page()
    OPEN_PAGES.append(page)

    # No internet here: everything that is not the local server is aborted (Voilà asks a CDN for fonts).
    def route(request_route: Any) -> None:
        url = request_route.request.url
        if url.startswith("http://127.0.0.1"):
            request_route.continue_()
        else:
            if aborted is not None:
                aborted.append(url)
            request_route.abort()

    page.route("**/*", route)
    page.set_default_timeout(60_000)
    return context, page


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with serve("lab", tmp_path_factory.mktemp("lab")) as server:
        yield server


@pytest.fixture(scope="module")
def voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with serve("voila", tmp_path_factory.mktemp("voila")) as server:
        yield server


def screenshot(page: Any, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
