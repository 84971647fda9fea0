"""The notebooks: short cells calling the package, stored without outputs, and every one runs to
the end in every language (a real kernel per run, ``DURAK_LANG`` set, two kernels at a time).

``pytest --nbval-lax notebooks/`` runs them once more, the nbval way.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from html import unescape
from pathlib import Path
from typing import Any

import nbclient  # the test extra installs nbclient, nbformat and ipykernel
import nbformat
import pytest

from durak.i18n import LANGUAGES, gettext, set_language
from durak.tutorial import lessons
from durak.tutorial.exercises import NOTEBOOK_EXERCISES

NOTEBOOK_DIR = Path(__file__).resolve().parent.parent / "notebooks"
ALL_NOTEBOOKS = sorted(path.stem for path in NOTEBOOK_DIR.glob("*.ipynb"))
LESSON_NOTEBOOKS = list(NOTEBOOK_EXERCISES)  # 00–04; 05_play_vs_ai belongs to the game view
CALL = re.compile(r'lessons\.(\w+)\((?:"(\w+)")?\)')


def read(name: str) -> Any:
    return nbformat.read(NOTEBOOK_DIR / f"{name}.ipynb", as_version=4)


def code_cells(name: str) -> list[str]:
    return [cell.source for cell in read(name).cells if cell.cell_type == "code"]


def calls(name: str, function: str) -> list[str]:
    return [m[1] for source in code_cells(name) for m in CALL.findall(source) if m[0] == function]


# --- what the notebooks contain -------------------------------------------------------


def test_the_lesson_notebooks_exist() -> None:
    assert set(LESSON_NOTEBOOKS) <= set(ALL_NOTEBOOKS)


@pytest.mark.parametrize("name", ALL_NOTEBOOKS)
def test_stored_without_outputs(name: str) -> None:
    for cell in read(name).cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, cell.source


@pytest.mark.parametrize("name", LESSON_NOTEBOOKS)
def test_cells_are_short_calls_into_the_package(name: str) -> None:
    cells = code_cells(name)
    assert cells[0] == f'from durak.tutorial import lessons\n\nlessons.header("{name}")'
    for source in cells[1:]:
        assert CALL.fullmatch(source), f"one call per cell, not {source!r}"
    for cell in read(name).cells:
        if cell.cell_type == "markdown":  # markdown cannot be translated: keep it language-neutral
            assert re.fullmatch(r"# Durak · \d\d", cell.source), cell.source


@pytest.mark.parametrize("name", LESSON_NOTEBOOKS)
def test_notebooks_show_their_exercises_in_order(name: str) -> None:
    assert calls(name, "exercise") == [factory.__name__ for factory in NOTEBOOK_EXERCISES[name]]
    assert set(calls(name, "intro")) <= set(lessons.TOPICS)


def test_every_topic_is_used_once() -> None:
    used = [topic for name in LESSON_NOTEBOOKS for topic in calls(name, "intro")]
    assert sorted(used) == sorted(lessons.TOPICS)


# --- running them in every language ---------------------------------------------------


def execute(name: str, language: str) -> tuple[Any, BaseException | None]:
    notebook = read(name)
    with tempfile.TemporaryDirectory() as config:
        env = {**os.environ, "DURAK_LANG": language, "DURAK_CONFIG_DIR": config}
        client = nbclient.NotebookClient(
            notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOK_DIR)}}
        )
        try:
            client.execute(env=env)
        except Exception as error:  # reported by the test of this notebook and language
            return notebook, error
    return notebook, None


@pytest.fixture(scope="module")
def runs() -> Iterator[dict[tuple[str, str], tuple[Any, BaseException | None]]]:
    """Every notebook in every language, two kernels at a time (the machine has two cores)."""
    pairs = [(name, language) for name in ALL_NOTEBOOKS for language in LANGUAGES]
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = dict(zip(pairs, pool.map(lambda pair: execute(*pair), pairs), strict=True))
    yield results


def widget_texts(notebook: Any) -> tuple[str, dict[str, Any]]:
    """Every string value of the notebook's widget models (HTML unescaped), and the models."""
    state = notebook.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {})
    models = state.get("state", {})
    texts: list[str] = []

    def collect(value: Any) -> None:
        if isinstance(value, str):
            texts.append(unescape(value))
        elif isinstance(value, dict):
            for item in value.values():
                collect(item)
        elif isinstance(value, list):
            for item in value:
                collect(item)

    collect(models)
    return "\n".join(texts), models


def localized(language: str, *messages: str) -> list[str]:
    set_language(language)
    try:
        return [gettext(message) for message in messages]
    finally:
        set_language("en")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", ALL_NOTEBOOKS)
def test_notebook_runs_to_the_end(runs: Any, name: str, language: str) -> None:
    notebook, error = runs[(name, language)]
    assert error is None, f"{name} in {language}: {error}"
    for cell in notebook.cells:
        if cell.cell_type == "code":
            assert cell.execution_count is not None
            assert not [o for o in cell.outputs if o.output_type == "error"]
            assert not [o for o in cell.outputs if o.get("name") == "stderr" and "Traceback" in o.text]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", LESSON_NOTEBOOKS)
def test_notebook_is_shown_in_its_language(runs: Any, name: str, language: str) -> None:
    notebook, error = runs[(name, language)]
    assert error is None
    text, models = widget_texts(notebook)
    pickers = [m["state"] for m in models.values() if m.get("model_name") == "DropdownModel"]
    assert [p["index"] for p in pickers] == [LANGUAGES.index(language)]  # the picker shows the language
    expected = localized(language, lessons.NOTEBOOK_TITLES[name])
    for topic in calls(name, "intro"):
        title, paragraphs = lessons.TOPICS[topic]
        expected += localized(language, title, *paragraphs)
    missing = [message for message in expected if message not in text]
    assert not missing, f"{name} in {language} does not show: {json.dumps(missing, ensure_ascii=False)}"
