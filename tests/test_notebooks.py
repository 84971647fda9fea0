"""The notebooks: written from the lesson content (``make notebooks``), short collapsed cells
calling the package between a how-to-start text and a link to the next notebook, stored without
outputs, and every one runs to the end in every language (a real kernel per language,
``DURAK_LANG`` set, two kernels at a time).

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
from durak.tutorial.course_view import COURSE_TITLE
from durak.tutorial.exercises import NOTEBOOK_EXERCISES
from durak.tutorial.lessons import notebooks
from durak.tutorial.lessons.content import next_notebook
from durak.tutorial.lessons.views import Header

NOTEBOOK_DIR = Path(__file__).resolve().parent.parent / "notebooks"
ALL_NOTEBOOKS = sorted(path.stem for path in NOTEBOOK_DIR.glob("*.ipynb"))
LESSONS = list(lessons.NOTEBOOKS)  # 00–07; course.ipynb is the ninth
LESSON_NOTEBOOKS = list(NOTEBOOK_EXERCISES)  # 00–06; 07_play_vs_ai is the game
CALL = re.compile(r'lessons\.(\w+)\((?:"(\w+)")?\)')


def read(name: str) -> Any:
    return nbformat.read(NOTEBOOK_DIR / f"{name}.ipynb", as_version=4)


def code_cells(name: str) -> list[str]:
    return [cell.source for cell in read(name).cells if cell.cell_type == "code"]


def calls(name: str, function: str) -> list[str]:
    return [m[1] for source in code_cells(name) for m in CALL.findall(source) if m[0] == function]


# --- what the notebooks contain -------------------------------------------------------


def test_the_notebooks_are_the_planned_ones_in_order() -> None:
    assert list(notebooks.NAMES) == ALL_NOTEBOOKS == [*lessons.NOTEBOOKS, notebooks.COURSE]
    assert set(LESSON_NOTEBOOKS) < set(LESSONS)


@pytest.mark.parametrize("name", ALL_NOTEBOOKS)
def test_files_are_written_from_the_content(name: str) -> None:
    """Edit the content module (or a catalog), then `make notebooks`: never the file by hand."""
    assert (NOTEBOOK_DIR / f"{name}.ipynb").read_text(encoding="utf-8") == notebooks.text_of(name)


@pytest.mark.parametrize("name", ALL_NOTEBOOKS)
def test_stored_without_outputs(name: str) -> None:
    for cell in read(name).cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, cell.source


@pytest.mark.parametrize("name", LESSONS)
def test_cells_are_short_collapsed_calls_into_the_package(name: str) -> None:
    cells = code_cells(name)
    assert cells[0] == f'from durak.tutorial import lessons\n\nlessons.header("{name}")'
    for source in cells[1:]:
        assert CALL.fullmatch(source), f"one call per cell, not {source!r}"
    for cell in read(name).cells:
        if cell.cell_type == "code":
            assert cell.metadata["jupyter"]["source_hidden"] is True


@pytest.mark.parametrize("name", LESSONS)
def test_a_newcomer_reads_how_to_start_in_every_language_before_running(name: str) -> None:
    first = read(name).cells[0]
    assert first.cell_type == "markdown" and notebooks.LAB_ONLY in first.metadata["tags"]
    for language in LANGUAGES:
        how_to = notebooks.HOW_TO_GAME if name == "07_play_vs_ai" else notebooks.HOW_TO_LESSON
        title, sentence = localized(language, lessons.NOTEBOOKS[name].TITLE, how_to)
        menu = notebooks.menu_command(language)
        assert f"**{title}** · {sentence.format(menu=menu, app=notebooks.APP)}" in first.source
    assert "Run ▸ Run All Cells" in first.source


def test_the_how_to_names_jupyterlabs_menu_in_the_words_jupyterlab_shows_in_that_language() -> None:
    """JupyterLab's menus follow the tutorial's language where its language pack translates
    them (durak.tutorial.lab_locale): a German learner looks for "Ausführen", not "Run"."""
    assert notebooks.menu_command("en") == "**Run ▸ Run All Cells**"
    assert notebooks.menu_command("de") == "**Ausführen ▸ Alle Zellen ausführen**"
    assert notebooks.menu_command("tr") == "**Çalıştır ▸ Tüm Hücreleri Çalıştır**"
    assert notebooks.menu_command("es") == "**Run ▸ Ejecutar todas las celdas**"  # its pack leaves "Run"
    for language in ("da", "cs"):  # their packs leave the whole menu bar in English, so does the tutorial
        assert notebooks.menu_command(language) == "**Run ▸ Run All Cells**"


@pytest.mark.parametrize("name", LESSONS)
def test_ends_with_a_link_to_the_next_notebook(name: str) -> None:
    last = read(name).cells[-1]
    following = next_notebook(name)
    if following is None:
        assert last.cell_type == "code"
    else:
        assert last.cell_type == "markdown" and f"]({following}.ipynb)" in last.source
        words = [word for language in LANGUAGES for word in localized(language, notebooks.NEXT)]
        assert all(word in last.source for word in words)


# --- the static site's copies ---------------------------------------------------------


@pytest.mark.parametrize("name", ALL_NOTEBOOKS)
def test_the_sites_copy_names_the_sites_start_page_not_make_app_in_every_language(name: str) -> None:
    """On the static site there is no `make app`: the page without code is the site's own start
    page. Everything else is the repository's notebook, cell for cell."""
    site = nbformat.reads(notebooks.text_of(name, site=True), as_version=4)
    first, *rest = site.cells
    assert first.cell_type == "markdown" and notebooks.LAB_ONLY in first.metadata["tags"]
    if name == notebooks.COURSE:
        title, how_to = COURSE_TITLE, notebooks.HOW_TO_COURSE_ON_SITE
    else:
        title = lessons.NOTEBOOKS[name].TITLE
        how_to = notebooks.HOW_TO_GAME_ON_SITE if name == "07_play_vs_ai" else notebooks.HOW_TO_LESSON_ON_SITE
    for language in LANGUAGES:
        title_in, sentence = localized(language, title, how_to)
        assert f"**{title_in}** · {sentence.format(menu=notebooks.menu_command(language))}" in first.source
    assert "make app" not in notebooks.text_of(name, site=True)
    assert "start page" in first.source  # the English words, whatever the catalogs hold yet
    assert rest == read(name).cells[1:]


def test_the_sites_copies_go_to_their_own_folder_and_the_repositorys_stay_as_they_are(tmp_path: Path) -> None:
    before = {name: (NOTEBOOK_DIR / f"{name}.ipynb").read_bytes() for name in ALL_NOTEBOOKS}
    written = notebooks.write(tmp_path, site=True)
    assert sorted(path.name for path in written) == sorted(f"{name}.ipynb" for name in ALL_NOTEBOOKS)
    for path in written:
        assert path.read_text(encoding="utf-8") == notebooks.text_of(path.stem, site=True)
    assert {name: (NOTEBOOK_DIR / f"{name}.ipynb").read_bytes() for name in ALL_NOTEBOOKS} == before
    assert notebooks.main(["--check"]) == 0


def test_the_app_leaves_out_the_how_to_run_cells() -> None:
    notebook = notebooks.without_lab_cells(read("03_a_bout"))
    assert [cell.cell_type for cell in notebook.cells[:1]] == ["code"]
    assert "Run All Cells" not in json.dumps(notebook)
    assert notebook.cells[-1].cell_type == "markdown"  # the link to the next notebook stays


def test_only_the_game_notebook_has_no_picker_in_its_header() -> None:
    """The game has its own language picker: two on one page would be one too many."""
    for name in LESSONS:
        header = Header(name)
        try:
            assert (header.picker is None) == (name == "07_play_vs_ai")
        finally:
            header.close()


@pytest.mark.parametrize("name", LESSON_NOTEBOOKS)
def test_notebooks_show_their_exercises_in_order(name: str) -> None:
    assert calls(name, "exercise") == [factory.__name__ for factory in NOTEBOOK_EXERCISES[name]]
    assert set(calls(name, "intro")) <= set(lessons.TOPICS)


def test_every_topic_is_used_once() -> None:
    used = [topic for name in LESSONS for topic in calls(name, "intro")]
    assert sorted(used) == sorted(lessons.TOPICS)


# --- running them in every language ---------------------------------------------------


# Widgets of the notebook run before are closed first: their later messages must not count.
CLOSE_WIDGETS = "import ipywidgets\nipywidgets.Widget.close_all()"


def execute_all(language: str) -> dict[tuple[str, str], tuple[Any, BaseException | None]]:
    """Every notebook in ``language``, one after the other in one kernel: a kernel and the
    tutorial's import cost more than most notebooks' cells (nbval runs each in a fresh one)."""
    results: dict[tuple[str, str], tuple[Any, BaseException | None]] = {}
    with tempfile.TemporaryDirectory() as config:
        env = {**os.environ, "DURAK_LANG": language, "DURAK_CONFIG_DIR": config}
        client = nbclient.NotebookClient(
            read(ALL_NOTEBOOKS[0]), timeout=120, kernel_name="python3",
            resources={"metadata": {"path": str(NOTEBOOK_DIR)}},
        )  # fmt: skip
        try:
            for name in ALL_NOTEBOOKS:
                notebook = read(name)
                notebook.cells.insert(0, nbformat.v4.new_code_cell(CLOSE_WIDGETS))
                client.nb = notebook
                try:
                    client.execute(env=env, cleanup_kc=False)
                except Exception as error:  # reported by the test of this notebook and language
                    results[(name, language)] = (notebook, error)
                else:
                    results[(name, language)] = (notebook, None)
        finally:
            client._cleanup_kernel()
    return results


@pytest.fixture(scope="module")
def runs() -> Iterator[dict[tuple[str, str], tuple[Any, BaseException | None]]]:
    """Every notebook in every language, two kernels at a time (the machine has two cores)."""
    results: dict[tuple[str, str], tuple[Any, BaseException | None]] = {}
    with ThreadPoolExecutor(max_workers=2) as pool:
        for language_results in pool.map(execute_all, LANGUAGES):
            results.update(language_results)
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
@pytest.mark.parametrize("name", LESSONS)
def test_notebook_is_shown_in_its_language(runs: Any, name: str, language: str) -> None:
    notebook, error = runs[(name, language)]
    assert error is None
    text, models = widget_texts(notebook)
    dropdowns = [m["state"] for m in models.values() if m.get("model_name") == "DropdownModel"]
    pickers = [d for d in dropdowns if "Deutsch" in d.get("_options_labels", ())]
    assert [p["index"] for p in pickers] == [LANGUAGES.index(language)]  # one picker, showing the language
    expected = localized(language, lessons.NOTEBOOKS[name].TITLE)
    for topic in calls(name, "intro"):
        title, paragraphs = lessons.TOPICS[topic]
        expected += localized(language, title, *paragraphs)
    missing = [message for message in expected if message not in text]
    assert not missing, f"{name} in {language} does not show: {json.dumps(missing, ensure_ascii=False)}"


# --- the course notebook ----------------------------------------------------------------


def test_the_course_notebook_is_one_call_after_how_to_start_in_every_language() -> None:
    how_to, *cells = read(notebooks.COURSE).cells
    assert how_to.cell_type == "markdown" and notebooks.LAB_ONLY in how_to.metadata["tags"]
    for language in LANGUAGES:
        title, sentence = localized(language, COURSE_TITLE, notebooks.HOW_TO_COURSE)
        menu = notebooks.menu_command(language)
        assert f"**{title}** · {sentence.format(menu=menu, app=notebooks.APP)}" in how_to.source
    assert [(cell.cell_type, cell.source) for cell in cells] == [
        ("code", "from durak.tutorial import course\n\ncourse()")
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_course_notebook_shows_the_first_lesson_in_its_language(runs: Any, language: str) -> None:
    notebook, error = runs[(notebooks.COURSE, language)]
    assert error is None
    text, models = widget_texts(notebook)
    dropdowns = [m["state"] for m in models.values() if m.get("model_name") == "DropdownModel"]
    pickers = [d for d in dropdowns if "Deutsch" in d.get("_options_labels", ())]
    assert [p["index"] for p in pickers] == [LANGUAGES.index(language)]  # one picker: the top bar's
    expected = localized(language, lessons.NOTEBOOKS[LESSONS[0]].TITLE, lessons.NOTEBOOKS[LESSONS[1]].TITLE)
    missing = [message for message in expected if message not in text]  # the lesson, and the next one's name
    assert not missing, f"the course in {language} does not show: {json.dumps(missing, ensure_ascii=False)}"
