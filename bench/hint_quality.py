"""How well the hints and reviews teach, measured on fixed games of a stand-in learner (issue 30).

Usage: python -m bench.hint_quality [--games 30] [--first 9200] [--every 1] [--hint-iterations N]
                                    [--samples FILE.md] [--languages en,de] [--pyodide N]

The games are the baseline reading's (``../shared/reviews/2026-12-03/hints-and-reviews.md``):
for each seed s from ``--first`` on, ``Game.new(seed=s)`` with the learner in seat 0 played by
``make_player("easy", seed=s)`` (lesson 06's rule of thumb, a random move one time in four) and
the AI in seat 1 by ``make_player("normal", seed=s+1, iterations=60)``. At every ``--every``-th
decision of the learner with more than one legal action the hint is asked for (its default
budget), as the Hint button would; the learner then plays its own move. Each finished game is
reviewed with the review's defaults (on one core, its CPU time measured), and reviewed again to
check that the verdict is the same.

Printed: the share of generic reasons (the search's say-so: target at most 5%), the reasons that
do not hold in their position (``durak.ai.teaching.holds``: target 0), how often the hint is
lesson 06's move and how often an exception is said as one, the lesson-06 patterns named per
game, and the review's time per game (target: a median of at most 3 s).

``--samples FILE.md`` also writes, for a reader to rate as the baseline reading did, the texts a
learner would read in each language of ``--languages``: the three steps of the hint at the
learner's 4th and 11th decisions (the reading's), with the position, and each game's review.

``--pyodide N`` also times the review of the first N games in the static site's Pyodide
(``site/static/pyodide``, after ``make site``) under Node.js, with this source tree mounted over
the site's own durak: the Python that learners' browsers run (target: at most 10 s a game).
"""

from __future__ import annotations

import collections
import json
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from bench._common import ROOT, command_line, learner_players
from durak import Game
from durak.ai.hints import HINT_ITERATIONS, Hint, HintStep, hint
from durak.ai.review import Review, review
from durak.ai.teaching import holds, lesson_action
from durak.arena import playing
from durak.game import Observation
from durak.i18n import set_language


def main() -> None:
    parser = command_line(__doc__)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--first", type=int, default=9200)
    parser.add_argument("--every", type=int, default=1, help="hint at every n-th decision of the learner")
    parser.add_argument("--hint-iterations", type=int, default=HINT_ITERATIONS)
    parser.add_argument("--samples", type=Path, help="write the reading's hints and the reviews to this file")
    parser.add_argument("--languages", default="en,de", help="the languages of the samples")
    parser.add_argument("--pyodide", type=int, default=0, help="time this many reviews in the site's Pyodide")
    args = parser.parse_args()
    samples: list[str] = []
    languages = args.languages.split(",")

    reasons: collections.Counter[str] = collections.Counter()
    hints = generic = false = lesson_moves = exceptions = exceptions_said = 0
    moments = moment_generic = moment_false = moment_lesson_played = 0
    patterns: list[int] = []
    times: list[float] = []
    differing = 0
    hint_seconds = 0.0
    print("game  decisions  hints  generic  false  moments  patterns  review s")
    for seed in range(args.first, args.first + args.games):
        game = Game.new(seed=seed)
        decisions = game_hints = game_generic = game_false = 0
        for seat, legal in playing(game, learner_players(seed, seed + 1)):
            if seat == 0 and len(legal) > 1:
                decisions += 1
                sampled = args.samples is not None and decisions in SAMPLED
                if decisions % args.every == 0 or sampled:
                    seen = game.observation(0)
                    start = time.process_time()
                    tip = hint(seen, legal, iterations=args.hint_iterations)
                    if sampled:
                        samples.append(
                            _hint_sample(seed, decisions, len(game.history) + 1, seen, tip, languages)
                        )
                if decisions % args.every == 0:
                    hint_seconds += time.process_time() - start
                    game_hints += 1
                    reasons[tip.reason.value] += 1
                    game_generic += tip.explanation.generic
                    game_false += not holds(seen, tip.action, tip.explanation, tip.lesson)
                    lesson = lesson_action(seen)
                    lesson_moves += tip.action == lesson
                    if tip.action != lesson and not tip.reason.value.startswith("endgame"):
                        exceptions += 1
                        exceptions_said += tip.lesson == lesson
        start = time.process_time()
        verdict = review(game)
        seconds = time.process_time() - start
        times.append(seconds)
        if args.samples is not None:
            samples.append(_review_sample(seed, game, verdict, languages))
        differing += review(game) != verdict
        found = _moment_checks(game, verdict)
        moments += found[0]
        moment_generic += found[1]
        moment_false += found[2]
        moment_lesson_played += found[3]
        patterns.append(len(verdict.patterns))
        hints += game_hints
        generic += game_generic
        false += game_false
        print(
            f"{seed:>4}  {decisions:>9}  {game_hints:>5}  {game_generic:>7}  {game_false:>5}"
            f"  {len(verdict.moments):>7}  {len(verdict.patterns):>8}  {seconds:>8.2f}"
        )
    print()
    print(f"{args.games} games, {hints} hints ({hint_seconds / max(1, hints):.2f} s CPU each)")
    print(f"generic reasons: {generic} of {hints} hints = {generic / max(1, hints):.1%} (target <= 5%)")
    print(f"reasons that do not hold: {false} of {hints} hints (target 0)")
    print(f"hint = lesson 06's move: {lesson_moves} of {hints} = {lesson_moves / max(1, hints):.1%}")
    print(f"exceptions to lesson 06 (search moves): {exceptions}, said as exceptions: {exceptions_said}")
    print(
        f"review moments (search): {moments}, generic {moment_generic}, not holding {moment_false}, "
        f"the learner had played the lesson's move in {moment_lesson_played}"
    )
    print(
        f"patterns per game: mean {statistics.mean(patterns):.2f}, median {statistics.median(patterns)}, "
        f"games with a pattern {sum(1 for n in patterns if n)} of {len(patterns)}"
    )
    print(
        f"review CPU time per game: median {statistics.median(times):.2f} s (target <= 3 s), "
        f"slowest {max(times):.2f} s"
    )
    print(f"reviewed twice, verdicts that differ: {differing} of {args.games}")
    print("reasons:", ", ".join(f"{code} {n}" for code, n in reasons.most_common()))
    if args.samples is not None:
        args.samples.write_text("\n".join(samples), encoding="utf-8")
        print(f"samples written to {args.samples}")
    if args.pyodide:
        print(_pyodide_reviews(range(args.first, args.first + args.pyodide)))


PYODIDE_REVIEWS = """
import statistics, sys, time
for name in [m for m in sys.modules if m == "durak" or m.startswith("durak.")]:
    del sys.modules[name]
sys.path.insert(0, "/mnt/durak")  # this tree, not the site's wheel
from bench._common import learner_players
from durak import Game
from durak.ai.review import review
from durak.arena import play_game
seconds = []
for seed in SEEDS:
    game = Game.new(seed=seed)
    play_game(game, learner_players(seed, seed + 1))
    start = time.perf_counter()
    review(game)
    seconds.append(time.perf_counter() - start)
median = statistics.median(seconds)
REPORT = (f"Pyodide ({sys.version.split()[0]}): review time per game, median {median:.2f} s, "
          f"slowest {max(seconds):.2f} s over {len(seconds)} games (target <= 10 s)")
"""
NODE = """
const {{ loadPyodide }} = await import({mjs});
const pyodide = await loadPyodide({{ indexURL: {index}, packages: ["durak"] }});
pyodide.FS.mkdirTree("/mnt/durak");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, {{ root: {root} }}, "/mnt/durak");
pyodide.globals.set("SEEDS", pyodide.toPy({seeds}));
pyodide.runPython({code});
console.log(pyodide.globals.get("REPORT"));
"""


def _pyodide_reviews(seeds: range) -> str:
    """The review's wall time per game in the site's Pyodide, under Node.js."""
    pyodide = ROOT / "site" / "static" / "pyodide"
    if not (pyodide / "pyodide.mjs").exists():
        return f"no Pyodide in {pyodide}: run `make site` first"
    script = NODE.format(
        mjs=json.dumps((pyodide / "pyodide.mjs").as_uri()),
        index=json.dumps(f"{pyodide}/"),
        root=json.dumps(str(ROOT)),
        seeds=json.dumps(list(seeds)),
        code=json.dumps(PYODIDE_REVIEWS),
    )
    with tempfile.NamedTemporaryFile("w", suffix=".mjs", delete=False) as file:
        file.write(script)
    try:
        return subprocess.run(["node", file.name], check=True, capture_output=True, text=True).stdout.strip()
    finally:
        Path(file.name).unlink()


SAMPLED = (4, 11)  # the learner's decisions whose hints the baseline reading rated


def _hint_sample(
    seed: int, decision: int, move: int, seen: Observation, tip: Hint, languages: list[str]
) -> str:
    """The hint's three steps as the game view shows them, with the position as the learner saw it."""
    from durak.tutorial.game_model import ShownHint
    from durak.tutorial.game_view import hint_text

    table = " ".join(f"{attack}/{defence or '?'}" for attack, defence in seen.table) or "–"
    known = f", seen with {' '.join(map(str, seen.opponent_known))}" if seen.opponent_known else ""
    lines = [
        f"### {seed}·{decision} (move {move})",
        "",
        f"hand {' '.join(map(str, seen.hand))} ‖ {table} ‖ trump {seen.trump}, stock {seen.stock_size}, "
        f"AI holds {seen.opponent_hand_size}{known}",
        "",
    ]
    for language in languages:
        set_language(language)
        lines += [f"- {language} {step.value}: {hint_text(ShownHint(tip, step))}" for step in HintStep]
    set_language("en")
    return "\n".join([*lines, ""])


def _review_sample(seed: int, game: Game, verdict: Review, languages: list[str]) -> str:
    """The review's texts as the review view shows them."""
    from durak.tutorial.review_model import GameReview

    model = GameReview(game)
    model.review = verdict
    result = {None: "drew", 0: "lost", 1: "won"}[game.loser]
    lines = [f"### review {seed} (the learner {result})", ""]
    for language in languages:
        set_language(language)
        texts = [model.summary_text(), model.chart_note(), model.lost_text(), model.practise_text()]
        texts += [said for _, said in model.pattern_texts()]
        texts += [model.moment_text(moment) for moment in verdict.moments]
        lines += [f"- {language}: {text}" for text in texts if text]
    set_language("en")
    return "\n".join([*lines, ""])


def _moment_checks(game: Game, verdict: Review) -> tuple[int, int, int, int]:
    """The search moments of a review: how many, generic, not holding, lesson's move played."""
    total = generic = false = lesson_played = 0
    for moment in verdict.moments:
        if moment.exact or moment.why is None:
            continue
        seen = Game.replay(game.deal, game.history[: moment.index]).observation(verdict.player)
        total += 1
        generic += moment.why.generic
        false += not holds(seen, moment.best, moment.why, moment.lesson)
        lesson_played += moment.played_lesson
    return total, generic, false, lesson_played


if __name__ == "__main__":
    main()
