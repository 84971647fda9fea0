"""Hatch build hook: compile the gettext catalogs into the wheel (and for editable installs).

The editable ``locales/<lang>/LC_MESSAGES/durak.po`` catalogs live outside the package, and
the compiled ``.mo`` files are git-ignored, so hatch would ship none of them by default: a
classic way localized packages break. This hook compiles every catalog with Babel

* for a regular wheel, into a temporary folder whose files are force-included as
  ``durak/locales/<lang>/LC_MESSAGES/durak.mo``;
* for an editable install (``pip install -e .``), into ``durak/locales/`` of the source tree,
  which the editable install imports from.

A regular wheel also carries the language list, ``locales/languages.toml``, as JSON in
``durak/locales/languages.json``: ``durak.i18n`` reads it there when no source checkout is
around it (an installed package, the static site's Pyodide, which would spend 10-20 ms on
importing ``tomllib``). An editable install reads the source checkout's own.

Entries that are untranslated, fuzzy, or have an empty plural form are left out of the
``.mo`` (gettext then shows the English), unlike ``pybabel compile``, which keeps a plural
entry whose forms are empty.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import tomllib
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

DOMAIN = "durak"
LANGUAGE_LIST = "languages.toml"  # durak.i18n.LANGUAGE_LIST
PACKAGED_LANGUAGE_LIST = "languages.json"  # durak.i18n.PACKAGED_LANGUAGE_LIST


def compile_catalog(po_path: Path, mo_path: Path) -> None:
    """Compile one .po catalog to a .mo file with Babel."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po_path.open("rb") as po:
        catalog = read_po(po)
    for message in list(catalog):
        if message.id and isinstance(message.string, tuple) and not all(message.string):
            catalog.delete(message.id, context=message.context)
    mo_path.parent.mkdir(parents=True, exist_ok=True)
    with mo_path.open("wb") as mo:
        write_mo(mo, catalog)


class CatalogBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        catalogs = sorted(Path(self.root, "locales").glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
        if not catalogs:
            where = Path(self.root, "locales")
            raise RuntimeError(f"no catalogs under {where}: the wheel would have no languages")
        languages = Path(self.root, "locales", LANGUAGE_LIST)
        if not languages.is_file():
            raise RuntimeError(f"no {languages}: the package would offer English only")
        if version == "editable":
            out = Path(self.root)
        else:
            self._tmp = tempfile.mkdtemp(prefix="durak-mo-")
            out = Path(self._tmp)
            packaged = out / "durak" / "locales" / PACKAGED_LANGUAGE_LIST
            packaged.parent.mkdir(parents=True, exist_ok=True)
            with languages.open("rb") as source:
                packaged.write_text(json.dumps(tomllib.load(source), ensure_ascii=False), encoding="utf-8")
            build_data["force_include"][str(packaged)] = f"durak/locales/{PACKAGED_LANGUAGE_LIST}"
        for po_path in catalogs:
            language = po_path.parent.parent.name
            relative = f"durak/locales/{language}/LC_MESSAGES/{DOMAIN}.mo"
            compile_catalog(po_path, out / relative)
            if version != "editable":
                build_data["force_include"][str(out / relative)] = relative

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        tmp = getattr(self, "_tmp", None)
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)
