"""The static site (lite/build.py): its lock names exactly the wheels it ships, Babel keeps the six
languages, the wheels and the standard library hold bytecode that the site's own Python imports,
and in the browser the tutorial keeps its settings in the browser's storage or says once that it
cannot."""

from __future__ import annotations

import base64
import gzip
import hashlib
import importlib
import importlib.util
import json
import re
import shutil
import subprocess
import sys
import urllib.request
import zipfile
from pathlib import Path

import pytest

from durak.i18n import LANGUAGES, gettext
from durak.tutorial import settings
from durak.tutorial.lessons import notebooks
from durak.tutorial.lessons.views import STORAGE_MISSING, Header
from lite import build, bytecode
from lite.serve import serving
from tests.browser.servers import wait_for_site_build

REPO = Path(__file__).resolve().parents[1]
SITE = REPO / "site"


def make_wheel(path: Path, files: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return path


def record_matches(archive: zipfile.ZipFile, record_name: str) -> None:
    """Every file of the wheel is in its RECORD with its sha256 and size, and nothing else is."""
    lines = archive.read(record_name).decode().splitlines()
    assert lines[-1] == f"{record_name},,"
    listed = {}
    for line in lines[:-1]:
        name, digest, size = line.split(",")
        data = archive.read(name)
        expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        assert digest == f"sha256={expected}" and int(size) == len(data)
        listed[name] = data
    assert set(listed) | {record_name} == {name for name in archive.namelist() if not name.endswith("/")}


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
    with zipfile.ZipFile(slim) as archive:
        record_matches(archive, "babel-2.19.0.dist-info/RECORD")
    assert record[-1] == "babel-2.19.0.dist-info/RECORD,," and contents
    # The same slim wheel every time: its compiled copy stays in the cache.
    again = tmp_path / "again"
    again.mkdir()
    assert build.slim_babel(wheel, again).read_bytes() == slim.read_bytes()


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


def test_a_compiled_wheels_entry_names_its_modules_and_no_dependency_loaded_later(tmp_path: Path) -> None:
    wheel = make_wheel(
        tmp_path / "ipython-9.12.0-cp314-none-any.whl",
        {"IPython/__init__.pyc": b"", "decorator.pyc": b"", "ipython-9.12.0.dist-info/RECORD": b""},
    )
    entry = build.wheel_entry(wheel, "ipython", ["Pygments", "six", "matplotlib-inline", "prompt_toolkit"])
    assert entry["imports"] == ["IPython", "decorator"]
    assert entry["depends"] == ["prompt-toolkit", "pygments"]  # six, matplotlib-inline: build.LATER


def test_a_compiled_wheel_holds_bytecode_in_place_of_its_modules_and_a_record_that_matches(
    tmp_path: Path,
) -> None:
    """Compiled by this Python (the site's build compiles with Pyodide's): the bytecode imports
    without its source, from the path it names, and only the modules changed."""
    wheel = make_wheel(
        tmp_path / "tiny-1.0-py2.py3-none-any.whl",
        {
            "tiny/__init__.py": b"from tiny.sub import answer\n",
            "tiny/sub.py": b"def answer():\n    return 42\n",
            "tiny/broken.py": b"def (:\n",  # a template, say: not Python this one can compile
            "tiny/data.json": b"{}",
            "tiny/types.pyi": b"x: int\n",
            "tiny/tests/test_tiny.py": b"assert True\n",
            "tiny/labextension/static/remoteEntry.js": b"js",
            "tiny-1.0.data/data/share/jupyter/labextensions/tiny/package.json": b"{}",
            "tiny-1.0.dist-info/WHEEL": b"Wheel-Version: 1.0\nTag: py2-none-any\nTag: py3-none-any\n",
            "tiny-1.0.dist-info/RECORD": b"stale",
        },
    )
    tag = f"cp{sys.version_info.major}{sys.version_info.minor}"
    target = tmp_path / bytecode.compiled_name(wheel.name, tag)
    installed = tmp_path / "site-packages"
    left = bytecode.compile_archive(wheel, target, str(installed))

    assert target.name == f"tiny-1.0-{tag}-none-any.whl" and left == ["tiny/broken.py"]
    with zipfile.ZipFile(target) as archive:
        assert set(archive.namelist()) == {
            "tiny/__init__.pyc",
            "tiny/sub.pyc",
            "tiny/broken.py",
            "tiny/data.json",
            "tiny/types.pyi",
            "tiny-1.0.dist-info/WHEEL",
            "tiny-1.0.dist-info/RECORD",
        }
        assert archive.read("tiny/sub.pyc")[:4] == importlib.util.MAGIC_NUMBER
        assert archive.read("tiny-1.0.dist-info/WHEEL").decode().splitlines()[-1] == f"Tag: {tag}-none-any"
        record_matches(archive, "tiny-1.0.dist-info/RECORD")
        archive.extractall(installed)
    sys.path.insert(0, str(installed))
    try:
        module = importlib.import_module("tiny.sub")
        assert module.answer() == 42
        assert module.__file__ == str(installed / "tiny" / "sub.pyc")
        assert module.answer.__code__.co_filename == module.__file__  # what inspect.getfile says
    finally:
        sys.path.remove(str(installed))
        for name in ("tiny", "tiny.sub"):
            sys.modules.pop(name, None)
    # The same source gives the same bytes (no time in them): rebuilds find it in the cache.
    again = tmp_path / "again.whl"
    bytecode.compile_archive(wheel, again, str(installed))
    assert again.read_bytes() == target.read_bytes()


def test_only_pure_wheels_are_renamed_for_the_python_that_compiled_them() -> None:
    assert (
        bytecode.compiled_name("six-1.17.0-py2.py3-none-any.whl", "cp314") == "six-1.17.0-cp314-none-any.whl"
    )
    assert bytecode.compiled_name("python_stdlib.zip", "cp314") == "python_stdlib.zip"
    with pytest.raises(ValueError, match="not a pure-Python wheel"):
        bytecode.compiled_name("numpy-2.3.0-cp314-cp314-pyodide_2026_0_wasm32.whl", "cp314")


@pytest.fixture
def site_built() -> None:
    """The tests of the built site/ skip without one, but wait for the one ``make test`` builds
    beside the tests (tests/browser/servers.py)."""
    wait_for_site_build()
    if not (SITE / "jupyter-lite.json").exists():
        pytest.skip("no site/ built (`make site`; `make test` builds it)")


built = pytest.mark.usefixtures("site_built")


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
    # Loaded at start: all but what nothing imports then, and no dependency brings that in.
    assert set(kernel["loadPyodideOptions"]["packages"]) == set(lock["packages"]) - build.LATER
    assert set(lock["packages"]) >= build.LATER
    assert not {name for entry in lock["packages"].values() for name in entry["depends"]} & build.LATER
    assert "durak" in lock["packages"] and "numpy" not in lock["packages"]  # nothing unused
    assert sorted(path.name for path in SITE.joinpath("files").glob("*.ipynb")) == sorted(
        path.name for path in (REPO / "notebooks").glob("*.ipynb")
    )


@built
def test_the_built_site_holds_its_own_notebooks_and_never_saves_one_behind_the_learners_back() -> None:
    """The site's copies of the notebooks (no `make app` there), and JupyterLab set never to save a
    notebook by itself (its widgets' outputs would come back as "Loading widget...") nor to ask
    "Leave site?" about the notebooks it then leaves unsaved."""
    files = sorted(SITE.joinpath("files").glob("*.ipynb"))
    assert [path.stem for path in files] == sorted(notebooks.NAMES)
    for path in files:
        assert path.read_text(encoding="utf-8") == notebooks.text_of(path.stem, site=True)
        assert "make app" not in path.read_text(encoding="utf-8")
    config = json.loads((SITE / "jupyter-lite.json").read_text())["jupyter-config-data"]
    assert config["settingsOverrides"]["@jupyterlab/docmanager-extension:plugin"] == {"autosave": False}
    assert config["disabledExtensions"] == ["@jupyterlab/application-extension:dirty"]
    # Both names are this JupyterLab's own: a plugin or a setting renamed upstream would be ignored.
    schema = SITE / "build" / "schemas" / "@jupyterlab" / "docmanager-extension" / "plugin.json"
    assert json.loads(schema.read_text())["properties"]["autosave"]["default"] is True
    plugin_ids = re.compile(r'id:"(@jupyterlab/application-extension:[\w-]+)"')
    scripts = (path.read_text(encoding="utf-8") for path in (SITE / "build").glob("*.js"))
    bundled = {found for script in scripts for found in plugin_ids.findall(script)}
    assert set(config["disabledExtensions"]) <= bundled


# Run in the site's own Python (its Pyodide, in Node.js): every module of every archive the site
# ships is bytecode of this Python, and the packages the kernel loads at start import from it.
IN_PYODIDE = """
import importlib, importlib.util, json, pathlib, sys, zipfile
folder = pathlib.Path(sys.argv[1])
lock = json.loads((folder / "pyodide-lock.json").read_text())
wheels = [folder / entry["file_name"] for entry in lock["packages"].values()]
archives = [folder / "python_stdlib.zip", *wheels]
found = {"magic": {}, "sources": [], "imported": {}}
for path in archives:
    with zipfile.ZipFile(path) as archive:
        for name in archive.namelist():
            if name.endswith(".pyc"):
                magic = archive.read(name)[:4]
                found["magic"][magic.hex()] = found["magic"].get(magic.hex(), 0) + 1
            elif name.endswith(".py"):
                found["sources"].append(f"{path.name}: {name}")
for name in sys.argv[2:]:
    for module in lock["packages"][name]["imports"]:
        found["imported"][module] = importlib.import_module(module).__spec__.origin
found["imported"]["json"] = importlib.import_module("json").__spec__.origin
found["python"] = importlib.util.MAGIC_NUMBER.hex()
print(json.dumps(found), file=sys.__stdout__)  # the kernel's module takes sys.stdout over
"""


@built
@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js (Debian's npm package brings it)")
def test_the_site_ships_bytecode_that_its_own_python_imports() -> None:
    pyodide = SITE / "static" / "pyodide"
    config = json.loads((SITE / "jupyter-lite.json").read_text())["jupyter-config-data"]
    preload = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    packages = preload["loadPyodideOptions"]["packages"]
    command = ["node", bytecode.RUNNER, "--mount", pyodide, "--load", ",".join(packages), pyodide]
    done = subprocess.run(
        [str(part) for part in [*command, "-c", IN_PYODIDE, pyodide, *packages]],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["sources"] == []
    assert list(found["magic"]) == [found["python"]]  # Pyodide's, not this Python's
    assert found["python"] != importlib.util.MAGIC_NUMBER.hex()
    assert found["magic"][found["python"]] > 1000  # the standard library's and the wheels' modules
    assert {"IPython", "durak", "pyodide_kernel", "ipywidgets", "babel", "jedi"} <= set(found["imported"])
    for module, origin in found["imported"].items():
        assert origin.endswith(".pyc"), (module, origin)
    assert found["imported"]["json"].startswith("/lib/python314.zip/")


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


def test_the_sites_own_server_compresses_as_the_hosts_do(tmp_path: Path) -> None:
    """Text, scripts and WebAssembly go gzip-compressed to a browser that accepts it (a first
    visit then downloads about half the bytes); zip archives (the wheels) as they are."""
    (tmp_path / "jupyter-lite.json").write_text("{}")
    script = b"const card = 'T\xe2\x99\xa5';\n" * 2000
    (tmp_path / "app.js").write_bytes(script)
    (tmp_path / "durak-0.1.0-py3-none-any.whl").write_bytes(b"PK\x03\x04" + bytes(range(256)) * 40)
    with serving(tmp_path) as base:

        def get(name: str, encodings: str) -> tuple[str | None, bytes]:
            request = urllib.request.Request(f"{base}/{name}", headers={"Accept-Encoding": encodings})
            with urllib.request.urlopen(request) as response:
                return response.headers.get("Content-Encoding"), response.read()

        encoding, body = get("app.js", "gzip, deflate, br")
        assert encoding == "gzip" and gzip.decompress(body) == script and len(body) < len(script) / 10
        assert get("app.js", "identity") == (None, script)
        encoding, body = get("durak-0.1.0-py3-none-any.whl", "gzip")
        assert encoding is None and body.startswith(b"PK")
