"""Start JupyterLab and Voilà on 127.0.0.1 for browser tests, in a throw-away folder, through the
tutorial's own launcher."""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
# `make test` builds the site beside the tests and writes the build's exit status to this file
# (its output beside it, as .log): the site's tests wait for it (built_site).
SITE_STATUS_ENV = "DURAK_SITE_STATUS"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


# The AI's moves shown 0.05 s apart, not 0.7 (durak.tutorial.game_view): a whole game's pauses
# cost half a minute. The servers' kernels get it, and so does the site's Python (test_site.py).
FAST_AI = {"DURAK_AI_DELAY": "0.05"}

ISOLATED_FOLDERS = (
    "JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTERLAB_SETTINGS_DIR",
    "JUPYTERLAB_WORKSPACES_DIR", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "TMPDIR",
)  # fmt: skip


def isolated_env(home: Path) -> dict[str, str]:
    """Jupyter's config, data, runtime and settings folders (and the tutorial's) under ``home``."""
    env = dict(os.environ)
    for name in ISOLATED_FOLDERS:
        folder = home / name.lower()
        folder.mkdir(parents=True, exist_ok=True)
        env[name] = str(folder)
    env.pop("DURAK_LANG", None)
    # each server its own tutorial settings: the test run's shared folder (conftest.py) would
    # carry a language chosen in one server's test into the next server's page
    env["DURAK_CONFIG_DIR"] = str(home / "durak_config")
    env.update(FAST_AI)
    # The JupyterLab and Voilà front-end extensions live in the environment's share/jupyter.
    env["JUPYTER_PATH"] = str(Path(sys.prefix) / "share" / "jupyter")
    return env


def copy_notebooks(target: Path) -> Path:
    """Work on copies: the browser leaves notebooks modified and autosave may write them."""
    folder = target / "notebooks"
    shutil.copytree(REPO / "notebooks", folder, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    return folder


def wait_for_site_build(timeout: float = 900) -> None:
    """Under ``make test`` the site is built beside the tests (a minute or two on a fresh clone,
    its folder incomplete meanwhile): wait for the exit status the build writes to the file
    DURAK_SITE_STATUS names, and fail if the build failed. Elsewhere, return at once."""
    if not (status := os.environ.get(SITE_STATUS_ENV)):
        return
    path = REPO / status
    deadline = time.monotonic() + timeout
    while not path.exists():
        if time.monotonic() > deadline:
            pytest.fail(f"the site's build wrote no exit status to {path} in {timeout:.0f} s")
        time.sleep(1)
    if (code := path.read_text().strip()) != "0":
        log = path.with_suffix(".log")
        tail = log.read_text(errors="replace")[-3000:] if log.exists() else ""
        pytest.fail(f"the site's build failed (exit status {code}; {log}):\n{tail}")


def built_site(site: Path) -> Path:
    """``site`` once built (:func:`wait_for_site_build`); a test of it fails without one."""
    wait_for_site_build()
    if not (site / "jupyter-lite.json").exists():
        pytest.fail(f"no site at {site}: `make site` builds it (`make test` does so itself)")
    return site


@dataclass(frozen=True)
class Server:
    """A running tutorial server: its base URL and the token the launcher made for it."""

    base: str
    token: str
    folder: Path | None = None  # the copy of the notebooks it serves (a test may add one)

    def url(self, path: str) -> str:
        """``path`` on this server, with the token (a query of its own, or added to one)."""
        joiner = "&" if "?" in path else "?"
        return f"{self.base}{path}{joiner}token={self.token}"


LINK = re.compile(r"Open the tutorial: (http://127\.0\.0\.1:\d+)/\S*\?token=(\w+)")


@contextmanager
def serve(kind: str, home: Path, timeout: float = 120, *, lab_language: bool = False) -> Iterator[Server]:
    """Start the tutorial as a learner would, with the launcher (``durak-tutorial``, with
    ``--app`` for Voilà), on a copy of the notebooks; yield the server once it printed its link.

    JupyterLab's own menus stay English (``--keep-lab-language``) unless ``lab_language``: the
    tests click them by their English names, and a language picked in one test would otherwise
    be JupyterLab's in the next page the same server serves."""
    folder = copy_notebooks(home)
    command = [sys.executable, "-m", "durak.cli", "--port", str(free_port()), "--notebook-dir", str(folder)]
    if kind != "lab":
        command.append("--app")
    elif not lab_language:
        command.append("--keep-lab-language")
    log = home / f"{kind}.log"
    with log.open("wb") as out:
        # a session of its own: what is left of it after a stop that hangs is killed as one group
        process = subprocess.Popen(
            command, stdout=out, stderr=subprocess.STDOUT, env=isolated_env(home), start_new_session=True
        )
    try:
        deadline = time.monotonic() + timeout
        while not (link := LINK.search(log.read_text(errors="replace"))):
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the launcher printed no link:\n{log.read_text()[-3000:]}")
            time.sleep(0.2)
        yield Server(link.group(1), link.group(2), folder)
    finally:
        process.send_signal(signal.SIGTERM)  # the launcher stops the server, which stops its kernels
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:  # a server whose shutdown hangs would outlive the tests
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
