"""Languages: gettext catalogs (domain ``durak``) and the current language, switchable at run time.

English is the source language. Text is looked up through the *current* language,
so a view that re-renders after :func:`on_language_change` fires shows the new one.
Nothing is installed into builtins (IPython uses ``_`` for the last result).
The languages are data, ``locales/languages.toml`` (in an installed package, its copy in
``durak/locales/languages.json``): adding one takes no code (``locales/README.md``).

>>> set_language("de")
>>> get_language()
'de'
>>> set_language("en")
>>> gettext("Take")
'Take'
"""

from __future__ import annotations

import contextlib
import gettext as _gettext
import io
import json
import locale
import os
import sys
import warnings
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from durak.listeners import Listeners

__all__ = [
    "DOMAIN",
    "LAB_LOCALES",
    "LANGUAGES",
    "N_",
    "SOURCE_LANGUAGE",
    "N_plural",
    "UnknownLanguage",
    "endonym",
    "format_number",
    "format_percent",
    "get_language",
    "gettext",
    "initial_language",
    "ngettext",
    "on_language_change",
    "pgettext",
    "set_language",
    "supported_language",
    "system_languages",
    "translator",
]

DOMAIN = "durak"
SOURCE_LANGUAGE = "en"
# Compiled .mo files, <lang>/LC_MESSAGES/durak.mo, and in an installed package the language list.
LOCALE_DIR = Path(__file__).with_name("locales")
# The editable .po catalogs and the language list live outside the package, in a source checkout only.
SOURCE_CATALOG_DIR = Path(__file__).resolve().parent.parent / "locales"
LANGUAGE_LIST = "languages.toml"  # in SOURCE_CATALOG_DIR, edited by hand
PACKAGED_LANGUAGE_LIST = "languages.json"  # in LOCALE_DIR: the same data, written by hatch_build.py


def _read_languages(path: Path) -> dict[str, dict[str, str]]:
    """Each language's entry (its own name, JupyterLab's locale for it), by code, in the order of a
    ``languages.toml`` (or its JSON copy).

    The names are written out in the file, not read from Babel's locale data (CLDR), because
    reading six locales' data took the site's Python a sixth of a second, while the learner
    waited for the first page. The wheel, and so the site, carries the list as JSON: importing
    ``tomllib`` alone took the site's Pyodide 10-20 ms, and ``json`` is loaded there anyway.
    """
    if path.suffix == ".toml":
        import tomllib

        with path.open("rb") as file:
            data = tomllib.load(file)
    else:
        data = json.loads(path.read_text(encoding="utf-8"))
    entries = data.get("language", [])
    languages = {str(entry["code"]): {str(k): str(v) for k, v in entry.items()} for entry in entries}
    if not all("name" in entry for entry in languages.values()):
        raise ValueError(f"{path}: every language needs its own name")
    if len(languages) != len(entries) or next(iter(languages), None) != SOURCE_LANGUAGE:
        raise ValueError(f"{path}: each code once, the source language {SOURCE_LANGUAGE!r} first")
    return languages


def _languages() -> dict[str, dict[str, str]]:
    """The language list of the source checkout, else the installed package's copy; never a crash."""
    for path in (SOURCE_CATALOG_DIR / LANGUAGE_LIST, LOCALE_DIR / PACKAGED_LANGUAGE_LIST):
        if path.is_file():
            return _read_languages(path)
    warnings.warn(
        f"no {PACKAGED_LANGUAGE_LIST} in {LOCALE_DIR}: offering English only (reinstall the package)",
        RuntimeWarning,
        stacklevel=2,
    )
    return {SOURCE_LANGUAGE: {"name": "English"}}


_LANGUAGE_ENTRIES = _languages()
# Each language's own name (CLDR's, capitalized for a list of choices), from locales/languages.toml.
ENDONYMS = {code: entry["name"] for code, entry in _LANGUAGE_ENTRIES.items()}
# JupyterLab's locale for each language that has a JupyterLab language pack (its "lab" field).
LAB_LOCALES = {code: entry["lab"] for code, entry in _LANGUAGE_ENTRIES.items() if "lab" in entry}
LANGUAGES = tuple(ENDONYMS)  # the source language first, then the picker's order


class UnknownLanguage(ValueError):
    def __init__(self, code: object) -> None:
        self.code = code
        super().__init__(f"unknown language {code!r}: supported are {', '.join(LANGUAGES)}")


def _normalize(code: str) -> str:
    """'de_DE.UTF-8', 'de-AT', 'DE' or 'cs_CZ@euro' -> 'de' or 'cs'; UnknownLanguage if not supported."""
    if not isinstance(code, str):
        raise UnknownLanguage(code)
    short = code.strip().replace("-", "_").split("@")[0].split(".")[0].split("_")[0].lower()
    if short not in LANGUAGES:
        raise UnknownLanguage(code)
    return short


def supported_language(spec: str | None) -> str | None:
    """The first supported language in a locale name or a colon-separated list of them
    (``LANGUAGE=de:en``), or None.

    >>> supported_language("pt_BR:de_DE.UTF-8:en")
    'de'
    >>> supported_language("C.UTF-8") is None
    True
    """
    for part in (spec or "").split(":"):
        try:
            return _normalize(part)
        except UnknownLanguage:
            continue
    return None


@cache
def translator(language: str) -> _gettext.NullTranslations:
    """The catalog for ``language``; English (the source) and missing messages fall back to English.

    Where the catalog comes from, in order:

    1. in a source checkout, ``locales/<lang>/LC_MESSAGES/durak.po`` when it is newer than the
       compiled ``.mo`` (or there is no ``.mo`` yet): compiled in memory with Babel, so a fresh
       clone or a just-edited catalog works without ``make i18n``;
    2. the compiled ``durak/locales/<lang>/LC_MESSAGES/durak.mo`` (built by ``make i18n``, by
       ``pip install -e .`` and inside the wheel);
    3. nothing found: a :class:`RuntimeWarning` and English text, never a crash.
    """
    code = _normalize(language)
    if code == SOURCE_LANGUAGE:
        return _gettext.NullTranslations()
    compiled = LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
    source = SOURCE_CATALOG_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"
    if source.is_file() and (not compiled.is_file() or compiled.stat().st_mtime < source.stat().st_mtime):
        catalog = _compile_in_memory(source)
        if catalog is not None:
            return catalog
    if compiled.is_file():
        with compiled.open("rb") as mo:
            return _gettext.GNUTranslations(mo)
    warnings.warn(
        f"no {code!r} catalog at {compiled}: showing English. Run `make i18n` in a source checkout "
        "(or reinstall the package) to compile the catalogs.",
        RuntimeWarning,
        stacklevel=2,
    )
    return _gettext.NullTranslations()


def _compile_in_memory(po_path: Path) -> _gettext.GNUTranslations | None:
    """The .po catalog compiled with Babel, or None if Babel is not installed."""
    try:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po
    except ImportError:
        return None
    with po_path.open("rb") as po:
        catalog = read_po(po)
    # An entry with an empty plural form would show an empty string: leave it to English instead.
    for message in list(catalog):
        if message.id and isinstance(message.string, tuple) and not all(message.string):
            catalog.delete(message.id, context=message.context)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return _gettext.GNUTranslations(buffer)


def initial_language() -> str:
    """``DURAK_LANG`` if set, else the system's language if supported, else English.

    A ``DURAK_LANG`` that names no supported language is reported with a :class:`RuntimeWarning`
    and otherwise ignored: a typo must not stop the tutorial from starting.
    """
    requested = os.environ.get("DURAK_LANG", "").strip()
    if requested:
        code = supported_language(requested)
        if code is not None:
            return code
        warnings.warn(f"DURAK_LANG: {UnknownLanguage(requested)}; ignoring it", RuntimeWarning, stacklevel=2)
    for candidate in system_languages():
        code = supported_language(candidate)
        if code is not None:
            return code
    return SOURCE_LANGUAGE


def system_languages() -> list[str]:
    """The user's language settings, most important first, read in a way that works on Linux,
    macOS and Windows: gettext's variables (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``),
    then Windows' display language, then the C library's locale.

    (``locale.LC_MESSAGES`` does not exist on Windows, so it is never needed here.)
    """
    found = [os.environ.get(name, "") for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")]
    if sys.platform == "win32":
        found.append(_windows_display_language() or "")
    category = getattr(locale, "LC_MESSAGES", locale.LC_CTYPE)
    with contextlib.suppress(ValueError):  # an unparsable locale setting
        found.append(locale.getlocale(category)[0] or "")
    return [spec for spec in found if spec.strip()]


def _windows_display_language() -> str | None:
    """Windows' user interface language as a locale name ('de_DE'), or None."""
    try:
        import ctypes

        lcid = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined]
    except (ImportError, AttributeError, OSError):
        return None
    return locale.windows_locale.get(lcid)


class _LanguageState:
    """The current language and the views that want to hear when it changes."""

    def __init__(self) -> None:
        self.language = initial_language()
        self.listeners = Listeners()

    def set(self, language: str) -> None:
        code = _normalize(language)
        if code == self.language:
            return
        self.language = code
        self.listeners.notify(code)


_state = _LanguageState()


def get_language() -> str:
    return _state.language


def set_language(language: str) -> None:
    """Switch every later lookup to ``language`` and tell the subscribed views."""
    _state.set(language)


def on_language_change(callback: Callable[[str], Any]) -> Callable[[], None]:
    """Call ``callback(new_language)`` after each change; returns a function that unsubscribes."""
    return _state.listeners.subscribe(callback)


def gettext(message: str) -> str:
    return translator(_state.language).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    # `pybabel compile` keeps a plural entry whose forms are still empty: show English, not "".
    translated = translator(_state.language).ngettext(singular, plural, n)
    return translated or (singular if n == 1 else plural)


def pgettext(context: str, message: str) -> str:
    return translator(_state.language).pgettext(context, message)


def N_(message: str) -> str:
    """Mark a message for extraction where it is defined; translate it later with :func:`gettext`."""
    return message


def NC_(context: str, message: str) -> tuple[str, str]:
    """Mark a message with a context (one English word in two roles); translate it later with
    ``pgettext(*marked)``."""
    return context, message


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular/plural pair for extraction; translate it later with :func:`ngettext`.

    ``make i18n`` extracts it as one plural entry (keyword ``N_plural:1,2``), which is what
    ``ngettext(singular, plural, n)`` looks up. (Two separate ``N_`` calls would give two
    unrelated entries, and ngettext would find neither.)

    >>> forms = N_plural("{n} card", "{n} cards")
    >>> ngettext(*forms, 2).format(n=2)
    '2 cards'
    """
    return singular, plural


def endonym(language: str) -> str:
    """The language's own name: 'Deutsch', 'Čeština', ...

    >>> endonym("de_AT")
    'Deutsch'
    """
    return ENDONYMS[_normalize(language)]


def format_number(number: float) -> str:
    from babel.numbers import format_decimal

    return str(format_decimal(number, locale=_state.language))


def format_percent(fraction: float) -> str:
    from babel.numbers import format_percent as babel_percent

    return str(babel_percent(fraction, locale=_state.language))
