"""For every test run (pytest, doctests, nbval notebooks and the kernels they start):
the tutorial's settings and saved games go to a throw-away folder, never the user's own.

``make test`` runs the suite on three processes (pytest-xdist, ``-n 3 --dist loadgroup``): the
groups below say which tests one process runs together, one after the other."""

from __future__ import annotations

import os
import tempfile
from typing import Any

import pytest


def pytest_configure(config: pytest.Config) -> None:
    # each xdist worker is a process of its own, with a folder of its own
    os.environ["DURAK_CONFIG_DIR"] = tempfile.mkdtemp(prefix="durak-test-settings-")


# The groups that go first, longest first (about their time on a quiet machine), so that the
# short ones fill the gaps at the end instead of a long one starting last. Each browser module
# shares a module-scoped server and browser among its tests: grouped, they start once. The site's
# tests run Python in the page (Pyodide), the heaviest work of the suite: in one group, two of
# them never compete for the two cores.
FIRST = (
    "site", "tests/browser/test_lab.py", "tests/browser/test_voila.py", "a11y-lab",
    "tests/test_notebooks.py", "a11y-voila", "tests/browser/test_layout.py",
)  # fmt: skip


def group_of(nodeid: str) -> str:
    """The group of a test, from its id: its module (a notebook for nbval, whose cells run in
    order in one kernel), the site's tests together, the accessibility scans by server."""
    path = nodeid.split("::")[0]
    if path.startswith("tests/browser/test_site.py"):
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
