"""The static site's first visit: its size, the bytes a cold visit downloads, the time to a lesson.

Usage: python -m bench.site_load [--site site] [--runs 3] [--page course|lab|repl] [--largest N]
       python -m bench.site_load --node [--site site] [--runs 3]
       python -m bench.site_load --ai-turns [--site site] [--games 6] [--level hard]
(after ``make site``; needs Chromium, or Node.js for ``--node``)

Each run is a new browser profile (a cold cache). ``--page course`` (the default) is what a
learner meets: the site's root address with ``?lang=es``, on a 390×844 phone screen. It times the
first playable card of lesson 00, then the next lesson from its control to its first card, then
(after a few moves in the game) a reload to the game back on screen; it checks that nothing
scrolls sideways and that every control of the page can be reached within its width.
``--page lab`` opens ``00_start.ipynb`` in
JupyterLab and runs its cells; ``--page repl`` opens JupyterLite's REPL app with the code of a
lesson's exercise in its URL, as the course page does. The clock stops when the exercise's card
buttons are on the page. Bytes are the bodies the page and its workers received from the site
(nothing else is reachable), each counted once: not again when JupyterLite's service worker hands
it on. The site's own server (``lite/serve.py``) compresses text, scripts and WebAssembly as
GitHub Pages and most CDNs do: "received" is what came over the wire; "uncompressed" is what a
host that compresses nothing would send. ``--largest N`` lists the N biggest downloads (what to
ship less of).

``--node`` times the site's Python without a browser: the site's own Pyodide in Node.js boots,
loads the wheels the kernel preloads, and imports the kernel and the lessons (the import is what
bytecode in the wheels saves).
"""

from __future__ import annotations

import dataclasses
import json
import statistics
import subprocess
import time
import urllib.parse
from pathlib import Path
from typing import Any

from bench._common import ROOT, command_line, percentile
from lite.serve import compress_ahead, serving
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, new_page
from tests.browser.pages import KERNEL_IDLE, run_all_cells

# The course page's way to a lesson: the REPL app runs this at start, with no banner and no code shown.
EXERCISE = 'from durak.tutorial import lessons\nlessons.exercise("beat_trump")'
REPL_QUERY = {"kernel": "python", "showBanner": "0", "hideCodeInput": "1", "code": EXERCISE}
NODE_RUNNER = ROOT / "lite" / "pyodide.mjs"
# What the kernel imports at start (the worker's initPackageManager and initKernel), then the lesson.
NODE_IMPORTS = """
import sys, time
t = time.perf_counter()
import piplite.piplite
import pyodide_kernel
t1 = time.perf_counter()
import durak.tutorial.lessons
t2 = time.perf_counter()
print(f"kernel {t1 - t:.2f} lessons {t2 - t1:.2f}", file=sys.__stdout__)
"""


def folder_size(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())


@dataclasses.dataclass
class Visit:
    ready: float  # seconds to Python ready (Lab only: the REPL shows no kernel status)
    card: float  # seconds to the exercise's first card
    received: int  # bytes over the wire (compressed, as the site's server and its hosts send them)
    uncompressed: int  # bytes, as a host that compresses nothing would send them
    outside: int  # requests to other hosts (aborted)


def first_visit(browser: object, base: str, site: Path, kind: str, sizes: dict[str, int]) -> Visit:
    """A cold visit of the ``kind`` page; each URL's bytes are also kept in ``sizes``."""
    outside: list[str] = []
    context, page = new_page(browser, 1280, 1000, outside)
    received = [0, 0]
    context.on("response", lambda response: _count(response, site, sizes, received))  # with its workers'
    start = time.perf_counter()
    ready = float("nan")
    if kind == "lab":
        page.goto(f"{base}/lab/index.html?path=00_start.ipynb")
        page.locator(KERNEL_IDLE).filter(has_text="Idle").wait_for(timeout=180_000)
        ready = time.perf_counter() - start
        run_all_cells(page)
        page.locator(".durak-exercise button.durak-card").first.wait_for(timeout=180_000)
    else:
        page.goto(f"{base}/repl/index.html?{urllib.parse.urlencode(REPL_QUERY)}")
        page.locator("button.durak-card").first.wait_for(timeout=180_000)
    lesson = time.perf_counter() - start
    page.wait_for_timeout(3000)  # requests still under way are counted too
    context.close()
    return Visit(ready, lesson, received[0], received[1], len(outside))


COURSE_CARD = ".durak-course button.durak-card"
GAME_HAND = ".durak-play .durak-hand button.durak-card"


@dataclasses.dataclass
class CourseVisit:
    card: float  # seconds from the root address to lesson 00's first card
    next_lesson: float  # seconds from the click on the next lesson's control to its first card
    reload: float  # seconds from a reload in the middle of a game to its hand back on screen
    received: int
    uncompressed: int
    outside: int
    sideways: int  # pixels the page scrolls sideways (0: none)
    unreachable: list[str]  # controls outside the screen's width


UNREACHABLE = """(width) => [...document.querySelectorAll('.durak-course button, .durak-course select')]
  .filter((node) => node.offsetParent !== null)
  .filter((node) => {
    const box = node.getBoundingClientRect();
    return box.left < 0 || box.right > width + 1;
  })
  .map((node) => node.textContent.trim() || node.className)"""


def course_visit(browser: object, base: str, site: Path, sizes: dict[str, int], width: int) -> CourseVisit:
    """A learner's cold visit of the site's root, on a phone's screen (see the module's docstring)."""
    outside: list[str] = []
    context, page = new_page(browser, width, 844, outside)
    received = [0, 0]
    context.on("response", lambda response: _count(response, site, sizes, received))
    start = time.perf_counter()
    page.goto(f"{base}/?lang=es")
    page.locator(COURSE_CARD).first.wait_for(timeout=180_000)
    card = time.perf_counter() - start
    page.wait_for_timeout(3000)  # the rest of the lesson, and the next one prepared, as a reader would
    bytes_in, uncompressed = received  # the first visit's (the reload below fetches again from this server)
    sideways = page.evaluate("document.documentElement.scrollWidth") - width
    unreachable = page.evaluate(UNREACHABLE, width)
    start = time.perf_counter()
    page.locator(".durak-course button.durak-next-lesson").click()
    page.locator(".durak-lesson-heading", has_text="01").wait_for()
    page.locator(f"{COURSE_CARD}").first.wait_for()
    next_lesson = time.perf_counter() - start
    page.locator(".durak-course .durak-contents-button").click()
    page.locator(".durak-course-contents button", has_text="07").click()
    page.locator(GAME_HAND).first.wait_for(timeout=60_000)
    for _ in range(3):  # a few moves, so that there is a game to come back to
        page.locator(f"{GAME_HAND}.durak-playable:enabled, .durak-play button.durak-take:enabled, "
                     ".durak-play button.durak-stop:enabled").first.click()  # fmt: skip
        page.wait_for_timeout(2500)
    start = time.perf_counter()
    page.reload()
    page.locator(GAME_HAND).first.wait_for(timeout=180_000)
    reload = time.perf_counter() - start
    context.close()
    return CourseVisit(card, next_lesson, reload, bytes_in, uncompressed, len(outside), sideways, unreachable)


def _count(response: Any, site: Path, sizes: dict[str, int], received: list[int]) -> None:
    """Count a response's bytes on the wire (the site's server always sends Content-Length) and
    uncompressed, once: not again when JupyterLite's service worker hands it on."""
    if response.from_service_worker:
        return
    size = int(response.headers.get("content-length", 0))
    path = urllib.parse.urlsplit(response.url).path
    file = site / urllib.parse.unquote(path).lstrip("/")
    compressed = response.headers.get("content-encoding") == "gzip"
    received[0] += size
    received[1] += file.stat().st_size if compressed and file.is_file() else size
    sizes[path] = max(sizes.get(path, 0), size)


# The AI's turns in the site's own Python (in the browser, through the REPL app): every decision
# of a turn, from the learner's move to the learner's next one, without the pause the game view
# leaves between two actions so that each can be seen.
AI_TURNS = """import json, random, time
from durak.tutorial.game_model import PlayModel
turns = []
for seed in range({games}):
    model, rng = PlayModel("{level}", seed), random.Random(seed)
    while not model.game.is_over:
        if model.ai_to_move:
            start = time.perf_counter()
            model.finish_ai_turn()
            turns.append(time.perf_counter() - start)
        else:
            model.play(rng.choice(model.human_actions()))
print("AI-TURNS " + json.dumps(turns))"""


def ai_turns(browser: object, base: str, games: int, level: str) -> list[float]:
    context, page = new_page(browser, 1280, 1000, [])
    query = {"kernel": "python", "showBanner": "0", "code": AI_TURNS.format(games=games, level=level)}
    page.goto(f"{base}/repl/index.html?{urllib.parse.urlencode(query)}")
    printed = page.locator("pre", has_text="AI-TURNS")
    printed.wait_for(timeout=600_000)
    turns: list[float] = json.loads(printed.inner_text().split("AI-TURNS", 1)[1])
    context.close()
    return turns


def node_timings(site: Path) -> dict[str, float]:
    """Seconds to boot the site's Pyodide in Node.js, to load the wheels the kernel preloads, and
    to import the kernel and then the lessons."""
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    (settings,) = config["litePluginSettings"].values()
    packages = settings["loadPyodideOptions"]["packages"]
    command = ["node", NODE_RUNNER, "--load", ",".join(packages), "--timings", site / "static" / "pyodide"]
    done = subprocess.run(
        [str(part) for part in [*command, "-c", NODE_IMPORTS]], check=True, capture_output=True, text=True
    )
    timings: dict[str, float] = json.loads(done.stderr.strip().splitlines()[-1])
    words = done.stdout.split()
    timings.update({words[i]: float(words[i + 1]) for i in range(0, len(words), 2)})
    return timings


def report_course(visits: list[CourseVisit], sizes: dict[str, int], largest: int) -> None:
    for visit in visits:
        print(f"  cold visit (course): first card {visit.card:.1f} s, next lesson {visit.next_lesson:.2f} s, "
              f"reload to the game {visit.reload:.1f} s, {visit.received / 1e6:.1f} MB received "
              f"({visit.uncompressed / 1e6:.1f} MB uncompressed), {visit.outside} requests elsewhere, "
              f"{visit.sideways} px sideways, out of reach: {visit.unreachable or 'nothing'}")  # fmt: skip
    median = statistics.median
    print(
        f"median: first card {median(v.card for v in visits):.1f} s, "
        f"next lesson {median(v.next_lesson for v in visits):.2f} s, "
        f"reload {median(v.reload for v in visits):.1f} s, "
        f"{median(v.received for v in visits) / 1e6:.1f} MB received "
        f"({median(v.uncompressed for v in visits) / 1e6:.1f} MB uncompressed)"
    )
    for path, size in sorted(sizes.items(), key=lambda item: -item[1])[:largest]:
        print(f"  {size / 1e6:6.2f} MB  {path}")


def main() -> None:
    parser = command_line(__doc__)
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--page", choices=["course", "lab", "repl"], default="course")
    parser.add_argument("--width", type=int, default=390, help="the course page's screen width")
    parser.add_argument("--ai-turns", action="store_true", help="time the AI's turns in the site's Python")
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--largest", type=int, default=0, metavar="N")
    parser.add_argument("--node", action="store_true", help="time the site's Python in Node.js instead")
    args = parser.parse_args()
    if args.node:
        timed = [node_timings(args.site) for _ in range(args.runs)]
        for timings in timed:
            print("  " + ", ".join(f"{name} {seconds:.2f} s" for name, seconds in timings.items()))
        medians = {name: statistics.median(timings[name] for timings in timed) for name in timed[0]}
        print("median: " + ", ".join(f"{name} {seconds:.2f} s" for name, seconds in medians.items()))
        return
    from playwright.sync_api import sync_playwright

    files = sum(1 for _ in args.site.rglob("*"))
    print(f"site: {folder_size(args.site) / 1e6:.1f} MB on disk, {files} files")
    sizes: dict[str, int] = {}
    compress_ahead(args.site)  # as a host holds them: the visits time the browser, not this server
    with serving(args.site) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        if args.ai_turns:
            turns = sorted(ai_turns(browser, base, args.games, args.level))
            p95 = percentile(turns, 0.95)
            median = statistics.median(turns)
            print(f"{args.level} AI, {len(turns)} turns in {args.games} games in the site's Python: "
                  f"median {median:.2f} s, p95 {p95:.2f} s, max {turns[-1]:.2f} s")  # fmt: skip
            return
        if args.page == "course":
            visits = [course_visit(browser, base, args.site, sizes, args.width) for _ in range(args.runs)]
            browser.close()
            report_course(visits, sizes, args.largest)
            return
        runs = [first_visit(browser, base, args.site, args.page, sizes) for _ in range(args.runs)]
        browser.close()
    for run in runs:
        ready = "" if args.page == "repl" else f"Python ready {run.ready:.1f} s, "
        print(f"  cold visit ({args.page}): {ready}first card {run.card:.1f} s, "
              f"{run.received / 1e6:.1f} MB received ({run.uncompressed / 1e6:.1f} MB uncompressed), "
              f"{run.outside} requests elsewhere")  # fmt: skip
    print(
        f"median: first card {statistics.median(r.card for r in runs):.1f} s, "
        f"{statistics.median(r.received for r in runs) / 1e6:.1f} MB received "
        f"({statistics.median(r.uncompressed for r in runs) / 1e6:.1f} MB uncompressed)"
    )
    for path, size in sorted(sizes.items(), key=lambda item: -item[1])[: args.largest]:
        print(f"  {size / 1e6:6.2f} MB  {path}")


if __name__ == "__main__":
    main()
