"""``durak-tutorial``: start the tutorial in JupyterLab, or as a Voilà app with ``--app``.

Both bind to 127.0.0.1 only; open the URL the server prints.
"""

from __future__ import annotations

import argparse
import os
import secrets
import shutil
import sys
from pathlib import Path

from durak.i18n import LANGUAGES, UnknownLanguage

FIRST_NOTEBOOK = "00_start.ipynb"


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


def server_command(app: bool, folder: Path, port: int, token: str = "") -> list[str]:
    common = ["--no-browser", f"--port={port}"]
    if app:  # Voilà shows the lessons and the game without their code
        return [sys.executable, "-m", "voila", *common, "--Voila.ip=127.0.0.1", str(folder)]
    as_root = ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []  # containers
    return [
        sys.executable, "-m", "jupyterlab", *common, *as_root, "--ip=127.0.0.1",
        f"--ServerApp.root_dir={folder}", f"--ServerApp.default_url=/lab/tree/{FIRST_NOTEBOOK}",
        f"--IdentityProvider.token={token}",
    ]  # fmt: skip


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="durak-tutorial", description=__doc__)
    parser.add_argument("--app", action="store_true", help="serve with Voilà: lessons and game, no code")
    parser.add_argument("--lang", help=f"tutorial language, one of: {', '.join(LANGUAGES)}")
    parser.add_argument("--port", type=int, default=8888)
    args = parser.parse_args(argv)
    if args.lang:
        try:
            LANGUAGES.index(args.lang)
        except ValueError:
            parser.error(str(UnknownLanguage(args.lang)))
        os.environ["DURAK_LANG"] = args.lang  # the kernels inherit it
    token = secrets.token_hex(16)
    command = server_command(args.app, notebooks_dir(), args.port, token)
    if not args.app:  # JupyterLab's own banner names /lab, not the first lesson
        print(
            f"\n  Open the tutorial: http://127.0.0.1:{args.port}/lab/tree/{FIRST_NOTEBOOK}?token={token}\n"
        )
        sys.stdout.flush()
    os.execv(command[0], command)


if __name__ == "__main__":
    main()
