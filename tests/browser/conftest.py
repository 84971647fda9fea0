"""Fixtures for the real-browser tests: Debian's Chromium driven by Playwright.

Without a browser these tests skip, saying how to enable them — unless
DURAK_REQUIRE_BROWSER=1 (set by .ci/run), when a missing browser is a failure.
"""

from __future__ import annotations

import os
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
        chromium.close()


@pytest.fixture
def page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    context, page = new_page(browser, 1280, 1000)
    yield page
    context.close()


def new_page(
    browser: Any, width: int, height: int, aborted: list[str] | None = None, **context_options: Any
) -> tuple[Any, Any]:
    """A page of its own context, ``width`` × ``height`` pixels, that reaches only the local server.

    Every other request is aborted (and its URL appended to ``aborted``, when given);
    ``context_options`` go to ``browser.new_context`` (``service_workers="block"``, say)."""
    context = browser.new_context(viewport={"width": width, "height": height}, **context_options)
    page = context.new_page()

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
