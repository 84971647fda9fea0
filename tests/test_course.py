"""The course page (durak.tutorial.course): one page, every lesson, remembered where it was left."""

from __future__ import annotations

import asyncio
import itertools
import json
from pathlib import Path

import pytest

from durak.i18n import get_language, gettext, set_language
from durak.tutorial import course, course_view
from durak.tutorial.course_model import LESSON_KEY, CourseModel, UnknownLesson, start_language
from durak.tutorial.course_view import SITE_PREAMBLE, CourseView, address_code
from durak.tutorial.game_view import PlayView
from durak.tutorial.lessons.content import NOTEBOOK_EXERCISES, NOTEBOOKS
from durak.tutorial.lessons.views import DeckView, ExerciseView, LessonText
from durak.tutorial.review_view import SavedGamesReview
from durak.tutorial.settings import load_settings, remember_language, remembered_language
from tests.test_play import next_click

pytestmark = pytest.mark.usefixtures("isolated")  # tests/conftest.py

ITERATIONS = 30  # the AI's search, small: these tests are about the page
LESSONS = list(NOTEBOOKS)


@pytest.fixture(autouse=True)
def unhurried_learner(monkeypatch: pytest.MonkeyPatch) -> None:
    """A second passes between two clicks (the page takes two within DOUBLE_CLICK for one)."""
    clock = itertools.count(start=1000.0)
    monkeypatch.setattr(course_view, "monotonic", lambda: float(next(clock)))


def test_the_course_opens_on_the_first_lesson_and_leads_through_all_of_them_and_back() -> None:
    page = course(lang="en", iterations=ITERATIONS)
    assert page.lesson == LESSONS[0] and page.heading_text == "Durak · 00 · Start: the deck and trump"
    assert page.previous_button.layout.visibility == "hidden"
    for following in LESSONS[1:]:
        title = gettext(NOTEBOOKS[following].TITLE)
        assert title in page.next_button.description  # named by the next lesson's title
        page.next_button.click()
        assert page.lesson == following and title in page.heading.value
    assert page.next_button.layout.display == "none"  # the game is the last step
    page.previous_button.click()
    assert page.lesson == LESSONS[-2]
    page.close()


def test_each_lesson_shows_what_its_notebook_shows_cell_by_cell() -> None:
    page = course(lang="en", iterations=ITERATIONS)
    kinds = {"intro": LessonText, "exercise": ExerciseView, "deck": DeckView, "play": PlayView}
    for lesson in LESSONS:
        page.go_to(lesson)
        cells = NOTEBOOKS[lesson].CELLS
        assert len(page.lesson_views) == len(cells)
        for cell, view in zip(cells, page.lesson_views, strict=True):
            if cell.call in kinds:
                assert isinstance(view, kinds[cell.call])
            if cell.call == "exercise":
                assert isinstance(view, ExerciseView) and view.exercise.id == cell.argument
            if cell.call == "review":
                assert isinstance(view, SavedGamesReview)
    page.close()


def test_a_lesson_is_rendered_once_and_kept_as_the_learner_left_it() -> None:
    page = course(lang="en", lesson="01_goal")
    first = page.lesson_views[1]
    assert isinstance(first, ExerciseView)
    first.click(next(iter(first.exercise.choices)))
    page.next_button.click()
    page.previous_button.click()
    assert page.lesson_views[1] is first and first.feedback_text != ""
    page.close()


def test_the_open_lesson_is_remembered_for_the_next_page(isolated: Path) -> None:
    page = course(lang="en")
    page.go_to("04_taking")
    page.close()
    assert load_settings()[LESSON_KEY] == "04_taking"
    again = course()
    assert again.lesson == "04_taking"
    again.close()


def test_a_remembered_lesson_that_no_longer_exists_opens_the_first(isolated: Path) -> None:
    isolated.mkdir(parents=True)
    (isolated / "settings.json").write_text(json.dumps({LESSON_KEY: "09_gone"}))
    assert CourseModel().current == LESSONS[0]
    with pytest.raises(UnknownLesson, match="unknown lesson '09_gone'"):
        CourseModel("09_gone")
    with pytest.raises(UnknownLesson):
        CourseModel().open(None)


def test_the_contents_list_every_lesson_with_its_progress_and_open_one() -> None:
    page = course(lang="en")
    assert page.contents.layout.display == "none"
    page.contents_button.value = True
    assert page.contents.layout.display == "flex"
    first_exercises = len(NOTEBOOK_EXERCISES["00_start"])
    assert page.lesson_buttons["00_start"].description.endswith(f"0 of {first_exercises} solved")
    assert page.lesson_buttons["00_start"].button_style == "info"  # the open one
    exercise = next(view for view in page.lesson_views if isinstance(view, ExerciseView))
    for answer in exercise.exercise.answers:  # solve it
        exercise.click(answer)
    assert exercise.exercise.solved
    assert page.lesson_buttons["00_start"].description.endswith(f"1 of {first_exercises} solved")
    assert "1 of " in page.place.value  # the top bar's count too
    page.lesson_buttons["05_the_end"].click()
    assert page.lesson == "05_the_end" and not page.contents_button.value
    assert page.contents.layout.display == "none"
    page.close()


def test_the_page_speaks_the_picked_language_everywhere_and_the_address_follows() -> None:
    page = course(lang="en", lesson="02_setup")
    assert page.bridge.address_code == address_code("en")
    page.picker.value = "de"
    assert get_language() == "de"
    assert gettext(NOTEBOOKS["03_a_bout"].TITLE) in page.next_button.description
    assert page.next_button.description != "" and page.place.value.startswith("<span>Lektion 02 · ")
    assert page.bridge.address_code == SITE_PREAMBLE + 'from durak.tutorial import course; course(lang="de")'
    assert page.bridge.title.startswith("Durak · 02 · ")
    page.close()


def test_going_to_a_lesson_asks_the_page_to_scroll_to_its_top() -> None:
    page = course(lang="en")
    before = page.bridge.scroll
    page.next_button.click()
    assert page.bridge.scroll == before + 1 and page.bridge.focus == ""
    page.close()


def test_a_double_click_on_next_opens_the_next_lesson_not_the_one_after(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A learner's double click (the walk: 01 -> 03, with nothing saying 02 was skipped)."""
    now = [1000.0]
    monkeypatch.setattr(course_view, "monotonic", lambda: now[0])
    page = course(lang="en", lesson="01_goal")
    page.next_button.click()
    now[0] += 0.2
    page.next_button.click()  # the second click of a double click
    assert page.lesson == "02_setup"
    now[0] += 1.0  # a moment later: a click of its own
    page.next_button.click()
    assert page.lesson == "03_a_bout"
    page.close()


def test_the_contents_open_inside_the_bar_that_stays_in_view() -> None:
    """Opened from far down a lesson, the list must appear where the learner is (the walk: it
    opened thousands of pixels above, at the top of the course)."""
    page = course(lang="en")
    assert page.contents in page.top_bar.children and page.contents not in page.children
    assert "durak-course-bar" in page.top_bar._dom_classes
    page.close()


def test_a_picked_language_is_handed_to_the_pages_address() -> None:
    """Voilà's ?lang=de must not bring German back after Español was picked and the page reloaded."""
    page = course(lang="de")
    assert page.bridge.language == "de"
    page.picker.value = "es"
    assert page.bridge.language == "es"
    page.close()


@pytest.mark.parametrize(
    ("requested", "remembered", "browser", "expected"),
    [
        ("es", "de", ["tr"], "es"),  # a teacher's link wins
        (None, "de", ["tr"], "de"),  # then what the learner picked last time
        (None, None, ["fr-FR", "tr-TR", "de"], "tr"),  # then the browser's first that is spoken
        ("fr", None, ["da-DK"], "da"),  # a language the tutorial does not speak is ignored
        (None, None, ["fr"], "en"),  # else the system's (English in the tests)
    ],
)
def test_the_course_starts_in_the_right_language(
    requested: str | None, remembered: str | None, browser: list[str], expected: str
) -> None:
    if remembered is not None:
        remember_language(remembered)
    assert start_language(requested, browser) == expected == get_language()


def test_a_language_from_the_link_is_remembered_as_if_picked() -> None:
    start_language("cs")
    set_language("en")
    assert start_language(None, ["de"]) == "cs"


def test_in_a_kernel_the_links_language_is_written_once_the_page_is_on_screen() -> None:
    async def scenario() -> str | None:
        start_language("cs")
        written_at_once = remembered_language()
        await asyncio.sleep(0)
        return written_at_once

    assert asyncio.run(scenario()) is None and remembered_language() == "cs"


def test_the_pages_query_names_the_language_in_voila(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "lang=es&other=1")  # Voilà hands the page's query to the kernel
    page = course()
    assert get_language() == "es"
    page.close()


def test_the_game_comes_back_at_once_in_the_course_and_without_a_second_picker() -> None:
    page = course(lang="en", lesson="07_play_vs_ai", iterations=ITERATIONS, seed=5)
    game = next(view for view in page.lesson_views if isinstance(view, PlayView))
    assert game.language.layout.display == "none"  # the top bar's picker is the page's
    next_click(game).click()
    history = game.game.history
    page.close()

    again = course(iterations=ITERATIONS)  # a reload: the remembered lesson, the game on screen
    game = next(view for view in again.lesson_views if isinstance(view, PlayView))
    assert not game.offering_resume and game.game.history == history
    assert again.bridge.focus == ".durak-play"  # the page shows the game, not the lesson's top
    assert game.heading.layout.display == "none"  # one heading: the lesson's
    again.close()


def test_a_lesson_shows_from_its_first_cards_on_and_the_next_is_prepared_while_the_learner_reads() -> None:
    first_cells = len(NOTEBOOKS["00_start"].CELLS)

    async def scenario() -> tuple[CourseView, int]:
        page = course(lang="en")  # in a kernel: an event loop runs
        shown_at_once = len(page.lesson_views)
        assert isinstance(page.lesson_views[-1], DeckView) and "01_goal" not in page._built
        for _ in range(400):  # until the background builder is done (at most 20 s)
            if page._pending.get("01_goal") == [] and not page._pending["00_start"]:
                break
            await asyncio.sleep(0.05)
        return page, shown_at_once

    page, shown_at_once = asyncio.run(scenario())
    assert shown_at_once < first_cells == len(page.lesson_views)  # the rest came a cell at a time
    assert "durak-lesson-built" in page.lesson_area.children[0]._dom_classes  # and the page is told
    prepared = page._built["01_goal"]
    assert len(prepared.children) == len(NOTEBOOKS["01_goal"].CELLS)
    page.next_button.click()
    assert page.lesson_area.children == (prepared,)
    page.close()


def test_the_page_bridge_is_there_at_once_with_the_title_and_the_language() -> None:
    async def scenario() -> CourseView:
        return course(lang="de")  # in a kernel: it names the tab and scrolls from the start

    page = asyncio.run(scenario())
    assert page.bridge is not None and page.bridge_slot.children == (page.bridge,)
    assert page.bridge.title == page.heading_text and page.bridge.language == "de"
    page.close()


def test_the_games_lesson_shows_from_the_game_on_and_its_review_comes_after() -> None:
    async def scenario() -> tuple[CourseView, int]:
        page = course(lang="en", lesson="07_play_vs_ai", iterations=ITERATIONS)
        shown_at_once = len(page.lesson_views)
        for _ in range(100):
            if not page._pending["07_play_vs_ai"]:
                break
            await asyncio.sleep(0.05)
        return page, shown_at_once

    page, shown_at_once = asyncio.run(scenario())
    assert isinstance(page.lesson_views[shown_at_once - 1], PlayView)
    assert shown_at_once < len(page.lesson_views) == len(NOTEBOOKS["07_play_vs_ai"].CELLS)
    page.close()


def test_the_game_is_never_prepared_unseen() -> None:
    async def scenario() -> CourseView:
        page = course(lang="en", lesson="06_strategy")
        await asyncio.sleep(1.0)
        return page

    page = asyncio.run(scenario())
    assert "07_play_vs_ai" not in page._built
    page.close()


def test_a_habit_in_the_review_opens_its_part_of_lesson_06_on_the_page() -> None:
    """Issue 30: each habit the review names links to the part of lesson 06 that teaches it."""
    page = course(lang="en", lesson="07_play_vs_ai", iterations=ITERATIONS, seed=5)
    game = next(view for view in page.lesson_views if isinstance(view, PlayView))
    assert game.open_topic == page.open_topic  # the game's review opens the page's lessons
    before = page.bridge.scroll
    page.open_topic("when_to_take")
    assert page.lesson == "06_strategy"
    assert page.bridge.focus == ".durak-topic-when_to_take" and page.bridge.scroll == before + 1
    assert any(
        isinstance(view, LessonText) and "durak-topic-when_to_take" in view._dom_classes
        for view in page.lesson_views
    )
    page.close()


def test_the_reviews_lesson_buttons_name_the_part_and_open_it() -> None:
    from durak import Action, Game
    from durak.ai.review import Pattern, Review
    from durak.ai.teaching import Breach
    from durak.tutorial.review_view import ReviewView

    set_language("en")
    game = Game.from_deal(["7♦", "7♠", "9♣"], ["8♣", "6♥"], ["6♦", "8♠"], attacker=0, trump="♠")
    for action in ("attack 7♦", "take", "attack 7♠", "stop"):
        game.apply(action)
    handed = Pattern(2, Breach.TRUMP_GIVEN, Action.parse("attack 7♠"), Action.parse("stop"), 0.1)
    opened: list[str] = []
    for opener, buttons in ((opened.append, 1), (None, 0)):  # a notebook quotes the part instead
        view = ReviewView(game, start=False, open_topic=opener)
        view.model.review = Review(0, (), (), None, None, True, (handed,))
        view.render()
        assert len(view.lesson_links.children) == buttons
        if buttons:
            button = view.lesson_links.children[0]
            assert button.description == "Read “Saving trumps” in lesson 06"
            button.click()
            assert opened == ["saving_trumps"]
            set_language("de")
            assert "Saving trumps" not in button.description
            set_language("en")
        view.close()
