"""The gettext catalogs in locales/: complete, consistent with the code, correct plural headers.

These tests read the .po files with Babel, the tool that manages them (``make i18n``).
A new English string in the code without translations in all five catalogs fails here.
"""

from __future__ import annotations

import gettext
import io
import logging
import re
import string
import subprocess
import sys
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po

from durak.i18n import DOMAIN, LANGUAGES, SOURCE_LANGUAGE

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = [language for language in LANGUAGES if language != SOURCE_LANGUAGE]
# Plural forms for whole numbers, as CLDR counts them (Babel 2.18 wrongly writes one form for tr).
NPLURALS = {"de": 2, "es": 3, "tr": 2, "da": 2, "cs": 3}
CLDR_CATEGORY_ORDER = ("zero", "one", "two", "few", "many", "other")
SAMPLE_COUNTS = [*range(0, 250), 1000, 1001, 1_000_000, 1_000_001, 2_000_000]


def po_path(language: str) -> Path:
    return ROOT / "locales" / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def load(language: str) -> Catalog:
    with po_path(language).open("rb") as po:
        return read_po(po)


def messages(catalog: Catalog) -> list[Message]:
    return [message for message in catalog if message.id]


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def forms(message: Message) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


def test_every_supported_language_has_a_catalog() -> None:
    assert TRANSLATED == ["de", "es", "tr", "da", "cs"]
    for language in TRANSLATED:
        assert po_path(language).is_file(), f"missing catalog {po_path(language)}"
        assert load(language).locale is not None
        assert str(load(language).locale) == language


@pytest.mark.parametrize("language", TRANSLATED)
def test_plural_forms_header_follows_cldr(language: str) -> None:
    catalog = load(language)
    assert catalog.num_plurals == NPLURALS[language], catalog.plural_forms
    choose = gettext.c2py(catalog.plural_expr)
    cldr = Locale.parse(language).plural_form
    categories = [c for c in CLDR_CATEGORY_ORDER if any(cldr(n) == c for n in SAMPLE_COUNTS)]
    assert len(categories) == catalog.num_plurals
    for n in SAMPLE_COUNTS:
        assert choose(n) == categories.index(cldr(n)), f"{language}: n={n} is CLDR {cldr(n)!r}"
    # Form 0 is used for exactly one, so it may drop the count like the English singular.
    assert [n for n in SAMPLE_COUNTS if choose(n) == 0] == [1]


@pytest.mark.parametrize("language", TRANSLATED)
def test_catalog_is_complete_and_nothing_is_fuzzy(language: str) -> None:
    catalog = load(language)
    untranslated = [m.id for m in messages(catalog) if not all(forms(m))]
    fuzzy = [m.id for m in messages(catalog) if m.fuzzy]
    assert not untranslated, f"{language}: {len(untranslated)} untranslated, e.g. {untranslated[:3]}"
    assert not fuzzy, f"{language}: {len(fuzzy)} fuzzy, e.g. {fuzzy[:3]}"
    wrong_count = [m.id for m in messages(catalog) if m.pluralizable and len(forms(m)) != catalog.num_plurals]
    assert not wrong_count
    assert not list(catalog.check())  # Babel's own checkers (format strings, plural counts)


@pytest.mark.parametrize("language", TRANSLATED)
def test_placeholders_are_the_msgids(language: str) -> None:
    mismatched = []
    for message in messages(load(language)):
        if message.pluralizable:
            singular, plural = message.id
            expected = [fields(singular), *[fields(plural)] * (len(forms(message)) - 1)]
        else:
            expected = [fields(message.id)]
        actual = [fields(form) for form in forms(message)]
        if actual != expected:
            mismatched.append((message.id, actual, expected))
    assert not mismatched, f"{language}: {mismatched}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_catalog_compiles_with_full_statistics(
    language: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    mo = tmp_path / f"{language}.mo"
    with caplog.at_level(logging.INFO, logger="babel"):
        CommandLineInterface().run(
            ["pybabel", "compile", "--statistics", "-D", DOMAIN, "-l", language, "-i", str(po_path(language)),
             "-o", str(mo)]
        )  # fmt: skip
    total = len(messages(load(language)))
    assert f"{total} of {total} messages (100%) translated" in caplog.text
    translations = gettext.GNUTranslations(io.BytesIO(mo.read_bytes()))
    for message in messages(load(language)):
        if message.pluralizable:
            assert translations.ngettext(*message.id, 1) == forms(message)[0]
        elif message.context:
            assert translations.pgettext(message.context, message.id) == message.string
        else:
            assert translations.gettext(message.id) == message.string


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
        present = {(m.context, m.id) for m in messages(load(language))}
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
            for message in messages(load(language)):
                if message.pluralizable:
                    got = runtime.ngettext(*message.id, 2)
                    assert got in forms(message), (language, message.id)
                elif message.context:
                    assert runtime.pgettext(message.context, message.id) == message.string
                else:
                    assert runtime.gettext(message.id) == message.string, (language, message.id)
    finally:
        translator.cache_clear()


# --- one glossary per language ------------------------------------------------------------
# Where an English msgid uses a game term, the translation uses the glossary's word for it
# (locales/GLOSSARY.md): a translation that drifts to a synonym fails here.

GLOSSARY: dict[str, dict[str, str]] = {
    r"\btrumps?\b": {"de": "trumpf|trümpf", "es": "triunfo", "tr": "koz", "da": "trumf", "cs": "trumf"},
    r"\bstock\b": {"de": "stapel", "es": "mazo", "tr": "deste", "da": "bunke", "cs": "balíč"},
    r"\bbouts?\b": {"de": "runde", "es": "ronda", "tr": "tur", "da": "runde", "cs": "kol"},
    r"\bdiscard": {
        "de": "ableg|abgelegt|ablage",
        "es": "descart",
        "tr": "[ıi]skarta",
        "da": "kasse",
        "cs": "odhod|odhoz",
    },
    r"\bthrow(n|ing)? in\b": {
        "de": r"nachleg|nachzuleg|\bleg(e|st|t)?\b.*\bnach\b",  # separable: „du legst … nach“
        "es": "añad",
        "tr": "ekl",  # ekle-, ekliyor
        "da": "læg",
        "cs": "přihod|přihoď|přihaz",
    },
    r"\bdefen(d|der|ce|ces|ding)\b": {
        "de": "verteidig",
        "es": "defens|defiend",
        "tr": "savun",
        "da": "forsvar",
        "cs": "obrán|obran|brán",
    },
    r"\battack": {
        "de": "angr|greif|griff",
        "es": "ata",
        "tr": "saldır",
        "da": "angr",
        "cs": "útoč|útok|útoc",
    },
    r"\b(beat|beats|beaten|beating|unbeaten)\b": {
        "de": "schlag|schläg",
        "es": "mat|mát",
        "tr": "yen",
        "da": "stik|stak|stukket",
        "cs": "přebi|přebí|přebij",
    },
    r"\bdurak\b": {language: "durak" for language in TRANSLATED},
}


@pytest.mark.parametrize("language", TRANSLATED)
def test_game_terms_follow_the_glossary(language: str) -> None:
    drifted = []
    for message in messages(load(language)):
        english = " ".join(message.id) if message.pluralizable else message.id
        english = re.sub(r"\{\w+\}", "", english)  # placeholder names are not words
        for term, translations in GLOSSARY.items():
            if re.search(term, english, re.IGNORECASE):
                for form in forms(message):
                    if not re.search(translations[language], form, re.IGNORECASE):
                        drifted.append((term, english, form))
    assert not drifted, f"{language}: {drifted}"


# --- typography: each language's quotation marks; Czech non-breaking spaces -----------------

QUOTES = {  # (opening, closing) double quotes; every other double quote mark is wrong there
    "de": ("„", "“"),
    "es": ("«", "»"),
    "tr": ("“", "”"),
    "da": ("»", "«"),
    "cs": ("„", "“"),
}
DOUBLE_QUOTE_MARKS = set('"„“”«»‟')


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


@pytest.mark.parametrize("language", TRANSLATED)
def test_quotation_marks_are_the_languages_own(language: str) -> None:
    opening, closing = QUOTES[language]
    wrong = []
    for message in messages(load(language)):
        for form in forms(message):
            stray = {char for char in form if char in DOUBLE_QUOTE_MARKS} - {opening, closing}
            if stray or not _quoted_spans(form, opening, closing):
                wrong.append(form)
    assert not wrong, f"{language}: quotes other than {opening}…{closing}, or unbalanced: {wrong}"


# Czech typography: a one-letter preposition or conjunction never ends a line.
CZECH_ONE_LETTER = re.compile(r"(?<![\w{])([vkszouaiVKSZOUAI]) ")


def test_czech_one_letter_words_are_bound_to_the_next_word() -> None:
    loose = [
        form for message in messages(load("cs")) for form in forms(message) if CZECH_ONE_LETTER.search(form)
    ]
    assert not loose, f"a plain space after a one-letter word (use U+00A0): {loose}"


# --- one phrasing per recurring situation (locales/GLOSSARY.md, "Phrases") --------------------

PHRASES = {  # situation: (the English that names it, each language's phrasing as a regex)
    "go out": (
        r"\bgo(es|ne)? out\b|\bis out of cards\b|\bran out of cards\b|\brun out of cards\b",
        {
            "de": r"\balle\s+(?:\w+\s+)?karten\s+los",
            "es": r"\bqued\w*(?:\s+\w+){0,2}\s+sin\s+cartas\b",
            "tr": r"kartlar\w*\s+(?:\S+\s+){0,3}?bit(?!en)",
            "da": r"\b(gå|går|gik|gået)\b(\s+\S+){0,2}?\s+ud\b",
            "cs": r"zbav\w*[^.:;]{0,40}všech\s+(?:svých\s+)?karet|všech\s+(?:svých\s+)?karet[^.:;]{0,40}zbav",
        },
    ),
    "a card of a rank on the table": (
        r"\brank\b[^.:]{0,30}\bon the table\b",
        {
            "de": r"\bwert(?:e|es|en|s)?\b[^.]{0,50}\bauf dem tisch\b[^.]{0,15}\bvor(?:kommt|kommen)?\b"
            r"|\bdenselben wert wie\b[^.]{0,40}\bauf dem tisch\b",
            "es": r"\bmismo valor que\b[^.:;]{0,50}\bmesa\b|\bde valor \{rank\}[^.:;]{0,10}\ben la mesa\b",
            "tr": r"değer\w*[^.:]{0,45}masada|masada\w*[^.:]{0,45}değer",
            "da": r"\bværdi(en|er|erne)?\b[^.:]{0,40}\bpå bordet\b",
            "cs": r"hodnot\w*[^.:;]{0,40}\bna\s+stole",
        },
    ),
    "stop adding": (
        r"\badd(s)? no more\b|\badd(s)? nothing\b|\bstop(s)? adding\b",
        {
            "de": r"\bkeine\s+karten?\s+mehr\s+nach",
            "es": r"\bno\s+(?:\w+\s+){0,2}añad\w*\s+más\b",
            "tr": r"başka\s+(?:hiç\s+)?kart\s+ekleme",
            "da": r"\bl(æg|ægge|ægger|agde)\b\s+ikke\s+flere\s+(\w+\s+)?til\b"
            r"|\bikke\s+l(ægge|ægger|agde)\s+flere\s+(\w+\s+)?til\b",
            "cs": r"už\s+nic\s+nepřih\w*",
        },
    ),
}


@pytest.mark.parametrize("language", TRANSLATED)
def test_each_recurring_situation_has_one_phrasing(language: str) -> None:
    drifted = []
    for message in messages(load(language)):
        english = " ".join(message.id) if message.pluralizable else message.id
        for situation, (trigger, phrasings) in PHRASES.items():
            if re.search(trigger, english, re.IGNORECASE):
                drifted += [
                    (situation, f) for f in forms(message) if not re.search(phrasings[language], f, re.I)
                ]
    assert not drifted, f"{language}: {drifted}"


# Labels a text may name, quoted (“Take”): the translation quotes the label's own translation.
LABELS = ("Take", "Stop", "Hint", "Start again", "Show playable cards", "New game", "Review this game",
          "Easy", "Normal", "Hard")  # fmt: skip


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_text_that_names_a_button_quotes_its_label_exactly(language: str) -> None:
    catalog = load(language)
    opening, closing = QUOTES[language]
    wrong = []
    for message in messages(catalog):
        english = " ".join(message.id) if message.pluralizable else message.id
        for label in LABELS:
            if f"“{label}”" in english:
                quoted = f"{opening}{catalog[label].string}{closing}"
                wrong += [(label, form) for form in forms(message) if quoted not in form]
    assert not wrong, f"{language}: {wrong}"
