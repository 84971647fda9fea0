"""Saves that fail, saves that cannot be read, and two games at once: the game always goes on.

Named after the defects of the reliability probe (reviews/2026-11-30/reliability.md): D1 a
failed autosave froze the game, D5 load errors escaped, D8 an unreadable save was overwritten,
D9 the saved search budget was used unchecked, D11 play() with an AI-only level, D13 and D15
the settings file, and two kernels overwriting each other's game.
"""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import time
import types
from pathlib import Path
from typing import Any

import pytest

from durak import Game
from durak.i18n import LANGUAGES, gettext, set_language
from durak.tutorial import language_picker, play, saves, settings
from durak.tutorial.game_model import PlayModel
from durak.tutorial.game_view import SAVE_FAILED, UNREADABLE_KEPT, PlayView
from durak.tutorial.widgets.appearance import AppearanceControls
from durak.tutorial.widgets.chrome import LanguagePicker

ITERATIONS = 12
REPO = Path(__file__).resolve().parents[1]


pytestmark = pytest.mark.usefixtures("isolated")  # tests/conftest.py


def click_once(view: PlayView) -> None:
    """What a learner would click: the first playable card, else take or stop."""
    for button in view.hand.buttons:
        if button.action is not None and not button.disabled:
            button.click()
            return
    for button in (view.stop_button, view.take_button):
        if not button.disabled:
            button.click()
            return
    raise AssertionError("nothing to click")


def config_is_a_file(isolated: Path) -> None:
    """The config "folder" is a file: every write fails (as a read-only or full disk would)."""
    isolated.parent.mkdir(parents=True, exist_ok=True)
    isolated.write_text("not a folder")


def warnings_shown(view: PlayView) -> int:
    return view.notice.value.count("durak-warning")


# --- D1: a save that fails never stops play ---------------------------------------------


def test_D1_when_saving_fails_the_game_goes_on_and_says_so_once(isolated: Path) -> None:
    config_is_a_file(isolated)
    view = play(seed=5, iterations=ITERATIONS)
    assert view.game.to_move == 0  # the AI answered (or did not need to): nothing froze
    moves = len(view.game.history)
    for _ in range(6):
        click_once(view)
        assert view.errors.last_error is None, view.errors.last_error
        assert view.game.to_move == 0 or view.game.is_over  # the AI answered every move
    assert len(view.game.history) > moves
    assert isinstance(view.model.save_error, OSError)
    assert warnings_shown(view) == 1 and "could not be saved" in view.notice.value
    view.new_game_button.click()  # mid-game it asks first…
    view.new_game_button.click()  # …and "New game" failed the same way
    assert view.errors.last_error is None and len(view.game.history) <= 1 and warnings_shown(view) == 1


def test_D1_saving_is_retried_on_the_next_move_and_the_warning_goes(isolated: Path) -> None:
    config_is_a_file(isolated)
    view = play(seed=6, iterations=ITERATIONS)
    click_once(view)
    assert view.model.save_error is not None and warnings_shown(view) == 1
    isolated.unlink()  # the disk has room again
    click_once(view)
    assert view.model.save_error is None and warnings_shown(view) == 0
    assert Game.from_json(json.loads(view.model.save_path().read_text())["game"]).history == view.game.history


def test_D1_a_full_disk_mid_game_keeps_the_last_good_save(
    isolated: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    view = play(seed=7, iterations=ITERATIONS)
    click_once(view)
    path = view.model.save_path()
    good = path.read_text()

    def full(*_: Any) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    click_once(view)
    assert view.errors.last_error is None and "No space left on device" in view.notice.value
    assert path.read_text() == good  # the old save is whole
    assert not [p for p in path.parent.iterdir() if p.suffix == ".tmp"]  # and no half file is left


def test_D1_the_warning_is_in_the_learners_language(isolated: Path) -> None:
    config_is_a_file(isolated)
    view = play(seed=5, iterations=ITERATIONS)
    click_once(view)
    english = view.notice.value
    for language in LANGUAGES[1:]:
        set_language(language)
        assert view.notice.value != english, language
        assert gettext(SAVE_FAILED).split("{reason}")[0][:20] in view.notice.value
    set_language("en")
    assert view.notice.value == english


def test_D1_the_ai_may_lead_even_when_nothing_can_be_saved(isolated: Path) -> None:
    seed = next(s for s in range(100) if Game.new(s).attacker == 1)
    config_is_a_file(isolated)
    view = play(seed=seed, iterations=ITERATIONS)
    assert view.game.history and view.game.to_move == 0


def test_D1_choosing_a_language_or_an_appearance_with_an_unwritable_folder(isolated: Path) -> None:
    config_is_a_file(isolated)
    picker = LanguagePicker()
    picker.value = "de"  # not remembered, but switched, and nothing raised
    assert gettext("Take") != "Take"
    controls = AppearanceControls()
    controls.contrast.value = 0.9
    assert controls.appearance.contrast == 0.9
    picker.close()
    controls.close()


def test_D1_play_raises_only_for_a_refused_move_and_then_changed_nothing(isolated: Path) -> None:
    config_is_a_file(isolated)
    model = PlayModel(seed=3, iterations=ITERATIONS)
    model.finish_ai_turn()
    model.play(model.human_actions()[0])  # did raise OSError after applying the move
    assert model.save_error is not None


# --- D5, D8: saves that cannot be read -----------------------------------------------------


def a_saved_game(isolated: Path, moves: int = 3) -> Path:
    model = PlayModel(seed=21, iterations=ITERATIONS)
    model.finish_ai_turn()
    for _ in range(moves):
        model.play(model.human_actions()[0])
        model.finish_ai_turn()
    return model.save_path()


def damaged_saves(isolated: Path) -> dict[str, Any]:
    """Ways a save can be unreadable, each a function that damages a good save at ``path``."""
    deep = "[" * 100_000 + "]" * 100_000

    def rewrite(change: Any) -> Any:
        def damage(path: Path) -> None:
            record = json.loads(path.read_text())
            change(record)
            path.write_text(json.dumps(record))

        return damage

    return {
        "truncated": lambda path: path.write_text(path.read_text()[:50]),
        "binary": lambda path: path.write_bytes(b"\xff\xfe\x00garbage"),
        "deeply nested": lambda path: path.write_text(deep),
        "nested game": rewrite(lambda r: r.update(game=deep)),
        "newer version": rewrite(lambda r: r.update(version=2)),
        "not a game": rewrite(lambda r: r.update(game={"moves": 3})),
        "a folder": lambda path: (path.unlink(), path.mkdir()),
    }


@pytest.mark.parametrize("damage", list(damaged_saves(Path())))
def test_D5_D8_an_unreadable_save_is_kept_aside_reported_and_a_new_game_dealt(
    isolated: Path, damage: str
) -> None:
    path = a_saved_game(isolated)
    damaged_saves(isolated)[damage](path)
    before = path.read_bytes() if path.is_file() else None
    view = play(seed=4, iterations=ITERATIONS)
    assert not view.offering_resume and view.game.seed == 4 and view.errors.last_error is None
    assert "could not be read" in view.notice.value
    kept = [p for p in path.parent.iterdir() if p.name.startswith(path.name + ".unreadable-")]
    assert len(kept) == 1 and not path.exists()
    if before is not None:
        assert kept[0].read_bytes() == before  # renamed, never rewritten
    assert kept[0].name in view.notice.value
    click_once(view)
    assert view.model.save_path() != path and kept[0].exists()  # the new game never writes over it


def test_D5_the_unreadable_message_is_in_the_learners_language(isolated: Path) -> None:
    path = a_saved_game(isolated)
    path.write_text("{")
    view = play(seed=4, iterations=ITERATIONS)
    set_language("tr")
    assert gettext(UNREADABLE_KEPT).split("({reason})")[0] in view.notice.value


def test_D5_a_config_folder_that_is_a_file_is_reported_not_fatal(isolated: Path) -> None:
    config_is_a_file(isolated)
    view = play(seed=2, iterations=ITERATIONS)
    assert not view.offering_resume and view.errors.last_error is None


def test_D5_an_unreadable_save_asked_for_by_name_is_a_value_error(isolated: Path) -> None:
    path = a_saved_game(isolated)
    path.write_text("[" * 50_000)
    with pytest.raises(saves.UnreadableSave, match="cannot be read") as caught:
        PlayModel.load_saved(path)
    assert isinstance(caught.value, ValueError)


# --- D9: the saved search budget -------------------------------------------------------


@pytest.mark.parametrize("iterations", ["abc", [1], 10**10, 0, -5, 1.5, True])
def test_D9_a_saved_search_budget_that_is_no_budget_is_ignored_and_the_game_resumed(
    isolated: Path, iterations: object
) -> None:
    path = a_saved_game(isolated)
    record = json.loads(path.read_text())
    history = Game.from_json(record["game"]).history
    record["iterations"] = iterations
    path.write_text(json.dumps(record))
    resumed = PlayModel.load_saved()
    assert resumed is not None and resumed.game.history == history and resumed.iterations is None
    view = play(iterations=ITERATIONS, resume=True)
    assert view.game.history == history


@pytest.mark.parametrize("iterations", [10**10, 0, "8000"])
def test_D9_a_search_budget_out_of_range_is_refused(iterations: Any) -> None:
    with pytest.raises(ValueError, match="iterations must be a whole number"):
        PlayModel(iterations=iterations)


# --- D11: levels --------------------------------------------------------------------------


@pytest.mark.parametrize("level", ["random", "greedy", "expert"])
def test_D11_play_offers_only_the_learners_levels(level: str, monkeypatch: pytest.MonkeyPatch) -> None:
    unraisable: list[Any] = []
    monkeypatch.setattr(sys, "unraisablehook", unraisable.append)
    with pytest.raises(ValueError, match="choose one of easy, normal, hard"):
        play(level)
    with pytest.raises(ValueError, match="choose one of easy, normal, hard"):
        PlayModel(level)
    assert not unraisable


def test_D11_closing_a_half_built_view_is_quiet() -> None:
    view = PlayView.__new__(PlayView)
    view.close()  # as __del__ does after a failed __init__: no AttributeError


# --- when the game is saved ------------------------------------------------------------------


def saved_history(model: PlayModel) -> tuple[Any, ...]:
    return Game.from_json(json.loads(model.save_path().read_text())["game"]).history


def test_the_screen_is_told_before_the_game_is_saved(monkeypatch: pytest.MonkeyPatch) -> None:
    """A slow save (each one a round trip to the page on the static site) must not hold up what
    the learner sees: the listeners first, then the save."""
    model = PlayModel(seed=3, iterations=ITERATIONS)
    model.finish_ai_turn()
    said: list[str] = []
    write = saves.write_save
    monkeypatch.setattr(saves, "write_save", lambda *args: (said.append("saved"), write(*args))[1])
    unsubscribe = model.on_change(lambda *_: said.append("told"))
    model.play(model.human_actions()[0])
    assert said[:2] == ["told", "saved"]
    unsubscribe()


def test_the_ais_turn_is_saved_once_and_a_crash_in_it_loses_no_move_of_yours(isolated: Path) -> None:
    """The AI's turn is saved when it ends, not after each of its actions; the save made after
    your move holds it while the AI plays (a crash then replays only the AI's turn)."""
    for seed in range(200):
        model = PlayModel(seed=seed, iterations=ITERATIONS)
        model.finish_ai_turn()
        while not model.game.is_over:
            model.play(model.human_actions()[-1])  # stops and takes: long AI turns come sooner
            yours = model.game.history
            assert saved_history(model) == yours  # your move is on disk at once
            first = model.ai_step()
            if first is not None and model.ai_to_move:  # an AI turn of two actions or more
                assert saved_history(model) == yours  # not saved mid-turn: a crash now keeps your move
                model.finish_ai_turn()
                assert saved_history(model) == model.game.history  # the whole turn, once it ended
                return
            model.finish_ai_turn()
    raise AssertionError("no AI turn of two actions in 200 games")


# --- two kernels at once --------------------------------------------------------------------

KERNEL = """
import sys, time
from durak.tutorial.game_model import PlayModel
model = PlayModel(seed=int(sys.argv[1]), iterations=5)
deadline = time.monotonic() + 3
while time.monotonic() < deadline and not model.game.is_over:
    if model.ai_to_move:
        model.finish_ai_turn()  # saved once the AI's turn is over
    else:
        model.play(model.human_actions()[-1])
print(model.save_path())
print(model.game.to_json())
"""


def test_two_kernels_playing_at_once_keep_both_games(isolated: Path) -> None:
    env = {**os.environ, settings.CONFIG_DIR_ENV: str(isolated)}
    kernels = [
        subprocess.Popen(
            [sys.executable, "-c", KERNEL, str(seed)], env=env, stdout=subprocess.PIPE, text=True
        )
        for seed in (101, 202)
    ]
    results = [kernel.communicate(timeout=120)[0].splitlines() for kernel in kernels]
    assert all(kernel.returncode == 0 for kernel in kernels)
    (path_a, game_a), (path_b, game_b) = results
    assert path_a != path_b
    for path, game in ((path_a, game_a), (path_b, game_b)):
        saved = json.loads(Path(path).read_text())
        assert saved["game"] == game  # each kernel's last move is on disk, untouched by the other


def test_the_newest_unfinished_game_is_offered(isolated: Path) -> None:
    older = PlayModel(seed=1, iterations=ITERATIONS)
    older.finish_ai_turn()
    older.save()
    time.sleep(0.02)
    newer = PlayModel(seed=2, iterations=ITERATIONS)
    newer.finish_ai_turn()
    newer.play(newer.human_actions()[0])
    offered = PlayModel.load_saved()
    assert offered is not None and offered.game.seed == 2


def test_a_resumed_game_goes_on_in_its_own_file_and_the_old_one_goes(isolated: Path) -> None:
    old = a_saved_game(isolated)
    resumed = PlayModel.load_saved()
    assert resumed is not None
    resumed.finish_ai_turn()
    resumed.play(resumed.human_actions()[0])
    assert resumed.save_path() != old and not old.exists()
    assert [p.name for p in old.parent.iterdir()] == [resumed.save_path().name]


def test_a_game_resumed_in_two_kernels_keeps_both_continuations(isolated: Path) -> None:
    old = a_saved_game(isolated)
    first = PlayModel.load_saved()
    second = PlayModel.load_saved()  # another kernel offered the same game
    assert first is not None and second is not None
    time.sleep(0.02)
    for model in (first, second):
        model.finish_ai_turn()
        model.play(model.human_actions()[-1])
    assert first.save_path() != second.save_path()
    assert first.save_path().exists() and second.save_path().exists()
    assert not old.exists()


def test_the_old_file_stays_when_another_kernel_plays_it_on(isolated: Path) -> None:
    model = PlayModel(seed=21, iterations=ITERATIONS)
    model.finish_ai_turn()
    model.play(model.human_actions()[0])
    model.finish_ai_turn()
    resumed = PlayModel.load_saved()  # another kernel resumes it ...
    assert resumed is not None
    time.sleep(0.02)
    model.play(model.human_actions()[0])  # ... while the first plays on in its file
    resumed.finish_ai_turn()
    resumed.play(resumed.human_actions()[-1])
    assert model.save_path().exists() and resumed.save_path().exists()


def test_finished_games_are_kept_up_to_a_limit(isolated: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(saves, "KEEP_FINISHED", 3)
    finished = Game.from_deal(["6♠"], ["7♠"], [], trump="♥")
    for move in ("attack 6♠", "defend 7♠", "stop"):
        finished.apply(move)
    paths = []
    for number in range(5):
        path = saves.games_dir() / f"{number}.json"
        saves.write_save(path, finished, "easy", None)
        os.utime(path, (1000 + number, 1000 + number))
        paths.append(path)
    assert saves.newest_unfinished() == (None, [])
    assert [p.exists() for p in paths] == [False, False, True, True, True]


# --- D13, D15: the settings and the folder ---------------------------------------------


def test_D13_a_deeply_nested_settings_file_counts_as_empty(isolated: Path) -> None:
    isolated.mkdir(parents=True)
    (isolated / "settings.json").write_text("[" * 100_000 + "]" * 100_000)
    assert settings.load_settings() == {}
    language_picker().close()
    play(seed=1, iterations=ITERATIONS).close()


def test_D15_the_config_folder_expands_home_and_variables(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("DURAK_TEST_PLACE", "place")
    monkeypatch.setenv(settings.CONFIG_DIR_ENV, "~/durak-$DURAK_TEST_PLACE")
    assert settings.config_dir() == tmp_path / "durak-place"
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(settings.CONFIG_DIR_ENV, "relative")
    assert settings.config_dir() == tmp_path / "relative" and settings.config_dir().is_absolute()


def test_D15_writes_reach_the_disk_before_the_rename(isolated: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[int] = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real(fd)))
    settings.write_text_atomically(isolated / "x.json", "{}")
    assert synced


def test_D15_temporary_files_left_by_a_killed_writer_are_swept(
    isolated: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    isolated.mkdir(parents=True)
    stale = isolated / "settings.jsonabc123.tmp"
    fresh = isolated / "settings.jsondef456.tmp"
    for leftover in (stale, fresh):
        leftover.write_text("half a")
    os.utime(stale, (time.time() - 2 * settings.STALE_AFTER,) * 2)
    monkeypatch.setattr(settings, "_swept", set())
    settings.update_settings(language="de")
    assert not stale.exists() and fresh.exists()  # a fresh one may belong to a writer at work


# --- N2, N3, N6 of reviews/2026-12-03/reliability.md ------------------------------------


def test_N3_the_sweep_leaves_other_programs_temporary_files_alone(
    isolated: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = isolated / "games"
    games.mkdir(parents=True)
    theirs = [isolated / "thesis-draft.tmp", games / "notes.tmp", isolated / "data.json.tmp"]
    ours = [isolated / "settings.jsonk3_x9q2a.tmp", games / "20261203-101500-0a1b2c3d.jsonabcd1234.tmp"]
    for leftover in theirs + ours:
        leftover.write_text("someone's data")
        os.utime(leftover, (time.time() - 3 * settings.STALE_AFTER,) * 2)
    monkeypatch.setattr(settings, "_swept", set())
    settings.update_settings(language="de")
    saves.write_save(saves.new_save_path(), Game.new(seed=3), "easy", None)
    assert [p.exists() for p in theirs] == [True, True, True]
    assert [p.exists() for p in ours] == [False, False]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("kind", ["fifo", "link to a device", "huge"])
def test_N6_a_save_that_is_no_regular_file_or_too_big_is_set_aside_not_read(
    isolated: Path, kind: str
) -> None:
    a_saved_game(isolated)
    odd = saves.games_dir() / "20991231-235959-ffffffff.json"  # the newest: looked at first
    if kind == "fifo":
        os.mkfifo(odd)
    elif kind == "link to a device":
        odd.symlink_to("/dev/zero")
    else:
        with odd.open("wb") as file:
            file.truncate(saves.MAX_SAVE_BYTES + 1)
    # In another process: before the fix, reading the FIFO hung for ever.
    script = (
        "from durak.tutorial import saves; found, problems = saves.newest_unfinished(); "
        "print(found is not None, [p.reason for p in problems])"
    )
    env = {**os.environ, settings.CONFIG_DIR_ENV: str(isolated)}
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    resumable, reasons = done.stdout.strip().split(" ", 1)
    assert resumable == "True"  # the real save is still offered
    assert ("not a regular file" if kind != "huge" else "larger than") in reasons
    assert not odd.exists() and len(list(saves.games_dir().glob(odd.name + ".unreadable-*"))) == 1


def test_the_settings_are_read_again_only_when_the_file_changed(
    isolated: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In the browser each read is a round trip to the page; another kernel's change is seen."""
    settings.update_settings(language="de")
    assert settings.load_settings()["language"] == "de"
    reads: list[Path] = []
    read_text = Path.read_text
    monkeypatch.setattr(
        Path, "read_text", lambda path, *a, **k: reads.append(path) or read_text(path, *a, **k)
    )
    assert settings.load_settings()["language"] == "de" and reads == []
    settings.write_text_atomically(settings.settings_path(), json.dumps({"language": "cs", "level": "easy"}))
    assert settings.load_settings() == {"language": "cs", "level": "easy"} and len(reads) == 1
    settings.settings_path().unlink()
    assert settings.load_settings() == {}


def test_N2_an_unreadable_settings_file_is_set_aside_before_the_next_change(isolated: Path) -> None:
    for number in range(20):
        settings.try_update_settings(solved=[f"ex{i}" for i in range(number + 1)])
    settings.update_settings(language="de", level="hard")
    path = settings.settings_path()
    path.write_text(path.read_text() + "x")  # one stray byte: a hand edit, a sync conflict
    damaged = path.read_bytes()
    LanguagePicker().value = "es"
    kept = list(isolated.glob("settings.json.unreadable-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == damaged  # the solved exercises are still there
    assert json.loads(path.read_text()) == {"language": "es"}
    settings.update_settings(level="easy")  # the next change sets nothing more aside
    assert len(list(isolated.glob("settings.json.unreadable-*"))) == 1


def test_N2_a_settings_file_that_cannot_be_read_now_is_not_written_over(
    isolated: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.update_settings(language="de", solved=["deck_aces"])
    path = settings.settings_path()
    before = path.read_bytes()
    real = Path.read_text

    def failing(self: Path, *args: Any, **kwargs: Any) -> str:
        if self.name == settings.SETTINGS_FILE:
            raise OSError(errno.EIO, "input/output error")
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "read_text", failing)
    assert settings.try_update_settings(language="es") is False  # logged, not raised: play goes on
    assert path.read_bytes() == before and sorted(isolated.iterdir()) == [
        path,
        isolated / "settings.json.lock",
    ]


RACER = """
import sys, time
from pathlib import Path
from durak.tutorial.progress import mark_solved
tag, ready, other = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
ready.touch()
while not other.exists():  # start together: the marks must overlap
    time.sleep(0.001)
for number in range(150):
    mark_solved(f"{tag}{number}")
"""


def test_N2_two_kernels_marking_exercises_at_once_keep_every_mark(isolated: Path, tmp_path: Path) -> None:
    settings.update_settings(language="de")
    env = {**os.environ, settings.CONFIG_DIR_ENV: str(isolated)}
    flags = [tmp_path / "a.ready", tmp_path / "b.ready"]
    kernels = [
        subprocess.Popen([sys.executable, "-c", RACER, tag, str(mine), str(other)], env=env)
        for tag, mine, other in (("a", flags[0], flags[1]), ("b", flags[1], flags[0]))
    ]
    assert [kernel.wait(timeout=120) for kernel in kernels] == [0, 0]
    from durak.tutorial.progress import solved

    assert len(solved()) == 300
    assert settings.load_settings()["language"] == "de"


def test_N2_where_the_settings_cannot_be_locked_they_are_still_written(
    isolated: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fcntl = pytest.importorskip("fcntl")

    def refuse(*args: Any) -> None:
        raise OSError(errno.ENOLCK, "no locks available")

    monkeypatch.setattr(fcntl, "flock", refuse)
    assert settings.try_update_settings(language="de") is True
    monkeypatch.setattr(settings, "fcntl", None)  # no fcntl at all (Windows)
    assert settings.try_update_settings(level="hard") is True
    # Pyodide (the static site) has an fcntl module without flock: a click there raised
    # AttributeError ("Something went wrong") until the lock looked for flock itself
    monkeypatch.setattr(settings, "fcntl", types.SimpleNamespace(LOCK_EX=2, LOCK_NB=4))
    assert settings.try_update_settings(grain=0.5) is True
    assert settings.load_settings() == {"language": "de", "level": "hard", "grain": 0.5}
