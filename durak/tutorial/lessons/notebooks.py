"""The notebook files, written from the content modules' cell plans: ``make notebooks``.

A notebook is its content module's ``CELLS`` after a header cell, framed by two markdown cells a
newcomer can read before running anything: how to start (in every language of
``locales/languages.toml``, from the catalogs, so that it is translated and reviewed with every
other string) and a link to the next notebook. A ninth, ``course.ipynb``, shows the whole course
on one page (one cell). The how-to cell is tagged :data:`LAB_ONLY`: the Voilà app runs the cells
itself and leaves it out.
``tests/test_notebooks.py`` checks that the files are exactly what this writes.

The static site (``lite/build.py``) ships copies of its own (``write(folder, site=True)``): there
the page without code is not ``make app`` but the site's own start page, and the how-to says so.

    python -m durak.tutorial.lessons.notebooks [--check] [FOLDER]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from durak.i18n import LANGUAGES, N_, endonym, translator
from durak.messages import fill
from durak.tutorial.lab_locale import lab_words
from durak.tutorial.lessons.content import NOTEBOOKS, next_notebook
from durak.tutorial.lessons.content.common import SHOW_GAME

__all__ = [
    "COURSE",
    "LAB_ONLY",
    "NAMES",
    "ON_SITE",
    "course_notebook",
    "main",
    "menu_command",
    "notebook",
    "without_lab_cells",
    "write",
]

FOLDER = Path(__file__).resolve().parents[3] / "notebooks"
LAB_ONLY = "durak-lab-only"
"""The tag of the cells only JupyterLab shows (the Voilà app drops them)."""


def menu_command(language: str) -> str:
    """**Run ▸ Run All Cells** in JupyterLab's own words for a learner of ``language``: its
    language pack's where the tutorial sets JupyterLab to that language (the launcher's ``--lang``,
    the picker, the site's course), else English (Danish, Czech: their packs leave the menus)."""
    return f"**{lab_words(language, 'Run', 'menu')} ▸ {lab_words(language, 'Run All Cells')}**"


APP = "`make app`"
# Translators: {menu} is JupyterLab's menu command, shown in English (JupyterLab's menus are);
# {app} is the command that starts the tutorial as an app without code.
HOW_TO_LESSON = N_(
    "How to start: in the menu choose {menu}. The lesson then appears below with its exercises, and "
    "you can pick your language at the top. Prefer a page without any code? Start the tutorial with {app}."
)
HOW_TO_GAME = N_(
    "How to start: in the menu choose {menu}. The game then appears below, and you can pick your "
    "language in it. Prefer a page without any code? Start the tutorial with {app}."
)
# Translators: {menu} is JupyterLab's menu command, shown in English (JupyterLab's menus are);
# {app} is the command that starts the tutorial as an app without code.
HOW_TO_COURSE = N_(
    "How to start: in the menu choose {menu}. The whole course then appears below, one lesson after "
    "another, with your language at the top. Prefer a page without any code? Start the tutorial with {app}."
)
# The same, in the static site's copies of the notebooks: the site has no `make app`, its start page
# (the address the site was opened at) shows the whole course without code.
# Translators: {menu} is JupyterLab's menu command, shown in English (JupyterLab's menus are);
# "this site's start page" is the web site's main address, where the whole course runs without code.
HOW_TO_LESSON_ON_SITE = N_(
    "How to start: in the menu choose {menu}. The lesson then appears below with its exercises, and "
    "you can pick your language at the top. Prefer a page without any code? This site's start page has "
    "the whole course, without code."
)
# Translators: {menu} is JupyterLab's menu command, shown in English (JupyterLab's menus are);
# "this site's start page" is the web site's main address, where the whole course runs without code.
HOW_TO_GAME_ON_SITE = N_(
    "How to start: in the menu choose {menu}. The game then appears below, and you can pick your "
    "language in it. Prefer a page without any code? This site's start page has the whole course, "
    "without code."
)
# Translators: {menu} is JupyterLab's menu command, shown in English (JupyterLab's menus are);
# "this site's start page" is the web site's main address, where the same course runs without code.
HOW_TO_COURSE_ON_SITE = N_(
    "How to start: in the menu choose {menu}. The whole course then appears below, one lesson after "
    "another, with your language at the top. Prefer a page without any code? This site's start page "
    "shows the same course, without code."
)
ON_SITE = {
    HOW_TO_LESSON: HOW_TO_LESSON_ON_SITE,
    HOW_TO_GAME: HOW_TO_GAME_ON_SITE,
    HOW_TO_COURSE: HOW_TO_COURSE_ON_SITE,
}
"""Each how-to and its words in the static site's copies."""
# Translators: the label of the link to the next notebook, at the end of each notebook.
NEXT = N_("Next")
COURSE = "course"
"""The notebook of the whole course on one page (:func:`durak.tutorial.course`)."""
NAMES = (*NOTEBOOKS, COURSE)
"""Every notebook file written: the lessons in order, then the course."""


def _markdown(cell_id: str, lines: list[str], tags: tuple[str, ...] = ()) -> dict[str, Any]:
    metadata: dict[str, Any] = {"tags": list(tags)} if tags else {}
    return {"cell_type": "markdown", "id": cell_id, "metadata": metadata, "source": _source(lines)}


def _code(cell_id: str, lines: list[str]) -> dict[str, Any]:
    # Collapsed: the cell only calls the lesson, and the lesson should read as a lesson.
    return {
        "cell_type": "code",
        "execution_count": None,
        "id": cell_id,
        "metadata": {"jupyter": {"source_hidden": True}},
        "outputs": [],
        "source": _source(lines),
    }


def _source(lines: list[str]) -> list[str]:
    """nbformat's multi-line form: every line but the last keeps its newline."""
    text = "\n".join(lines)
    return text.splitlines(keepends=True)


def _how_to_cell(cell_id: str, heading: str, titled: list[tuple[str, str]], site: bool) -> dict[str, Any]:
    """The how-to-start cell: per language, its name, a title and the how-to sentence (msgids);
    on the ``site``, the site's words (:data:`ON_SITE`)."""
    lines = [heading, ""]
    for language in LANGUAGES:
        words = translator(language)
        for title, how_to in titled:
            msgid = ON_SITE[how_to] if site else how_to
            sentence = fill(words.gettext(msgid), msgid, menu=menu_command(language), app=APP)
            lines += [f"*{endonym(language)}* — **{words.gettext(title)}** · {sentence}", ""]
    return _markdown(cell_id, lines[:-1], (LAB_ONLY,))


def _notebook(cells: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "cells": cells,
        "metadata": {
            "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def course_notebook(site: bool = False) -> dict[str, Any]:
    """``course.ipynb``: the whole course on one page, for those who want it inside JupyterLab."""
    # only its title: the course's module loads its widgets (anywidget), which neither `make notebooks`
    # nor Voilà's server process (voila_app) needs
    from durak.tutorial.course_view import COURSE_TITLE

    how_to = _how_to_cell("course-00", "# Durak", [(COURSE_TITLE, HOW_TO_COURSE)], site)
    return _notebook([how_to, _code("course-01", ["from durak.tutorial import course", "", "course()"])])


def notebook(name: str, site: bool = False) -> dict[str, Any]:
    """The notebook ``name`` as nbformat 4 JSON (a lesson's, or :data:`COURSE`); ``site``: the
    static site's copy."""
    if name == COURSE:
        return course_notebook(site)
    module = NOTEBOOKS[name]
    number = name.split("_", 1)[0]
    how_to = HOW_TO_GAME if SHOW_GAME in module.CELLS else HOW_TO_LESSON
    cells = [_how_to_cell(f"{number}-00", f"# Durak · {number}", [(module.TITLE, how_to)], site)]
    header = ["from durak.tutorial import lessons", "", f'lessons.header("{name}")']
    cells.append(_code(f"{number}-01", header))
    cells += [_code(f"{number}-{index:02d}", [cell.source]) for index, cell in enumerate(module.CELLS, 2)]
    following = next_notebook(name)
    if following is not None:
        label = " · ".join(translator(language).gettext(NEXT) for language in LANGUAGES)
        link = f"[Durak · {following.split('_', 1)[0]} →]({following}.ipynb)"
        cells.append(_markdown(f"{number}-99", [f"**{label}:** {link}"]))
    return _notebook(cells)


def text_of(name: str, site: bool = False) -> str:
    """The file's text, as :func:`write` writes it."""
    return json.dumps(notebook(name, site), indent=1, ensure_ascii=False) + "\n"


def write(folder: Path = FOLDER, site: bool = False) -> list[Path]:
    """Write every notebook into ``folder`` (removing notebooks no content module plans); ``site``:
    the static site's copies (the build writes them into a folder of its own)."""
    folder.mkdir(parents=True, exist_ok=True)
    for stale in folder.glob("*.ipynb"):
        if stale.stem not in NAMES:
            stale.unlink()
    written = []
    for name in NAMES:
        path = folder / f"{name}.ipynb"
        path.write_text(text_of(name, site), encoding="utf-8")
        written.append(path)
    return written


def without_lab_cells(notebook_node: Any) -> Any:
    """The notebook without its :data:`LAB_ONLY` cells (Voilà's ``prelaunch_hook`` uses it)."""
    cells = notebook_node.cells
    notebook_node.cells = [cell for cell in cells if LAB_ONLY not in cell.metadata.get("tags", ())]
    return notebook_node


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path, default=FOLDER)
    parser.add_argument("--check", action="store_true", help="only report notebooks that differ")
    args = parser.parse_args(argv)
    if args.check:
        stale = [
            name
            for name in NAMES
            if not (args.folder / f"{name}.ipynb").exists()
            or (args.folder / f"{name}.ipynb").read_text(encoding="utf-8") != text_of(name)
        ]
        extra = sorted(p.stem for p in args.folder.glob("*.ipynb") if p.stem not in NAMES)
        for name in [*stale, *extra]:
            print(f"{name}.ipynb is not what `make notebooks` writes", file=sys.stderr)
        return 1 if stale or extra else 0
    for path in write(args.folder):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
