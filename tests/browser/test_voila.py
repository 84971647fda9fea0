"""The play notebook as a Voilà app: no code on the page, a whole game by clicking."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.pages import PLAY, game_over_text, open_in_voila, play_to_the_end
from tests.browser.servers import Server

pytestmark = pytest.mark.browser


def test_a_whole_game_in_the_voila_app(page: Any, voila: Server) -> None:
    open_in_voila(page, voila, "07_play_vs_ai.ipynb")
    page.locator(f"{PLAY} .durak-hand button.durak-card").first.wait_for()
    shown = page.locator("body").inner_text()
    assert "from durak.tutorial import" not in shown  # no code shown
    assert "Run All Cells" not in shown  # nor the notebook's how-to-run text: the app runs it
    # a card shows its drawn face, no text, and is named by the card's full name (its title)
    hand = page.locator(f"{PLAY} .durak-hand button.durak-card")
    for i in range(hand.count()):
        card = hand.nth(i)
        name = card.get_attribute("title") or ""
        # the index, then the full name in the learner's language: "В♥ — Валет (jack) of hearts"
        assert re.match(r"(6|7|8|9|10|В|Д|К|Т)[♠♣♥♦] \S+ \w", name) and card.inner_text().strip() == ""
        expect(card).to_have_accessible_name(name)
        assert "data:image/svg+xml" in card.evaluate("b => getComputedStyle(b).backgroundImage")
    play_to_the_end(page, seed=11)
    assert game_over_text(page)
    screenshot(page, "voila-play-end")

    # the review of the game just played: the curve, the key moments, a moment's position
    page.locator(f"{PLAY} button.durak-review-game").click()
    review = page.locator(f"{PLAY} .durak-review")
    review.locator(".durak-review-chart svg").first.wait_for(timeout=120_000)
    assert review.locator(".durak-review-chart .line").count() >= 1  # the chance curve is drawn
    moments = review.locator("button.durak-moment")
    expect(moments.first).to_be_visible(timeout=10_000)  # a game clicked at random has some
    assert moments.first.inner_text().startswith("Move ")
    moments.first.click()
    position = review.locator(".durak-review-position")
    expect(position.locator("button.durak-card").first).to_be_visible(timeout=10_000)
    screenshot(page, "voila-review")
