"""Every rule point R1–R12 is taught by at least one interactive exercise shown in a notebook,
and notebooks/README.md's table (rule → notebook → exercise) says exactly that."""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path

import pytest

from durak.tutorial.exercises import NOTEBOOK_EXERCISES

ROOT = Path(__file__).resolve().parent.parent
RULE_IDS = [f"R{n}" for n in range(1, 13)]
# R2 ("two players, you and the AI, play one deal") is the setting of every exercise, not a
# choice to click: an exercise labelled R2 cited it under wrong answers about who is the Durak (R12).
UNCLICKABLE = ("R2",)
ROW = re.compile(r"^\| (R\d+) \| `(\w+)` \| `(\w+)` \|", re.MULTILINE)
EXERCISE_CALL = re.compile(r'lessons\.exercise\("(\w+)"\)')


def taught() -> set[tuple[str, str, str]]:
    """(rule, notebook, exercise) for every exercise registered for a notebook."""
    return {
        (factory().rule, notebook, factory.__name__)
        for notebook, factories in NOTEBOOK_EXERCISES.items()
        for factory in factories
    }


def shown_in_notebooks() -> set[tuple[str, str]]:
    """(notebook, exercise) for every exercise a notebook cell really shows."""
    shown = set()
    for path in (ROOT / "notebooks").glob("*.ipynb"):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "code":
                source = "".join(cell["source"])
                shown |= {(path.stem, exercise_id) for exercise_id in EXERCISE_CALL.findall(source)}
    return shown


def test_every_rule_is_taught_by_an_exercise_in_a_notebook() -> None:
    shown = shown_in_notebooks()
    by_rule: dict[str, set[str]] = defaultdict(set)
    for rule, notebook, exercise_id in taught():
        if (notebook, exercise_id) in shown:
            by_rule[rule].add(exercise_id)
    uncovered = [rule for rule in RULE_IDS if rule not in by_rule]
    assert uncovered == list(UNCLICKABLE), f"rules without an exercise: {uncovered}"
    assert set(by_rule) <= set(RULE_IDS)  # and no exercise names a rule that does not exist


def test_readme_table_matches_the_exercises() -> None:
    readme = (ROOT / "notebooks" / "README.md").read_text(encoding="utf-8")
    rows = ROW.findall(readme)
    assert len(rows) == len(set(rows)), "a row appears twice"
    assert set(rows) == taught()


def test_rule_ids_match_the_rules_file() -> None:
    """The ids are RULES.md's, where the shared rules file is available (outside this repository)."""
    rules = next(
        (p for p in (ROOT.parent / "shared" / "RULES.md", Path("/work/shared/RULES.md")) if p.exists()), None
    )
    if rules is None:
        pytest.skip("the shared RULES.md is not next to this checkout")
    ids = re.findall(r"^## .* — (R\d+)$", rules.read_text(encoding="utf-8"), re.MULTILINE)
    assert ids == RULE_IDS
