"""Build ``site/``: the whole tutorial as a static JupyterLite site that asks no other host for anything.

Usage: python lite/build.py [--output site] [--cache build/lite-cache]   (``make site``)

What the site holds, and where each part comes from (see ../shared/notes/jupyterlite.md for why):

* JupyterLab in the browser and the Pyodide kernel's front end: ``jupyterlite-core`` and
  ``jupyterlite-pyodide-kernel`` (pinned in lite/requirements.txt), installed in a virtual
  environment of their own, never beside the tutorial. The only front-end
  extensions are the ones the notebooks use: the kernel, ipywidgets and anywidget, taken from
  their wheels (not from whatever this environment has installed).
* The Pyodide runtime: the npm package ``pyodide`` at the version the kernel expects. It holds
  no wheels, so every wheel the kernel and the notebooks import is downloaded from PyPI (the
  exact versions Pyodide's lock names, or the ones this environment runs the tests with) and
  written into the site's own ``pyodide-lock.json`` with its sha256. The kernel loads
  them all through Pyodide at start-up, and the PyPI fallback is switched off: at run time the
  page fetches nothing from another host.
* The project's own wheel, with its compiled catalogs, and the notebooks: the site's own copies
  (``notebooks.write(..., site=True)``), whose how-to names the site's start page, not ``make app``.
* JupyterLab never saves a notebook on its own: an autosave would store the widgets' outputs,
  and after a reload every lesson would say "Loading widget..." (``SETTINGS_OVERRIDES``).
* The standard library and every wheel byte-compiled by the site's own Python (lite/bytecode.py:
  Pyodide in Node.js), so that the browser does not compile them again on every visit; and a
  wheel loaded at start only if the kernel or a lesson imports it then (``LATER``).
* Babel with the locale data of the tutorial's six languages only: the full wheel is a third
  of the site, and the tutorial formats numbers and dates in no other locale.

Downloads are cached in ``--cache``; the build itself needs no network once they are there.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import importlib.metadata
import json
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from durak.i18n import LANGUAGES  # noqa: E402
from durak.tutorial.lessons import notebooks  # noqa: E402
from lite import bytecode, course_page  # noqa: E402

# Pyodide packages the kernel itself loads (with everything they depend on in Pyodide's lock).
KERNEL_PACKAGES = ["micropip", "ipython", "jedi", "traitlets", "typing-extensions"]
# Shipped by jupyterlite-pyodide-kernel in its front end's pypi/ folder.
KERNEL_WHEELS = ["piplite", "pyodide_kernel", "ipykernel", "widgetsnbextension"]
# What the notebooks import that Pyodide's lock does not have: the versions of this environment,
# so that the site runs what the tests run (and the widget front ends match their Python side).
NOTEBOOK_PACKAGES = ["comm", "ipywidgets", "jupyterlab_widgets", "anywidget", "psygnal", "babel"]
# Front-end extensions, from their wheels: the widgets' at this environment's versions (their Python
# side is what the site ships), the kernel's at its pin.
LAB_EXTENSIONS = ["jupyterlab_widgets", "anywidget"]
# Shipped and in the lock, for whoever imports them later, but not loaded when the kernel starts: in
# the site's Python (lite/pyodide.mjs) nothing imports them while the kernel starts, a lesson shows
# its cards, an error is shown or a name is completed (sys.modules after each). No lock entry
# depends on them, so loading the others does not bring them. six: only old asttokens
# used it; matplotlib-inline: IPython's %matplotlib; jupyterlab-widgets, widgetsnbextension: the
# widgets' front end (the site serves it from extensions/). Babel stays: the lessons import it
# when they format a number or name a language.
LATER = {"six", "matplotlib-inline", "jupyterlab-widgets", "widgetsnbextension"}
DEPENDS = {
    "ipywidgets": ["comm", "ipython", "traitlets", "widgetsnbextension", "jupyterlab-widgets"],
    "anywidget": ["ipywidgets", "psygnal", "typing-extensions"],
    "durak": ["ipywidgets", "anywidget", "babel"],
    "pyodide-kernel": ["ipykernel", "comm", "ipython"],
}


REQUIREMENTS = ROOT / "lite" / "requirements.txt"  # the pinned JupyterLite build tools
PINS = dict(
    spec.strip().split("==")
    for spec in (line.split("#")[0] for line in REQUIREMENTS.read_text().splitlines())
    if "==" in spec
)
# pip's target for a pure-Python wheel that Pyodide's CPython 3.14 can install
PURE_WHEEL = ("--python-version", "3.14", "--platform", "any", "--implementation", "py", "--abi", "none")
# JupyterLab opens on the lesson with no first-run noise (as `make tutorial` does).
SETTINGS_OVERRIDES = {
    "@jupyterlab/apputils-extension:notification": {"checkForUpdates": False, "fetchNews": "false"},
    # No autosave: it would write the widgets' outputs into the browser's copy of the notebook, and a
    # reload would then open that copy with "Loading widget..." in place of every exercise (no kernel
    # holds those widgets any more). Unsaved, a reload opens the site's notebook afresh. What the
    # learner keeps (language, progress, the game) the kernel stores in .durak, not in the notebook;
    # an edited notebook is kept by saving it (Ctrl+S), as in JupyterLab.
    "@jupyterlab/docmanager-extension:plugin": {"autosave": False},
}
# Without autosave every notebook that has run counts as unsaved, and this plugin would ask "Leave
# site?" at every reload or link followed: left out (JupyterLite's documented disabledExtensions).
DISABLED_EXTENSIONS = ["@jupyterlab/application-extension:dirty"]


def normalized(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def run(*command: str | Path, cwd: Path | None = None) -> None:
    print("+", " ".join(str(part) for part in command), flush=True)
    subprocess.run([str(part) for part in command], check=True, cwd=cwd)


def pyodide_core(cache: Path, version: str) -> Path:
    """The npm package ``pyodide@version``, unpacked (its folder)."""
    folder = cache / f"pyodide-{version}"
    if not (folder / "pyodide-lock.json").exists():
        cache.mkdir(parents=True, exist_ok=True)
        run("npm", "pack", "--silent", f"pyodide@{version}", "--pack-destination", cache)
        with tarfile.open(cache / f"pyodide-{version}.tgz") as archive:
            archive.extractall(cache / "unpack", filter="data")
        shutil.rmtree(folder, ignore_errors=True)
        (cache / "unpack" / "package").rename(folder)
    return folder


def download(cache: Path, spec: str, *, pure: bool = True) -> Path:
    """A wheel of ``name==version`` from PyPI (cached)."""
    name, version = spec.split("==")
    found = find_wheel(cache, name, version)
    if found is None:
        run(
            sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
            *(PURE_WHEEL if pure else ()), "--dest", cache, spec,
        )  # fmt: skip
        found = find_wheel(cache, name, version)
        if found is None:
            raise SystemExit(f"pip downloaded no wheel for {spec}")
    return found


def find_wheel(folder: Path, name: str, version: str) -> Path | None:
    stem = re.sub(r"[-_.]+", "_", name).lower()
    for wheel in folder.glob("*.whl"):
        parts = wheel.name.split("-")
        if parts[0].lower() == stem and parts[1] == version:
            return wheel
    return None


def lock_closure(lock: dict[str, Any], roots: list[str]) -> list[str]:
    """The lock's names of ``roots`` and of everything they depend on."""
    seen: list[str] = []
    stack = [normalized(root) for root in roots]
    while stack:
        name = stack.pop()
        if name not in seen:
            seen.append(name)
            stack.extend(normalized(dependency) for dependency in lock["packages"][name]["depends"])
    return sorted(seen)


def slim_babel(wheel: Path, into: Path) -> Path:
    """Babel's wheel with the locale data of the tutorial's languages only (and ``root``, which
    they inherit from), its RECORD rewritten to match."""
    keep = {"root", *LANGUAGES}
    target = into / wheel.name
    with zipfile.ZipFile(wheel) as source, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as slim:
        record_name = next(name for name in source.namelist() if name.endswith(".dist-info/RECORD"))
        records = []
        for item in source.infolist():
            match = re.fullmatch(r"babel/locale-data/(\w+)\.dat", item.filename)
            if item.filename == record_name or (match and match.group(1) not in keep):
                continue
            data = source.read(item)
            slim.writestr(item, data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            records.append(f"{item.filename},sha256={digest},{len(data)}")
        # The source's entry (its date): the same slim wheel on every build, so its bytecode stays cached.
        slim.writestr(source.getinfo(record_name), "\n".join([*records, f"{record_name},,", ""]))
    return target


def wheel_entry(wheel: Path, name: str, depends: list[str]) -> dict[str, Any]:
    """A ``pyodide-lock.json`` entry for a pure-Python wheel."""
    with zipfile.ZipFile(wheel) as archive:
        tops = {path.split("/")[0] for path in archive.namelist()}
    imports = sorted(re.sub(r"\.pyc?$", "", top) for top in tops if not top.endswith((".dist-info", ".data")))
    return {
        "name": name,
        "version": wheel.name.split("-")[1],
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
        "package_type": "package",
        "imports": imports,
        "depends": sorted({normalized(dependency) for dependency in depends} - LATER),
        "unvendored_tests": False,
        "shared_library": False,
    }


KERNEL_FACTS = """
import json, pathlib, sys
import jupyterlite_pyodide_kernel.constants as c
shared = pathlib.Path(sys.prefix) / "share" / "jupyter" / "labextensions"
pypi = shared / "@jupyterlite" / "pyodide-kernel-extension" / "static" / "pypi"
facts = {"pyodide_version": c.PYODIDE_VERSION, "plugin_id": c.PYODIDE_KERNEL_PLUGIN_ID, "pypi": str(pypi)}
print(json.dumps(facts))
"""


def build_tools(cache: Path) -> Path:
    """The virtual environment with the pinned JupyterLite tools (made once, remade when the pins
    change); its ``bin`` folder."""
    tools = cache / "tools"
    pins = REQUIREMENTS.read_text()
    stamp = tools / "requirements.txt"
    if not stamp.exists() or stamp.read_text() != pins:
        shutil.rmtree(tools, ignore_errors=True)
        run(sys.executable, "-m", "venv", tools)
        run(tools / "bin" / "python", "-m", "pip", "install", "--quiet", "-r", REQUIREMENTS)
        stamp.write_text(pins)
    return tools / "bin"


def build(output: Path, cache: Path) -> None:
    tools = build_tools(cache)
    facts = subprocess.run(
        [tools / "python", "-c", KERNEL_FACTS], check=True, capture_output=True, text=True
    ).stdout
    kernel = json.loads(facts)

    stage = cache / "lite-dir"
    shutil.rmtree(stage, ignore_errors=True)
    pyodide_dir = stage / "static" / "pyodide"
    pyodide_dir.mkdir(parents=True)

    # The Pyodide core, from the npm registry: the runtime and the standard library only (which is
    # byte-compiled below, with the wheels).
    core = pyodide_core(cache / "npm", kernel["pyodide_version"])
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm"):
        shutil.copy2(core / name, pyodide_dir / name)
    npm_lock = json.loads((core / "pyodide-lock.json").read_text())

    wheels = cache / "wheels"
    wheels.mkdir(parents=True, exist_ok=True)
    shipped: list[tuple[Path, str, list[str]]] = []

    def ship(wheel: Path, name: str, depends: list[str]) -> None:
        shipped.append((wheel, normalized(name), depends))

    for name in lock_closure(npm_lock, KERNEL_PACKAGES):
        entry = npm_lock["packages"][name]
        ship(download(wheels, f"{entry['name']}=={entry['version']}"), name, entry["depends"])
    kernel_pypi = Path(kernel["pypi"])
    for name in KERNEL_WHEELS:
        candidates = sorted(kernel_pypi.glob(f"{name}-*.whl"))
        wheel = candidates[-1]  # widgetsnbextension: the 4.x stub for ipywidgets 8
        ship(wheel, name, DEPENDS.get(normalized(name), []))
    for name in NOTEBOOK_PACKAGES:
        wheel = download(wheels, f"{name}=={importlib.metadata.version(name)}")
        if name == "babel":
            slim = cache / "slim"
            slim.mkdir(exist_ok=True)
            wheel = slim_babel(wheel, slim)
        ship(wheel, name, DEPENDS.get(normalized(name), []))

    # The project's wheel, built afresh (its build hook compiles the catalogs into it).
    project = cache / "project"
    shutil.rmtree(project, ignore_errors=True)
    run(sys.executable, "-m", "build", "--wheel", "--outdir", project, ROOT)
    ship(next(project.glob("durak-*.whl")), "durak", DEPENDS["durak"])

    stdlib = core / "python_stdlib.zip"
    compiled = bytecode.byte_compile([stdlib, *(wheel for wheel, _, _ in shipped)], core, cache / "bytecode")
    shutil.copy2(compiled[stdlib], pyodide_dir / stdlib.name)
    packages: dict[str, dict[str, Any]] = {}
    for wheel, name, depends in shipped:
        shutil.copy2(compiled[wheel], pyodide_dir / compiled[wheel].name)
        packages[name] = wheel_entry(pyodide_dir / compiled[wheel].name, name, depends)
    lock = {"info": npm_lock["info"], "packages": dict(sorted(packages.items()))}
    (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(lock, indent=1))

    # Front-end extensions from their wheels, not from this environment.
    extensions = [
        download(wheels, f"{name}=={importlib.metadata.version(name)}", pure=False) for name in LAB_EXTENSIONS
    ]
    kernel_pin = f"jupyterlite-pyodide-kernel=={PINS['jupyterlite-pyodide-kernel']}"
    extensions.append(download(wheels, kernel_pin, pure=False))
    preload = sorted(set(packages) - LATER)
    lite_config = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Durak",
            # The course page sets the language of JupyterLite's menus through the app's settings.
            "exposeAppInBrowser": True,
            "disabledExtensions": DISABLED_EXTENSIONS,
            "litePluginSettings": {
                kernel["plugin_id"]: {
                    "pyodideUrl": "./static/pyodide/pyodide.mjs",
                    "disablePyPIFallback": True,
                    # Everything is loaded through Pyodide's lock, in parallel, at kernel start:
                    # no piplite install runs, so nothing can fall back to another host.
                    "loadPyodideOptions": {"packages": preload},
                },
            },
        },
    }
    (stage / "jupyter-lite.json").write_text(json.dumps(lite_config, indent=2))
    (stage / "overrides.json").write_text(json.dumps(SETTINGS_OVERRIDES, indent=2))
    contents = notebooks.write(stage / "notebooks", site=True)
    build_config = {
        "LiteBuildConfig": {
            "apps": ["lab", "repl"],
            "contents": [str(path) for path in sorted(contents)],
            "federated_extensions": [str(path) for path in extensions],
            "ignore_sys_prefix": ["federated_extensions"],
            "no_sourcemaps": True,
            "no_unused_shared_packages": True,
            "output_dir": str(output),
        },
    }
    (stage / "jupyter_lite_config.json").write_text(json.dumps(build_config, indent=2))
    shutil.rmtree(output, ignore_errors=True)
    run(tools / "jupyter-lite", "build", "--lite-dir", stage, cwd=stage)
    course_page.install(output)  # the site's root opens the course


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--output", type=Path, default=ROOT / "site")
    parser.add_argument("--cache", type=Path, default=ROOT / "build" / "lite-cache")
    args = parser.parse_args()
    build(args.output.resolve(), args.cache.resolve())
    print(f"built {args.output}")


if __name__ == "__main__":
    main()
