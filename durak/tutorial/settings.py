"""What the tutorial remembers between notebooks: the language, the appearance, the game in progress.

Everything lives in one folder in the user's config directory:
``$DURAK_CONFIG_DIR`` if set (tests point it at a temporary folder; ``~`` and ``$VARIABLES``
in it are expanded, and a relative path is taken from the current folder), else
``$XDG_CONFIG_HOME/durak``, else ``~/.config/durak`` (``%APPDATA%\\durak`` on
Windows). In the browser (the JupyterLite site, Python in Pyodide) it is ``/drive/.durak``, beside
the notebooks in the browser's own storage, when the browser lets the kernel reach it.
``DURAK_LANG`` overrides the remembered language.

Nothing here may stop the tutorial: an unreadable settings file counts as empty (and is set
aside, never written over, at the next change), and a setting that cannot be written is logged
and forgotten (:func:`try_update_settings`).

>>> import os, tempfile
>>> os.environ["DURAK_CONFIG_DIR"] = tempfile.mkdtemp()
>>> load_settings()
{}
>>> update_settings(language="de")
>>> load_settings()["language"]
'de'
>>> del os.environ["DURAK_CONFIG_DIR"]
"""

from __future__ import annotations

import contextlib
import functools
import json
import logging
import os
import re
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

from durak.i18n import LANGUAGES, get_language, set_language

fcntl: ModuleType | None
try:
    import fcntl
except ImportError:  # Windows: the settings are written without a lock
    fcntl = None

__all__ = [
    "CONFIG_DIR_ENV",
    "browser_storage_missing",
    "config_dir",
    "edit_settings",
    "load_settings",
    "remember_language",
    "remembered_language",
    "restore_language",
    "set_aside",
    "settings_path",
    "try_edit_settings",
    "try_update_settings",
    "update_settings",
    "write_text_atomically",
]

CONFIG_DIR_ENV = "DURAK_CONFIG_DIR"
LANGUAGE_ENV = "DURAK_LANG"
SETTINGS_FILE = "settings.json"
# JupyterLite's Pyodide kernel mounts the notebooks' folder here; the browser keeps it (IndexedDB).
BROWSER_DRIVE = Path("/drive")

log = logging.getLogger(__name__)


def config_dir() -> Path:
    """The folder for the tutorial's settings and saved game (not created here)."""
    explicit = os.environ.get(CONFIG_DIR_ENV, "").strip()
    if explicit:
        return Path(os.path.expandvars(explicit)).expanduser().absolute()
    if sys.platform == "emscripten" and _drive_works(BROWSER_DRIVE):
        return BROWSER_DRIVE / ".durak"
    if os.name == "nt" and os.environ.get("APPDATA"):
        return Path(os.environ["APPDATA"]) / "durak"
    base = os.environ.get("XDG_CONFIG_HOME") or ""
    # XDG says a relative XDG_CONFIG_HOME is invalid and must be ignored.
    root = Path(base) if base and Path(base).is_absolute() else Path.home() / ".config"
    return root / "durak"


def browser_storage_missing() -> bool:
    """True in a browser whose storage the kernel cannot reach (the site served over plain HTTP
    from another host than localhost: no service worker, so no ``/drive``). What the tutorial
    writes then lasts only as long as the page."""
    in_browser = sys.platform == "emscripten" and not os.environ.get(CONFIG_DIR_ENV)
    return in_browser and not _drive_works(BROWSER_DRIVE)


@functools.cache  # asked on every save: each look at /drive is a round trip to the page
def _drive_works(drive: Path) -> bool:
    # Without a service worker the kernel still mounts /drive, but every access to it fails
    # (EINVAL): then the tutorial keeps its files in Pyodide's memory, for as long as the page.
    try:
        os.listdir(drive)
    except OSError:
        return False
    return True


def settings_path() -> Path:
    return config_dir() / SETTINGS_FILE


# The text of the settings file last read, under the file's identity (path, inode, size and
# modification time): it is read again only when it changed. In the browser each read is a round
# trip to the page, and a page reads the settings a few times while it opens.
_last_read: tuple[tuple[str, int, int, int], str] | None = None


def load_settings() -> dict[str, Any]:
    """The saved settings; an unreadable file counts as empty (and is logged, not fatal)."""
    global _last_read
    path = settings_path()
    try:
        stat = path.stat()
        identity = (str(path), stat.st_ino, stat.st_size, stat.st_mtime_ns)
        if _last_read is None or _last_read[0] != identity:
            _last_read = (identity, path.read_text(encoding="utf-8"))
        data = json.loads(_last_read[1])
    except FileNotFoundError:
        return {}
    except (OSError, ValueError, RecursionError) as error:  # RecursionError: absurdly nested JSON
        log.warning("ignoring unreadable settings file %s: %s", path, error)
        return {}
    return data if isinstance(data, dict) else {}


def update_settings(**changes: Any) -> None:
    """Merge ``changes`` into the settings file (raises OSError if it cannot be written)."""
    edit_settings(lambda settings: settings.update(changes))


def try_update_settings(**changes: Any) -> bool:
    """:func:`update_settings`, but a write that fails is logged, not raised: a setting that
    cannot be remembered must not stop a lesson or the game."""
    return try_edit_settings(lambda settings: settings.update(changes), sorted(changes))


def edit_settings(edit: Callable[[dict[str, Any]], object]) -> None:
    """Let ``edit`` change the settings as they are on disk now, and write them back (raises
    OSError if they cannot be read or written).

    Two kernels (two notebooks) may write at once: under a lock on ``settings.json.lock`` the
    file is read again just before it is replaced, so neither undoes the other's change (an
    exercise marked solved in one notebook while another is). A file that cannot be parsed is
    first set aside as ``settings.json.unreadable-<time>``, as an unreadable save is: never
    written over. Where there is no lock (Windows, a file system without locks) it is written
    all the same: a lost race costs less than a setting not kept.
    """
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    with _locked(path.with_name(path.name + LOCK_SUFFIX)):
        settings = _read_for_update(path)
        edit(settings)
        write_text_atomically(path, json.dumps(settings, indent=2, ensure_ascii=False))


def try_edit_settings(edit: Callable[[dict[str, Any]], object], what: object = "") -> bool:
    """:func:`edit_settings`, but a failure is logged and False, not raised."""
    try:
        edit_settings(edit)
    except OSError as error:
        log.warning("could not remember the settings %s in %s: %s", what, settings_path(), error)
        return False
    return True


def _read_for_update(path: Path) -> dict[str, Any]:
    """The settings to change; an unparsable file is set aside first. A file that exists but
    cannot be read now (EACCES, EIO) raises OSError: writing over it would lose it."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:  # RecursionError: absurdly nested JSON
        problem = "the JSON is nested too deeply" if isinstance(error, RecursionError) else str(error)
    else:
        if isinstance(data, dict):
            return data
        problem = f"not an object but {type(data).__name__}"
    kept = set_aside(path)  # raises OSError if it cannot be renamed: then nothing is written
    log.warning("set aside the unreadable settings file %s as %s: %s", path, kept.name, problem)
    return {}


def set_aside(path: Path) -> Path:
    """Rename an unreadable file to ``<name>.unreadable-<time>`` beside it (never delete it: the
    learner's data may still be in it); the new path. Raises OSError if it cannot be renamed."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}{UNREADABLE_SUFFIX}{stamp}")
    number = 1
    while target.exists():
        number += 1
        target = path.with_name(f"{path.name}{UNREADABLE_SUFFIX}{stamp}-{number}")
    path.rename(target)
    return target


@contextlib.contextmanager
def _locked(lock_path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``lock_path`` where the platform gives one (fcntl), for at
    most :data:`LOCK_WAIT` seconds of waiting; else go on without it (never stop play)."""
    handle = None
    flock = getattr(fcntl, "flock", None)  # Pyodide's fcntl (the static site) has no flock
    if fcntl is not None and flock is not None:
        try:
            handle = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o600)
            deadline = time.monotonic() + LOCK_WAIT
            while True:
                try:
                    flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.005)
        except OSError as error:  # no locks here (ENOLCK, ENOSYS), or a writer stuck: go on
            log.info("writing %s without a lock: %s", lock_path, error)
            if handle is not None:
                os.close(handle)
            handle = None
    try:
        yield
    finally:
        if handle is not None:
            os.close(handle)  # closing releases the lock


LOCK_SUFFIX = ".lock"
LOCK_WAIT = 2.0  # seconds: another writer holds the lock for a few milliseconds at most
UNREADABLE_SUFFIX = ".unreadable-"
TEMPORARY_SUFFIX = ".tmp"
STALE_AFTER = 3600.0  # seconds: a temporary file this old was left by a writer that was killed
# The temporaries of the files durak writes (mkstemp's prefix, random letters, suffix): the
# settings and the saves (``saves.new_save_path``). The folder may be shared (DURAK_CONFIG_DIR
# pointed at ~ or a class share): another program's ``*.tmp`` is none of durak's business.
OWN_TEMPORARY = re.compile(
    r"(?:settings\.json|saved_game\.json|\d{8}-\d{6}-[0-9a-f]{8}\.json)[a-z0-9_]+"
    + re.escape(TEMPORARY_SUFFIX)
)
_swept: set[Path] = set()


def write_text_atomically(path: Path, text: str) -> None:
    """Write via a temporary file, flushed to disk, and a rename: a crash or a full disk never
    leaves half a file, and the old file stays whole until the new one is complete."""
    path.parent.mkdir(parents=True, exist_ok=True)
    _sweep_stale_temporaries(path.parent)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=TEMPORARY_SUFFIX)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _sweep_stale_temporaries(folder: Path) -> None:
    """Remove durak's own temporary files that a killed writer left behind (once per folder
    and process)."""
    if folder in _swept:
        return
    _swept.add(folder)
    cutoff = time.time() - STALE_AFTER
    try:
        for leftover in folder.glob(f"*{TEMPORARY_SUFFIX}"):
            if not OWN_TEMPORARY.fullmatch(leftover.name):
                continue
            if leftover.is_file() and leftover.stat().st_mtime < cutoff:
                leftover.unlink(missing_ok=True)
    except OSError as error:  # tidying up is a courtesy, never a reason to fail a write
        log.debug("could not sweep %s: %s", folder, error)


def remembered_language() -> str | None:
    """The language chosen last time, if it is still a supported one."""
    language = load_settings().get("language")
    return language if isinstance(language, str) and language in LANGUAGES else None


def remember_language(language: str | None = None) -> bool:
    """Save ``language`` (default: the current one) for the next notebook; False (and a log
    line) if it could not be written."""
    return try_update_settings(language=language or get_language())


def remembered_level(levels: tuple[str, ...], default: str) -> str:
    """The AI level chosen last time if it is one of ``levels``, else ``default``."""
    level = load_settings().get("level")
    return level if isinstance(level, str) and level in levels else default


def remember_level(level: str) -> bool:
    """Save the AI level for the next game; False (and a log line) if it could not be written."""
    return try_update_settings(level=level)


def restore_language() -> str:
    """Switch to the remembered language unless ``DURAK_LANG`` says otherwise; return the result."""
    if os.environ.get(LANGUAGE_ENV):
        return get_language()  # durak.i18n already started in DURAK_LANG
    language = remembered_language()
    if language is not None:
        set_language(language)  # remembered_language() only returns supported codes
    return get_language()
