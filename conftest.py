"""For every test run (pytest, doctests, nbval notebooks and the kernels they start):
the tutorial's settings and saved games go to a throw-away folder, never the user's own.

``make test`` runs the suite on three processes (pytest-xdist, ``-n 3 --dist loadgroup``): the
groups below say which tests one process runs together, one after the other."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import pytest


def pytest_configure(config: pytest.Config) -> None:
    # each xdist worker is a process of its own, with a folder of its own
    os.environ["DURAK_CONFIG_DIR"] = tempfile.mkdtemp(prefix="durak-test-settings-")


# The groups that go first, longest first (about their time on a quiet machine), so that the
# short ones fill the gaps at the end instead of a long one starting last. Each browser module
# shares a module-scoped server and browser among its tests: grouped, they start once. The site's
# tests run Python in the page (Pyodide), the heaviest work of the suite: in one group, two of
# them never compete for the two cores. They wait for the site, which `make test` builds beside
# the tests (a minute or two on a fresh clone; tests/browser/servers.py), and so do
# tests/test_site.py's tests of the built site: in the same group, they keep one worker waiting at
# most, and the group goes fourth, to the worker that is done first with one of the first three
# (the notebooks' group, about a minute: xdist hands a worker its next group when it has two
# tests left).
FIRST = (
    "tests/browser/test_lab.py", "tests/browser/test_voila.py", "tests/test_notebooks.py", "site",
    "a11y-lab", "a11y-voila", "tests/browser/test_review_chart.py", "tests/browser/test_layout.py",
    "tests/test_ai.py", "tests/test_wheel.py",
)  # fmt: skip
SITE_GROUP = ("tests/browser/test_site.py", "tests/test_site.py")


def group_of(nodeid: str) -> str:
    """The group of a test, from its id: its module (a notebook for nbval, whose cells run in
    order in one kernel), the site's tests together, the accessibility scans by server."""
    path = nodeid.split("::")[0]
    if path in SITE_GROUP:
        return "site"
    if path == "tests/browser/test_accessibility.py":
        return "a11y-lab" if "jupyterlab" in nodeid else "a11y-voila"
    return path  # tests/test_notebooks.py: its module fixture runs every notebook in every language


@pytest.hookimpl(optionalhook=True)  # a hook of pytest-xdist: without it, never asked
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """--dist loadgroup, with the groups of :func:`group_of` (xdist's own reads an ``@group``
    suffix it adds to each test's id, which pytest 9 no longer lets it change)."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class Groups(LoadScopeScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            return group_of(nodeid)

    return Groups(config, log)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if os.environ.get("PYTEST_XDIST_WORKER"):  # make test: the long groups first, longest first

        def order(item: pytest.Item) -> int:
            group = group_of(item.nodeid)
            return FIRST.index(group) if group in FIRST else len(FIRST)

        items.sort(key=order)  # stable: within a group, and among the rest, the order stays
    else:  # one process: the slow real-browser tests last, so that the quick ones report first
        items.sort(key=lambda item: item.get_closest_marker("browser") is not None)


# Under xdist, what each worker ran and when, group by group, and how busy the machine's CPUs
# were: test-artifacts/timeline.txt, to judge the groups' order from a real run.
SPANS: dict[str, list[tuple[str, float, float]]] = {}  # worker: (group, start, stop) of each phase
CPU_AT_START: list[int] = []


def cpu_jiffies() -> list[int]:
    """The machine's CPU time so far (/proc/stat): [busy, total]; [] where there is none."""
    try:
        with open("/proc/stat") as stat:
            fields = [int(value) for value in stat.readline().split()[1:]]
    except (OSError, ValueError):
        return []
    idle = fields[3] + fields[4]  # idle and iowait
    return [sum(fields) - idle, sum(fields)]


def pytest_sessionstart(session: pytest.Session) -> None:
    CPU_AT_START[:] = cpu_jiffies()


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    gateway = getattr(getattr(report, "node", None), "gateway", None)  # set by xdist's controller
    if gateway is not None:
        SPANS.setdefault(gateway.id, []).append((group_of(report.nodeid), report.start, report.stop))


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not SPANS:
        return
    begin = min(start for spans in SPANS.values() for _, start, _ in spans)
    lines, summary = [], []
    for worker, spans in sorted(SPANS.items()):
        runs: list[list[Any]] = []  # [group, start, stop], a group's consecutive phases merged
        for group, start, stop in spans:
            if runs and runs[-1][0] == group:
                runs[-1][2] = stop
            else:
                runs.append([group, start, stop])
        busy = sum(stop - start for _, start, stop in spans)
        summary.append(f"{worker} busy {busy:.0f} s, done at {runs[-1][2] - begin:.0f} s")
        lines.append(summary[-1])
        lines += [f"  {start - begin:6.1f} {stop - begin:6.1f}  {group}" for group, start, stop in runs]
    now = cpu_jiffies()
    if CPU_AT_START and now:
        busy_share = (now[0] - CPU_AT_START[0]) / max(1, now[1] - CPU_AT_START[1])
        summary.append(f"the machine's CPUs {busy_share:.0%} busy")
    folder = Path(__file__).resolve().parent / "test-artifacts"
    folder.mkdir(exist_ok=True)
    (folder / "timeline.txt").write_text("\n".join([*lines, *summary[len(SPANS) :]]) + "\n")
    terminalreporter.write_line(f"timeline (test-artifacts/timeline.txt): {'; '.join(summary)}")
