"""Every control of the game, in every order: the learner can always go on (issue 28).

The AI's moves are scheduled on a stand-in for the kernel's event loop (:class:`Clock`) that
runs them only when a test lets time pass, so clicks *during* the AI's turn, a double click
on New game and the resume offer can be driven in a fixed order, deterministically.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from durak import Game, IllegalAction
from durak.ai.levels import LEARNER_LEVELS
from durak.i18n import LANGUAGES, set_language
from durak.messages import AI, YOU
from durak.tutorial import game_model, game_view, saves
from durak.tutorial.game_model import PlayModel
from durak.tutorial.game_view import PlayView, play
from durak.tutorial.settings import CONFIG_DIR_ENV

ITERATIONS = 12  # a small search budget keeps the AI fast
DELAY = 0.7  # as in a notebook: the AI's moves go through the event loop

pytestmark = pytest.mark.usefixtures("isolated")  # tests/conftest.py


def first_mover_seeds(player: int) -> Iterator[int]:
    return (seed for seed in itertools.count() if Game.new(seed).to_move == player)


AI_LEADS = next(first_mover_seeds(AI))
YOU_LEAD = next(first_mover_seeds(YOU))


@dataclass
class Timer:
    when: float
    callback: Callable[..., Any]
    args: tuple[Any, ...]
    cancelled: bool = False

    def cancel(self) -> None:
        self.cancelled = True


@dataclass
class Clock:
    """The kernel's event loop as the view uses it (``call_later``); time passes only in :meth:`tick`."""

    now: float = 0.0
    timers: list[Timer] = field(default_factory=list)

    def call_later(self, delay: float, callback: Callable[..., Any], *args: Any) -> Timer:
        timer = Timer(self.now + delay, callback, args)
        self.timers.append(timer)
        return timer

    @property
    def pending(self) -> list[Timer]:
        return [timer for timer in self.timers if not timer.cancelled]

    def tick(self) -> bool:
        """Run the next scheduled callback (False if there is none)."""
        self.timers = self.pending
        if not self.timers:
            return False
        timer = min(self.timers, key=lambda t: t.when)  # the earliest; the first scheduled on a tie
        self.timers.remove(timer)
        self.now = max(self.now, timer.when)
        timer.callback(*timer.args)
        return True

    def drain(self) -> None:
        for _ in range(200):
            if not self.tick():
                return
        raise AssertionError("the AI's moves never end")


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    clock = Clock()
    monkeypatch.setattr(game_view, "running_loop", lambda: clock)
    return clock


_NEW = Game.new


def deal_from(monkeypatch: pytest.MonkeyPatch, seeds: Iterator[int]) -> None:
    """New games (New game, Rematch, Start a new game) deal from ``seeds``, not at random."""

    def seeded(seed: int | None = None) -> Game:
        return _NEW(next(seeds) if seed is None else seed)

    monkeypatch.setattr(game_model.Game, "new", staticmethod(seeded))


def playable(view: PlayView) -> list[Any]:
    """The buttons a learner could click now to make a move."""
    cards = [b for b in view.hand.buttons if b.action is not None and not b.disabled]
    return cards + [b for b in (view.take_button, view.stop_button) if not b.disabled]


def shown(widget: Any) -> bool:
    # None is no way to show a widget again: JupyterLite's kernel sends it as undefined, which the
    # front end ignores, so a control once hidden would stay hidden (the learner walk's bug B1)
    return widget.layout.display not in ("none", None)


def assert_can_go_on(view: PlayView, clock: Clock) -> None:
    """The learner can always do something that moves the game on."""
    assert view.errors.last_error is None or isinstance(view.errors.last_error, IllegalAction)
    if view.offering_resume:
        assert not view.resume_button.disabled and not view.discard_button.disabled
        return
    assert view.board.layout.display == "flex"
    assert all(control.layout.display != "none" for control in (view.level, view.views.choice))
    assert view.new_game_button.layout.display != "none"
    game = view.game
    if game.is_over:
        assert view.rematch_button.layout.display == "flex" and not playable(view)
        return
    timers = clock.pending
    if game.to_move == AI:
        # the AI's next move is on the way, once (not twice after a double click)
        assert view._ai_pending and len(timers) == 1
        assert not playable(view)
    else:
        assert not view._ai_pending and not timers
        offered = {b.action for b in playable(view)}
        assert offered and offered == set(game.legal_actions())


def assert_never_sticks(view: PlayView, clock: Clock) -> None:
    """Once the AI's scheduled moves are done, a click plays the learner's move."""
    clock.drain()
    assert_can_go_on(view, clock)
    if view.offering_resume or view.game.is_over:
        return
    before = len(view.game.history)
    playable(view)[0].click()
    assert len(view.game.history) > before


# --- the defects of the 2026-12-03 review, one by one ----------------------------------


def test_new_game_while_the_ais_move_is_pending_deals_a_playable_game(
    clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    # N1: the old game's tick used to return early and leave the "AI is moving" flag set for good
    deal_from(monkeypatch, iter([YOU_LEAD]))
    view = play("easy", seed=AI_LEADS, iterations=ITERATIONS, ai_delay=DELAY, resume=False)
    assert view._ai_pending and view.game.to_move == AI
    view.new_game_button.click()  # the learner has not moved: no question asked
    assert view.game.seed == YOU_LEAD and view.game.to_move == YOU
    assert_can_go_on(view, clock)
    assert_never_sticks(view, clock)


def test_a_double_click_on_new_game_during_the_ais_reply_deals_a_playable_game(
    clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    deal_from(monkeypatch, iter([YOU_LEAD, YOU_LEAD]))
    view = play("easy", seed=YOU_LEAD, iterations=ITERATIONS, ai_delay=DELAY, resume=False)
    playable(view)[0].click()
    assert view._ai_pending
    view.new_game_button.click()
    view.new_game_button.click()
    assert view.game.seed == YOU_LEAD and not view.model.moves
    assert_can_go_on(view, clock)
    assert_never_sticks(view, clock)


def test_a_click_during_the_ais_turn_changes_nothing(clock: Clock) -> None:
    view = play("easy", seed=AI_LEADS, iterations=ITERATIONS, ai_delay=DELAY, resume=False)
    history = view.game.history
    for button in view.hand.buttons:
        button.click()
    view.take_button.click()
    assert view.game.history == history and view.errors.last_error is None
    assert_never_sticks(view, clock)


def test_resuming_a_saved_game_keeps_the_toolbar_also_after_a_rematch(clock: Clock) -> None:
    # B1: the toolbar's game controls came back as display None, which JupyterLite never shows
    view = play("easy", seed=YOU_LEAD, iterations=ITERATIONS, ai_delay=DELAY, resume=False)
    playable(view)[0].click()
    clock.drain()
    again = play(iterations=ITERATIONS, ai_delay=DELAY)
    assert again.offering_resume and not shown(again.new_game_button)
    again.resume_button.click()
    controls = (again.level, again.views.choice, again.new_game_button)
    assert all(shown(control) for control in controls)
    while not again.game.is_over:
        playable(again)[0].click()
        clock.drain()
    again.rematch_button.click()
    assert all(shown(control) for control in controls)
    assert_never_sticks(again, clock)


def test_a_declined_save_is_never_offered_again(clock: Clock, isolated: Path) -> None:
    # N4: "Start a new game" kept the declined file, and it came back once the new game ended
    view = play("easy", seed=YOU_LEAD, iterations=ITERATIONS, resume=False)
    playable(view)[0].click()
    declined = view.model.path
    assert declined is not None
    offer = play(iterations=ITERATIONS)
    assert offer.offering_resume and offer.model.resumed_from is not None
    assert offer.model.resumed_from.path == declined
    offer.discard_button.click()
    while not offer.game.is_over:
        playable(offer)[0].click()
    assert not play(iterations=ITERATIONS).offering_resume
    assert not declined.exists()
    kept = [p for p in (isolated / "games").iterdir() if p.name.startswith(declined.name)]
    assert len(kept) == 1, "set aside, not deleted: the learner's game is still there"


def test_an_abandoned_game_is_not_offered_again(clock: Clock) -> None:
    view = play("easy", seed=YOU_LEAD, iterations=ITERATIONS, ai_delay=DELAY, resume=False)
    playable(view)[0].click()
    clock.drain()
    abandoned = view.model.path
    view.new_game_button.click()
    view.new_game_button.click()  # "Abandon this game? Click again"
    assert view.model.path is None and abandoned is not None and not abandoned.exists()
    assert not play(iterations=ITERATIONS).offering_resume


def test_unfinished_saves_are_pruned_to_the_newest_few(isolated: Path) -> None:
    games = isolated / "games"
    games.mkdir(parents=True)
    record = Game.new(YOU_LEAD)
    record.apply(record.legal_actions()[0])
    for number in range(saves.KEEP_UNFINISHED + 3):
        path = games / f"20260101-0000{number:02d}-unfinished.json"
        saves.write_save(path, record, "easy", None)
        stamp = 1_700_000_000 + number
        os.utime(path, (stamp, stamp))
    found, problems = saves.newest_unfinished()
    assert found is not None and not problems
    assert found.path.name == f"20260101-0000{saves.KEEP_UNFINISHED + 2:02d}-unfinished.json"
    left = sorted(p.name for p in games.iterdir())
    assert len(left) == saves.KEEP_UNFINISHED and left[-1] == found.path.name
    assert left[0] == "20260101-000003-unfinished.json"  # the oldest went first


# --- every control, in every order -----------------------------------------------------


def _click_if(button: Any) -> None:
    if button.layout.display != "none" and not button.disabled:
        button.click()


def _on_board(name: str) -> Callable[[PlayView], None]:
    """Click the board's button ``name``, if the learner can see it."""

    def click(view: PlayView) -> None:
        if not view.offering_resume:
            _click_if(getattr(view, name))

    return click


def _card(view: PlayView) -> None:
    buttons = playable(view) or list(view.hand.buttons)
    if buttons and not view.offering_resume:
        buttons[0].click()


def _faded_card(view: PlayView) -> None:
    faded = [b for b in view.hand.buttons if b.action is None]
    if faded and not view.offering_resume:
        faded[-1].click()  # refused with the reason, or ignored while the AI moves


def _double_new_game(view: PlayView) -> None:
    _click_if(view.new_game_button)
    _click_if(view.new_game_button)


def _language(view: PlayView) -> None:
    view.language.value = LANGUAGES[(LANGUAGES.index(view.language.value) + 1) % len(LANGUAGES)]


def _level(view: PlayView) -> None:
    if view.level.layout.display != "none":
        view.level.value = LEARNER_LEVELS[(LEARNER_LEVELS.index(view.level.value) + 1) % len(LEARNER_LEVELS)]


def _offer(name: str) -> Callable[[PlayView], None]:
    def click(view: PlayView) -> None:
        if view.offering_resume:
            getattr(view, name).click()

    return click


CONTROLS: dict[str, Callable[[PlayView], None]] = {
    "card": _card,
    "faded card": _faded_card,
    "take": _on_board("take_button"),
    "stop": _on_board("stop_button"),
    "hint": _on_board("hint_button"),
    "new game": lambda view: _click_if(view.new_game_button),
    "new game twice": _double_new_game,
    "rematch": _on_board("rematch_button"),
    "resume": _offer("resume_button"),
    "start a new game": _offer("discard_button"),
    "language": _language,
    "level": _level,
}
STEPS = ["wait", *CONTROLS, "re-run the cell"]  # the AI's next move; play() again


@dataclass
class Session:
    """One learner at one notebook: a fresh config folder, deterministic deals, the event loop."""

    view: PlayView
    clock: Clock

    def step(self, name: str) -> None:
        history = self.view.game.history
        ai_was_moving = self.view._ai_pending
        if name == "wait":
            self.clock.tick()
        elif name == "re-run the cell":
            self.view = play(iterations=ITERATIONS, ai_delay=DELAY)
        else:
            CONTROLS[name](self.view)
            if ai_was_moving and name in ("card", "faded card", "take", "stop"):
                assert self.view.game.history == history, "a click during the AI's turn is refused"
        assert_can_go_on(self.view, self.clock)


# A saved game at the learner's last decision: the game ends, and Rematch shows, within a few steps.
def _near_the_end() -> Game:
    model = PlayModel("easy", seed=YOU_LEAD, iterations=ITERATIONS, autosave=False)
    decisions = []
    while not model.game.is_over:
        model.finish_ai_turn()
        if model.game.is_over:
            break
        decisions.append(len(model.game.history))
        model.play(model.human_actions()[-1])
    return Game.replay(model.game.deal, model.game.history[: decisions[-1]])


NEAR_THE_END = _near_the_end()
STARTS = ("the AI leads", "you lead", "a saved game near its end", "a game just over")


def _start(name: str, config: Path, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> Session:
    monkeypatch.setenv(CONFIG_DIR_ENV, str(config))
    set_language("en")
    deal_from(monkeypatch, itertools.cycle([YOU_LEAD, AI_LEADS]))
    clock.timers.clear()
    if name in ("the AI leads", "you lead"):
        seed = AI_LEADS if name == "the AI leads" else YOU_LEAD
        return Session(play("easy", seed=seed, iterations=ITERATIONS, ai_delay=DELAY, resume=False), clock)
    saves.write_save(saves.new_save_path(), NEAR_THE_END, "easy", ITERATIONS)
    session = Session(play(iterations=ITERATIONS, ai_delay=DELAY), clock)
    if name == "a game just over":
        session.view.resume_button.click()
        while not session.view.game.is_over:
            playable(session.view)[0].click()
            session.clock.drain()
    return session


def _run(
    start: str, steps: tuple[str, ...], config: Path, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = _start(start, config, clock, monkeypatch)
    assert_can_go_on(session.view, clock)
    for name in steps:
        session.step(name)
    assert_never_sticks(session.view, clock)
    session.view.close()
    clock.timers.clear()


def every_pair(steps: list[str]) -> list[str]:
    """A shortest walk in which every step comes right after every step, itself included:
    a de Bruijn sequence of order 2, with its wrap-around spelt out."""
    order = len(steps)
    digits = [0] * 3
    walk: list[int] = []

    def extend(t: int, p: int) -> None:  # the classic recursive construction (Ruskey)
        if t > 2:
            if 2 % p == 0:
                walk.extend(digits[1 : p + 1])
            return
        digits[t] = digits[t - p]
        extend(t + 1, p)
        for digit in range(digits[t - p] + 1, order):
            digits[t] = digit
            extend(t + 1, t)

    extend(1, 1)
    return [steps[digit] for digit in [*walk, walk[0]]]


def test_the_walk_has_every_pair_of_steps_once() -> None:
    walk = every_pair(STEPS)
    assert sorted(itertools.pairwise(walk)) == sorted(itertools.product(STEPS, repeat=2))


@pytest.mark.parametrize("start", ["the AI leads", "a saved game near its end"])
def test_every_control_after_every_control_leaves_a_game_the_learner_can_play(
    start: str, clock: Clock, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _run(start, tuple(every_pair(STEPS)), tmp_path, clock, monkeypatch)


@settings(
    derandomize=True,
    max_examples=10,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    start=st.sampled_from(STARTS),
    steps=st.lists(st.sampled_from(STEPS), min_size=3, max_size=12).map(tuple),
)
def test_longer_runs_of_controls_never_stick(
    start: str,
    steps: tuple[str, ...],
    clock: Clock,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    _run(start, steps, tmp_path_factory.mktemp("run"), clock, monkeypatch)
