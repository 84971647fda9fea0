"""The AI in the browser: how much the hard level searches, and how strong it is, in Pyodide.

Usage: python -m bench.site_strength [--games 40] [--site site]   (after ``make site``)

Runs the site's own Pyodide (``site/static/pyodide``, with the site's lock and wheels) in Node.js,
so it measures the Python that learners' browsers run. The AI's budget is time per decision
(a quarter of a second for hard), so where Python is slower it simply plays out fewer games.
Printed: playouts per hard decision at that budget in Pyodide and here in CPython (the same
positions), then a time-budgeted arena run of hard against greedy in Pyodide (duplicate deals,
seats swapped).
"""

from __future__ import annotations

import json
import subprocess
import tempfile
import time
from pathlib import Path

from bench._common import ROOT, command_line

# Both interpreters run this: the budget the learner's game uses, on the arena's fixed positions.
MEASURE = """
import json, statistics, time
from durak.ai.levels import HARD_OPPONENT_MODEL, TIME_LIMITS
from durak.ai.search import SearchPlayer
from durak.arena import digest_positions, observe

player = SearchPlayer(time_limit=TIME_LIMITS["hard"], seed=1, **HARD_OPPONENT_MODEL)
samples, seconds = [], []
for game, legal in digest_positions():
    if len(legal) < 2:
        continue
    start = time.perf_counter()
    decision = player.decide(game.observation(game.to_move), legal)
    seconds.append(time.perf_counter() - start)
    if decision.samples:
        samples.append(decision.samples * len(legal))
MEASURED = json.dumps(
    {"playouts": statistics.median(samples), "seconds": statistics.median(seconds), "n": len(samples)}
)
"""

ARENA = """
from durak.arena import run_arena
result = run_arena("hard", "greedy", games={games}, seed={seed}, iterations=(None, None), progress=False)
REPORT = result.report()
"""

NODE = """
const {{ loadPyodide }} = await import({mjs});
const pyodide = await loadPyodide({{ indexURL: {index}, packages: ["durak"] }});
const started = Date.now();
pyodide.runPython({measure});
console.log("MEASURED " + pyodide.globals.get("MEASURED"));
pyodide.runPython({arena});
console.log(pyodide.globals.get("REPORT"));
console.log(`pyodide run: ${{((Date.now() - started) / 1000).toFixed(0)}} s`);
"""


def main() -> None:
    parser = command_line(__doc__)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    args = parser.parse_args()
    pyodide = (args.site / "static" / "pyodide").resolve()
    if not (pyodide / "pyodide.mjs").exists():
        raise SystemExit(f"no Pyodide in {pyodide}: run `make site` first")

    scope: dict[str, object] = {}
    exec(MEASURE, scope)  # our own code: the text Pyodide runs
    here = json.loads(str(scope["MEASURED"]))

    script = NODE.format(
        mjs=json.dumps((pyodide / "pyodide.mjs").as_uri()),
        index=json.dumps(str(pyodide) + "/"),
        measure=json.dumps(MEASURE),
        arena=json.dumps(ARENA.format(games=args.games, seed=args.seed)),
    )
    with tempfile.NamedTemporaryFile("w", suffix=".mjs", delete=False) as file:
        file.write(script)
    start = time.perf_counter()
    output = subprocess.run(["node", file.name], check=True, capture_output=True, text=True).stdout
    Path(file.name).unlink()
    lines = output.splitlines()
    measured = next(line for line in lines if line.startswith("MEASURED "))
    browser = json.loads(measured.removeprefix("MEASURED "))
    from durak.ai.levels import TIME_LIMITS

    print(f"hard, {TIME_LIMITS['hard']} s a decision, median of {here['n']} positions with a stock:")
    for name, figures in (("CPython (this machine)", here), ("Pyodide (Node.js)", browser)):
        print(f"  {name:24} {figures['playouts']:7,.0f} playouts a decision, {figures['seconds']:.3f} s")
    print(f"  Pyodide plays out {browser['playouts'] / here['playouts']:.0%} as many games as CPython")
    print()
    print("\n".join(line for line in lines if not line.startswith("MEASURED ")))
    print(f"(whole run {time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
