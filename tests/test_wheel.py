"""The built package carries every language (a classic way localized Python packages break) and the notebooks.

The compiled .mo files are git-ignored, so hatch would leave them out; hatch_build.py compiles
the catalogs during the build. These tests build for real (isolated build environments,
installing hatchling and Babel from the package index), about 15 s together.
"""

from __future__ import annotations

import gettext
import io
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

from babel.messages.pofile import read_po

from durak.i18n import DOMAIN, LANGUAGE_LIST, LANGUAGES, PACKAGED_LANGUAGE_LIST, SOURCE_LANGUAGE

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = [language for language in LANGUAGES if language != SOURCE_LANGUAGE]
SOURCES = (
    "durak", "locales", "notebooks", "pyproject.toml", "hatch_build.py", "babel.cfg", "README.md",
    ".gitignore",
)  # fmt: skip


def source_copy(tmp_path: Path) -> Path:
    """The project's sources, without compiled catalogs (as in a fresh clone)."""
    copy = tmp_path / "src"
    copy.mkdir()
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, copy / name, ignore=shutil.ignore_patterns("*.mo", "__pycache__"))
        else:
            shutil.copy2(source, copy / name)
    return copy


def expected_translation(language: str) -> tuple[str, str]:
    with (ROOT / "locales" / language / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as po:
        catalog = read_po(po)
    message = catalog.get("Take")
    assert message is not None
    return "Take", str(message.string)


def test_sdist_and_wheel_contain_every_language(tmp_path: Path) -> None:
    src = source_copy(tmp_path)
    dist = tmp_path / "dist"
    # Without --sdist/--wheel, build makes the sdist, then the wheel *from the sdist*:
    # this also proves the sdist carries the .po files and the hook.
    subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(dist), str(src)], check=True, capture_output=True
    )
    (sdist,) = dist.glob("durak-*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = archive.getnames()
    for language in TRANSLATED:
        assert any(name.endswith(f"locales/{language}/LC_MESSAGES/{DOMAIN}.po") for name in names), language
    assert any(name.endswith("/hatch_build.py") for name in names)
    assert any(name.endswith(f"/locales/{LANGUAGE_LIST}") for name in names)

    (wheel,) = dist.glob("durak-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        for language in TRANSLATED:
            data = archive.read(f"durak/locales/{language}/LC_MESSAGES/{DOMAIN}.mo")
            catalog = gettext.GNUTranslations(io.BytesIO(data))
            msgid, msgstr = expected_translation(language)
            assert catalog.gettext(msgid) == msgstr != msgid
        assert not [n for n in archive.namelist() if n.endswith(".po")]  # sources stay out of the wheel
        compiled = {n.split("/")[2] for n in archive.namelist() if n.endswith(f"/{DOMAIN}.mo")}
        assert compiled == set(TRANSLATED)  # a catalog for every listed language, and only those
        # durak-tutorial, installed from the wheel, copies the lessons from inside the package
        shipped = sorted(
            n.removeprefix("durak/notebooks/") for n in archive.namelist() if n.endswith(".ipynb")
        )
        assert shipped == sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb")) and len(shipped) == 9
        assert f"durak/locales/{PACKAGED_LANGUAGE_LIST}" in archive.namelist()
        archive.extractall(tmp_path / "installed")

    # Installed from the wheel, away from any checkout (as in the site's Pyodide), the package
    # reads the language list it carries in durak/locales/, and tomllib is not imported for it.
    installed = tmp_path / "installed"
    script = "import sys; sys.path.insert(0, sys.argv[1]); from durak import i18n; print(i18n.__file__)\n"
    script += "print(*i18n.LANGUAGES, 'tomllib' in sys.modules)"
    done = subprocess.run(
        [sys.executable, "-c", script, str(installed)], check=True, capture_output=True, text=True
    )
    where, languages = done.stdout.splitlines()
    *listed, tomllib_imported = languages.split()
    assert where == str(installed / "durak" / "i18n.py") and tuple(listed) == LANGUAGES
    assert tomllib_imported == "False"
    assert not done.stderr  # no warning that the list is missing


def test_editable_build_compiles_the_catalogs_into_the_source_tree(tmp_path: Path) -> None:
    src = source_copy(tmp_path)
    assert not list(src.glob("durak/locales/*/LC_MESSAGES/*.mo"))
    script = (
        "import sys\n"
        "from build import ProjectBuilder\n"
        "from build.env import DefaultIsolatedEnv\n"
        "with DefaultIsolatedEnv() as env:\n"
        "    builder = ProjectBuilder.from_isolated_env(env, sys.argv[1])\n"
        "    env.install(builder.build_system_requires)\n"
        "    env.install(builder.get_requires_for_build('editable'))\n"
        "    builder.build('editable', sys.argv[2])\n"
    )
    subprocess.run(
        [sys.executable, "-c", script, str(src), str(tmp_path / "dist")], check=True, capture_output=True
    )
    for language in TRANSLATED:
        mo = src / "durak" / "locales" / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
        msgid, msgstr = expected_translation(language)
        assert gettext.GNUTranslations(io.BytesIO(mo.read_bytes())).gettext(msgid) == msgstr
