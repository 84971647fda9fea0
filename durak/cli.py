"""``durak-tutorial``: start the tutorial in JupyterLab, or as a Voilà app with ``--app``.

Both listen on 127.0.0.1 only and need a fresh secret token, which is handed to the server in
its environment (``JUPYTER_TOKEN``), never on its command line, where other users could read it.
The link to open is printed only once the server is listening on the port the link names:
a busy port is refused (``--port``) or skipped (the default), never silently moved.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

FIRST_NOTEBOOK = "00_start.ipynb"
COURSE_NOTEBOOK = "course.ipynb"  # the app opens on the whole course, one page with one kernel
DEFAULT_PORT = 8888
PORTS_TO_TRY = 50  # with no --port: the first free one of 8888 to 8937
START_TIMEOUT = 180.0  # seconds for the server to start listening
HOST = "127.0.0.1"
JUPYTER_CONFIG = Path(__file__).parent / "jupyter_config"  # the tutorial's own JupyterLab page config


def notebooks_dir() -> Path:
    """The notebooks of a source checkout, else a private copy of the ones shipped in the package.

    Copying keeps the installed originals clean: the learner's notebooks get edited and autosaved.
    """
    checkout = Path(__file__).resolve().parents[1] / "notebooks"
    if (checkout / FIRST_NOTEBOOK).exists():
        return checkout
    shipped = Path(__file__).with_name("notebooks")
    data_home = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    target = data_home / "durak" / "notebooks"
    target.mkdir(parents=True, exist_ok=True)
    for notebook in shipped.glob("*.ipynb"):
        if not (target / notebook.name).exists():
            shutil.copy2(notebook, target / notebook.name)
    return target


def server_command(app: bool, folder: Path, port: int, info_file: Path) -> list[str]:
    """The server to run: it takes its token from ``JUPYTER_TOKEN``, binds ``port`` or fails
    (no retries on other ports), and writes an info file (JSON with its port) once it listens:
    Voilà to ``info_file``, JupyterLab to its own (:func:`server_info_file`)."""
    if app:  # Voilà shows the lessons and the game without their code
        return [
            sys.executable, "-m", "durak.voila_app", "--no-browser", f"--port={port}",
            f"--Voila.ip={HOST}", "--Voila.port_retries=0", f"--TutorialVoila.info_file={info_file}",
            # Kernels of pages nobody has open any more (a closed tab that did not say goodbye):
            "--MappingKernelManager.cull_idle_timeout=1800", "--MappingKernelManager.cull_interval=300",
            str(folder),
        ]  # fmt: skip
    as_root = ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []  # containers
    return [
        sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}", *as_root, f"--ip={HOST}",
        "--ServerApp.port_retries=0", f"--ServerApp.root_dir={folder}",
        f"--ServerApp.default_url=/lab/tree/{FIRST_NOTEBOOK}",
    ]  # fmt: skip


def server_info_file(app: bool, server_pid: int, info_file: Path) -> Path:
    """Where the server started by :func:`server_command` writes that it listens."""
    if app:
        return info_file
    from jupyter_core.paths import jupyter_runtime_dir  # the server's, read from the same environment

    return Path(jupyter_runtime_dir()) / f"jpserver-{server_pid}.json"


def tutorial_url(app: bool, port: int, token: str) -> str:
    path = f"voila/render/{COURSE_NOTEBOOK}" if app else f"lab/tree/{FIRST_NOTEBOOK}"
    return f"http://{HOST}:{port}/{path}?token={token}"


class LaunchError(RuntimeError):
    """The tutorial's server could not be started; the message says why and what to do."""


def port_is_free(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind((HOST, port))
        except OSError:
            return False
    return True


def choose_port(requested: int | None) -> int:
    """``requested`` if it is free (else a LaunchError), or the first free default port."""
    if requested is not None:
        if not 1 <= requested <= 65535:
            raise LaunchError(f"--port must be from 1 to 65535, not {requested}")
        if not port_is_free(requested):
            raise LaunchError(f"port {requested} on {HOST} is in use: choose another one with --port")
        return requested
    for port in range(DEFAULT_PORT, DEFAULT_PORT + PORTS_TO_TRY):
        if port_is_free(port):
            return port
    raise LaunchError(
        f"ports {DEFAULT_PORT} to {DEFAULT_PORT + PORTS_TO_TRY - 1} are all in use: choose one with --port"
    )


def wait_until_listening(server: subprocess.Popen[bytes], info_file: Path, port: int) -> None:
    """Return once the server has written its info file for ``port``; a LaunchError if it
    stops first, says it listens elsewhere, or takes too long."""
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise LaunchError(
                f"the server stopped before it was ready (exit code {server.returncode}); "
                "its messages are above"
            )
        try:
            info = json.loads(info_file.read_text(encoding="utf-8"))
        except (OSError, ValueError):  # not written yet, or half written
            time.sleep(0.1)
            continue
        if info.get("port") != port:
            raise LaunchError(f"the server listens on port {info.get('port')}, not {port}")
        return
    raise LaunchError(f"the server did not start listening within {START_TIMEOUT:.0f} s")


@contextmanager
def _forwarding_signals(server: subprocess.Popen[bytes]) -> Iterator[None]:
    """While the server runs, Ctrl+C is the server's to answer (it asks before shutting
    down), and a request to stop the launcher stops the server."""

    def stop(signum: int, _frame: FrameType | None) -> None:
        server.send_signal(signum)

    previous = {signal.SIGINT: signal.signal(signal.SIGINT, signal.SIG_IGN)}
    if hasattr(signal, "SIGTERM"):
        previous[signal.SIGTERM] = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="durak-tutorial", description=__doc__)
    parser.add_argument("--app", action="store_true", help="serve with Voilà: lessons and game, no code")
    parser.add_argument(
        "--lang", help="tutorial language: en, de, es, tr, da or cs (or a locale such as de_DE)"
    )
    parser.add_argument(
        "--port", type=int, help=f"port on {HOST} (default: the first free from {DEFAULT_PORT})"
    )
    parser.add_argument("--notebook-dir", type=Path, help="serve the notebooks in this folder instead")
    parser.add_argument(
        "--keep-lab-language",
        action="store_true",
        help="leave JupyterLab's own menus in their language (by default they follow the tutorial's)",
    )
    args = parser.parse_args(argv)

    # Imported after parsing: nothing in the environment can stop --help or --lang from working.
    from durak.i18n import LANGUAGES, UnknownLanguage, supported_language
    from durak.tutorial.lab_locale import LAB_SETTINGS_ENV, set_lab_locale, user_settings_dir
    from durak.tutorial.settings import CONFIG_DIR_ENV, config_dir, remember_language

    env = dict(os.environ)
    start_language = None
    if args.lang is not None:
        start_language = code = supported_language(args.lang)
        if code is None:
            parser.error(str(UnknownLanguage(args.lang)))
        # The language to start in, remembered as if picked: DURAK_LANG would win over the
        # learner's later choice in every lesson opened. Only if it cannot be remembered do
        # the kernels get it that way.
        env.pop("DURAK_LANG", None)
        if not remember_language(code):
            env["DURAK_LANG"] = code
    elif supported_language(env.get("DURAK_LANG")) is None and env.get("DURAK_LANG", "").strip():
        supported = ", ".join(LANGUAGES)
        ignored = f"ignoring DURAK_LANG={env['DURAK_LANG']!r}: supported are {supported}"
        print(f"durak-tutorial: {ignored}", file=sys.stderr)
        del env["DURAK_LANG"]
    if env.get(CONFIG_DIR_ENV, "").strip():  # the kernels start in the notebooks' folder: make it absolute
        env[CONFIG_DIR_ENV] = str(config_dir())
    # JupyterLab reads labconfig/page_config.json in every folder of its config path: ours turns
    # off the first-run "news" prompt and update check, so the lesson opens without a pop-up
    env["JUPYTER_CONFIG_PATH"] = os.pathsep.join(
        filter(None, [str(JUPYTER_CONFIG), env.get("JUPYTER_CONFIG_PATH")])
    )
    # JupyterLab's own menus follow the tutorial's language (durak.tutorial.lab_locale): set
    # now for --lang, and by the kernels, which find JupyterLab's settings folder in the
    # environment, when the learner picks one. Voilà's kernels do not find it.
    env.pop(LAB_SETTINGS_ENV, None)
    if not args.app and not args.keep_lab_language:
        lab_settings = user_settings_dir()
        env[LAB_SETTINGS_ENV] = str(lab_settings)
        if start_language is not None:
            set_lab_locale(start_language, lab_settings)  # before JupyterLab starts: no reload needed
    folder = (args.notebook_dir or notebooks_dir()).resolve()
    if not folder.is_dir():
        parser.error(f"no folder {folder}")
    token = secrets.token_hex(16)
    env["JUPYTER_TOKEN"] = token
    try:
        port = choose_port(args.port)
    except LaunchError as error:
        parser.error(str(error))
    with tempfile.TemporaryDirectory(prefix="durak-tutorial-") as private:
        info_file = Path(private) / "server.json"
        server = subprocess.Popen(server_command(args.app, folder, port, info_file), env=env)
        with _forwarding_signals(server):
            try:
                wait_until_listening(server, server_info_file(args.app, server.pid, info_file), port)
            except LaunchError as error:
                if server.poll() is None:
                    server.terminate()
                    server.wait()
                print(f"durak-tutorial: {error}", file=sys.stderr)
                return 1
            print(f"\n  Open the tutorial: {tutorial_url(args.app, port, token)}\n", flush=True)
            return server.wait()


if __name__ == "__main__":
    sys.exit(main())
