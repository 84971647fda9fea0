"""Byte-compile the static site's Python with the site's own Python, as Pyodide's distribution does.

Usage (the build does this): ``byte_compile(archives, pyodide_dir, cache)``; run as a script, this
file is the part that runs inside Pyodide (``node lite/pyodide.mjs PYODIDE_DIR lite/bytecode.py JOBS``).

Why: the wheels from PyPI hold only sources, and so does the standard library of the npm package
``pyodide`` (``python_stdlib.zip``; Pyodide's own release compiles it, with ``pyodide
py-compile``). Python compiled all of it again in the browser on every visit, module by module as
it was imported: Pyodide's start, the kernel and the lessons took seconds more than they do with
bytecode (bench/site_load.py --node says how many). Only Pyodide's own Python can write that
bytecode (its magic number and its bytecode are CPython 3.14's, not the build machine's), so the
compiling runs in the npm package's Pyodide under Node.js, once per archive: the result is kept in
the cache under the source's sha256.

What a compiled archive holds, as ``pyodide py-compile`` makes it: each module's ``.py`` replaced
by a sourceless ``.pyc`` beside it, everything else unchanged (data files, ``.pyi`` stubs; no
package in the site reads its own ``.py`` files as text: each was checked). A wheel also gets the
tag ``cp314-none-any`` (it runs on that Python only: in its file name and in ``WHEEL``) and a
``RECORD`` that matches. Four differences, each for the site:

* The bytecode keeps line numbers but not the column ranges of each instruction
  (``PYTHONNODEBUGRANGES``): they only underline source in a traceback, and there is no source
  to underline; the archives are a sixth smaller for it.
* The code's file name is the ``.pyc``'s installed path, which is also the module's ``__file__``:
  code that compares the two (ipywidgets looks for traitlets' frames so) sees what it sees in an
  ordinary installation.
* The front end a wheel carries for JupyterLab or the classic notebook
  (``*.data/data/share/jupyter/``, ``<package>/labextension/``, ``<package>/nbextension/``) is left
  out: the site serves its front ends from its own ``extensions/`` folder, and Python never reads
  them (anywidget carries its own twice: 0.4 MB).
* A package's ``tests`` folders are left out, as Pyodide's own packages leave them out (it ships
  them apart): nothing imports them but a test run.

A module that this Python cannot compile keeps its source (and is named in the build's output).
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import json
import marshal
import re
import shutil
import subprocess
import sys
import tempfile
import types
import warnings
import zipfile
from pathlib import Path

RUNNER = Path(__file__).resolve().with_name("pyodide.mjs")
# Raise when the compiled archives change for the same source (a new rule here): the cache keys on it.
FORMAT = 2
# The environment Pyodide compiles in: no column ranges (see above).
ENVIRONMENT = {"PYTHONNODEBUGRANGES": "1"}
# PEP 552: a hash-based pyc whose hash is never checked (there is no source to check it against).
UNCHECKED_HASH_FLAGS = 0b01
WHEEL_NAME = re.compile(
    r"(?P<stem>[^-]+-[^-]+(?:-\d[^-]*)?)-(?P<python>[^-]+)-(?P<abi>[^-]+)-(?P<platform>[^-]+)\.whl"
)
LEFT_OUT = re.compile(r"[^/]+\.data/data/share/jupyter/.*|[^/]+/(labextension|nbextension)/.*|(.+/)?tests/.*")
RECORD = re.compile(r"[^/]+\.dist-info/RECORD")


def compiled_name(name: str, python_tag: str) -> str:
    """The compiled archive's file name: a pure wheel's is tagged for the Python that compiled it,
    a zip's stays.

    >>> compiled_name("executing-2.2.1-py2.py3-none-any.whl", "cp314")
    'executing-2.2.1-cp314-none-any.whl'
    >>> compiled_name("python_stdlib.zip", "cp314")
    'python_stdlib.zip'
    """
    if name.endswith(".zip"):
        return name
    match = WHEEL_NAME.fullmatch(name)
    if match is None or (match["abi"], match["platform"]) != ("none", "any"):
        raise ValueError(f"not a pure-Python wheel: {name}")
    return f"{match['stem']}-{python_tag}-none-any.whl"


def pyc(code: types.CodeType, source: bytes) -> bytes:
    """A sourceless ``.pyc`` of ``code`` (PEP 552's unchecked hash: the same bytes for the same source)."""
    header = importlib.util.MAGIC_NUMBER + UNCHECKED_HASH_FLAGS.to_bytes(4, "little")
    return header + importlib.util.source_hash(source) + marshal.dumps(code)


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def compiles(name: str) -> bool:
    """Whether the archive's file ``name`` is a module to compile (not data, metadata or a script)."""
    return name.endswith(".py") and not name.split("/")[0].endswith((".data", ".dist-info"))


def compile_archive(source: Path, target: Path, installed: str) -> list[str]:
    """Write ``target``: ``source`` (a wheel or a zip) byte-compiled by the running Python, its
    files to be found under ``installed``. Returns the modules left as source because this Python
    cannot compile them."""
    python_tag = f"cp{sys.version_info.major}{sys.version_info.minor}"
    left: list[str] = []
    records: list[str] = []
    record = None
    with zipfile.ZipFile(source) as archive, zipfile.ZipFile(target, "w") as out:
        for item in archive.infolist():
            name = item.filename
            if RECORD.fullmatch(name):
                record = name
                continue
            if name.endswith(".pyc") or LEFT_OUT.fullmatch(name):
                continue
            data = archive.read(item)
            if compiles(name):
                try:
                    with warnings.catch_warnings():  # a SyntaxWarning would have been the import's to show
                        warnings.simplefilter("ignore")
                        code = compile(data, f"{installed}/{name}c", "exec", dont_inherit=True)
                except SyntaxError:
                    left.append(name)
                else:
                    name, data = name + "c", pyc(code, data)
            elif name.endswith(".dist-info/WHEEL"):
                lines = [line for line in data.decode().splitlines() if not line.startswith("Tag:")]
                data = "\n".join([*lines, f"Tag: {python_tag}-none-any", ""]).encode()
            out.writestr(entry(name, item.date_time), data, compresslevel=9)
            if not item.is_dir():
                records.append(record_line(name, data))
        if record is not None:
            listing = "\n".join([*records, f"{record},,", ""])
            out.writestr(entry(record, (1980, 1, 1, 0, 0, 0)), listing, compresslevel=9)
    return left


def entry(name: str, date_time: tuple[int, int, int, int, int, int]) -> zipfile.ZipInfo:
    """A file of the archive, compressed, readable by all (the same bytes on every build)."""
    info = zipfile.ZipInfo(name, date_time=date_time)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = (0o755 if name.endswith("/") else 0o644) << 16
    return info


def cache_key(archive: Path, pyodide_version: str) -> str:
    """Where an archive's compiled copy is kept: by its sha256, the Python and this module's rules."""
    digest = hashlib.sha256(archive.read_bytes()).hexdigest()
    return f"pyodide-{pyodide_version}-format-{FORMAT}/{digest}"


def byte_compile(archives: list[Path], pyodide: Path, cache: Path) -> dict[Path, Path]:
    """Each archive's compiled copy (in ``cache``), made by the Pyodide in ``pyodide`` (the npm
    package's folder) for the ones not compiled before, all in one run of Node.js."""
    version = json.loads((pyodide / "package.json").read_text())["version"]
    python = json.loads((pyodide / "pyodide-lock.json").read_text())["info"]["python"]
    python_tag = "cp" + "".join(python.split(".")[:2])
    compiled: dict[Path, Path] = {}
    jobs: list[list[str]] = []
    for archive in archives:
        folder = cache / cache_key(archive, version)
        target = folder / compiled_name(archive.name, python_tag)
        compiled[archive] = target
        if not target.exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir(parents=True)
            jobs.append([str(archive.resolve()), str(target.resolve())])
    if jobs:
        cache = cache.resolve()
        with tempfile.NamedTemporaryFile("w", suffix=".json", dir=cache, delete=False) as jobs_json:
            json.dump(jobs, jobs_json)  # a file of its own: another build may share the cache
        job_file = Path(jobs_json.name)
        mounts = sorted({str(cache), *(str(Path(source).parent) for source, _ in jobs)})
        command = ["node", str(RUNNER), *(part for folder in mounts for part in ("--mount", folder))]
        command += [part for name, value in ENVIRONMENT.items() for part in ("--env", f"{name}={value}")]
        command += [str(pyodide), str(Path(__file__).resolve()), str(job_file)]
        print(f"+ byte-compiling {len(jobs)} archive(s) in Pyodide {version}", flush=True)
        try:
            subprocess.run(command, check=True)
        except BaseException:
            for _, written in jobs:  # no half-written archive stays in the cache
                Path(written).unlink(missing_ok=True)
            raise
        finally:
            job_file.unlink()
        for _, written in jobs:
            Path(written).chmod(0o644)  # Node.js wrote it readable and writable by all
    return compiled


def main() -> None:
    """Inside Pyodide: compile each ``[source, target]`` pair of the JSON file named on the command
    line, a wheel for site-packages, a zip for the standard library's place on ``sys.path``."""
    (jobs_file,) = sys.argv[1:]
    site_packages = next(path for path in sys.path if path.endswith("site-packages"))
    stdlib = next(path for path in sys.path if path.endswith(".zip"))
    for source, target in json.loads(Path(jobs_file).read_text()):
        installed = stdlib if source.endswith(".zip") else site_packages
        left = compile_archive(Path(source), Path(target), installed)
        print(f"  {Path(target).name}" + (f" (left as source: {', '.join(left)})" if left else ""))


if __name__ == "__main__":
    main()
