"""The static site's first visit: its size, the bytes a cold visit downloads, the time to a lesson.

Usage: python bench/site_load.py [--site site] [--runs 3]   (after ``make site``; needs Chromium)

Each run is a new browser profile (a cold cache) opening ``00_start.ipynb``: the clock stops when
the first exercise's card buttons are on the page, Python having started in the page and run the
lesson's cells. Bytes are the bodies the page and its workers received from the site (nothing
else is reachable), each counted once: not again when JupyterLite's service worker hands it on.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from lite.serve import serving  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, new_page  # noqa: E402
from tests.browser.pages import KERNEL_IDLE, run_all_cells  # noqa: E402


def folder_size(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())


def first_visit(browser: object, base: str) -> tuple[float, float, int, int]:
    """Seconds to Python ready and to the first exercise; bytes received; requests elsewhere."""
    outside: list[str] = []
    context, page = new_page(browser, 1280, 1000, outside)
    received = [0]

    def answered(response: object) -> None:  # the site's server always sends Content-Length
        if not response.from_service_worker:  # type: ignore[attr-defined]  # counted when the worker fetched it
            received[0] += int(response.headers.get("content-length", 0))  # type: ignore[attr-defined]

    context.on("response", answered)  # the context's: the kernel's worker fetches Pyodide and the wheels
    start = time.perf_counter()
    page.goto(f"{base}/lab/index.html?path=00_start.ipynb")
    page.locator(KERNEL_IDLE).filter(has_text="Idle").wait_for(timeout=180_000)
    ready = time.perf_counter() - start
    run_all_cells(page)
    page.locator(".durak-exercise button.durak-card").first.wait_for(timeout=180_000)
    lesson = time.perf_counter() - start
    page.wait_for_timeout(3000)  # requests still under way are counted too
    context.close()
    return ready, lesson, received[0], len(outside)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    files = sum(1 for _ in args.site.rglob("*"))
    print(f"site: {folder_size(args.site) / 1e6:.1f} MB on disk, {files} files")
    with serving(args.site) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        runs = [first_visit(browser, base) for _ in range(args.runs)]
        browser.close()
    for ready, lesson, received, outside in runs:
        print(f"  cold visit: Python ready {ready:.1f} s, first lesson {lesson:.1f} s, "
              f"{received / 1e6:.1f} MB received, {outside} requests elsewhere")  # fmt: skip
    print(
        f"median: first lesson {statistics.median(r[1] for r in runs):.1f} s, "
        f"{statistics.median(r[2] for r in runs) / 1e6:.1f} MB received"
    )


if __name__ == "__main__":
    main()
