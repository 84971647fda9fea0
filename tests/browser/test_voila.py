"""The play notebook as a Voilà app: no code on the page, a whole game by clicking."""

from __future__ import annotations

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
