"""The play page fits a phone and a wide screen in every language: no label cut off."""

from __future__ import annotations

from typing import Any

import pytest

from durak.i18n import LANGUAGES, endonym
from tests.browser.conftest import ARTIFACTS, new_page, screenshot
from tests.browser.pages import (
    HAND_PLAYABLE,
    MOVE_LOG_ITEMS,
    PLAY,
    STOP,
    TAKE,
    click_and_wait,
    game_over_text,
    language_select,
    open_in_voila,
    settle,
    wait_for_move_logged,
)
from tests.browser.servers import Server

pytestmark = pytest.mark.browser

# Every visible control whose content is wider or taller than its box, and the page itself
# when it scrolls sideways.
OVERFLOWING = """(root) => {
  const found = [];
  for (const el of document.querySelectorAll(`${root} button, ${root} label, ${root} select`)) {
    if (el.offsetParent === null) continue;
    if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) {
      found.push(`${(el.innerText || el.title).trim().slice(0, 60)}: ${el.scrollWidth}>${el.clientWidth}`);
    }
  }
  const page = document.documentElement;
  if (page.scrollWidth > page.clientWidth + 1) {
    found.push(`the page: ${page.scrollWidth}>${page.clientWidth}`);
  }
  return found;
}"""


def render_everything(page: Any) -> None:
    """Voilà skips rendering cells outside the viewport (CSS content-visibility): render them all,
    so that every control can be measured, and scroll the game into view."""
    page.add_style_tag(content="* { content-visibility: visible !important; }")
    page.locator(PLAY).first.scroll_into_view_if_needed()


def overflowing_in_every_language(page: Any) -> dict[str, list[str]]:
    found = {}
    for code in LANGUAGES:
        language_select(page).select_option(label=endonym(code))
        settle(page)
        found[code] = page.evaluate(OVERFLOWING, PLAY)
    return {code: texts for code, texts in found.items() if texts}


def test_no_control_overflows_at_1280_and_360_pixels_in_any_language(
    page: Any, browser: Any, voila: Server
) -> None:
    open_in_voila(page, voila, "07_play_vs_ai.ipynb")
    page.locator(f"{PLAY} .durak-hand button.durak-card").first.wait_for(timeout=90_000)
    render_everything(page)
    assert overflowing_in_every_language(page) == {}
    screenshot(page, "voila-1280")
    # one move, so that the game is saved and the phone is offered it
    logged = page.locator(MOVE_LOG_ITEMS).count()
    page.locator(f"{HAND_PLAYABLE}, {TAKE}:enabled, {STOP}:enabled").first.click()
    assert wait_for_move_logged(page, logged)
    page.locator(f"{PLAY} .durak-felt").first.screenshot(path=str(ARTIFACTS / "voila-table-1280.png"))

    context, phone = new_page(browser, 360, 800)
    open_in_voila(phone, voila, "07_play_vs_ai.ipynb")
    # the wide page's game was saved, so the phone is offered it first: the longest labels
    phone.locator(f"{PLAY} button.durak-resume").wait_for(timeout=90_000)
    render_everything(phone)
    assert overflowing_in_every_language(phone) == {}
    phone.locator(f"{PLAY} button.durak-resume").click()
    phone.locator(f"{PLAY} .durak-hand button.durak-card").first.wait_for(timeout=30_000)
    assert overflowing_in_every_language(phone) == {}
    phone.locator(f"{PLAY} .durak-felt").first.screenshot(path=str(ARTIFACTS / "voila-table-360.png"))
    screenshot(phone, "voila-360")
    context.close()


# Every card of the learner's hand lies inside the table's box (a hand that overflowed the felt
# would be cut off or scroll sideways).
CARDS_OUTSIDE_FELT = """(root) => {
  const felt = document.querySelector(`${root} .durak-felt`).getBoundingClientRect();
  const outside = [];
  for (const card of document.querySelectorAll(`${root} .durak-hand button.durak-card`)) {
    const box = card.getBoundingClientRect();
    if (box.left < felt.left - 1 || box.right > felt.right + 1) outside.push(card.title);
  }
  return outside;
}"""
HAND = f"{PLAY} .durak-hand button.durak-card"


def test_a_long_hand_wraps_inside_the_table_on_a_phone(browser: Any, voila: Server) -> None:
    context, phone = new_page(browser, 360, 800)
    open_in_voila(phone, voila, "07_play_vs_ai.ipynb")
    phone.locator(f"{PLAY} button.durak-new-game").first.wait_for(state="attached", timeout=90_000)
    render_everything(phone)
    if phone.locator(f"{PLAY} button.durak-discard").is_visible():  # a saved game is offered
        phone.locator(f"{PLAY} button.durak-discard").click()
    phone.locator(HAND).first.wait_for(timeout=30_000)
    # take every attack, lead a single card, never throw in: the hand only grows
    for _ in range(200):
        if phone.locator(HAND).count() >= 14 or game_over_text(phone):
            break
        settle(phone)
        for selector in (f"{TAKE}:enabled", f"{STOP}:enabled", HAND_PLAYABLE):
            if phone.locator(selector).count():
                click_and_wait(phone, phone.locator(selector).first)
                break
        else:
            phone.wait_for_timeout(100)  # the AI is moving
    settle(phone)
    assert phone.locator(HAND).count() >= 12, "the hand never grew to 12 cards"
    assert phone.evaluate(CARDS_OUTSIDE_FELT, PLAY) == []
    assert overflowing_in_every_language(phone) == {}
    phone.locator(f"{PLAY} .durak-felt").first.screenshot(path=str(ARTIFACTS / "voila-long-hand-360.png"))
    context.close()
