"""The saved games of the game against the AI: one file per game, so no game overwrites another.

Every game is saved after each move to a file of its own in ``<config dir>/games/``. Two kernels
playing at once (two browser tabs, two notebooks) therefore write two files, and neither
destroys the other's game; the newest unfinished game is the one offered for resuming. A game
that is resumed goes on in a new file, and its old file is removed once the new one is written
(unless someone else has written the old one meanwhile: then both stay).

A file that cannot be read — damaged, edited, written by a newer durak, unreadable — is renamed
to ``<name>.unreadable-<time>`` (never deleted), reported, and passed over. Finished games are
kept (the newest :data:`KEEP_FINISHED` of them) so that they can be looked at again; unfinished
ones, the newest :data:`KEEP_UNFINISHED`. A game the learner chose not to play on (declined when
offered, or abandoned for a new one) is renamed to ``<name>.declined`` and never offered again.

>>> import os, tempfile
>>> os.environ["DURAK_CONFIG_DIR"] = tempfile.mkdtemp()
>>> from durak import Game
>>> game = Game.new(seed=4)
>>> path = new_save_path()
>>> write_save(path, game, level="easy", iterations=None)
>>> found, problems = newest_unfinished()
>>> (found.path == path, found.level, found.game.history == game.history, problems)
(True, 'easy', True, [])
>>> del os.environ["DURAK_CONFIG_DIR"]
"""

from __future__ import annotations

import json
import logging
import os
import secrets
import stat
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from durak.errors import CorruptRecord
from durak.game import Game
from durak.listeners import Listeners
from durak.records import parse_json
from durak.tutorial import settings
from durak.tutorial.settings import config_dir, write_text_atomically

__all__ = [
    "KEEP_FINISHED",
    "KEEP_UNFINISHED",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "HintCounts",
    "SavedGame",
    "UnreadableSave",
    "decline",
    "finished_games",
    "games_dir",
    "new_save_path",
    "newest_unfinished",
    "on_finished_saved",
    "read_save",
    "retire",
    "write_save",
]

SAVE_FORMAT = "durak-tutorial-save"
SAVE_VERSION = 1
GAMES_DIR = "games"
LEGACY_SAVE = "saved_game.json"  # the one save of durak 0.1's first release: still read, never written
KEEP_FINISHED = 50
KEEP_UNFINISHED = 10  # and as many declined ones: only the newest is ever offered
MAX_SAVE_BYTES = 1 << 20  # a whole game's save is some kilobytes; anything far larger is no save
DECLINED = ".declined"

log = logging.getLogger(__name__)


class UnreadableSave(CorruptRecord):
    """A saved game that could not be read. ``kept_as`` is where the file was set aside (None
    if it could not be renamed: it then stays where it was, untouched)."""

    def __init__(self, path: Path, reason: str, kept_as: Path | None = None) -> None:
        self.path = path
        self.reason = reason
        self.kept_as = kept_as
        super().__init__(f"the saved game {path} cannot be read: {reason}")


@dataclass(frozen=True, slots=True)
class HintCounts:
    """How many hints of each step (``durak.ai.hints.HintStep``) the learner asked for in a game.

    Saved with the game under ``"hints"``; a save from before the counts (or with a count that
    is not a whole number from 0) reads as zero there: the game matters more than its counts.

    >>> HintCounts.from_record({"principle": 2, "move": "x"})
    HintCounts(principle=2, candidates=0, move=0)
    >>> HintCounts(move=1).added(1)
    HintCounts(principle=1, candidates=0, move=1)
    """

    principle: int = 0
    candidates: int = 0
    move: int = 0

    @property
    def total(self) -> int:
        return self.principle + self.candidates + self.move

    def added(self, step: int) -> HintCounts:
        """The counts with one more hint of ``step`` (1 principle, 2 candidates, 3 move)."""
        counts = [self.principle, self.candidates, self.move]
        counts[step - 1] += 1
        return HintCounts(*counts)

    def to_record(self) -> dict[str, int]:
        return {"principle": self.principle, "candidates": self.candidates, "move": self.move}

    @classmethod
    def from_record(cls, record: object) -> HintCounts:
        if not isinstance(record, dict):
            return cls()

        def count(name: str) -> int:
            value = record.get(name)
            return value if type(value) is int and 0 <= value < 1 << 31 else 0

        return cls(count("principle"), count("candidates"), count("move"))


@dataclass(frozen=True, slots=True)
class SavedGame:
    """A game read from ``path``, with the level and budget it was played at (as saved:
    the caller checks them), the hints asked for, and the file's ``stamp`` when it was read."""

    path: Path
    game: Game
    level: Any
    iterations: Any
    stamp: tuple[int, int]  # (modification time in ns, size): tells whether the file changed since
    hints: HintCounts = HintCounts()


def games_dir() -> Path:
    return config_dir() / GAMES_DIR


def new_save_path() -> Path:
    """A file name no other game has: the time it was started, and a random tail."""
    return games_dir() / f"{time.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(4)}.json"


_finished_saved = Listeners()


def on_finished_saved(callback: Callable[[Path], Any]) -> Callable[[], None]:
    """Call ``callback(path)`` whenever a finished game has been saved; returns an unsubscriber
    (the list of games to review follows the game just played)."""
    return _finished_saved.subscribe(callback)


def write_save(
    path: Path, game: Game, level: str, iterations: int | None, hints: HintCounts | None = None
) -> None:
    """Save ``game`` to ``path`` (atomically; raises OSError if it cannot be written)."""
    record: dict[str, Any] = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "level": level,
        "iterations": iterations,
        "game": game.to_json(),
    }
    if hints is not None:  # an older durak reads the save as before: it ignores what it does not know
        record["hints"] = hints.to_record()
    write_text_atomically(path, json.dumps(record, ensure_ascii=False))
    if game.is_over:
        _finished_saved.notify(path)


def _stamp(path: Path) -> tuple[int, int]:
    status = path.stat()
    return status.st_mtime_ns, status.st_size


def _read_regular_file(path: Path) -> tuple[tuple[int, int], str]:
    """The stamp and text of ``path`` if it is a regular file of at most :data:`MAX_SAVE_BYTES`.

    Opened without blocking and looked at before reading: a FIFO (or a link to a device) in
    ``games/`` would otherwise hang the game's start for ever, and a huge file fill the memory.
    """
    handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with os.fdopen(handle, "rb") as file:
        status = os.fstat(file.fileno())
        if not stat.S_ISREG(status.st_mode):
            raise OSError("not a regular file")
        if status.st_size > MAX_SAVE_BYTES:
            raise OSError(f"larger than {MAX_SAVE_BYTES:,} bytes: no save is")
        data = file.read(MAX_SAVE_BYTES + 1)
    if len(data) > MAX_SAVE_BYTES:  # it grew since fstat
        raise OSError(f"larger than {MAX_SAVE_BYTES:,} bytes: no save is")
    return (status.st_mtime_ns, status.st_size), data.decode("utf-8")


def read_save(path: Path) -> SavedGame:
    """The game saved in ``path``; an :class:`UnreadableSave` (not yet set aside) if it cannot be read."""
    try:
        stamp, text = _read_regular_file(path)
    except (OSError, UnicodeDecodeError) as error:
        raise UnreadableSave(path, str(error)) from None
    try:
        record = parse_json(text, "a saved tutorial game")
        if not isinstance(record, dict) or record.get("format") != SAVE_FORMAT:
            raise CorruptRecord(f"not a saved tutorial game (format {SAVE_FORMAT!r})")
        version = record.get("version")
        if type(version) is not int or version != SAVE_VERSION:
            raise CorruptRecord(
                f"saved by another version of the tutorial (save format version {version!r}; "
                f"this one reads version {SAVE_VERSION})"
            )
        game_record = record.get("game")
        if not isinstance(game_record, str):
            raise CorruptRecord("the save holds no game record")
        game = Game.from_json(game_record)
    except CorruptRecord as error:
        raise UnreadableSave(path, str(error)) from None
    hints = HintCounts.from_record(record.get("hints"))
    return SavedGame(path, game, record.get("level"), record.get("iterations"), stamp, hints)


def set_aside(problem: UnreadableSave) -> UnreadableSave:
    """Rename the unreadable file out of the way (never delete it); the problem, saying where it went."""
    path = problem.path
    try:
        target = settings.set_aside(path)
    except OSError as error:
        log.warning("could not set aside the unreadable save %s: %s", path, error)
        return UnreadableSave(path, problem.reason, None)
    log.warning("set aside the unreadable save %s as %s: %s", path, target.name, problem.reason)
    return UnreadableSave(path, problem.reason, target)


def _saved_paths() -> list[Path]:
    """Every saved game's file, newest first (an unreadable folder is reported by the caller)."""
    folder = games_dir()
    paths = [p for p in folder.glob("*.json")] if folder.is_dir() else []
    legacy = config_dir() / LEGACY_SAVE
    if legacy.exists():
        paths.append(legacy)

    def newest(path: Path) -> tuple[float, str]:
        try:
            return path.stat().st_mtime, path.name
        except OSError:  # it went away meanwhile, or cannot be looked at: read_save will say why
            return 0.0, path.name

    return sorted(paths, key=newest, reverse=True)


def newest_unfinished() -> tuple[SavedGame | None, list[UnreadableSave]]:
    """The newest saved game that is not over (or None), and every unreadable save met on the
    way, each set aside. Older finished games beyond :data:`KEEP_FINISHED`, and older unfinished and
    declined ones beyond :data:`KEEP_UNFINISHED`, are removed."""
    problems: list[UnreadableSave] = []
    try:
        paths = _saved_paths()
    except OSError as error:  # e.g. the config "folder" is a file: nothing to resume, say why
        return None, [UnreadableSave(games_dir(), str(error))]
    finished = unfinished = 0
    found: SavedGame | None = None
    for path in paths:
        try:
            saved = read_save(path)
        except UnreadableSave as problem:
            problems.append(set_aside(problem))
            continue
        if not saved.game.is_over:
            unfinished += 1
            if found is None:
                found = saved
            elif unfinished > KEEP_UNFINISHED and path.parent == games_dir():
                _remove(path)  # else every start would read and replay ever more of them
            continue
        finished += 1
        if finished > KEEP_FINISHED and path.parent == games_dir():
            _remove(path)
    _prune_declined()
    return found, problems


def decline(path: Path, stamp: tuple[int, int] | None = None) -> None:
    """Set aside the unfinished game saved in ``path`` that the learner chose not to play on, so
    that it is never offered again: renamed to ``<name>.declined``, not deleted. With ``stamp``
    (a :class:`SavedGame`'s), only if the file has not changed since: another kernel may play it on."""
    try:
        if stamp is None or _stamp(path) == stamp:
            path.rename(path.with_name(path.name + DECLINED))
    except OSError as error:  # gone already, or a read-only folder: then it may be offered again
        log.info("could not set aside the declined save %s: %s", path, error)


def _prune_declined() -> None:
    try:
        declined = sorted(
            games_dir().glob(f"*{DECLINED}"), key=lambda path: path.stat().st_mtime, reverse=True
        )
    except OSError:
        return
    for path in declined[KEEP_UNFINISHED:]:
        _remove(path)


def finished_games(limit: int = 10) -> list[SavedGame]:
    """The newest finished games (at most ``limit``), newest first: what a review can be made of.
    A save that cannot be read is left out here (the game's own start reports and sets it aside)."""
    try:
        paths = _saved_paths()
    except OSError:
        return []
    found: list[SavedGame] = []
    for path in paths:
        if len(found) >= limit:
            break
        try:
            saved = read_save(path)
        except UnreadableSave:
            continue
        if saved.game.is_over:
            found.append(saved)
    return found


def retire(saved: SavedGame) -> None:
    """Remove the file a resumed game came from, now that it goes on in a file of its own —
    unless the file changed since it was read (another kernel plays it on): then it stays."""
    try:
        if _stamp(saved.path) == saved.stamp:
            _remove(saved.path)
    except OSError:  # already gone, or cannot be looked at: leave it be
        pass


def _remove(path: Path) -> None:
    try:
        os.remove(path)
    except OSError as error:
        log.info("could not remove the old save %s: %s", path, error)
