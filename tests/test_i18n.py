"""The run-time language API (durak.i18n): current language, listeners, fallbacks, Babel formats."""

from __future__ import annotations

import builtins
import gc
import json
import locale
import os
import re
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

from durak import i18n
from durak.i18n import (
    ENDONYMS,
    LANGUAGE_LIST,
    LANGUAGES,
    SOURCE_LANGUAGE,
    UnknownLanguage,
    endonym,
    format_number,
    format_percent,
    get_language,
    gettext,
    initial_language,
    ngettext,
    on_language_change,
    pgettext,
    set_language,
    translator,
)
from durak.listeners import Listeners

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = [language for language in LANGUAGES if language != SOURCE_LANGUAGE]
SUPPORTED = ", ".join(LANGUAGES)  # as an error message lists them


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


@pytest.fixture
def fresh_catalogs() -> Iterator[None]:
    """Forget loaded catalogs before and after (tests below move the catalog folders)."""
    translator.cache_clear()
    yield
    translator.cache_clear()


def compile_catalog(po_path: Path, mo_path: Path) -> None:
    """What `pybabel compile` does (the package build compiles the same way, see hatch_build.py)."""
    from babel.messages.mofile import write_mo

    with po_path.open("rb") as po:
        catalog = read_po(po)
    mo_path.parent.mkdir(parents=True, exist_ok=True)
    with mo_path.open("wb") as mo:
        write_mo(mo, catalog)


def catalog_messages(language: str) -> list[Message]:
    with (ROOT / "locales" / language / "LC_MESSAGES" / "durak.po").open("rb") as po:
        return [message for message in read_po(po) if message.id]


# --- languages ---------------------------------------------------------------------------


def test_languages_are_english_then_the_list_beside_the_catalogs() -> None:
    with (ROOT / "locales" / LANGUAGE_LIST).open("rb") as file:
        listed = [entry["code"] for entry in tomllib.load(file)["language"]]
    assert tuple(listed) == LANGUAGES
    assert LANGUAGES[0] == SOURCE_LANGUAGE == "en"
    assert {"en", "de", "es", "tr", "da", "cs"} <= set(LANGUAGES)  # the ones the tutorial is published in


def write_language_list(folder: Path, languages: dict[str, str]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    entries = [f'[[language]]\ncode = "{code}"\nname = "{name}"\n' for code, name in languages.items()]
    (folder / LANGUAGE_LIST).write_text("\n".join(entries), encoding="utf-8")
    return folder / LANGUAGE_LIST


def test_a_language_listed_beside_its_catalog_is_offered_named_and_translated(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, fresh_catalogs: None
) -> None:
    """Adding a language is data: a line in languages.toml and a catalog, no code."""
    entries = i18n._read_languages(write_language_list(tmp_path, {**ENDONYMS, "pl": "Polski"}))
    listed = {code: entry["name"] for code, entry in entries.items()}
    catalog = Catalog(locale="pl", domain="durak")
    catalog.add("Take", "Weź")
    catalog.add(("{n} card", "{n} cards"), ("{n} karta", "{n} karty", "{n} kart"))
    po_file = tmp_path / "pl" / "LC_MESSAGES" / "durak.po"
    po_file.parent.mkdir(parents=True)
    with po_file.open("wb") as po:
        write_po(po, catalog)
    monkeypatch.setattr(i18n, "ENDONYMS", listed)
    monkeypatch.setattr(i18n, "LANGUAGES", tuple(listed))
    # widgets left alive by earlier tests in this process offer the six languages, not this one:
    # they must not hear of it (a picker refused "pl" when the suite ran on three processes)
    monkeypatch.setattr(i18n._state, "listeners", Listeners())
    monkeypatch.setattr(i18n, "SOURCE_CATALOG_DIR", tmp_path)
    set_language("pl_PL.UTF-8")
    assert (get_language(), endonym("pl"), i18n.LANGUAGES[-1]) == ("pl", "Polski", "pl")
    assert gettext("Take") == "Weź"
    assert [ngettext("{n} card", "{n} cards", n) for n in (1, 3, 5)] == ["{n} karta", "{n} karty", "{n} kart"]


def test_the_language_list_is_read_from_the_checkout_else_from_the_package(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A source checkout's locales/languages.toml; an installed package's JSON copy in durak/locales/
    (hatch_build.py writes it into the wheel); neither: English only, with a warning."""
    write_language_list(tmp_path / "checkout", {"en": "English", "de": "Deutsch"})
    packaged = {"language": [{"code": "en", "name": "English"}, {"code": "cs", "name": "Čeština"}]}
    (tmp_path / "package").mkdir()
    (tmp_path / "package" / i18n.PACKAGED_LANGUAGE_LIST).write_text(json.dumps(packaged), encoding="utf-8")
    monkeypatch.setattr(i18n, "SOURCE_CATALOG_DIR", tmp_path / "checkout")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "package")
    assert i18n._languages() == {
        "en": {"code": "en", "name": "English"},
        "de": {"code": "de", "name": "Deutsch"},
    }
    monkeypatch.setattr(i18n, "SOURCE_CATALOG_DIR", tmp_path / "not-a-checkout")
    assert i18n._languages() == {
        "en": {"code": "en", "name": "English"},
        "cs": {"code": "cs", "name": "Čeština"},
    }
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "none")
    with pytest.warns(RuntimeWarning, match="English only"):
        assert i18n._languages() == {"en": {"name": "English"}}


@pytest.mark.parametrize(
    "text",
    [
        '[[language]]\ncode = "de"\nname = "Deutsch"\n[[language]]\ncode = "en"\nname = "English"\n',
        "",
        '[[language]]\ncode = "en"\nname = "English"\n' * 2,
    ],
    ids=["source language not first", "empty", "twice"],
)
def test_a_wrong_language_list_is_a_clear_error(tmp_path: Path, text: str) -> None:
    (tmp_path / LANGUAGE_LIST).write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match="each code once, the source language 'en' first"):
        i18n._read_languages(tmp_path / LANGUAGE_LIST)


@pytest.mark.parametrize("code", ["fr", "xx", "", "english", None, 7])
def test_unknown_language_is_a_clear_error_listing_the_supported_ones(code: object) -> None:
    with pytest.raises(UnknownLanguage) as error:
        set_language(code)  # type: ignore[arg-type]
    assert f"supported are {SUPPORTED}" in str(error.value)
    assert isinstance(error.value, ValueError)
    assert get_language() == "en"  # unchanged


@pytest.mark.parametrize(
    ("spelling", "code"),
    [("de_DE.UTF-8", "de"), ("es-MX", "es"), ("CS", "cs"), ("tr_TR", "tr"), (" da ", "da"), ("en_GB", "en")],
)
def test_locale_spellings_select_the_language(spelling: str, code: str) -> None:
    set_language(spelling)
    assert get_language() == code


SYSTEM_VARIABLES = ("DURAK_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture
def no_language_settings(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """No language variable set and a C locale: each test sets only what it is about."""
    for name in SYSTEM_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(locale, "getlocale", lambda category=None: (None, None))
    return monkeypatch


def test_initial_language_is_durak_lang_first(no_language_settings: pytest.MonkeyPatch) -> None:
    no_language_settings.setenv("DURAK_LANG", "cs")
    no_language_settings.setenv("LANG", "de_DE.UTF-8")
    assert initial_language() == "cs"


@pytest.mark.parametrize("value", ["klingon", "pt", "C", "../../etc", "  "])
def test_a_wrong_durak_lang_is_reported_and_ignored(
    no_language_settings: pytest.MonkeyPatch, value: str
) -> None:
    """D12: a typo in DURAK_LANG must not stop the tutorial (or the launcher) from starting."""
    no_language_settings.setenv("DURAK_LANG", value)
    no_language_settings.setenv("LANG", "da_DK.UTF-8")
    if value.strip():
        with pytest.warns(RuntimeWarning, match=re.escape(f"supported are {SUPPORTED}")):
            assert initial_language() == "da"
    else:
        assert initial_language() == "da"  # blank is the same as unset


@pytest.mark.parametrize(
    ("value", "code"), [("de:en", "de"), ("pt:es", "es"), ("cs_CZ@euro", "cs"), ("DE", "de"), ("tr-TR", "tr")]
)
def test_durak_lang_takes_locale_names_and_lists(
    no_language_settings: pytest.MonkeyPatch, value: str, code: str
) -> None:
    no_language_settings.setenv("DURAK_LANG", value)
    assert initial_language() == code


def test_initial_language_then_follows_the_system_locale(no_language_settings: pytest.MonkeyPatch) -> None:
    no_language_settings.setattr(locale, "getlocale", lambda category=None: ("tr_TR", "UTF-8"))
    assert initial_language() == "tr"
    no_language_settings.setenv("LANG", "da_DK.UTF-8")
    assert initial_language() == "da"
    no_language_settings.setenv("LC_ALL", "es_ES.UTF-8")
    assert initial_language() == "es"
    no_language_settings.setenv("LANGUAGE", "pt_BR:cs")  # gettext's list: the first supported one
    assert initial_language() == "cs"


def test_initial_language_falls_back_to_english(no_language_settings: pytest.MonkeyPatch) -> None:
    no_language_settings.setattr(locale, "getlocale", lambda category=None: ("fr_FR", "UTF-8"))
    no_language_settings.setenv("LANG", "C.UTF-8")
    assert initial_language() == "en"


def test_on_windows_the_display_language_is_asked(no_language_settings: pytest.MonkeyPatch) -> None:
    no_language_settings.setattr(i18n.sys, "platform", "win32")
    no_language_settings.setattr(i18n, "_windows_display_language", lambda: "de_DE")
    assert initial_language() == "de"


def test_without_lc_messages_as_on_windows_the_tutorial_imports_and_reads_lang(tmp_path: Path) -> None:
    """D2: CPython on Windows has no locale.LC_MESSAGES; importing must not depend on it."""
    script = (
        "import locale, sys\n"
        "del locale.LC_MESSAGES\n"
        "import durak.tutorial, durak.cli\n"
        "from durak.i18n import get_language\n"
        "print(get_language())\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in SYSTEM_VARIABLES}
    env.update(LANG="es_ES.UTF-8", DURAK_CONFIG_DIR=str(tmp_path))
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "es"


def test_nothing_is_installed_into_builtins() -> None:
    for language in LANGUAGES:
        set_language(language)
    assert not hasattr(builtins, "_") or builtins._ is not gettext  # IPython keeps its own `_`
    assert "ngettext" not in vars(builtins)


# --- switching at run time -----------------------------------------------------------------


def test_listeners_hear_every_change_once_and_can_unsubscribe() -> None:
    heard: list[str] = []
    unsubscribe = on_language_change(heard.append)
    set_language("de")
    set_language("de")  # no change, no call
    set_language("cs")
    unsubscribe()
    set_language("es")
    assert heard == ["de", "cs"]


def test_a_listener_reads_the_new_language_when_called() -> None:
    seen: list[str] = []
    unsubscribe = on_language_change(lambda code: seen.append(gettext("Take")))
    set_language("tr")
    set_language("da")
    unsubscribe()
    assert seen == ["Al", "Tag"]


def test_views_are_held_weakly() -> None:
    class View:
        renders = 0

        def render(self, language: str) -> None:
            View.renders += 1

    view = View()
    on_language_change(view.render)
    set_language("de")
    del view
    gc.collect()
    set_language("es")  # the forgotten view is dropped, not called
    assert View.renders == 1


@pytest.mark.parametrize("language", TRANSLATED)
def test_switching_language_changes_every_string_produced_afterwards(language: str) -> None:
    """Every catalog entry, looked up through the module functions, follows set_language."""
    entries = catalog_messages(language)
    assert len(entries) > 100
    set_language(language)
    for message in entries:
        if message.pluralizable:
            singular, plural = message.id
            assert ngettext(singular, plural, 1) == message.string[0]
            assert ngettext(singular, plural, 5) in message.string
        elif message.context:
            assert pgettext(message.context, message.id) == message.string
        else:
            assert gettext(message.id) == message.string
    set_language("en")
    for message in entries:
        if message.pluralizable:
            assert ngettext(*message.id, 5) == message.id[1]
        elif message.context:
            assert pgettext(message.context, message.id) == message.id
        else:
            assert gettext(message.id) == message.id


def test_a_missing_message_falls_back_to_english() -> None:
    set_language("cs")
    assert gettext("A sentence no catalog has.") == "A sentence no catalog has."
    assert ngettext("{n} unknown thing", "{n} unknown things", 3) == "{n} unknown things"
    assert pgettext("nowhere", "Take") == "Take"


# --- where the catalogs come from ----------------------------------------------------------


def test_without_compiled_catalogs_a_source_checkout_reads_the_po_files(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, fresh_catalogs: None
) -> None:
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "no-mo-here")
    set_language("de")
    assert gettext("Take") == "Aufnehmen"


def test_a_newer_po_file_wins_over_a_stale_compiled_catalog(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, fresh_catalogs: None
) -> None:
    stale = tmp_path / "de" / "LC_MESSAGES" / "durak.mo"
    stale.parent.mkdir(parents=True)
    stale.write_bytes(b"")  # older than the .po and unreadable: must not be used
    old = (ROOT / "locales" / "de" / "LC_MESSAGES" / "durak.po").stat().st_mtime - 60
    os.utime(stale, (old, old))
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    set_language("de")
    assert gettext("Take") == "Aufnehmen"


def test_an_installed_package_reads_the_compiled_catalogs(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, fresh_catalogs: None
) -> None:
    compile_catalog(
        ROOT / "locales" / "es" / "LC_MESSAGES" / "durak.po", tmp_path / "es/LC_MESSAGES/durak.mo"
    )
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "SOURCE_CATALOG_DIR", tmp_path / "not-a-checkout")
    set_language("es")
    assert gettext("Take") == "Recoger"


def test_no_catalog_at_all_warns_and_shows_english(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, fresh_catalogs: None
) -> None:
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "none")
    monkeypatch.setattr(i18n, "SOURCE_CATALOG_DIR", tmp_path / "none")
    with pytest.warns(RuntimeWarning, match="make i18n"):
        set_language("da")
        assert gettext("Take") == "Take"


def test_without_babel_the_po_files_cannot_be_compiled_and_the_mo_is_used(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, fresh_catalogs: None
) -> None:
    source = tmp_path / "src" / "tr" / "LC_MESSAGES" / "durak.po"
    source.parent.mkdir(parents=True)
    shutil.copy(ROOT / "locales" / "tr" / "LC_MESSAGES" / "durak.po", source)
    compile_catalog(source, tmp_path / "mo" / "tr" / "LC_MESSAGES" / "durak.mo")
    source.touch()  # newer than the .mo, but Babel is "missing"
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "mo")
    monkeypatch.setattr(i18n, "SOURCE_CATALOG_DIR", tmp_path / "src")
    monkeypatch.setattr(i18n, "_compile_in_memory", lambda path: None)
    set_language("tr")
    assert gettext("Take") == "Al"


# --- Babel's locale data ---------------------------------------------------------------------


def test_language_names_are_endonyms_from_babel() -> None:
    from babel import Locale

    names = {language: endonym(language) for language in LANGUAGES}
    for language, name in names.items():
        cldr = Locale.parse(language).display_name
        assert name == cldr[:1].upper() + cldr[1:]
    set_language("de")
    assert endonym("cs") == "Čeština"  # endonyms do not depend on the current language


def number_formats(language: str) -> tuple[str, str]:
    """12345.5 and 0.25 as the language writes them: English here, a translation in its checks.toml."""
    if language == SOURCE_LANGUAGE:
        return "12,345.5", "25%"
    with (ROOT / "locales" / language / "checks.toml").open("rb") as file:
        said = tomllib.load(file)["messages"]
    return said["number"], said["percent"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_numbers_and_percentages_are_formatted_by_babel(language: str) -> None:
    number, percent = number_formats(language)
    set_language(language)
    assert format_number(12345.5).replace("\xa0", " ") == number
    assert format_percent(0.25).replace("\xa0", " ") == percent


def test_jupyterlabs_locale_for_each_language_is_data_too() -> None:
    """A language's JupyterLab locale is its "lab" field in locales/languages.toml: adding a language
    with a JupyterLab language pack takes no code either (issue 31, change (b))."""
    from durak.tutorial import lab_locale

    assert i18n.LAB_LOCALES == {
        "en": "en",
        "de": "de_DE",
        "es": "es_ES",
        "tr": "tr_TR",
        "da": "da_DK",
        "cs": "cs_CZ",
    }
    assert lab_locale.LOCALES is i18n.LAB_LOCALES
    assert lab_locale.lab_locale("xx") == lab_locale.ENGLISH  # a language without a pack: English menus
