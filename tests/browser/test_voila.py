"""The play notebook as a Voilà app: no code on the page, a whole game by clicking."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import expect

from durak.i18n import gettext, set_language
from durak.tutorial.lessons.content import NOTEBOOKS
from durak.tutorial.review_model import NO_MOMENTS
from tests.browser.conftest import new_page, screenshot
from tests.browser.pages import (
    GAME_OVER,
    HAND_PLAYABLE,
    MOVE_LOG_ITEMS,
    PLAY,
    STOP,
    TAKE,
    click_and_wait,
    game_over_text,
    open_in_voila,
    play_to_the_end,
    settle,
    wait_for_legal_moves,
    wait_for_move_logged,
)
from tests.browser.servers import Server

pytestmark = pytest.mark.browser


def test_a_whole_game_in_the_voila_app(page: Any, voila: Server) -> None:
    open_in_voila(page, voila, "07_play_vs_ai.ipynb")
    page.locator(f"{PLAY} .durak-hand button.durak-card").first.wait_for()
    shown = page.locator("body").inner_text()
    assert "from durak.tutorial import" not in shown  # no code shown
    assert "Run All Cells" not in shown  # nor the notebook's how-to-run text: the app runs it
    # a button's icon is decoration: it is named by its label alone
    expect(page.locator(f"{PLAY} button.durak-new-game")).to_have_accessible_name("New game")
    expect(page.locator(f"{PLAY} button.durak-hint")).to_have_accessible_name("Hint")
    # a card shows its drawn face, no text, and is named by the card's full name (its title)
    hand = page.locator(f"{PLAY} .durak-hand button.durak-card")
    for i in range(hand.count()):
        card = hand.nth(i)
        name = card.get_attribute("title") or ""
        # the index, then the full name in the learner's language: "В♥ — Валет (jack) of hearts"
        assert re.match(r"(6|7|8|9|10|В|Д|К|Т)[♠♣♥♦] \S+ \w", name) and card.inner_text().strip() == ""
        expect(card).to_have_accessible_name(name)
        assert "data:image/svg+xml" in card.evaluate("b => getComputedStyle(b).backgroundImage")
    review = page.locator(f"{PLAY} .durak-review")
    moments = review.locator("button.durak-moment")
    # A game clicked at random nearly always has a key moment, but not always (the AI thinks for
    # a time, not a number of steps, so the games differ from run to run): then a rematch.
    for game in range(3):
        if game:
            page.locator(f"{PLAY} button.durak-rematch").click()
            page.wait_for_function(  # the new game has begun
                "(selector) => !document.querySelector(selector)?.innerText.trim()", arg=GAME_OVER
            )
        play_to_the_end(page, seed=11 + game)
        assert game_over_text(page)
        screenshot(page, "voila-play-end")

        # the review of the game just played: the curve, the key moments, a moment's position
        page.locator(f"{PLAY} button.durak-review-game").click()
        review.locator(".durak-review-chart svg").first.wait_for(timeout=120_000)
        assert review.locator(".durak-review-chart svg g.mark-line path").count() >= 1  # the curve is drawn
        expect(moments.first.or_(review.get_by_text(gettext(NO_MOMENTS)))).to_be_visible(timeout=10_000)
        if moments.count():
            break
    else:
        raise AssertionError("three games clicked at random, and not one key moment")
    assert moments.first.inner_text().startswith("Move ")
    moments.first.click()
    position = review.locator(".durak-review-position")
    expect(position.locator("button.durak-card").first).to_be_visible(timeout=10_000)
    screenshot(page, "voila-review")


def test_a_whole_game_by_keyboard_alone(page: Any, voila: Server) -> None:
    """Tab to a card you may play (or to Take or Stop) and press Enter: a game to its end, no mouse."""
    open_in_voila(page, voila, "07_play_vs_ai.ipynb")
    page.locator(f"{PLAY} .durak-hand button.durak-card").first.wait_for()
    legal = f"{HAND_PLAYABLE}, {TAKE}:enabled, {STOP}:enabled"
    moves = 0
    while not game_over_text(page):
        assert moves < 200, "the game did not end"
        settle(page)
        if not page.locator(legal).count():
            page.wait_for_timeout(100)  # the AI is moving
            continue
        for _ in range(80):  # every control of the page is reachable by Tab
            page.keyboard.press("Tab")
            if page.evaluate("(selector) => document.activeElement.matches(selector)", legal):
                break
        else:
            raise AssertionError("Tab never reached a card to play, Take or Stop")
        focused = page.locator(":focus")
        outline = focused.evaluate("el => getComputedStyle(el).outlineStyle")
        assert outline != "none", "the focused control shows no focus ring"
        logged = page.locator(MOVE_LOG_ITEMS).count()
        page.keyboard.press("Enter")
        moves += 1
        wait_for_move_logged(page, logged)
    screenshot(page, "voila-keyboard-end")


def test_the_course_page_in_voila_in_the_language_its_link_names_and_back_after_a_reload(
    page: Any, voila: Server
) -> None:
    """`make app` opens on the course: every lesson on one page, with one kernel."""
    page.goto(voila.url("/voila/render/course.ipynb?lang=es"))
    page.locator(".durak-course .durak-exercise button.durak-card").first.wait_for()
    heading = page.locator(".durak-lesson-heading")
    set_language("es")
    try:
        first, second = (gettext(NOTEBOOKS[name].TITLE) for name in ("00_start", "01_goal"))
    finally:
        set_language("en")
    expect(heading).to_contain_text(first)
    assert "from durak.tutorial import" not in page.locator("body").inner_text()  # no code shown
    next_lesson = page.locator(".durak-course button.durak-next-lesson")
    expect(next_lesson).to_contain_text(second)  # named by the next lesson's title
    next_lesson.click()
    expect(heading).to_contain_text(second)
    page.locator(".durak-course .durak-exercise button.durak-card").first.wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    screenshot(page, "voila-course-es")
    page.goto(voila.url("/voila/render/course.ipynb"))  # a reload (a new kernel): where the learner was
    expect(heading).to_contain_text(second, timeout=60_000)  # a kernel starts: slow on a busy machine


def test_after_a_reload_mid_game_the_course_shows_the_game_on_a_phone(browser: Any, voila: Server) -> None:
    """The game comes back at once, and the page scrolls to it: not to the lesson's top, far above."""
    context, phone = new_page(browser, 390, 844)
    phone.goto(voila.url("/voila/render/course.ipynb?lang=de"))
    course = phone.locator(".durak-course")
    course.locator(".durak-lesson-heading").wait_for()
    course.locator(".durak-contents-button").click()
    course.locator(".durak-course-contents button", has_text="07 · ").click()
    click_and_wait(phone, wait_for_legal_moves(phone)[0])  # a move: a game to come back to
    phone.reload()
    hand = phone.locator(f"{PLAY} .durak-hand button.durak-card").first
    hand.wait_for()
    expect(hand).to_be_in_viewport(timeout=10_000)
    context.close()


def test_a_reviews_link_opens_lesson_06_with_its_part_in_view_below_the_bar(
    browser: Any, voila: Server
) -> None:
    """A learner's walk: the review's "Read “Saving trumps” in lesson 06" landed on the next part
    (lesson 06 was drawn after the scroll), or with the part's heading under the sticky top bar.
    (Last in this module: the course remembers lesson 06 for the pages after it.)"""
    opener = (
        "import asyncio\n"
        "from durak.tutorial import course\n"
        "page = course(lesson='07_play_vs_ai', lang='de', iterations=30)\n"
        "asyncio.get_event_loop().call_later(3, page.open_topic, 'saving_trumps')  # as the button does\n"
        "page"
    )
    cell = {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None, "source": opener}
    kernel = {"name": "python3", "display_name": "Python 3", "language": "python"}
    notebook = {"cells": [cell], "metadata": {"kernelspec": kernel}, "nbformat": 4, "nbformat_minor": 5}
    assert voila.folder is not None
    (voila.folder / "open_topic.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    for width, height in ((390, 844), (1280, 900)):
        context, phone = new_page(browser, width, height)
        phone.goto(voila.url("/voila/render/open_topic.ipynb"))
        part = phone.locator(".durak-course .durak-topic-saving_trumps h3")
        part.wait_for(timeout=60_000)
        bar = phone.locator(".durak-course-bar")
        placed: list[tuple[float, float]] = []
        for _ in range(40):  # in view below the bar, and staying there while the lesson is drawn
            box, top = part.bounding_box(), bar.bounding_box()
            assert box is not None and top is not None
            placed.append((top["y"] + top["height"], box["y"]))
            if len(placed) >= 4 and all(below <= y < height / 2 for below, y in placed[-4:]):
                break
            phone.wait_for_timeout(250)
        else:
            screenshot(phone, f"voila-open-topic-{width}")
            raise AssertionError(f"the part's heading is not in view below the bar: {placed[-4:]}")
        context.close()
