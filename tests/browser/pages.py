"""What the browser tests do on a page: open a notebook, run it, read and click the widgets."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from durak.i18n import get_language, set_language
from tests.browser.servers import Server

NOTEBOOK = ".jp-NotebookPanel:visible"
ERROR_OUTPUTS = '[data-mime-type="application/vnd.jupyter.stderr"], .jupyter-widgets-error-widget'
KERNEL_IDLE = '.jp-StatusBar-TextItem[title^="Change kernel"]'
PLAY = ".durak-play"
HAND_PLAYABLE = f"{PLAY} .durak-hand button.durak-playable:enabled"
TAKE = f"{PLAY} button.durak-take"
STOP = f"{PLAY} button.durak-stop"
GAME_OVER = f"{PLAY} .durak-game-over"
MOVE_LOG_ITEMS = f"{PLAY} .durak-move-log li"


def language_select(page: Any) -> Any:
    """The language picker: the drop-down that offers Deutsch."""
    return page.locator("select:has(option:text-is('Deutsch'))").first


def open_in_lab(page: Any, lab: Server, notebook: str, *, run: bool = True) -> None:
    """Open ``notebook`` in JupyterLab, alone in a fresh workspace, and run all its cells."""
    workspace = notebook.removesuffix(".ipynb")
    page.goto(lab.url(f"/lab/workspaces/{workspace}/tree/{notebook}?reset"))
    # The toolbar says "idle" before a kernel exists; the status bar names the kernel once it does.
    page.locator(KERNEL_IDLE).filter(has_text="Idle").wait_for(timeout=90_000)
    if run:
        run_all_cells(page)


def run_all_cells(page: Any, attempts: int = 3) -> None:
    """Run → Run All Cells, until a cell shows an output.

    The command does nothing while the notebook is not yet the current widget, so the menu
    click is repeated if no cell starts. (The cells' inputs are collapsed, and with them their
    prompts: the first output is the sign that the cells run.)
    """
    for _ in range(attempts):
        page.locator(f"{NOTEBOOK} .jp-Notebook").first.click()
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
        try:
            page.locator(f"{NOTEBOOK} .jp-OutputArea-output").first.wait_for(state="attached", timeout=30_000)
            return
        except PlaywrightTimeout:
            page.keyboard.press("Escape")  # close the menu if it stayed open
    raise AssertionError(f"Run All Cells started no cell after {attempts} tries")


# The static site's JupyterLab exposes itself (exposeAppInBrowser): its notebook's kernel status
# ("idle", "busy", ...; null while it has none) and how many of its code cells ran (have an
# execution count), of how many, read from the application in whatever language its menus speak.
SITE_NOTEBOOK = """() => {
  const panel = window.jupyterapp?.shell.currentWidget;
  const cells = panel?.content?.model?.cells;
  let code = 0, ran = 0;
  for (let i = 0; cells && i < cells.length; i++) {
    const cell = cells.get(i);
    if (cell.type === "code") { code += 1; if (cell.executionCount) ran += 1; }
  }
  const kernel = panel?.sessionContext?.session?.kernel?.status ?? null;
  return { kernel, code, ran, widget: panel?.title?.label ?? null };
}"""
SITE_RUN_ALL = "() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }"
SELECT_KERNEL = ".jp-Dialog .jp-mod-accept"  # JupyterLite's "Select Kernel" dialog: its default
LOST_RUN_S = 5  # an idle kernel that ran no cell this long after Run All lost the run


def wait_for_site_kernel(page: Any, timeout_ms: float) -> None:
    """Until the site's notebook has an idle kernel, answering JupyterLite's "Select Kernel" dialog
    with its default if it asks (it can, after a reload: the kernel never starts otherwise)."""
    deadline = time.monotonic() + timeout_ms / 1000
    accept = page.locator(SELECT_KERNEL)
    while (state := page.evaluate(SITE_NOTEBOOK))["kernel"] != "idle":
        assert time.monotonic() < deadline, f"the notebook's kernel never became idle: {state}"
        if accept.count():
            accept.first.click()
        page.wait_for_timeout(250)


def run_all_in_site(page: Any, timeout_ms: float) -> None:
    """Run every cell of the site's notebook once its kernel is idle, by JupyterLab's command (its
    menus may speak another language), until every code cell ran.

    Run All sent while JupyterLite's kernel starts is lost (the cells are left as they were, seen
    once in three runs), so it waits for an idle kernel first, and runs again if the kernel stays
    idle with no cell run. A "Select Kernel" dialog answered mid-run means a new kernel, without
    what ran in the old one (the import): every cell runs again in it."""
    deadline = time.monotonic() + timeout_ms / 1000
    accept = page.locator(SELECT_KERNEL)
    run_at: float | None = None
    while True:
        assert time.monotonic() < deadline, f"the notebook did not run: {page.evaluate(SITE_NOTEBOOK)}"
        if accept.count():
            accept.first.click()
            run_at = None
        state = page.evaluate(SITE_NOTEBOOK)
        if state["kernel"] == "idle":
            if run_at is None or (state["ran"] == 0 and time.monotonic() - run_at > LOST_RUN_S):
                page.locator(f"{NOTEBOOK} .jp-Notebook").first.click()
                page.evaluate(SITE_RUN_ALL)  # not awaited: its promise settles once every cell ran
                run_at = time.monotonic()
            elif state["ran"] == state["code"] and not accept.count():
                return
        page.wait_for_timeout(250)


def wait_for_count(page: Any, selector: str, count: int, timeout_ms: float) -> None:
    """Wait until ``count`` elements match ``selector``; on timeout say how many did and
    what the notebook printed as errors."""
    try:
        page.wait_for_function(
            "([selector, n]) => document.querySelectorAll(selector).length >= n",
            arg=[selector, count],
            timeout=timeout_ms,
        )
    except PlaywrightTimeout:
        found = page.locator(selector).count()
        errors = page.locator(ERROR_OUTPUTS).all_inner_texts()
        raise AssertionError(
            f"{found} of {count} {selector!r} after {timeout_ms / 1000:.0f} s; errors shown: {errors}"
        ) from None


def open_in_voila(page: Any, voila: Server, notebook: str) -> None:
    page.goto(voila.url(f"/voila/render/{notebook}"))


def game_over_text(page: Any) -> str:
    """The game-over message ('' while the game goes on)."""
    locator = page.locator(GAME_OVER)
    return str(locator.inner_text()).strip() if locator.count() else ""


QUIET_MS = 250
TRACK_MUTATIONS = """() => {
    window.__durakLastMutation = performance.now();
    new MutationObserver(() => { window.__durakLastMutation = performance.now(); })
        .observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
}"""


def settle(page: Any) -> None:
    """Wait until the page has not changed for a moment: widget views render asynchronously,
    so a button can look enabled for a few frames after the kernel has moved on."""
    if not page.evaluate("() => '__durakLastMutation' in window"):
        page.evaluate(TRACK_MUTATIONS)
    page.wait_for_function(f"() => performance.now() - window.__durakLastMutation > {QUIET_MS}")


def enabled(page: Any, selector: str) -> list[Any]:
    locator = page.locator(selector)
    return [locator.nth(i) for i in range(locator.count())]


def play_to_the_end(page: Any, seed: int = 1, max_clicks: int = 400) -> int:
    """Click legal cards, take and stop (chosen at random) until the game-over message shows.

    Returns the number of clicks. After each click it waits for the move log to grow, so a
    button is never clicked twice while the kernel is still answering.
    """
    rng = random.Random(seed)
    clicks = 0
    deadline = time.monotonic() + 600
    while not game_over_text(page):
        assert clicks < max_clicks and time.monotonic() < deadline, "the game did not end"
        choices = legal_moves(page)
        if not choices:
            page.wait_for_timeout(100)  # the AI is moving, or has just ended the game
            continue
        click_and_wait(page, rng.choice(choices))
        clicks += 1
    return clicks


def legal_moves(page: Any) -> list[Any]:
    """The learner's enabled move buttons (playable cards, Take, Stop), once the page is still."""
    settle(page)
    return enabled(page, HAND_PLAYABLE) + enabled(page, f"{TAKE}:enabled") + enabled(page, f"{STOP}:enabled")


def wait_for_legal_moves(page: Any, timeout_s: float = 60) -> list[Any]:
    """The learner's move buttons once there are some: while the AI is moving there are none
    (and the page is still while it thinks, so :func:`settle` alone does not wait for it)."""
    deadline = time.monotonic() + timeout_s
    while not (choices := legal_moves(page)):
        assert time.monotonic() < deadline, "the learner was never given a move"
        page.wait_for_timeout(100)  # the AI is moving
    return choices


def click_and_wait(page: Any, button: Any) -> bool:
    """Click a move button and wait for the move log to show it (False if it did not)."""
    logged = page.locator(MOVE_LOG_ITEMS).count()
    button.click()
    return wait_for_move_logged(page, logged)


def wait_for_move_logged(page: Any, logged: int, timeout_ms: float = 5_000) -> bool:
    """Wait for the move log to grow past ``logged`` lines; False if it did not.

    A click that lands while the view is re-rendering its buttons can be lost, as
    with a real mouse; the caller then looks at the page again and clicks anew.
    """
    try:
        page.wait_for_function(
            "([selector, n]) => document.querySelectorAll(selector).length > n",
            arg=[MOVE_LOG_ITEMS, logged],
            timeout=timeout_ms,
        )
    except PlaywrightTimeout:
        return False
    return True


@contextmanager
def texts_in(code: str) -> Iterator[None]:
    """Produce texts in ``code`` in this process, as the kernel does on the page."""
    before = get_language()
    set_language(code)
    try:
        yield
    finally:
        set_language(before)
