"""The gettext catalogs in locales/: complete, consistent with the code, correct plural headers.

These tests read the .po files with Babel, the tool that manages them (``make i18n``).
A new English string in the code without translations in every catalog fails here.

What a language's catalog must satisfy beyond the common rules (its plural count, quotation
marks, glossary words, phrasings) is data beside it, ``locales/<lang>/checks.toml``; the
checks are functions of a catalog's folder, so a new language is checked before it is listed
(``test_a_new_language_is_checked_from_its_folder_alone``). The English side of each rule (which
msgids use a game term, name a situation or quote a button) is the code's, and stays here.
"""

from __future__ import annotations

import gettext
import io
import logging
import re
import string
import subprocess
import sys
import tempfile
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po, write_po

from durak.i18n import DOMAIN, LANGUAGE_LIST, LANGUAGES, SOURCE_LANGUAGE

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"
TRANSLATED = [language for language in LANGUAGES if language != SOURCE_LANGUAGE]
CHECKS_FILE = "checks.toml"
CLDR_CATEGORY_ORDER = ("zero", "one", "two", "few", "many", "other")
SAMPLE_COUNTS = [*range(0, 250), 1000, 1001, 1_000_000, 1_000_001, 2_000_000]


def po_path(folder: Path) -> Path:
    return folder / "LC_MESSAGES" / f"{DOMAIN}.po"


def load(folder: Path) -> Catalog:
    with po_path(folder).open("rb") as po:
        return read_po(po)


def checks(folder: Path) -> dict[str, Any]:
    with (folder / CHECKS_FILE).open("rb") as file:
        return tomllib.load(file)


def messages(catalog: Catalog) -> list[Message]:
    return [message for message in catalog if message.id]


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def forms(message: Message) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


def english(message: Message) -> str:
    return " ".join(message.id) if message.pluralizable else message.id


# --- the English side of the per-language rules -------------------------------------------
# Where an English msgid uses a game term, the translation uses the glossary's word for it
# (locales/GLOSSARY.md, checks.toml's [glossary]): a translation that drifts to a synonym fails.

TERMS = {  # the key in checks.toml's [glossary]: the English term
    "trump": r"\btrumps?\b",
    "stock": r"\bstock\b",
    "bout": r"\bbouts?\b",
    "discard": r"\bdiscard",
    "throw_in": r"\bthrow(n|ing)? in\b",
    "defend": r"\bdefen(d|der|ce|ces|ding)\b",
    "attack": r"\battack",
    "beat": r"\b(beat|beats|beaten|beating|unbeaten)\b",
    "durak": r"\bdurak\b",
}
# One phrasing per recurring situation (GLOSSARY.md, "Phrases"; checks.toml's [phrases]).
SITUATIONS = {  # the key in [phrases]: the English that names the situation
    "go_out": r"\bgo(es|ne)? out\b|\bis out of cards\b|\bran out of cards\b|\brun out of cards\b",
    "rank_on_table": r"\brank\b[^.:]{0,30}\bon the table\b",
    "stop_adding": r"\badd(s)? no more\b|\badd(s)? nothing\b|\bstop(s)? adding\b",
}
# Labels a text may name, quoted (“Take”): the translation quotes the label's own translation.
LABELS = ("Take", "Stop", "Hint", "Start again", "Show playable cards", "New game", "Review this game",
          "Easy", "Normal", "Hard")  # fmt: skip
DOUBLE_QUOTE_MARKS = set('"„“”«»‟')
# What checks.toml holds: its top-level keys (required ones first) and [messages]'s keys.
CHECKS_KEYS = ("nplurals", "quotes", "glossary", "phrases", "messages", "forbidden")
MESSAGE_KEYS = ("suits", "players", "ace", "number", "percent", "city", "cards",
                "suit_in_card_name", "rules", "counts")  # fmt: skip
COUNT_FUNCTIONS = ("cards_left", "stock_count", "hand_count", "discard_count")


# --- the checks of one catalog folder, locales/<lang>/ ---------------------------------------


def check_the_checks_file(folder: Path) -> None:
    """checks.toml has every value the checks below read, of the right kind, and nothing unknown."""
    data = checks(folder)
    assert set(CHECKS_KEYS[:5]) <= set(data) <= set(CHECKS_KEYS), f"{folder.name}: keys {sorted(data)}"
    assert isinstance(data["nplurals"], int)
    assert len(data["quotes"]) == 2 and all(mark in DOUBLE_QUOTE_MARKS for mark in data["quotes"])
    assert set(data["glossary"]) == set(TERMS), f"{folder.name}: [glossary] needs {sorted(TERMS)}"
    assert set(data["phrases"]) == set(SITUATIONS), f"{folder.name}: [phrases] needs {sorted(SITUATIONS)}"
    for pattern in [*data["glossary"].values(), *data["phrases"].values()]:
        re.compile(pattern)
    for rule in data.get("forbidden", []):
        assert set(rule) == {"pattern", "why"}, rule
        re.compile(rule["pattern"])
    said = data["messages"]
    assert set(MESSAGE_KEYS[:7]) <= set(said) <= set(MESSAGE_KEYS), f"{folder.name}: {sorted(said)}"
    assert len(said["suits"]) == 4 and len(said["players"]) == 2
    assert {"Т♠", "Д♥"} <= set(said["cards"])
    assert set(said.get("counts", {})) <= set(COUNT_FUNCTIONS)


def check_catalog_is_for_its_language(folder: Path) -> None:
    assert po_path(folder).is_file(), f"missing catalog {po_path(folder)}"
    catalog = load(folder)
    assert catalog.locale is not None
    assert str(catalog.locale) == folder.name


def check_plural_forms_header_follows_cldr(folder: Path) -> None:
    catalog, language = load(folder), folder.name
    assert catalog.num_plurals == checks(folder)["nplurals"], catalog.plural_forms
    choose = gettext.c2py(catalog.plural_expr)
    cldr = Locale.parse(language).plural_form
    categories = [c for c in CLDR_CATEGORY_ORDER if any(cldr(n) == c for n in SAMPLE_COUNTS)]
    assert len(categories) == catalog.num_plurals
    for n in SAMPLE_COUNTS:
        assert choose(n) == categories.index(cldr(n)), f"{language}: n={n} is CLDR {cldr(n)!r}"
    # Form 0 is used for exactly one, so it may drop the count like the English singular.
    assert [n for n in SAMPLE_COUNTS if choose(n) == 0] == [1]


def check_catalog_is_complete_and_nothing_is_fuzzy(folder: Path) -> None:
    catalog, language = load(folder), folder.name
    untranslated = [m.id for m in messages(catalog) if not all(forms(m))]
    fuzzy = [m.id for m in messages(catalog) if m.fuzzy]
    assert not untranslated, f"{language}: {len(untranslated)} untranslated, e.g. {untranslated[:3]}"
    assert not fuzzy, f"{language}: {len(fuzzy)} fuzzy, e.g. {fuzzy[:3]}"
    wrong_count = [m.id for m in messages(catalog) if m.pluralizable and len(forms(m)) != catalog.num_plurals]
    assert not wrong_count
    assert not list(catalog.check())  # Babel's own checkers (format strings, plural counts)


def check_placeholders_are_the_msgids(folder: Path) -> None:
    mismatched = []
    for message in messages(load(folder)):
        if message.pluralizable:
            singular, plural = message.id
            expected = [fields(singular), *[fields(plural)] * (len(forms(message)) - 1)]
        else:
            expected = [fields(message.id)]
        actual = [fields(form) for form in forms(message)]
        if actual != expected:
            mismatched.append((message.id, actual, expected))
    assert not mismatched, f"{folder.name}: {mismatched}"


def check_catalog_compiles_with_full_statistics(folder: Path) -> None:
    language = folder.name
    log = io.StringIO()
    babel_log = logging.getLogger("babel")
    babel_log.addHandler(handler := logging.StreamHandler(log))  # pybabel reports its statistics there
    try:
        with tempfile.TemporaryDirectory() as out:
            mo = Path(out) / f"{language}.mo"
            CommandLineInterface().run(
                ["pybabel", "compile", "--statistics", "-D", DOMAIN, "-l", language,
                 "-i", str(po_path(folder)), "-o", str(mo)]
            )  # fmt: skip
            translations = gettext.GNUTranslations(io.BytesIO(mo.read_bytes()))
    finally:
        babel_log.removeHandler(handler)
    total = len(messages(load(folder)))
    assert f"{total} of {total} messages (100%) translated" in log.getvalue()
    for message in messages(load(folder)):
        if message.pluralizable:
            assert translations.ngettext(*message.id, 1) == forms(message)[0]
        elif message.context:
            assert translations.pgettext(message.context, message.id) == message.string
        else:
            assert translations.gettext(message.id) == message.string


def check_game_terms_follow_the_glossary(folder: Path) -> None:
    glossary = checks(folder)["glossary"]
    drifted = []
    for message in messages(load(folder)):
        source = re.sub(r"\{\w+\}", "", english(message))  # placeholder names are not words
        for term, pattern in TERMS.items():
            if re.search(pattern, source, re.IGNORECASE):
                for form in forms(message):
                    if not re.search(glossary[term], form, re.IGNORECASE):
                        drifted.append((term, source, form))
    assert not drifted, f"{folder.name}: {drifted}"


def _quoted_spans(text: str, opening: str, closing: str) -> bool:
    """True if ``text`` opens and closes its quotes in order, never nested."""
    depth = 0
    for char in text:
        if char == opening and (opening != closing or depth == 0):
            depth += 1
        elif char == closing:
            depth -= 1
        if depth not in (0, 1):
            return False
    return depth == 0


def check_quotation_marks_are_the_languages_own(folder: Path) -> None:
    opening, closing = checks(folder)["quotes"]
    wrong = []
    for message in messages(load(folder)):
        for form in forms(message):
            stray = {char for char in form if char in DOUBLE_QUOTE_MARKS} - {opening, closing}
            if stray or not _quoted_spans(form, opening, closing):
                wrong.append(form)
    assert not wrong, f"{folder.name}: quotes other than {opening}…{closing}, or unbalanced: {wrong}"


def check_nothing_the_language_forbids(folder: Path) -> None:
    """E.g. Czech typography: a one-letter preposition or conjunction never ends a line."""
    found = [
        (rule["why"], form)
        for rule in checks(folder).get("forbidden", [])
        for message in messages(load(folder))
        for form in forms(message)
        if re.search(rule["pattern"], form)
    ]
    assert not found, f"{folder.name}: {found}"


def check_each_recurring_situation_has_one_phrasing(folder: Path) -> None:
    phrasings = checks(folder)["phrases"]
    drifted = []
    for message in messages(load(folder)):
        for situation, trigger in SITUATIONS.items():
            if re.search(trigger, english(message), re.IGNORECASE):
                drifted += [
                    (situation, f) for f in forms(message) if not re.search(phrasings[situation], f, re.I)
                ]
    assert not drifted, f"{folder.name}: {drifted}"


def check_a_text_that_names_a_button_quotes_its_label_exactly(folder: Path) -> None:
    catalog = load(folder)
    opening, closing = checks(folder)["quotes"]
    wrong = []
    for message in messages(catalog):
        for label in LABELS:
            if f"“{label}”" in english(message):
                quoted = f"{opening}{catalog[label].string}{closing}"
                wrong += [(label, form) for form in forms(message) if quoted not in form]
    assert not wrong, f"{folder.name}: {wrong}"


# Every check of one catalog folder, in the order a translator would fix them.
CATALOG_CHECKS: tuple[Callable[[Path], None], ...] = (
    check_the_checks_file,
    check_catalog_is_for_its_language,
    check_plural_forms_header_follows_cldr,
    check_catalog_is_complete_and_nothing_is_fuzzy,
    check_placeholders_are_the_msgids,
    check_catalog_compiles_with_full_statistics,
    check_game_terms_follow_the_glossary,
    check_quotation_marks_are_the_languages_own,
    check_nothing_the_language_forbids,
    check_each_recurring_situation_has_one_phrasing,
    check_a_text_that_names_a_button_quotes_its_label_exactly,
)


# --- the shipped languages ----------------------------------------------------------------


def test_the_language_list_and_the_catalog_folders_agree() -> None:
    """A catalog folder that is not listed in languages.toml (the package would not offer it), or a
    listed language without its catalog or its checks, fails here. (Losing a language the tutorial
    is published in, list entry and folder together, fails tests/test_i18n.py.)"""
    with_catalog = {po.parent.parent.name for po in LOCALES.glob(f"*/LC_MESSAGES/{DOMAIN}.po")}
    with_checks = {path.parent.name for path in LOCALES.glob(f"*/{CHECKS_FILE}")}
    assert set(TRANSLATED) == with_catalog == with_checks, (TRANSLATED, with_catalog, with_checks)
    assert (LOCALES / LANGUAGE_LIST).is_file()


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_supported_language_has_a_catalog_and_its_checks(language: str) -> None:
    check_catalog_is_for_its_language(LOCALES / language)
    check_the_checks_file(LOCALES / language)


@pytest.mark.parametrize("language", TRANSLATED)
def test_plural_forms_header_follows_cldr(language: str) -> None:
    check_plural_forms_header_follows_cldr(LOCALES / language)


@pytest.mark.parametrize("language", TRANSLATED)
def test_catalog_is_complete_and_nothing_is_fuzzy(language: str) -> None:
    check_catalog_is_complete_and_nothing_is_fuzzy(LOCALES / language)


@pytest.mark.parametrize("language", TRANSLATED)
def test_placeholders_are_the_msgids(language: str) -> None:
    check_placeholders_are_the_msgids(LOCALES / language)


@pytest.mark.parametrize("language", TRANSLATED)
def test_catalog_compiles_with_full_statistics(language: str) -> None:
    check_catalog_compiles_with_full_statistics(LOCALES / language)


def test_catalogs_are_up_to_date_with_the_code(tmp_path: Path) -> None:
    """Extract again exactly as `make i18n` does (its `pot` target): every msgid must be translated."""
    pot = tmp_path / "durak.pot"
    pybabel = f"{sys.executable} -m babel.messages.frontend"
    subprocess.run(["make", "-s", "pot", f"POT={pot}", f"PYBABEL={pybabel}"], cwd=ROOT, check=True)
    with pot.open("rb") as f:
        template = read_po(f)
    wanted = {(m.context, m.id) for m in messages(template)}
    assert len(wanted) > 100  # the extraction really ran over the package
    for language in TRANSLATED:
        present = {(m.context, m.id) for m in messages(load(LOCALES / language))}
        missing = sorted(wanted - present, key=str)
        assert not missing, (
            f"{language}: {len(missing)} msgids not in the catalog (run `make i18n`): {missing[:5]}"
        )


def test_the_runtime_catalogs_agree_with_the_sources() -> None:
    """What the package loads at run time is what the .po files say (no stale compiled catalog)."""
    from durak.i18n import translator

    translator.cache_clear()
    try:
        for language in TRANSLATED:
            runtime = translator(language)
            for message in messages(load(LOCALES / language)):
                if message.pluralizable:
                    got = runtime.ngettext(*message.id, 2)
                    assert got in forms(message), (language, message.id)
                elif message.context:
                    assert runtime.pgettext(message.context, message.id) == message.string
                else:
                    assert runtime.gettext(message.id) == message.string, (language, message.id)
    finally:
        translator.cache_clear()


@pytest.mark.parametrize("language", TRANSLATED)
def test_game_terms_follow_the_glossary(language: str) -> None:
    check_game_terms_follow_the_glossary(LOCALES / language)


@pytest.mark.parametrize("language", TRANSLATED)
def test_quotation_marks_are_the_languages_own(language: str) -> None:
    check_quotation_marks_are_the_languages_own(LOCALES / language)


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_translation_has_what_its_language_forbids(language: str) -> None:
    check_nothing_the_language_forbids(LOCALES / language)


def test_czech_one_letter_words_are_bound_to_the_next_word() -> None:
    """The rule lives in cs/checks.toml; it must not get lost from there."""
    (rule,) = checks(LOCALES / "cs")["forbidden"]
    assert re.search(rule["pattern"], "Hraješ s trumfem") and not re.search(rule["pattern"], "s\u00a0trumfem")
    check_nothing_the_language_forbids(LOCALES / "cs")


@pytest.mark.parametrize("language", TRANSLATED)
def test_each_recurring_situation_has_one_phrasing(language: str) -> None:
    check_each_recurring_situation_has_one_phrasing(LOCALES / language)


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_text_that_names_a_button_quotes_its_label_exactly(language: str) -> None:
    check_a_text_that_names_a_button_quotes_its_label_exactly(LOCALES / language)


# --- a new language, from its folder alone ------------------------------------------------


def new_language(locales: Path, code: str, quotes: tuple[str, str]) -> Path:
    """A throw-away catalog made as `make i18n` makes a new one (`pybabel init` from the template),
    "translated" by a stand-in that keeps the English and writes the language's quotation marks,
    with a checks.toml written for that stand-in."""
    folder = locales / code
    CommandLineInterface().run(
        ["pybabel", "-q", "init", "-D", DOMAIN, "-l", code, "-i", str(LOCALES / "durak.pot"),
         "-o", str(po_path(folder))]
    )  # fmt: skip
    catalog = load(folder)
    opening, closing = quotes

    def translate(text: str) -> str:
        return text.replace("“", opening).replace("”", closing)

    for message in messages(catalog):
        if message.pluralizable:
            singular, plural = message.id
            message.string = (translate(singular), *[translate(plural)] * (catalog.num_plurals - 1))
        else:
            message.string = translate(message.id)
    with po_path(folder).open("wb") as po:
        write_po(po, catalog)

    def table(name: str, entries: dict[str, str]) -> list[str]:
        return [f"[{name}]", *(f"{key} = '{value}'" for key, value in entries.items())]

    (folder / CHECKS_FILE).write_text(
        "\n".join(
            [
                f"nplurals = {catalog.num_plurals}",
                f'quotes = ["{opening}", "{closing}"]',
                *table("glossary", TERMS),  # the stand-in's words are the English ones
                *table("phrases", SITUATIONS),
                "[messages]",
                'suits = ["spades", "clubs", "hearts", "diamonds"]',
                'players = ["You", "AI"]',
                'ace = "Т — Туз, the ace"',
                'number = "12 345,5"',
                'percent = "25%"',
                'city = "St Petersburg"',
                "[messages.cards]",
                '"Т♠" = "Т♠ — Туз (ace) of spades"',
                '"Д♥" = "Д♥ — Дама (queen) of hearts"',
            ]
        )
        + "\n",
        encoding="utf-8",
    )
    return folder


def test_a_new_language_is_checked_from_its_folder_alone(tmp_path: Path) -> None:
    """An eighth language (Polish, three plural forms, „…” quotes) passes every check of a catalog
    from its folder alone; a placeholder lost, a quote mark or a glossary word wrong fails."""
    folder = new_language(tmp_path, "pl", ("„", "”"))
    assert load(folder).num_plurals == 3  # Babel wrote Polish's header
    for check in CATALOG_CHECKS:
        check(folder)

    catalog = load(folder)
    catalog["{card} is not in your hand."].string = "Tej karty nie masz w ręce."  # {card} lost
    with po_path(folder).open("wb") as po:
        write_po(po, catalog)
    with pytest.raises(AssertionError, match="is not in your hand"):
        check_placeholders_are_the_msgids(folder)

    text = (folder / CHECKS_FILE).read_text(encoding="utf-8")
    (folder / CHECKS_FILE).write_text(text.replace('["„", "”"]', '["«", "»"]'), encoding="utf-8")
    with pytest.raises(AssertionError, match="quotes other than «…»"):
        check_quotation_marks_are_the_languages_own(folder)
    with pytest.raises(AssertionError, match="„Stop”"):
        check_a_text_that_names_a_button_quotes_its_label_exactly(folder)

    text = (folder / CHECKS_FILE).read_text(encoding="utf-8")
    stock = r"stock = '\bstock\b'"
    (folder / CHECKS_FILE).write_text(text.replace(stock, "stock = 'talia'"), encoding="utf-8")
    with pytest.raises(AssertionError, match="'stock'"):
        check_game_terms_follow_the_glossary(folder)
    (folder / CHECKS_FILE).write_text(text.replace(stock, ""), encoding="utf-8")
    with pytest.raises(AssertionError, match=r"\[glossary\] needs"):
        check_the_checks_file(folder)
