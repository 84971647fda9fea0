"""Play two AI levels against each other on duplicate deals.

Every deal is played twice with the seats swapped, so both sides get the same cards and the
luck of the deal cancels out as far as it can. Everything is derived from ``--seed``: the deals
and every player's random numbers, and searching levels play a fixed number of playouts per
decision (their level's default, or ``--iterations``), so a run can be repeated exactly.

    python -m durak.arena hard greedy --games 2000 --seed 1

A long run can keep its games in a file, ``--record FILE`` (one JSON line per game): run the
same command again and it plays only the deals the file does not hold yet, then reports on all
of them. That is exact, because a deal's games depend on nothing but the seed, the levels and
their budgets; the file also notes a digest of how each side plays (:func:`behaviour_digest`:
its choices in fixed positions), and refuses to be continued by code that plays differently.

>>> result = run_arena("greedy", "random", games=4, seed=1, progress=False)
>>> result.games
4
>>> sum(result.wins) + result.draws
4
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import math
import os
import reprlib
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, TextIO

from durak.actions import Action
from durak.ai import LEVELS, GreedyPlayer, Player, RandomPlayer, SearchPlayer, make_player
from durak.ai.levels import LEVEL_ITERATIONS, REFERENCE_LEVELS
from durak.game import SEED_LIMIT, Game, Observation

__all__ = [
    "ARENA_LEVELS",
    "ArenaRecordMismatch",
    "ArenaResult",
    "GameRecord",
    "Match",
    "behaviour_digest",
    "digest_positions",
    "main",
    "observe",
    "play_game",
    "player_seed",
    "playing",
    "read_record",
    "recorded_match",
    "run_arena",
    "sign_test",
    "wilson_interval",
]

MAX_ACTIONS = 10_000  # far beyond any real game: a guard against a rules bug looping forever
ARENA_LEVELS = LEVELS + REFERENCE_LEVELS
"""The levels the arena pits: the product's, and the references no learner is offered."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One finished game: who sat where, who lost, every decision's time per seat."""

    deal: int
    seats: tuple[int, int]  # seats[s] is the side (0 or 1) playing as engine player s
    loser: int | None  # the losing *side*, None on a draw
    times: tuple[tuple[float, ...], tuple[float, ...]]  # decision times in seconds, per side
    actions: int

    def points(self, side: int) -> float:
        """What ``side`` scored: 1 for a win, ½ for a draw, 0 for a loss."""
        return 0.5 if self.loser is None else float(self.loser != side)


def playing(
    game: Game, players: Sequence[Player], times: tuple[list[float], list[float]] | None = None
) -> Iterator[tuple[int, list[Action]]]:
    """Play ``game`` to its end, ``players[s]`` playing engine player ``s``: the one game loop of
    the arena and of the scripts in ``bench/`` and ``research/``.

    Before each decision it yields the seat to move and its legal actions, so that a caller can
    look at ``game`` as it stands (copy it to keep it: it moves on) or stop playing; it then asks
    the player and applies its action. With ``times``, each decision's seconds are appended to
    its seat's list. An illegal action raises :class:`~durak.IllegalAction`.

    >>> game = Game.new(seed=4)
    >>> decisions = sum(1 for seat, legal in playing(game, [GreedyPlayer(), GreedyPlayer()]))
    >>> game.is_over, decisions == len(game.history)
    (True, True)
    """
    actions = 0
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        legal = game.legal_actions()
        yield seat, legal
        observation = observe(players[seat], game, seat)
        start = time.perf_counter()
        action = players[seat].choose(observation, legal)
        if times is not None:
            times[seat].append(time.perf_counter() - start)
        game.apply(action, seat)
        actions += 1
        if actions > MAX_ACTIONS:
            raise RuntimeError(f"game did not end after {MAX_ACTIONS} actions")


def play_game(
    game: Game, players: Sequence[Player]
) -> tuple[int | None, tuple[list[float], list[float]], int]:
    """Play ``game`` to its end; ``players[s]`` plays engine player ``s``.

    Returns the losing player (None on a draw), each player's decision times and the number of
    actions. An illegal action raises :class:`~durak.IllegalAction`.
    """
    times: tuple[list[float], list[float]] = ([], [])
    actions = sum(1 for _ in playing(game, players, times))
    return game.loser, times, actions


def observe(player: object, game: Game, seat: int) -> Observation:
    """What ``player`` is shown: its fair observation, unless it is a reference player that reads
    hidden cards and says so by observing the game itself (:mod:`durak.ai.clairvoyant`)."""
    own = getattr(player, "observe", None)
    return own(game, seat) if own is not None else game.observation(seat)


def player_seed(seed: int, deal: int, side: int) -> int:
    """The seed of ``side``'s player in both games of ``deal`` of a match with ``seed``: a replay
    that builds the players with it (``research/paired_variant.py``) repeats the recorded games."""
    return (seed * 1_000_003 + deal) * 2 + side


PlayerFactory = Callable[[str, int, int | None], Player]


_SEED_STEP, _DEAL_STEP = 7_919, 104_729  # a deal's seed: seed * _SEED_STEP + deal * _DEAL_STEP + 1


@dataclass(frozen=True, slots=True)
class Match:
    """Two sides, each a level at a playout budget (None: the level's time budget), and the seed
    that every deal and every player seed is derived from: the games of any deal can be played
    again alone, as the record files (:func:`recorded_match`) and the research tools do."""

    levels: tuple[str, str]
    iterations: tuple[int | None, int | None]
    seed: int

    def deal_seed(self, deal: int) -> int:
        return self.seed * _SEED_STEP + deal * _DEAL_STEP + 1

    def play_deal(self, deal: int, make: PlayerFactory = make_player) -> list[GameRecord]:
        """Both games of one deal: side 0 as player 0, then side 1 as player 0. ``make(level,
        seed, iterations)`` builds each side's player (``research/paired_variant.py`` changes one)."""
        return [self.play_seats(deal, seats, make) for seats in ((0, 1), (1, 0))]

    def play_seats(self, deal: int, seats: tuple[int, int], make: PlayerFactory = make_player) -> GameRecord:
        """One game of ``deal``, side ``seats[s]`` playing as engine player ``s``."""
        players = [
            make(self.levels[side], player_seed(self.seed, deal, side), self.iterations[side])
            for side in seats
        ]
        loser, times, actions = play_game(Game.new(seed=self.deal_seed(deal)), players)
        side_times: list[tuple[float, ...]] = [(), ()]
        for seat, side in enumerate(seats):
            side_times[side] = tuple(times[seat])
        return GameRecord(
            deal,
            seats,
            None if loser is None else seats[loser],
            (side_times[0], side_times[1]),
            actions,
        )


def _largest_seed(games: int) -> int:
    """The largest ``--seed`` whose every deal of ``games`` games has a seed :meth:`Game.new` takes."""
    last_deal = (games + 1) // 2 - 1
    return max(-1, (SEED_LIMIT - 2 - last_deal * _DEAL_STEP) // _SEED_STEP)


def wilson_interval(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95% by default).

    >>> low, high = wilson_interval(90, 100)
    >>> round(low, 3), round(high, 3)
    (0.826, 0.945)
    """
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def sign_test(better: int, worse: int) -> float:
    """The two-sided p-value of ``better`` against ``worse`` paired results under even odds.

    >>> round(sign_test(49, 30), 3)
    0.042
    """
    n = better + worse
    if not n:
        return 1.0
    tail = sum(math.comb(n, k) for k in range(min(better, worse) + 1))
    return min(1.0, 2 * tail / (1 << n))


@dataclass(slots=True)
class ArenaResult:
    levels: tuple[str, str]
    iterations: tuple[int | None, int | None]
    seed: int
    records: list[GameRecord] = field(default_factory=list)
    elapsed: float = 0.0
    resumed: int = 0  # games read from the record file rather than played by this run

    @property
    def games(self) -> int:
        return len(self.records)

    @property
    def wins(self) -> tuple[int, int]:
        """Games won by each side (the other side was the Durak)."""
        lost = [sum(1 for r in self.records if r.loser == side) for side in (0, 1)]
        return lost[1], lost[0]

    @property
    def draws(self) -> int:
        return sum(1 for r in self.records if r.loser is None)

    def decisive_rate(self) -> tuple[float, float, float]:
        """Side 0's share of the decisive games, with its 95% Wilson interval."""
        wins, losses = self.wins
        decisive = wins + losses
        low, high = wilson_interval(wins, decisive)
        return (wins / decisive if decisive else 0.0), low, high

    def deal_scores(self) -> dict[float, int]:
        """How many deals side 0 scored 2, 1.5, 1, 0.5 or 0 points in (a win is 1, a draw ½).

        On a duplicate deal both sides held both hands: a split deal (1 point each) was decided by
        the cards; a deal one side won twice, by the play.
        """
        points: dict[int, float] = {}
        for r in self.records:
            points[r.deal] = points.get(r.deal, 0.0) + r.points(0)
        return {score: sum(1 for p in points.values() if p == score) for score in (2.0, 1.5, 1.0, 0.5, 0.0)}

    def decision_times(self, side: int) -> list[float]:
        return [t for r in self.records for t in r.times[side]]

    def report(self) -> str:
        lines = [
            f"{self.levels[0]} vs {self.levels[1]}: {self.games} games "
            f"({self.games // 2} duplicate deals, seats swapped), seed {self.seed}",
        ]
        for side in (0, 1):
            budget = self.iterations[side]
            lines.append(
                f"  side {side}: {self.levels[side]}"
                + (f" ({budget} playouts per decision)" if budget is not None else "")
            )
        wins, losses = self.wins
        lines.append(f"{'':12}{'wins':>7}{'draws':>7}{'losses':>8}")
        lines.append(f"{self.levels[0]:<12}{wins:>7}{self.draws:>7}{losses:>8}")
        lines.append(f"{self.levels[1]:<12}{losses:>7}{self.draws:>7}{wins:>8}")
        rate, low, high = self.decisive_rate()
        lines.append(
            f"{self.levels[0]} wins {rate:.1%} of {wins + losses} decisive games "
            f"(95% Wilson interval {low:.1%}–{high:.1%})"
        )
        scores = self.deal_scores()
        lines.append(
            f"deals {self.levels[0]} won in both seats: {scores[2.0]}, split: {scores[1.0]}, "
            f"lost in both seats: {scores[0.0]} (with a draw: {scores[1.5] + scores[0.5]})"
        )
        for side in (0, 1):
            times = sorted(self.decision_times(side))
            if times:
                p95 = times[min(len(times) - 1, math.ceil(0.95 * len(times)) - 1)]
                lines.append(
                    f"decision time, {self.levels[side]}: median {statistics.median(times) * 1000:.1f} ms, "
                    f"95th percentile {p95 * 1000:.1f} ms ({len(times)} decisions)"
                )
        if self.resumed:
            lines.append(f"{self.resumed} of the games were played earlier and read from the record")
        played = self.games - self.resumed
        if self.elapsed > 0 and played:
            lines.append(f"games per second: {played / self.elapsed:.2f} ({self.elapsed:.0f} s)")
        return "\n".join(lines)


class _Progress:
    """A progress bar on a terminal (redrawn at most twice a second), else a line per tenth."""

    def __init__(self, total: int, out: TextIO, already: int = 0) -> None:
        self.total = total
        self.already = already  # games read from a record: they take no time
        self.out = out
        self.start = self.last = time.perf_counter()
        self.tty = out.isatty()
        self.next_tenth = already * 10 // total + 1

    def update(self, done: int, score: str = "") -> None:
        now = time.perf_counter()
        elapsed = now - self.start
        played = done - self.already
        eta = elapsed / played * (self.total - done) if played > 0 else 0.0
        status = f"{done}/{self.total} games, {elapsed:.0f} s, eta {eta:.0f} s{score}"
        if self.tty:
            if now - self.last < 0.5 and done < self.total:
                return
            self.last = now
            width = 30
            filled = width * done // self.total
            self.out.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {status}")
            if done == self.total:
                self.out.write("\n")
        elif done * 10 >= self.next_tenth * self.total:
            self.next_tenth = done * 10 // self.total + 1
            self.out.write(f"progress: {status}\n")
        self.out.flush()


def _running_score(result: ArenaResult) -> str:
    """The score so far, so a long run can be judged before it ends."""
    rate, _, _ = result.decisive_rate()
    return f", {result.levels[0]} {rate:.1%} of decisive games so far"


def run_arena(
    level0: str,
    level1: str,
    games: int = 200,
    seed: int = 1,
    iterations: tuple[int | None, int | None] | None = None,
    jobs: int = 1,
    progress: bool = True,
    out: TextIO = sys.stderr,
    record: Path | None = None,
) -> ArenaResult:
    """Play ``games`` games (rounded up to whole deals, two games each) of ``level0`` against
    ``level1``. ``iterations`` defaults to each level's reproducible playout budget.

    With ``record``, finished games are appended to that file as they come, and the deals it
    already holds are read instead of played (see the module's docstring)."""
    for level in (level0, level1):
        if level not in ARENA_LEVELS:
            raise ValueError(f"unknown level {level!r}: choose one of {', '.join(ARENA_LEVELS)}")
    if iterations is None:
        iterations = (LEVEL_ITERATIONS.get(level0), LEVEL_ITERATIONS.get(level1))
    match = Match((level0, level1), iterations, seed)
    deals = (games + 1) // 2
    result = ArenaResult((level0, level1), iterations, seed)
    earlier = _open_record(record, match) if record is not None else {}
    todo = [deal for deal in range(deals) if deal not in earlier]
    result.records = [r for deal in range(deals) if deal in earlier for r in earlier[deal]]
    result.resumed = len(result.records)
    bar = _Progress(2 * deals, out, result.resumed) if progress else None
    start = time.perf_counter()
    for records in _deal_results(match, todo, jobs):
        if record is not None:
            _append(record, records)
        result.records.extend(records)
        if bar is not None:
            bar.update(len(result.records), _running_score(result))
    result.records.sort(key=lambda r: (r.deal, r.seats))
    result.elapsed = time.perf_counter() - start
    return result


def _deal_results(match: Match, deals: list[int], jobs: int) -> Iterator[list[GameRecord]]:
    if jobs <= 1:
        yield from map(match.play_deal, deals)
        return
    import multiprocessing

    with multiprocessing.Pool(jobs) as pool:
        play: Callable[[int], list[GameRecord]] = match.play_deal
        yield from pool.imap(play, deals, chunksize=1)


class ArenaRecordMismatch(ValueError):
    """A record file holds games of another match (levels, budgets, seed), or of code that plays
    differently (see :func:`behaviour_digest`)."""


def digest_positions() -> list[tuple[Game, list[Action]]]:
    """Fixed positions from games of greedy against random, each with its legal actions: seven
    with a stock, five without (the positions of :func:`behaviour_digest`; they depend on neither
    the search nor the levels measured)."""
    with_stock: list[tuple[Game, list[Action]]] = []
    endgames: list[tuple[Game, list[Action]]] = []
    deal = 0
    while len(with_stock) < 7 or len(endgames) < 5:
        game = Game.new(seed=300 + deal)
        for decisions, (_, legal) in enumerate(playing(game, (GreedyPlayer(), RandomPlayer(deal)))):
            bucket, size = (with_stock, 7) if game.stock else (endgames, 5)
            if len(legal) > 1 and decisions % 4 == 0 and len(bucket) < size:
                bucket.append((game.copy(), legal))
        deal += 1
    return with_stock + endgames


@functools.cache
def behaviour_digest(level: str, iterations: int | None) -> str:
    """A digest of how ``level`` plays at ``iterations`` playouts: its choices in twelve fixed
    positions (and a search's score of every move), with the positions and their legal moves.

    It is what the code *does*, not its bytes: a change that plays exactly as before (a
    refactoring, a speed-up) keeps it, and a record stays usable; anything that changes a
    choice or a score changes it. (For the hard level this costs about two seconds.)
    """
    digest = hashlib.sha256()
    for number, (game, legal) in enumerate(digest_positions()):
        player = make_player(level, seed=number, iterations=iterations)
        observation = observe(player, game, game.to_move or 0)
        if isinstance(player, SearchPlayer):
            decision = player.decide(observation, legal)
            line = f"{decision.action}{[round(score, 9) for score in decision.scores.values()]}"
        else:
            line = str(player.choose(observation, legal))
        digest.update(f"{observation!r}|{' '.join(map(str, legal))}|{line}\n".encode())
    return digest.hexdigest()[:16]


def _header(match: Match) -> dict[str, Any]:
    return {
        "arena": 2,
        "levels": list(match.levels),
        "iterations": list(match.iterations),
        "seed": match.seed,
        "plays": [behaviour_digest(*side) for side in zip(match.levels, match.iterations, strict=True)],
    }


def _open_record(path: Path, match: Match) -> dict[int, list[GameRecord]]:
    """The complete deals a record file holds; a new file gets its header. A line cut short
    (a run stopped while writing) or a deal with one game only is dropped, to be played again."""
    deals = read_record(path, match)
    kept = [json.dumps(_header(match))] + [_game_to_json(g) for deal in sorted(deals) for g in deals[deal]]
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    partial.write_text("\n".join(kept) + "\n", encoding="utf-8")
    os.replace(partial, path)  # the kept games are never lost, even if this run is stopped now
    return deals


def recorded_match(path: Path) -> Match:
    """The match a record file's header names (its levels, budgets and seed)."""
    header = json.loads(path.read_text(encoding="utf-8").split("\n", 1)[0])
    return Match(tuple(header["levels"]), tuple(header["iterations"]), header["seed"])


def read_record(path: Path, match: Match) -> dict[int, list[GameRecord]]:
    """The complete deals of ``match`` that a record file holds (none if there is no file),
    without changing the file. Raises :class:`ArenaRecordMismatch` if it records another match
    or code that plays differently."""
    header = _header(match)
    deals: dict[int, list[GameRecord]] = {}
    if path.exists() and path.stat().st_size:
        lines = path.read_text(encoding="utf-8").split("\n")
        try:
            found = json.loads(lines[0])
        except (json.JSONDecodeError, RecursionError):
            raise ArenaRecordMismatch(f"{path} is not an arena record") from None
        if found != header:
            raise ArenaRecordMismatch(
                f"{path} records another match, or code that plays differently: it holds {_describe(found)}, "
                f"this run is {_describe(header)}; give another file to start afresh"
            )
        # A damaged line is skipped, with a warning, as a line cut short by a stopped run is:
        # a deal's games depend on nothing but the match, so the deal is simply played again
        # (and _open_record rewrites the file without the line). Stopping instead would leave
        # the user to mend the file by hand, for no gain in what the report says.
        for number, line in enumerate(lines[1:-1], 2):  # the last piece follows the final newline
            try:
                game = _game_from_json(json.loads(line))
                if any(other.seats == game.seats for other in deals.get(game.deal, ())):
                    raise ValueError(f"a second game of deal {game.deal} with seats {list(game.seats)}")
            except (ValueError, RecursionError) as error:  # JSONDecodeError is a ValueError
                why = "nested too deeply" if isinstance(error, RecursionError) else str(error)
                print(
                    f"{path}: line {number} is damaged ({why}): skipped; its deal is played again",
                    file=sys.stderr,
                )
                continue
            deals.setdefault(game.deal, []).append(game)
        deals = {deal: games for deal, games in deals.items() if len(games) == 2}
    return deals


def _describe(header: dict[str, Any]) -> str:
    try:
        levels, budgets = header["levels"], header["iterations"]
        return (
            f"{levels[0]} vs {levels[1]} at {budgets} playouts, seed {header['seed']}, "
            f"playing as {' and '.join(header['plays'])}"
        )
    except (KeyError, IndexError, TypeError):
        return repr(header)


def _game_to_json(record: GameRecord) -> str:
    data = asdict(record)
    data["times"] = [[round(t, 6) for t in side] for side in record.times]  # to the microsecond
    return json.dumps(data, separators=(",", ":"))


def _game_from_json(data: Any) -> GameRecord:
    """A game read back from its line; ValueError (saying what is wrong) for a damaged one."""
    if not isinstance(data, dict):
        raise ValueError(f"not a game but {type(data).__name__}")
    missing = {"deal", "seats", "loser", "times", "actions"} - data.keys()
    if missing:
        raise ValueError(f"no {', '.join(sorted(missing))}")
    deal, seats, loser, times, actions = (data[k] for k in ("deal", "seats", "loser", "times", "actions"))
    if not _whole(deal):
        raise ValueError(f"the deal is {reprlib.repr(deal)}, not a whole number from 0")
    if seats not in ([0, 1], [1, 0]) or not all(_whole(s) for s in seats):
        raise ValueError(f"the seats are {reprlib.repr(seats)}, not [0, 1] or [1, 0]")
    if loser is not None and not (_whole(loser) and loser in (0, 1)):
        raise ValueError(f"the loser is {reprlib.repr(loser)}, not 0, 1 or null")
    if not (
        isinstance(times, list)
        and len(times) == 2
        and all(isinstance(side, list) and all(_number(t) for t in side) for side in times)
    ):
        raise ValueError(f"the times are {reprlib.repr(times)}, not two lists of seconds")
    if not _whole(actions):
        raise ValueError(f"the number of actions is {reprlib.repr(actions)}")
    return GameRecord(
        deal,
        (seats[0], seats[1]),
        loser,
        (tuple(map(float, times[0])), tuple(map(float, times[1]))),
        actions,
    )


def _whole(value: object) -> bool:
    return type(value) is int and value >= 0


def _number(value: object) -> bool:
    return type(value) in (int, float) and math.isfinite(value)  # type: ignore[arg-type]


def _append(path: Path, records: list[GameRecord]) -> None:
    with path.open("a", encoding="utf-8") as file:
        file.write("".join(_game_to_json(r) + "\n" for r in records))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m durak.arena",
        description="Play two AI levels against each other on duplicate deals (seats swapped).",
    )
    parser.add_argument("level0", choices=ARENA_LEVELS)
    parser.add_argument("level1", choices=ARENA_LEVELS)
    parser.add_argument("--games", type=int, default=200, help="games to play (two per deal)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--iterations",
        type=int,
        nargs=2,
        metavar=("N0", "N1"),
        help="playouts per decision for each side's search (default: the level's own)",
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.add_argument(
        "--record",
        type=Path,
        metavar="FILE",
        help="keep the games in FILE; run again to play only the deals it lacks",
    )
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    # Checked here, so that the error names the user's value, not a deal's seed derived from it.
    largest = _largest_seed(args.games)
    if not 0 <= args.seed <= largest:
        parser.error(
            f"--seed must be a whole number from 0 to {largest} for {args.games} games, not {args.seed}"
        )
    if args.iterations and min(args.iterations) < 1:
        parser.error(f"--iterations must be at least 1 each, not {' '.join(map(str, args.iterations))}")
    if args.jobs < 1:
        parser.error(f"--jobs must be at least 1, not {args.jobs}")
    iterations = tuple(args.iterations) if args.iterations else None
    try:
        result = run_arena(
            args.level0,
            args.level1,
            games=args.games,
            seed=args.seed,
            iterations=(iterations[0], iterations[1]) if iterations else None,
            jobs=args.jobs,
            progress=not args.no_progress,
            record=args.record,
        )
    except ArenaRecordMismatch as error:
        parser.error(str(error))
    print(result.report())


if __name__ == "__main__":
    main()
