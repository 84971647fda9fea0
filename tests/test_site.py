"""The static site (lite/build.py): its lock names exactly the wheels it ships, Babel keeps the six
languages, and in the browser the tutorial keeps its settings in the browser's storage or says
once that it cannot."""

from __future__ import annotations

import base64
import hashlib
import json
import sys
import zipfile
from pathlib import Path

import pytest

from durak.i18n import LANGUAGES, gettext
from durak.tutorial import settings
from durak.tutorial.lessons.views import STORAGE_MISSING, Header
from lite import build

REPO = Path(__file__).resolve().parents[1]
SITE = REPO / "site"


def make_wheel(path: Path, files: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return path


def test_babel_keeps_the_tutorials_languages_and_a_record_that_matches(tmp_path: Path) -> None:
    codes = ("root", "de", "fr", "cs", "en_GB")
    data = {f"babel/locale-data/{code}.dat": code.encode() * 10 for code in codes}
    wheel = make_wheel(
        tmp_path / "babel-2.19.0-py3-none-any.whl",
        {
            "babel/__init__.py": b"",
            **data,
            "babel-2.19.0.dist-info/RECORD": b"stale",
        },
    )
    out = tmp_path / "slim"
    out.mkdir()
    slim = build.slim_babel(wheel, out)
    with zipfile.ZipFile(slim) as archive:
        names = set(archive.namelist())
        record = archive.read("babel-2.19.0.dist-info/RECORD").decode().splitlines()
        contents = {name: archive.read(name) for name in names}
    kept = {name for name in names if name.startswith("babel/locale-data/")}
    assert kept == {"babel/locale-data/root.dat", "babel/locale-data/de.dat", "babel/locale-data/cs.dat"}
    assert {"de", "cs"} <= set(LANGUAGES) and "fr" not in LANGUAGES
    for line in record[:-1]:
        name, digest, size = line.split(",")
        expected = base64.urlsafe_b64encode(hashlib.sha256(contents[name]).digest()).rstrip(b"=").decode()
        assert digest == f"sha256={expected}" and int(size) == len(contents[name])
    assert record[-1] == "babel-2.19.0.dist-info/RECORD,,"


def test_the_lock_closure_follows_dependencies() -> None:
    lock = {
        "packages": {
            "ipython": {"depends": ["traitlets", "prompt_toolkit"]},
            "traitlets": {"depends": []},
            "prompt-toolkit": {"depends": ["wcwidth"]},
            "wcwidth": {"depends": []},
            "numpy": {"depends": []},
        }
    }
    assert build.lock_closure(lock, ["IPython"]) == ["ipython", "prompt-toolkit", "traitlets", "wcwidth"]


def test_a_lock_entry_names_the_wheels_modules_and_digest(tmp_path: Path) -> None:
    wheel = make_wheel(
        tmp_path / "six-1.17.0-py2.py3-none-any.whl",
        {"six.py": b"x = 1\n", "six-1.17.0.dist-info/METADATA": b""},
    )
    entry = build.wheel_entry(wheel, "six", [])
    assert entry["imports"] == ["six"]
    assert entry["version"] == "1.17.0"
    assert entry["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()


built = pytest.mark.skipif(
    not (SITE / "jupyter-lite.json").exists(), reason="no site/ built (`make test` builds it first)"
)


@built
def test_the_built_site_ships_exactly_what_its_lock_names() -> None:
    pyodide = SITE / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    shipped = {path.name for path in pyodide.glob("*.whl")}
    assert {entry["file_name"] for entry in lock["packages"].values()} == shipped
    for entry in lock["packages"].values():
        assert hashlib.sha256((pyodide / entry["file_name"]).read_bytes()).hexdigest() == entry["sha256"]
    config = json.loads((SITE / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel["disablePyPIFallback"] is True
    assert set(kernel["loadPyodideOptions"]["packages"]) == set(lock["packages"])
    assert "durak" in lock["packages"] and "numpy" not in lock["packages"]  # nothing unused
    assert sorted(path.name for path in SITE.joinpath("files").glob("*.ipynb")) == sorted(
        path.name for path in (REPO / "notebooks").glob("*.ipynb")
    )


@pytest.fixture
def in_the_browser(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """Python as Pyodide runs it in JupyterLite (no DURAK_CONFIG_DIR there)."""
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.delenv(settings.CONFIG_DIR_ENV, raising=False)
    return monkeypatch


def test_in_the_browser_the_settings_live_on_the_drive_beside_the_notebooks(
    in_the_browser: pytest.MonkeyPatch,
) -> None:
    in_the_browser.setattr(settings, "BROWSER_DRIVE", REPO)  # a folder that can be listed, as /drive
    assert settings.config_dir() == REPO / ".durak"
    assert not settings.browser_storage_missing()
    assert Header("00_start").storage_notice is None


def test_a_browser_without_storage_is_told_so_once_in_the_first_cell(
    in_the_browser: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    in_the_browser.setattr(settings, "BROWSER_DRIVE", tmp_path / "drive")  # every access fails
    in_the_browser.setattr(Path, "home", classmethod(lambda cls: tmp_path))
    assert settings.browser_storage_missing()
    assert settings.config_dir() == tmp_path / ".config" / "durak"  # Pyodide's memory, for the page
    header = Header("00_start")
    assert header.storage_notice is not None and header.storage_notice in header.children
    assert gettext(STORAGE_MISSING) in header.storage_notice.value


def test_outside_the_browser_nothing_is_said() -> None:
    assert not settings.browser_storage_missing()
    assert Header("00_start").storage_notice is None
