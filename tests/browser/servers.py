"""Start JupyterLab and Voilà on 127.0.0.1 for browser tests, in a throw-away folder."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
TOKEN = "durak-browser-test"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for_port(port: int, process: subprocess.Popen[bytes], log: Path, timeout: float = 60) -> None:
    """A TCP connect, not a GET: Voilà starts a kernel on every GET of its pages."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited early:\n{log.read_text()[-3000:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.2)
    raise TimeoutError(f"server did not listen on {port}:\n{log.read_text()[-3000:]}")


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
    # The JupyterLab and Voilà front-end extensions live in the environment's share/jupyter.
    env["JUPYTER_PATH"] = str(Path(sys.prefix) / "share" / "jupyter")
    return env


def copy_notebooks(target: Path) -> Path:
    """Work on copies: the browser leaves notebooks modified and autosave may write them."""
    folder = target / "notebooks"
    shutil.copytree(REPO / "notebooks", folder, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    return folder


@contextmanager
def serve(kind: str, home: Path) -> Iterator[str]:
    """Run ``jupyterlab`` or ``voila`` on the notebooks; yield the base URL."""
    folder = copy_notebooks(home)
    port = free_port()
    common = ["--no-browser", f"--port={port}", "--ServerApp.port_retries=0"]
    if kind == "lab":
        command = [sys.executable, "-m", "jupyterlab", *common, "--ip=127.0.0.1", "--allow-root",
                   f"--IdentityProvider.token={TOKEN}", f"--ServerApp.root_dir={folder}"]  # fmt: skip
    else:
        command = [sys.executable, "-m", "voila", *common, "--Voila.ip=127.0.0.1", str(folder)]
    log = home / f"{kind}.log"
    with log.open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=isolated_env(home))
    try:
        wait_for_port(port, process, log)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.send_signal(signal.SIGTERM)  # they shut their kernels down
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
