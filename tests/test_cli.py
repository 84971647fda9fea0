"""The durak-tutorial launcher: what it runs, when it prints the link, and what it refuses.

D4 (a link printed before the server binds, the port moved silently), D6 (the token on the
command line), D7 (Voilà without a token or a Host check) and D12 (DURAK_LANG against --lang)
of the reliability probe.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from durak import cli
from durak.tutorial import lab_locale, settings

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def lab_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """JupyterLab's user-settings folder of these tests: --lang sets JupyterLab's locale there,
    never in the developer's own."""
    folder = tmp_path / "lab-user-settings"
    monkeypatch.setenv("JUPYTERLAB_SETTINGS_DIR", str(folder))
    monkeypatch.delenv(lab_locale.LAB_SETTINGS_ENV, raising=False)
    monkeypatch.setattr(lab_locale, "_system_locale", lambda: "en_US")
    return folder


def test_lab_opens_the_first_lesson_on_loopback_only_and_never_moves_to_another_port(tmp_path: Path) -> None:
    command = cli.server_command(app=False, folder=tmp_path, port=9999, info_file=tmp_path / "info.json")
    assert command[1:3] == ["-m", "jupyterlab"]
    assert "--ip=127.0.0.1" in command and "--port=9999" in command and "--no-browser" in command
    assert "--ServerApp.port_retries=0" in command
    assert f"--ServerApp.root_dir={tmp_path}" in command
    assert "--ServerApp.default_url=/lab/tree/00_start.ipynb" in command
    assert not any("token" in part.lower() for part in command)  # D6: it comes from JUPYTER_TOKEN


def test_app_serves_the_notebooks_with_the_tutorials_voila(tmp_path: Path) -> None:
    command = cli.server_command(app=True, folder=tmp_path, port=9999, info_file=tmp_path / "info.json")
    assert command[1:3] == ["-m", "durak.voila_app"]
    assert "--Voila.ip=127.0.0.1" in command and "--Voila.port_retries=0" in command
    assert command[-1] == str(tmp_path)
    assert not any("token" in part.lower() for part in command)
    # the app opens on the whole course: one page, one kernel (the notebook is shipped beside the lessons)
    assert cli.tutorial_url(True, 9999, "abc") == "http://127.0.0.1:9999/voila/render/course.ipynb?token=abc"
    assert (cli.notebooks_dir() / cli.COURSE_NOTEBOOK).exists()


def test_a_checkout_uses_its_own_notebooks() -> None:
    folder = cli.notebooks_dir()
    assert (folder / cli.FIRST_NOTEBOOK).exists()
    assert folder == Path(cli.__file__).resolve().parents[1] / "notebooks"


def test_an_unknown_language_is_refused_with_the_supported_ones(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--lang", "fr"])
    error = capsys.readouterr().err
    assert "'fr'" in error and "de, es, tr, da, cs" in error


@pytest.fixture
def busy_port() -> Iterator[int]:
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        yield int(listener.getsockname()[1])


def test_D4_a_busy_port_asked_for_is_refused(busy_port: int, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--port", str(busy_port)])
    assert f"port {busy_port} on 127.0.0.1 is in use" in capsys.readouterr().err


def test_D4_without_port_the_first_free_default_port_is_chosen(monkeypatch: pytest.MonkeyPatch) -> None:
    busy = {cli.DEFAULT_PORT, cli.DEFAULT_PORT + 1}
    monkeypatch.setattr(cli, "port_is_free", lambda port: port not in busy)
    assert cli.choose_port(None) == cli.DEFAULT_PORT + 2
    busy = set(range(cli.DEFAULT_PORT, cli.DEFAULT_PORT + cli.PORTS_TO_TRY))
    with pytest.raises(cli.LaunchError, match="all in use"):
        cli.choose_port(None)


# --- the launcher's flow, with a stand-in server -------------------------------------------

FAKE_SERVER = """
import json, os, sys, time
info, port, delay, code = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
time.sleep(delay)
if code == 0:
    with open(info, "w") as f:
        json.dump({"port": port, "argv": sys.argv, "token": os.environ.get("JUPYTER_TOKEN"),
                   "lang": os.environ.get("DURAK_LANG"), "config": os.environ.get("DURAK_CONFIG_DIR"),
                   "lab_settings": os.environ.get("DURAK_LAB_SETTINGS_DIR")}, f)
    time.sleep(0.5)
sys.exit(code)
"""


@pytest.fixture
def fake_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """The launcher runs a stand-in that writes its info file after ``delay`` (or exits with
    ``code``); the test sees when the launcher printed its link."""
    setup: dict[str, Any] = {"delay": 0.5, "code": 0, "info": tmp_path / "info.json"}

    def command(app: bool, folder: Path, port: int, info_file: Path) -> list[str]:
        setup["started"] = time.monotonic()
        args = [str(setup["info"]), str(port), str(setup["delay"]), str(setup["code"])]
        return [sys.executable, "-c", FAKE_SERVER, *args]

    monkeypatch.setattr(cli, "server_command", command)
    monkeypatch.setattr(cli, "server_info_file", lambda app, pid, info_file: setup["info"])
    return setup


def launch(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = cli.main(["--notebook-dir", str(REPO / "notebooks"), *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_D4_the_link_is_printed_once_the_server_listens_and_names_its_port(
    fake_server: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = launch([], capsys)
    info = json.loads(fake_server["info"].read_text())
    assert code == 0
    url = re.search(r"http://127\.0\.0\.1:(\d+)/lab/tree/00_start\.ipynb\?token=(\w+)", out)
    assert url is not None and int(url.group(1)) == info["port"]
    assert url.group(2) == info["token"] and len(info["token"]) == 32  # D6: the server has it ...
    assert not any(info["token"] in part for part in info["argv"])  # ... from its environment only


def test_D4_a_server_that_stops_before_listening_prints_no_link(
    fake_server: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    fake_server["code"] = 3
    code, out, err = launch([], capsys)
    assert code == 1 and "token" not in out
    assert "the server stopped before it was ready (exit code 3)" in err


def test_D4_a_server_that_listens_elsewhere_prints_no_link(
    fake_server: dict[str, Any], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli, "choose_port", lambda requested: 1)  # the stand-in writes port 1 ...
    original = cli.server_command

    def elsewhere(app: bool, folder: Path, port: int, info_file: Path) -> list[str]:
        return original(app, folder, port + 1, info_file)  # ... the real server would have moved

    monkeypatch.setattr(cli, "server_command", elsewhere)
    code, out, err = launch([], capsys)
    assert code == 1 and "token" not in out and "listens on port 2, not 1" in err


@pytest.mark.parametrize(("given", "code"), [("de_DE", "de"), ("DE", "de"), ("tr-TR.UTF-8", "tr")])
def test_D12_lang_takes_locale_names_and_wins_over_a_wrong_durak_lang(
    given: str, code: str, fake_server: dict[str, Any], capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:  # fmt: skip
    monkeypatch.setenv("DURAK_LANG", "pt")
    monkeypatch.setenv(settings.CONFIG_DIR_ENV, str(tmp_path / "config"))
    exit_code, _, _ = launch(["--lang", given], capsys)
    assert exit_code == 0 and json.loads(fake_server["info"].read_text())["lang"] is None
    assert settings.remembered_language() == code


def test_lang_is_the_language_to_start_in_and_a_language_picked_later_sticks(
    fake_server: dict[str, Any], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:  # fmt: skip
    # --lang once set DURAK_LANG for the kernels, which wins over the learner's choice: every
    # lesson opened and every reload came back in the launch language (the walk of issue 28)
    monkeypatch.setenv(settings.CONFIG_DIR_ENV, str(tmp_path / "config"))
    monkeypatch.setenv("DURAK_LANG", "es")
    exit_code, _, _ = launch(["--lang", "de"], capsys)
    assert exit_code == 0 and json.loads(fake_server["info"].read_text())["lang"] is None
    assert settings.load_settings()["language"] == "de"


def test_lang_without_a_writable_settings_folder_reaches_the_kernels_all_the_same(
    fake_server: dict[str, Any], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:  # fmt: skip
    (tmp_path / "config").write_text("a file where the folder should be")
    monkeypatch.setenv(settings.CONFIG_DIR_ENV, str(tmp_path / "config"))
    exit_code, _, _ = launch(["--lang", "cs"], capsys)
    assert exit_code == 0 and json.loads(fake_server["info"].read_text())["lang"] == "cs"


def test_lang_sets_jupyterlabs_own_menus_before_it_starts_and_tells_its_kernels_where(
    fake_server: dict[str, Any], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path, lab_settings: Path,
) -> None:  # fmt: skip
    monkeypatch.setenv(settings.CONFIG_DIR_ENV, str(tmp_path / "config"))
    exit_code, _, _ = launch(["--lang", "de"], capsys)
    assert exit_code == 0
    assert lab_locale.read_lab_locale(lab_settings) == "de_DE"
    # the kernels set it again when the learner picks a language
    assert json.loads(fake_server["info"].read_text())["lab_settings"] == str(lab_settings)


@pytest.mark.parametrize("option", ["--app", "--keep-lab-language"])
def test_voila_and_keep_lab_language_leave_jupyterlabs_language_alone(
    option: str, fake_server: dict[str, Any], capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, lab_settings: Path,
) -> None:  # fmt: skip
    monkeypatch.setenv(settings.CONFIG_DIR_ENV, str(tmp_path / "config"))
    monkeypatch.setenv(lab_locale.LAB_SETTINGS_ENV, str(tmp_path / "inherited"))  # not passed on
    exit_code, _, _ = launch(["--lang", "cs", option], capsys)
    assert exit_code == 0 and settings.remembered_language() == "cs"
    assert not lab_settings.exists()
    assert json.loads(fake_server["info"].read_text())["lab_settings"] is None


def test_D12_a_wrong_durak_lang_alone_is_reported_and_not_passed_on(
    fake_server: dict[str, Any], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DURAK_LANG", "pt")
    exit_code, _, err = launch([], capsys)
    assert exit_code == 0 and "ignoring DURAK_LANG='pt'" in err
    assert json.loads(fake_server["info"].read_text())["lang"] is None


def test_D15_a_relative_config_dir_reaches_the_kernels_as_an_absolute_path(
    fake_server: dict[str, Any], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:  # fmt: skip
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DURAK_CONFIG_DIR", "my-durak")
    launch([], capsys)
    assert json.loads(fake_server["info"].read_text())["config"] == str(tmp_path / "my-durak")


# --- the real Voilà app --------------------------------------------------------------------


def test_D7_the_app_needs_its_token_and_refuses_a_foreign_host(tmp_path: Path) -> None:
    """The real launcher and Voilà: the printed link works, no token or another Host does not."""
    env = {**os.environ, "DURAK_CONFIG_DIR": str(tmp_path / "config"), "JUPYTER_RUNTIME_DIR": str(tmp_path)}
    out = tmp_path / "out.txt"
    with out.open("w") as stdout:
        launcher = subprocess.Popen(
            [sys.executable, "-m", "durak.cli", "--app", "--notebook-dir", str(REPO / "notebooks")],
            stdout=stdout, stderr=subprocess.STDOUT, env=env,
        )  # fmt: skip
    try:
        deadline = time.monotonic() + 120
        link = r"Open the tutorial: http://127\.0\.0\.1:(\d+)/voila/render/course\.ipynb\?token=(\w+)"
        while not (found := re.search(link, out.read_text())):
            assert launcher.poll() is None and time.monotonic() < deadline, out.read_text()
            time.sleep(0.2)
        port, token = int(found.group(1)), found.group(2)

        def status(path: str, host: str | None = None) -> int:
            """The status of a GET, redirects not followed."""
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            try:
                connection.request("GET", path, headers={"Host": host} if host else {})
                return connection.getresponse().status
            finally:
                connection.close()

        assert status(f"/?token={token}") == 200
        assert status("/voila/render/01_goal.ipynb") in (302, 403)  # to the login page, no kernel
        assert status(f"/?token={token}", host="attacker.example") == 403  # DNS rebinding
    finally:
        launcher.terminate()
        launcher.wait(timeout=30)


class _Request:
    def __init__(self, uri: str) -> None:
        self.uri, self.method, self.remote_ip = uri, "GET", "127.0.0.1"
        self.headers = {"Referer": f"http://localhost:8866{uri}"}

    def request_time(self) -> float:
        return 0.01


class _Handler:
    """What a log function is handed: a request that carries the token and got a 4xx."""

    def __init__(self, status: int, uri: str) -> None:
        self.status, self.request, self.settings, self.current_user = status, _Request(uri), {}, None

    def get_status(self) -> int:
        return self.status


@pytest.mark.parametrize(
    ("status", "uri"),
    [
        (403, "/?token=a042cf055c1f0e912b2b"),
        (404, "/voila/render/nonexistent.ipynb?x=1&token=a042cf055c1f0e912b2b"),
    ],
)
def test_N9_the_apps_access_log_hides_the_token(
    status: int, uri: str, caplog: pytest.LogCaptureFixture
) -> None:
    from durak.voila_app import TutorialVoila, log_request

    app = TutorialVoila()
    app.initialize([str(cli.notebooks_dir())])
    assert app.init_settings()["log_function"] is log_request
    with caplog.at_level("DEBUG"):
        log_request(_Handler(status, uri))  # type: ignore[arg-type]
    logged = caplog.text
    assert f"{status} GET " in logged and "token=[secret]" in logged
    assert "a042cf055c1f0e912b2b" not in logged
