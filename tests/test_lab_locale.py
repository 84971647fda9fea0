"""JupyterLab's own locale, set from the tutorial's language (durak.tutorial.lab_locale)."""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from durak.i18n import LANGUAGES, set_language
from durak.tutorial import lab_locale
from durak.tutorial.lab_locale import LAB_SETTINGS_ENV, lab_settings_file, set_lab_locale

# What JupyterLab's own Settings ▸ Language menu leaves in the file: JSON5, its defaults as comments.
WRITTEN_BY_JUPYTERLAB = """{
    // Language
    // @jupyterlab/translation-extension:plugin
    // Language settings.
    // *****************************************

    // Display localized strings prefix
    // Display the `stringsPrefix` on localized strings.
    // "displayStringsPrefix": false,

    // Language locale
    // Set the interface display language. Examples: 'es_CO', 'fr_FR'.
    "locale": "es_ES",
    "stringsPrefix": "»",
}
"""


@pytest.fixture(autouse=True)
def fresh_kernel(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """As a kernel not under the tutorial's JupyterLab, in an English system; a stray write to
    JupyterLab's default settings folder would land in the test's folder."""
    monkeypatch.delenv(LAB_SETTINGS_ENV, raising=False)
    monkeypatch.setenv("JUPYTERLAB_SETTINGS_DIR", str(tmp_path / "default-lab-settings"))
    monkeypatch.setattr(lab_locale, "_system_locale", lambda: "en_US")
    lab_locale._forget_page_locale()
    set_language("en")
    yield
    lab_locale._forget_page_locale()
    set_language("en")


def saved(settings_dir: Path) -> dict[str, object]:
    data = json.loads(lab_settings_file(settings_dir).read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def test_every_tutorial_language_has_its_jupyterlab_pack_installed() -> None:
    # the tutorial extra brings the official packs: each language has one to switch to
    assert set(lab_locale.LOCALES) == set(LANGUAGES)
    assert set(lab_locale.LOCALES.values()) <= lab_locale.installed_lab_locales()
    # and German, Spanish and Turkish ones translate JupyterLab's menu bar (Danish and Czech
    # do not yet: they get English menus, see the fallback's test below)
    assert all(lab_locale.menus_translated(lab_locale.lab_locale(code)) for code in ("de", "es", "tr"))


def test_a_language_is_written_as_jupyterlabs_own_server_reads_it(tmp_path: Path) -> None:
    assert set_lab_locale("de", tmp_path)
    assert saved(tmp_path) == {"locale": "de_DE"}
    from jupyterlab_server.settings_utils import get_settings

    lab = Path(sys.prefix) / "share" / "jupyter" / "lab"
    settings, _warnings = get_settings(
        str(lab / "settings"), str(lab / "schemas"), str(tmp_path),
        schema_name="@jupyterlab/translation-extension:plugin", overrides={}, labextensions_path=[],
    )  # fmt: skip
    assert settings["settings"]["locale"] == "de_DE"
    assert lab_locale.read_lab_locale(tmp_path) == "de_DE"


def test_the_same_language_again_changes_nothing(tmp_path: Path) -> None:
    assert set_lab_locale("tr", tmp_path)
    before = lab_settings_file(tmp_path).stat().st_mtime_ns
    assert not set_lab_locale("tr", tmp_path)
    assert lab_settings_file(tmp_path).stat().st_mtime_ns == before


def test_english_in_an_english_system_needs_no_setting(tmp_path: Path) -> None:
    assert not set_lab_locale("en", tmp_path)  # "default" is the system's locale: English here
    assert not lab_settings_file(tmp_path).exists()
    assert set_lab_locale("tr", tmp_path) and set_lab_locale("en", tmp_path)
    assert saved(tmp_path) == {"locale": "en"}


def test_in_a_german_system_jupyterlab_already_speaks_german(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(lab_locale, "_system_locale", lambda: "de_DE")
    assert lab_locale.read_lab_locale(tmp_path) == "de_DE"  # "default", with the German pack
    assert not set_lab_locale("de", tmp_path)
    assert set_lab_locale("en", tmp_path) and saved(tmp_path) == {"locale": "en"}


def test_jupyterlabs_own_json5_file_is_read_and_its_other_keys_kept(tmp_path: Path) -> None:
    path = lab_settings_file(tmp_path)
    path.parent.mkdir(parents=True)
    path.write_text(WRITTEN_BY_JUPYTERLAB, encoding="utf-8")
    assert lab_locale.read_lab_locale(tmp_path) == "es_ES"
    assert set_lab_locale("de", tmp_path)
    assert saved(tmp_path) == {"locale": "de_DE", "stringsPrefix": "»"}
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no temporary left beside it


@pytest.mark.parametrize("text", ["{ not json", "[1, 2]", ""])
def test_a_file_that_cannot_be_read_is_left_as_it_is(
    text: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = lab_settings_file(tmp_path)
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger=lab_locale.__name__):
        assert not set_lab_locale("de", tmp_path)
    assert path.read_text(encoding="utf-8") == text
    assert "could not set JupyterLab's language" in caplog.text


def test_a_folder_that_cannot_be_written_is_logged_not_raised(tmp_path: Path) -> None:
    (tmp_path / "@jupyterlab").write_text("a file where the folder should be")
    assert not set_lab_locale("de", tmp_path)


def test_a_language_without_translated_menus_is_not_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # no pack, or one that leaves the menus English: JupyterLab stays English, no reload asked for
    monkeypatch.setattr(lab_locale, "menus_translated", lambda locale: locale == "en")
    assert lab_locale.shown_locale("de") == "en"
    assert not set_lab_locale("de", tmp_path)
    assert not lab_settings_file(tmp_path).exists()


def test_a_pack_that_leaves_the_menus_english_means_english_menus_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(LAB_SETTINGS_ENV, str(tmp_path))
    monkeypatch.setattr(lab_locale, "menus_translated", lambda locale: locale in ("en", "de_DE"))
    assert set_lab_locale("de", tmp_path)  # the page was loaded in German
    assert lab_locale.follow_language("da")  # then Dansk, whose pack has no menus: English
    assert saved(tmp_path) == {"locale": "en"}
    assert lab_locale.reload_needed()
    assert lab_locale.reload_notice("da") == lab_locale.ENGLISH_NOTICE
    assert lab_locale.reload_notice("de") == lab_locale.reload_notice("en") == lab_locale.RELOAD_NOTICE


def test_the_installed_packs_are_read_for_their_menus() -> None:
    assert lab_locale.menus_translated("en") and lab_locale.menus_translated("de_DE")
    assert not lab_locale.menus_translated("xx_XX")  # no such pack


def test_outside_the_tutorials_jupyterlab_a_pick_writes_nothing(tmp_path: Path) -> None:
    assert not lab_locale.follow_language("de")  # Voilà, the site, tests: no folder named
    assert not lab_locale.reload_needed()
    assert not (tmp_path / "default-lab-settings").exists()


def test_under_the_tutorials_jupyterlab_a_pick_asks_for_a_reload_until_picked_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(LAB_SETTINGS_ENV, str(tmp_path / "lab"))
    assert lab_locale.follow_language("de")
    assert saved(tmp_path / "lab") == {"locale": "de_DE"}
    assert lab_locale.reload_needed()
    assert lab_locale.follow_language("es") and lab_locale.reload_needed()
    assert lab_locale.follow_language("en")  # the page was loaded in English: nothing to reload
    assert not lab_locale.reload_needed()


def test_the_picker_says_once_beside_itself_that_the_menus_follow_after_a_reload(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from durak.tutorial.widgets.chrome import LanguagePicker

    monkeypatch.setenv("DURAK_CONFIG_DIR", str(tmp_path / "durak"))
    monkeypatch.setenv(LAB_SETTINGS_ENV, str(tmp_path / "lab"))
    picker, other = LanguagePicker(), LanguagePicker()
    try:
        assert picker.lab_notice.layout.display == "none" and picker.lab_notice.value == ""
        picker.value = "de"
        assert saved(tmp_path / "lab") == {"locale": "de_DE"}
        for each in (picker, other):  # every picker of the kernel says it, in the new language
            assert each.lab_notice.layout.display == ""
            assert "JupyterLab" in each.lab_notice.value and "↻" in each.lab_notice.value
        picker.value = "en"
        assert picker.lab_notice.layout.display == "none" and other.lab_notice.value == ""
    finally:
        picker.close()
        other.close()


def test_a_picker_outside_jupyterlab_never_shows_the_notice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from durak.tutorial.widgets.chrome import LanguagePicker

    monkeypatch.setenv("DURAK_CONFIG_DIR", str(tmp_path / "durak"))
    picker = LanguagePicker()
    try:
        picker.value = "cs"
        assert picker.lab_notice.layout.display == "none"
        assert not (tmp_path / "default-lab-settings").exists()
    finally:
        picker.close()
