"""The durak-tutorial launcher: what it would run, without starting a server."""

from __future__ import annotations

from pathlib import Path

import pytest

from durak import cli


def test_lab_opens_the_first_lesson_on_loopback_only(tmp_path: Path) -> None:
    command = cli.server_command(app=False, folder=tmp_path, port=9999, token="abc")
    assert command[1:3] == ["-m", "jupyterlab"]
    assert "--ip=127.0.0.1" in command and "--port=9999" in command and "--no-browser" in command
    assert f"--ServerApp.root_dir={tmp_path}" in command
    assert "--ServerApp.default_url=/lab/tree/00_start.ipynb" in command
    assert "--IdentityProvider.token=abc" in command


def test_app_serves_the_notebooks_with_voila(tmp_path: Path) -> None:
    command = cli.server_command(app=True, folder=tmp_path, port=9999)
    assert command[1:3] == ["-m", "voila"]
    assert "--Voila.ip=127.0.0.1" in command and command[-1] == str(tmp_path)


def test_a_checkout_uses_its_own_notebooks() -> None:
    folder = cli.notebooks_dir()
    assert (folder / cli.FIRST_NOTEBOOK).exists()
    assert folder == Path(cli.__file__).resolve().parents[1] / "notebooks"


def test_an_unknown_language_is_refused_with_the_supported_ones(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--lang", "fr"])
    error = capsys.readouterr().err
    assert "'fr'" in error and "de, es, tr, da, cs" in error
