"""The arena: duplicate deals, reproducible results, the report and the command line."""

from __future__ import annotations

import io
import itertools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from durak import Game
from durak.ai import GreedyPlayer, Player, RandomPlayer, make_player
from durak.arena import (
    ArenaRecordMismatch,
    Match,
    behaviour_digest,
    digest_positions,
    main,
    play_game,
    player_seed,
    playing,
    read_record,
    recorded_match,
    run_arena,
    wilson_interval,
)


def test_every_deal_is_played_twice_with_the_seats_swapped() -> None:
    result = run_arena("greedy", "random", games=10, seed=3, progress=False)
    assert result.games == 10
    deals = [record.deal for record in result.records]
    assert deals == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4]
    assert [record.seats for record in result.records[:2]] == [(0, 1), (1, 0)]
    assert sum(result.wins) + result.draws == 10


def test_results_are_reproducible_from_the_seed() -> None:
    def outcomes(seed: int) -> list[tuple[int, int | None, int]]:
        result = run_arena("hard", "greedy", games=2, seed=seed, iterations=(30, None), progress=False)
        return [(r.deal, r.loser, r.actions) for r in result.records]

    assert outcomes(5) == outcomes(5)
    assert outcomes(5) != outcomes(6)


def test_parallel_workers_give_the_same_results() -> None:
    one = run_arena("easy", "random", games=6, seed=2, progress=False)
    two = run_arena("easy", "random", games=6, seed=2, jobs=2, progress=False)
    assert [(r.loser, r.actions) for r in one.records] == [(r.loser, r.actions) for r in two.records]


def test_play_game_records_a_time_for_every_decision() -> None:
    loser, times, actions = play_game(Game.new(seed=4), [GreedyPlayer(), RandomPlayer(1)])
    assert loser in (0, 1, None)
    assert len(times[0]) + len(times[1]) == actions > 0


def test_playing_stops_before_every_decision_and_may_be_left() -> None:
    game = Game.new(seed=4)
    before = []
    for seat, legal in playing(game, [GreedyPlayer(), RandomPlayer(1)]):
        assert seat == game.to_move and legal == game.legal_actions()
        before.append(len(game.history))
    assert game.is_over and before == list(range(len(game.history)))
    played = Game.new(seed=4)
    assert play_game(played, [GreedyPlayer(), RandomPlayer(1)])[0] == game.loser
    assert played.history == game.history
    left = Game.new(seed=4)
    for _ in itertools.islice(playing(left, [GreedyPlayer(), RandomPlayer(1)]), 5):
        pass
    assert left.history == game.history[:4]  # the fifth decision was never asked for


def test_a_deal_of_a_record_plays_again_alone_with_the_recorded_seeds(tmp_path: Path) -> None:
    # what research/paired_variant.py and research/loss_phases.py rest on
    record = tmp_path / "games.jsonl"
    run_arena("easy", "random", games=6, seed=2, progress=False, record=record)
    match = recorded_match(record)
    assert match == Match(("easy", "random"), (None, None), 2)
    recorded = read_record(record, match)[2]
    made: list[tuple[str, int]] = []

    def make(level: str, seed: int, iterations: int | None) -> Player:
        made.append((level, seed))
        return make_player(level, seed, iterations)

    again = match.play_deal(2, make)
    assert [(g.seats, g.loser, g.actions) for g in again] == [(g.seats, g.loser, g.actions) for g in recorded]
    sides = [(0, 1), (1, 0)]  # side 0 as player 0, then side 1 as player 0
    assert made == [(match.levels[side], player_seed(2, 2, side)) for seats in sides for side in seats]


def test_the_digest_positions_are_fixed_decisions_with_a_stock_and_without() -> None:
    positions = digest_positions()
    assert [bool(game.stock) for game, _ in positions] == [True] * 7 + [False] * 5
    for game, legal in positions:
        assert not game.is_over and len(legal) > 1 and legal == game.legal_actions()
    assert [game.history for game, _ in positions] == [game.history for game, _ in digest_positions()]


def test_the_arena_pits_the_reference_levels_no_learner_is_offered() -> None:
    result = run_arena("clairvoyant", "hard-v1", games=2, seed=1, iterations=(20, 20), progress=False)
    assert result.games == 2 and result.levels == ("clairvoyant", "hard-v1")


def test_wilson_interval() -> None:
    low, high = wilson_interval(90, 100)
    assert low == pytest.approx(0.8256, abs=1e-3) and high == pytest.approx(0.9448, abs=1e-3)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(100, 100)
    assert low > 0.96 and high == 1.0


def test_report_names_every_figure() -> None:
    result = run_arena("greedy", "random", games=20, seed=1, progress=False)
    text = result.report()
    wins, losses = result.wins
    assert f"{'greedy':<12}{wins:>7}{result.draws:>7}{losses:>8}" in text
    assert f"{'random':<12}{losses:>7}{result.draws:>7}{wins:>8}" in text
    for words in (
        "wins",
        "draws",
        "losses",
        "decisive games",
        "95% Wilson interval",
        "median",
        "95th percentile",
    ):
        assert words in text
    assert "games per second" in text
    scores = result.deal_scores()
    assert sum(scores.values()) == 10
    assert sum(score * deals for score, deals in scores.items()) == wins + result.draws / 2
    assert f"deals greedy won in both seats: {scores[2.0]}, split: {scores[1.0]}, lost in both seats" in text


def test_progress_is_shown_while_playing() -> None:
    out = io.StringIO()
    run_arena("greedy", "greedy", games=20, seed=1, out=out)
    assert "progress: 20/20 games" in out.getvalue()


def test_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    main(["greedy", "random", "--games", "6", "--seed", "2", "--no-progress"])
    printed = capsys.readouterr().out
    assert printed.startswith("greedy vs random: 6 games (3 duplicate deals, seats swapped), seed 2")
    with pytest.raises(SystemExit):
        main(["greedy", "expert"])


def test_a_recorded_run_plays_only_the_deals_it_lacks_and_reports_on_all(tmp_path: Path) -> None:
    record = tmp_path / "runs" / "games.jsonl"  # its folder is made too
    first = run_arena("easy", "random", games=4, seed=2, progress=False, record=record)
    assert first.resumed == 0 and len(record.read_text().splitlines()) == 1 + 4
    resumed = run_arena("easy", "random", games=8, seed=2, progress=False, record=record)
    fresh = run_arena("easy", "random", games=8, seed=2, progress=False)
    assert resumed.resumed == 4
    assert [r.times[0][:3] for r in resumed.records[:4]] == [
        tuple(round(t, 6) for t in r.times[0][:3]) for r in first.records
    ]
    assert [(r.deal, r.seats, r.loser, r.actions) for r in resumed.records] == [
        (r.deal, r.seats, r.loser, r.actions) for r in fresh.records
    ]
    assert "4 of the games were played earlier and read from the record" in resumed.report()
    assert len(record.read_text().splitlines()) == 1 + 8


def test_a_record_cut_short_loses_only_the_unfinished_deal(tmp_path: Path) -> None:
    record = tmp_path / "games.jsonl"
    run_arena("greedy", "random", games=6, seed=1, progress=False, record=record)
    lines = record.read_text().splitlines()
    record.write_text("\n".join(lines[:-1]) + "\n" + lines[-1][:10])  # deal 2 half written
    again = run_arena("greedy", "random", games=6, seed=1, progress=False, record=record)
    assert again.resumed == 4
    assert [r.deal for r in again.records] == [0, 0, 1, 1, 2, 2]

    def games(text_lines: list[str]) -> list[tuple[int, list[int], int | None, int]]:
        return [(g["deal"], g["seats"], g["loser"], g["actions"]) for g in map(json.loads, text_lines)]

    assert games(record.read_text().splitlines()[1:]) == games(lines[1:])  # times differ, moves not


@pytest.mark.parametrize(
    ("other", "words"),
    [
        ({"seed": 2}, "this run is greedy vs random at \\[None, None\\] playouts, seed 2"),
        ({"level1": "easy"}, "this run is greedy vs easy"),
    ],
)
def test_a_record_of_another_match_is_refused(tmp_path: Path, other: dict[str, Any], words: str) -> None:
    record = tmp_path / "games.jsonl"
    run_arena("greedy", "random", games=2, seed=1, progress=False, record=record)
    before = record.read_text()
    match = {"level0": "greedy", "level1": "random", "seed": 1, **other}
    with pytest.raises(ArenaRecordMismatch, match=words):
        run_arena(games=4, progress=False, record=record, **match)
    assert record.read_text() == before


def test_a_record_of_code_that_plays_differently_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = tmp_path / "games.jsonl"
    run_arena("greedy", "random", games=2, seed=1, progress=False, record=record)
    before = record.read_text()
    original = behaviour_digest("greedy", None)
    assert json.loads(before.splitlines()[0])["plays"] == [original, behaviour_digest("random", None)]
    # Greedy changed to play its last legal move: its digest changes, and the record is refused.
    monkeypatch.setattr(GreedyPlayer, "choose", lambda self, observation, legal: legal[-1])
    behaviour_digest.cache_clear()
    try:
        changed = behaviour_digest("greedy", None)
        with pytest.raises(ArenaRecordMismatch, match=r"it holds greedy vs random .* playing as \w+ and"):
            run_arena("greedy", "random", games=4, seed=1, progress=False, record=record)
    finally:
        behaviour_digest.cache_clear()
    assert changed != original
    assert record.read_text() == before


def test_the_behaviour_digest_tells_levels_and_budgets_apart() -> None:
    sides = [("random", None), ("greedy", None), ("easy", None), ("normal", 30), ("normal", 40)]
    digests = {behaviour_digest(level, budget) for level, budget in sides}
    assert len(digests) == 5
    assert behaviour_digest("normal", 30) == behaviour_digest("normal", 30)


def test_command_line_refuses_a_record_of_another_match(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "games.jsonl"
    main(["greedy", "random", "--games", "2", "--no-progress", "--record", str(record)])
    with pytest.raises(SystemExit):
        main(["greedy", "random", "--games", "2", "--seed", "9", "--no-progress", "--record", str(record)])
    assert "records another match, or code that plays differently" in capsys.readouterr().err


# --- N7, N8 of reviews/2026-12-03/reliability.md: damaged records, bad arguments ---------


DAMAGE: dict[str, Callable[[list[str]], list[str]]] = {
    "seats of text": lambda g: [_edit(g[0], seats=["x", 1]), *g[1:]],
    "no seats": lambda g: [_edit(g[0], seats=[]), *g[1:]],
    "seats 1 1": lambda g: [_edit(g[0], seats=[1, 1]), *g[1:]],
    "loser 7": lambda g: [_edit(g[0], loser=7), *g[1:]],
    "loser true": lambda g: [_edit(g[0], loser=True), *g[1:]],
    "a line twice": lambda g: [g[0], g[0], *g[2:]],
    "nested 100,000 deep": lambda g: ["[" * 100_000, *g[1:]],
    "deal as text": lambda g: [_edit(g[0], deal="0"), _edit(g[1], deal="0"), *g[2:]],
    "negative deal": lambda g: [_edit(g[0], deal=-1), _edit(g[1], deal=-1), *g[2:]],
    "times of text": lambda g: [_edit(g[0], times=[["NaN"], [1]]), *g[1:]],
    "not an object": lambda g: ["[1, 2]", *g[1:]],
    "not json": lambda g: ["{oops", *g[1:]],
}


def _edit(line: str, **changes: Any) -> str:
    return json.dumps({**json.loads(line), **changes})


@pytest.mark.parametrize("damage", DAMAGE, ids=str)
def test_N7_a_damaged_line_is_skipped_with_a_warning_and_its_deal_played_again(
    tmp_path: Path, damage: str, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "games.jsonl"
    fresh = run_arena("random", "random", games=4, seed=1, progress=False, record=record)
    header, *games = record.read_text().splitlines()
    record.write_text("\n".join([header, *DAMAGE[damage](games)]) + "\n")
    capsys.readouterr()
    again = run_arena("random", "random", games=4, seed=1, progress=False, record=record)
    warning = capsys.readouterr().err
    line = 3 if damage == "a line twice" else 2  # the second copy is the one too many
    assert f"{record}: line {line} is damaged (" in warning and "skipped; its deal is played again" in warning
    assert again.resumed == 2  # deal 1 was read, deal 0 played again
    assert [(r.deal, r.seats, r.loser, r.actions) for r in again.records] == [
        (r.deal, r.seats, r.loser, r.actions) for r in fresh.records
    ]
    assert again.wins == fresh.wins and again.draws == fresh.draws
    kept = [json.loads(line) for line in record.read_text().splitlines()[1:]]  # the file is whole again
    assert sorted((g["deal"], g["seats"]) for g in kept) == [
        (0, [0, 1]),
        (0, [1, 0]),
        (1, [0, 1]),
        (1, [1, 0]),
    ]


def test_N7_a_header_nested_too_deeply_is_not_an_arena_record(tmp_path: Path) -> None:
    record = tmp_path / "games.jsonl"
    record.write_text("[" * 100_000 + "\n")
    with pytest.raises(ArenaRecordMismatch, match="is not an arena record"):
        run_arena("random", "random", games=2, seed=1, progress=False, record=record)


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        (["--seed", "-1"], "--seed must be a whole number from 0 to 2329428472497733 for 2 games, not -1"),
        (["--seed", "2329000000000000000"], "not 2329000000000000000"),
        (["--iterations", "0", "5"], "--iterations must be at least 1 each, not 0 5"),
        (["--iterations", "5", "-3"], "--iterations must be at least 1 each, not 5 -3"),
        (["--jobs", "0"], "--jobs must be at least 1, not 0"),
    ],
)
def test_N8_arguments_out_of_range_are_argparse_errors_naming_the_value(
    arguments: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["easy", "normal", "--games", "2", "--no-progress", *arguments])
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert words in error and "Traceback" not in error


def test_N8_the_largest_seed_allowed_plays() -> None:
    result = run_arena("random", "random", games=2, seed=2329428472497733, progress=False)
    assert result.games == 2
