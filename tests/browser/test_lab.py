"""The tutorial in a real JupyterLab, clicked in a real Chromium."""

from __future__ import annotations

from typing import Any

import pytest

from durak.i18n import LANGUAGES, endonym, translator
from durak.tutorial import exercises as ex
from tests.browser.conftest import screenshot
from tests.browser.pages import (
    PLAY,
    STOP,
    TAKE,
    game_over_text,
    language_select,
    open_in_lab,
    play_to_the_end,
)

pytestmark = pytest.mark.browser


def visible_labels(page: Any) -> dict[str, str]:
    return {
        "Take": page.locator(TAKE).inner_text().strip(),
        "Stop": page.locator(STOP).inner_text().strip(),
        "New game": page.locator(f"{PLAY} button.durak-new-game").inner_text().strip(),
        "Hint": page.locator(f"{PLAY} button.durak-hint").inner_text().strip(),
        "Play against the AI": page.locator(f"{PLAY} h2").inner_text().strip(),
    }


def test_play_vs_ai_in_every_language_then_a_whole_game_by_clicking(page: Any, lab: str) -> None:
    open_in_lab(page, lab, "05_play_vs_ai.ipynb")
    page.locator(f"{PLAY} .durak-hand button.durak-card").first.wait_for()
    screenshot(page, "lab-play-start")
    english = visible_labels(page)
    assert english["Take"] == "Take"

    for language in LANGUAGES[1:]:
        language_select(page).first.select_option(label=endonym(language))
        expected = translator(language).gettext("Play against the AI")
        page.locator(f"{PLAY} h2", has_text=expected).wait_for()
        labels = visible_labels(page)
        for msgid, shown in labels.items():
            translated = translator(language).gettext(msgid)
            assert translated in shown, (language, msgid, shown)
        assert labels["Play against the AI"] != english["Play against the AI"], language

    clicks = play_to_the_end(page, seed=5)
    assert clicks > 0
    message = game_over_text(page)
    czech = translator(LANGUAGES[-1])
    outcomes = [czech.gettext(text) for text in ex_game_over_msgids()]
    assert any(outcome in message for outcome in outcomes), message
    screenshot(page, "lab-play-end")


def ex_game_over_msgids() -> list[str]:
    """The three game-over messages in the source language (from durak.messages)."""
    from durak import messages
    from durak.i18n import set_language

    set_language("en")
    return [messages.game_over_message(loser) for loser in (None, 0, 1)]


def test_an_exercise_of_playing_a_bout_by_clicking(page: Any, lab: str) -> None:
    open_in_lab(page, lab, "03_playing_a_bout.ipynb")
    exercise_ids = [f.__name__ for f in ex.NOTEBOOK_EXERCISES["03_playing_a_bout"]]
    views = page.locator(".durak-exercise")
    views.nth(len(exercise_ids) - 1).wait_for(timeout=180_000)
    language_select(page).select_option(label=endonym("de"))
    view = views.nth(exercise_ids.index("beat_plain"))

    from durak.i18n import set_language

    set_language("de")
    model = ex.build("beat_plain")
    right = sorted(model.answers, key=str)[0]
    expected = ex.feedback_text(model.check(right))
    view.locator("button.durak-card", has_text=str(right)).first.click()
    view.locator(".durak-feedback", has_text=expected).wait_for()
    screenshot(page, "lab-exercise-beat-plain-de")
    set_language("en")
