"""Responsiveness in a real browser: the play notebook as a Voilà app in headless Chromium.

Usage: python -m bench.browser_latency [--level hard] [--games 1] [--seed 1]

Plays whole games by clicking (random legal choices) and prints, over all human moves:
- click-to-render: from clicking a card to the table showing it;
- AI reply: from a human move to the AI's next action being shown in the move log
  (this includes the short pause the view leaves so that each AI action can be seen).
Needs Debian's chromium (/usr/bin/chromium) and Playwright (the test extra).
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from bench._common import command_line, percentile
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.browser.pages import (
    HAND_PLAYABLE,
    MOVE_LOG_ITEMS,
    PLAY,
    STOP,
    TAKE,
    enabled,
    game_over_text,
    open_in_voila,
    settle,
    wait_for_move_logged,
)
from tests.browser.servers import serve

TABLE_CARD = f"{PLAY} .durak-table-cards button.durak-card"
# After a human move: either the AI has answered (one more log line) or it is the human's turn again.
AFTER_MOVE = """([logSelector, playable, n]) => {
    const lines = document.querySelectorAll(logSelector).length;
    if (lines >= n + 2) return "ai";
    const quiet = performance.now() - window.__durakLastMutation > 250;  // not a stale frame
    if (lines === n + 1 && quiet && document.querySelectorAll(playable).length > 0) return "human";
    return false;
}"""


def play_one(page: Any, rng: random.Random, renders: list[float], replies: list[float]) -> None:
    while not game_over_text(page):
        settle(page)
        cards = enabled(page, HAND_PLAYABLE)
        others = enabled(page, f"{TAKE}:enabled") + enabled(page, f"{STOP}:enabled")
        if not cards and not others:
            page.wait_for_timeout(20)
            continue
        choice = rng.choice(cards + others)
        classes = (choice.get_attribute("class") or "").split() if choice in cards else []
        face = next((name for name in classes if name.startswith("durak-c-")), None)  # the card's face
        logged = page.locator(MOVE_LOG_ITEMS).count()
        start = time.perf_counter()
        choice.click()
        if not wait_for_move_logged(page, logged):
            continue  # the click landed while the buttons were re-rendering: look again
        if face:
            page.locator(f"{TABLE_CARD}.{face}").first.wait_for()
            renders.append(time.perf_counter() - start)
        answer = page.wait_for_function(
            AFTER_MOVE,
            arg=[MOVE_LOG_ITEMS, f"{HAND_PLAYABLE}, {TAKE}:enabled, {STOP}:enabled", logged],
            timeout=60_000,
        )
        if answer.json_value() == "ai":
            replies.append(time.perf_counter() - start)


def main() -> None:
    parser = command_line(__doc__)
    parser.add_argument("--level", default="hard", choices=["easy", "normal", "hard"])
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    renders: list[float] = []
    replies: list[float] = []
    with tempfile.TemporaryDirectory() as home, serve("voila", Path(home)) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 1000})
        page.route(
            "**/*", lambda r: r.continue_() if r.request.url.startswith("http://127.0.0.1") else r.abort()
        )
        page.set_default_timeout(60_000)
        open_in_voila(page, server, "07_play_vs_ai.ipynb")
        page.locator(f"{PLAY} .durak-hand button.durak-card").first.wait_for()
        page.locator(f"{PLAY} .durak-level button").nth(["easy", "normal", "hard"].index(args.level)).click()
        for _ in range(args.games):
            page.locator(f"{PLAY} button.durak-new-game").click()
            page.wait_for_timeout(1000)
            try:
                play_one(page, rng, renders, replies)
            except Exception:
                page.screenshot(path="/tmp/latency-fail.png", full_page=True)
                print(page.locator(f"{PLAY} .durak-move-log").inner_text()[:600])
                print(page.locator(f"{PLAY} .durak-errors").inner_text()[:600])
                raise
        browser.close()
    print(f"Voilà + headless Chromium, level {args.level}, {args.games} game(s)")
    for name, values in (("click-to-render", renders), ("AI reply", replies)):
        print(
            f"{name:16} n={len(values):3}  median {statistics.median(values) * 1000:6.0f} ms  "
            f"p95 {percentile(values, 0.95) * 1000:6.0f} ms"
        )


if __name__ == "__main__":
    main()
