"""JupyterLab's own menus in the learner's language.

The tutorial's texts switch live; JupyterLab's menus come from its official language packs
(``jupyterlab-language-pack-de-DE`` ...) and follow one user setting,
``@jupyterlab/translation-extension:plugin`` → ``locale``, which JupyterLab reads when the
page loads. Its own Settings ▸ Language menu writes that setting and reloads the page; the
tutorial writes the same setting when the learner picks a language (or starts it with
``durak-tutorial --lang``), and says that the menus follow after a reload.

The setting is a user setting, not a default (``overrides.json``): JupyterLab reads overrides
once, when it starts, and a user setting (one the learner made in JupyterLab's own menu)
would win over them. It lives in JupyterLab's user-settings folder
(``$JUPYTERLAB_SETTINGS_DIR``, else ``<jupyter config dir>/lab/user-settings``), in a file
JupyterLab writes as JSON5 with comments; its other keys are kept.

A pack may translate little: the Danish and Czech packs of JupyterLab 4.5 translate 58 and 21 of
JupyterLab's strings and none of its menus (German about 1,000, all of the menu bar). A language
whose pack leaves the menu bar in English gets English menus (:func:`shown_locale`), and the
learner is told so; a later pack that translates them is used as soon as it is installed.

Only a kernel under the tutorial's own JupyterLab writes it: the launcher names the folder
in :data:`LAB_SETTINGS_ENV` for JupyterLab alone. In Voilà, in the static site and in tests
nothing is written.

>>> lab_locale("de"), lab_locale("cs"), lab_locale("en")
('de_DE', 'cs_CZ', 'en')
"""

from __future__ import annotations

import functools
import json
import locale
import logging
import os
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from durak.i18n import LAB_LOCALES, N_
from durak.tutorial.settings import write_text_atomically

__all__ = [
    "LAB_SETTINGS_ENV",
    "RELOAD_NOTICE",
    "follow_language",
    "installed_lab_locales",
    "lab_locale",
    "lab_settings_file",
    "lab_words",
    "menus_translated",
    "pack_catalog",
    "read_lab_locale",
    "reload_needed",
    "reload_notice",
    "set_lab_locale",
    "shown_locale",
    "user_settings_dir",
]

# Set by ``durak-tutorial`` for JupyterLab (and so for its kernels): its user-settings folder.
LAB_SETTINGS_ENV = "DURAK_LAB_SETTINGS_DIR"
PLUGIN_FILE = Path("@jupyterlab", "translation-extension", "plugin.jupyterlab-settings")
DEFAULT = "default"  # the setting's default: the server's system locale
ENGLISH = "en"  # JupyterLab's own source language needs no pack
# JupyterLab's locale for each tutorial language: the official packs' regions (the "lab" field of
# locales/languages.toml; a language without one gets JupyterLab's English menus)
LOCALES = LAB_LOCALES

# Translators: shown under the language picker in JupyterLab after a language is picked.
# JupyterLab is the program around the notebook; its own menus (File, Edit, View ...) change
# language only when the page is loaded again (F5, or the browser's reload button).
RELOAD_NOTICE = N_("JupyterLab's own menus switch to this language when you reload the page.")
# Translators: shown instead when JupyterLab has no translation of its menus into the language
# picked (JupyterLab's own language packs translate them into few languages yet).
ENGLISH_NOTICE = N_(
    "JupyterLab's own menus are not translated into this language: "
    "they switch to English when you reload the page."
)
# The menu bar's first item in JupyterLab's own catalog (msgctxt "menu", msgid "File").
MENU_PROBE = "menu\x04File"

log = logging.getLogger(__name__)

_page_locale: str | None = None  # JupyterLab's locale when this kernel first changed it


def lab_locale(language: str) -> str:
    """JupyterLab's locale for a tutorial language (``de`` → ``de_DE``)."""
    return LOCALES.get(language, ENGLISH)


def shown_locale(language: str) -> str:
    """The locale JupyterLab is set to for a tutorial language: its own, if a language pack
    for it is installed and translates JupyterLab's menus, else English."""
    wanted = lab_locale(language)
    return wanted if menus_translated(wanted) else ENGLISH


@functools.cache
def pack_catalog(locale_name: str) -> dict[str, Any]:
    """The installed JupyterLab language pack's catalog for ``locale_name`` (msgid, with
    ``context\x04`` where it has one, -> translations); empty if there is none."""
    for entry in entry_points(group="jupyterlab.languagepack", name=locale_name):
        try:
            package = Path(entry.load().__file__ or "").parent
            catalog = package / "locale" / locale_name / "LC_MESSAGES" / "jupyterlab.json"
            loaded = json.loads(catalog.read_text(encoding="utf-8"))
        except (ImportError, OSError, ValueError) as error:
            log.info("cannot read JupyterLab's %s language pack: %s", locale_name, error)
            continue
        return loaded if isinstance(loaded, dict) else {}
    return {}


def menus_translated(locale_name: str) -> bool:
    """True if JupyterLab shows its menus in ``locale_name``: English, or an installed language
    pack whose catalog translates the menu bar (its "File")."""
    return locale_name == ENGLISH or bool(pack_catalog(locale_name).get(MENU_PROBE))


def lab_words(language: str, msgid: str, context: str = "") -> str:
    """``msgid`` as JupyterLab shows it to a learner of ``language`` (see :func:`shown_locale`):
    its language pack's translation, else JupyterLab's English."""
    locale_name = shown_locale(language)
    if locale_name == ENGLISH:
        return msgid
    found = pack_catalog(locale_name).get(f"{context}\x04{msgid}" if context else msgid)
    return found[0] if isinstance(found, list) and found and isinstance(found[0], str) and found[0] else msgid


def installed_lab_locales() -> frozenset[str]:
    """The locales JupyterLab can show here: English and those of the installed language packs
    (found as JupyterLab's server finds them, by their entry points)."""
    packs = {entry.name for entry in entry_points(group="jupyterlab.languagepack")}
    return frozenset({ENGLISH, *packs})


def user_settings_dir() -> Path:
    """JupyterLab's user-settings folder, as JupyterLab finds it in this environment
    (``jupyterlab.commands.get_user_settings_dir``, without importing JupyterLab)."""
    explicit = os.environ.get("JUPYTERLAB_SETTINGS_DIR", "")
    if explicit:
        return Path(explicit).absolute()
    from jupyter_core.paths import jupyter_config_dir  # JupyterLab's: loaded only when its folder is sought

    return (Path(jupyter_config_dir()) / "lab" / "user-settings").absolute()


def lab_settings_file(settings_dir: Path) -> Path:
    return settings_dir / PLUGIN_FILE


def _parse(text: str) -> Any:
    """JSON, or the JSON5 with comments that JupyterLab itself writes (json5 comes with
    JupyterLab's server); ValueError if it is neither."""
    try:
        return json.loads(text)
    except ValueError:
        try:
            import json5
        except ImportError:
            raise ValueError("not JSON, and json5 is not installed to read JSON5") from None
        return json5.loads(text)


def _read(path: Path) -> dict[str, Any]:
    """The settings in ``path`` ({} if there is none); OSError or ValueError if they cannot
    be read: then the file is JupyterLab's or the learner's to mend, never written over."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    data = _parse(text)
    if not isinstance(data, dict):
        raise ValueError(f"not an object but {type(data).__name__}")
    return data


def _effective(setting: object) -> str:
    """The locale JupyterLab shows for a setting: "default" (or none) is the system's locale
    if a pack for it is installed, else English."""
    if isinstance(setting, str) and setting and setting != DEFAULT:
        return setting
    system = _system_locale()
    return system if system in installed_lab_locales() else ENGLISH


def _system_locale() -> str:
    """The system's locale as JupyterLab's server takes it for "default" (its SYS_LOCALE)."""
    return (locale.getlocale()[0] or ENGLISH).replace("-", "_")


def read_lab_locale(settings_dir: Path) -> str:
    """The locale JupyterLab shows with the settings in ``settings_dir`` (English if they
    cannot be read: JupyterLab then falls back to its default too)."""
    try:
        return _effective(_read(lab_settings_file(settings_dir)).get("locale"))
    except (OSError, ValueError, RecursionError):
        return _effective(None)


def set_lab_locale(language: str, settings_dir: Path) -> bool:
    """Make JupyterLab's menus show ``language`` (or English: :func:`shown_locale`) from the
    next page load on. True if the setting was changed; False if it already said so, or if the
    settings file cannot be read or written (logged). The file's other keys are kept; it is
    replaced whole, through a temporary file."""
    wanted = shown_locale(language)
    path = lab_settings_file(settings_dir)
    try:
        settings = _read(path)
        if _effective(settings.get("locale")) == wanted:
            return False
        settings["locale"] = wanted
        write_text_atomically(path, json.dumps(settings, indent=4, ensure_ascii=False) + "\n")
    except (OSError, ValueError, RecursionError) as error:
        log.warning("could not set JupyterLab's language in %s: %s", path, error)
        return False
    return True


def _tutorial_lab_settings() -> Path | None:
    """The user-settings folder of the tutorial's JupyterLab, if this kernel runs under it."""
    folder = os.environ.get(LAB_SETTINGS_ENV, "").strip()
    return Path(folder) if folder else None


def follow_language(language: str) -> bool:
    """After the learner picked ``language``: under the tutorial's JupyterLab, set its locale
    to match. True if it was changed (the menus follow after a reload: :func:`reload_needed`);
    elsewhere (Voilà, the site, tests) nothing is done and False."""
    global _page_locale
    folder = _tutorial_lab_settings()
    if folder is None:
        return False
    before = read_lab_locale(folder)
    changed = set_lab_locale(language, folder)
    if changed and _page_locale is None:
        _page_locale = before  # what the page was loaded with, as far as this kernel can tell
    return changed


def reload_needed() -> bool:
    """True once this kernel changed JupyterLab's locale away from the one the page loaded
    with: its menus follow only after a reload. Picking the page's language again ends it."""
    folder = _tutorial_lab_settings()
    if _page_locale is None or folder is None:
        return False
    return read_lab_locale(folder) != _page_locale


def reload_notice(language: str) -> str:
    """What to tell the learner who picked ``language`` while :func:`reload_needed` (a msgid)."""
    return RELOAD_NOTICE if shown_locale(language) != ENGLISH or language == "en" else ENGLISH_NOTICE


def _forget_page_locale() -> None:
    """For tests: as in a fresh kernel."""
    global _page_locale
    _page_locale = None
