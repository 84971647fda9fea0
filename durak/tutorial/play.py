"""The full game against the AI: a widget-free model and the ipywidgets view over it.

:class:`PlayModel` owns the :class:`~durak.Game`, the AI player, the move log
and the saved game; it knows nothing about widgets. :class:`PlayView` shows a
model and turns clicks into calls on it (the "separating concerns" pattern of
the ipywidgets docs). :func:`play` builds both, offering to resume a saved game.

>>> import os, tempfile
>>> os.environ["DURAK_CONFIG_DIR"] = tempfile.mkdtemp()
>>> model = PlayModel(level="easy", seed=3)
>>> model.game.to_move in (0, 1)
True
>>> model.finish_ai_turn()  # the AI moves until it is your turn
>>> model.game.to_move
0
>>> model.play(model.human_actions()[0])
>>> PlayModel.load_saved().game.history == model.game.history
True
>>> model.save_error is None  # a save that fails never stops the game: it is noted here
True
>>> del os.environ["DURAK_CONFIG_DIR"]
"""

from __future__ import annotations

import asyncio
import enum
import logging
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from durak.actions import STOP, TAKE, Action, ActionKind
from durak.ai import Hint, Player, hint, make_player
from durak.cards import Card
from durak.game import Applied, Game, Observation, Phase
from durak.i18n import N_, format_number, gettext, ngettext
from durak.messages import game_over_message, hint_message
from durak.tutorial import saves
from durak.tutorial.saves import SavedGame, UnreadableSave
from durak.tutorial.settings import restore_language
from durak.tutorial.widgets import (
    AppearanceControls,
    CardButton,
    ErrorArea,
    FeltTable,
    HandView,
    LanguagePicker,
    LocalizedVBox,
    OpponentHandView,
    StockView,
    TableOrRules,
    TableView,
    close_all,
    relabel,
)

__all__ = ["LEVELS", "Move", "MoveKind", "PlayModel", "PlayView", "play"]

HUMAN, AI = 0, 1
LEVELS = ("easy", "normal", "hard")
LEVEL_LABELS = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard")}
MAX_ITERATIONS = 100_000  # playouts a decision: far above hard's 8,000, and still seconds, not hours
SAVE_FAILED = N_(
    "Your game could not be saved ({reason}). You can play on: saving is tried again after every move. "
    "Until a save succeeds, do not close or reload this page, or the game will be lost."
)
UNREADABLE_KEPT = N_("A saved game could not be read ({reason}). The file was kept and renamed to {file}.")
UNREADABLE_LEFT = N_(
    "A saved game could not be read ({reason}); the file {file} was left where it is, unchanged."
)

log = logging.getLogger(__name__)
# Module-level and marked with N_: Babel does not look inside f-strings on Python 3.11.
TITLE = N_("Play against the AI")
MOVES_TITLE = N_("Moves")
HOW_TO_PLAY = N_(
    "Click a card to play it: the cards you may play now are framed in green. "
    "Use Take and Stop when you want to take the cards or end a bout, and Hint when you are unsure."
)
HINT_BORDER = "3px solid #ffb300"  # the card a hint suggests
BROWSER_AI_DELAY = 0.7  # seconds between the AI's actions in a live notebook, so each can be seen
# The AI's answer to a human move comes sooner: the learner's own card is already on screen.
AI_REPLY_DELAY = 0.15


# --- the AI, behind one seam ---------------------------------------------------------


def make_ai(level: str, seed: int | None = None, iterations: int | None = None) -> Player:
    """The AI opponent for ``level`` (easy, normal or hard; also random or greedy).

    The one seam between the game view and :mod:`durak.ai`.
    """
    return make_player(level, seed=seed, iterations=iterations)


def ai_hint(observation: Observation, legal_actions: list[Action]) -> Hint:
    """A suggestion for you, with a reason code for :func:`durak.messages.hint_message`."""
    return hint(observation, legal_actions)


# --- the move log --------------------------------------------------------------------


class MoveKind(enum.StrEnum):
    LEAD = "lead"  # the first attack card of a bout
    ADD = "add"  # a further attack card (thrown in, or added after a take)
    BEAT = "beat"
    TAKE = "take"
    STOP = "stop"  # ends the bout: the table is discarded or picked up


@dataclass(frozen=True, slots=True)
class Move:
    """One line of the move log: who did what, and what it did to the table."""

    player: int
    action: Action
    kind: MoveKind
    target: Card | None = None  # the attack card a defence beat
    picked_up: int = 0  # cards the defender picked up when this stop ended a taken bout
    discarded: int = 0  # cards discarded when this stop ended a beaten bout

    @classmethod
    def of(cls, done: Applied) -> Move:
        """The log line of an action, from the engine's record of what it did."""
        action = done.action
        if action.kind is ActionKind.ATTACK:
            kind = MoveKind.LEAD if done.phase is Phase.LEAD else MoveKind.ADD
            return cls(done.player, action, kind)
        if action.kind is ActionKind.DEFEND:
            return cls(done.player, action, MoveKind.BEAT, target=done.beaten)
        if action.kind is ActionKind.TAKE:
            return cls(done.player, action, MoveKind.TAKE)
        return cls(
            done.player, action, MoveKind.STOP, picked_up=len(done.picked_up), discarded=len(done.discarded)
        )

    def text(self) -> str:
        """The log line in the current language."""
        you = self.player == HUMAN
        card = str(self.action.card) if self.action.card else ""
        if self.kind is MoveKind.LEAD:
            template = gettext("You lead {card}.") if you else gettext("The AI leads {card}.")
        elif self.kind is MoveKind.ADD:
            template = gettext("You add {card}.") if you else gettext("The AI adds {card}.")
        elif self.kind is MoveKind.BEAT:
            template = (
                gettext("You beat {target} with {card}.")
                if you
                else gettext("The AI beats {target} with {card}.")
            )
        elif self.kind is MoveKind.TAKE:
            template = gettext("You take the cards.") if you else gettext("The AI takes the cards.")
        elif self.picked_up:
            n = self.picked_up
            template = (
                ngettext("You stop. The AI picks up {n} card.", "You stop. The AI picks up {n} cards.", n)
                if you
                else ngettext(
                    "The AI stops. You pick up {n} card.", "The AI stops. You pick up {n} cards.", n
                )
            )
        else:
            n = self.discarded
            template = (
                ngettext(
                    "You stop. {n} card goes to the discard pile.",
                    "You stop. {n} cards go to the discard pile.",
                    n,
                )
                if you
                else ngettext(
                    "The AI stops. {n} card goes to the discard pile.",
                    "The AI stops. {n} cards go to the discard pile.",
                    n,
                )
            )
        return template.format(
            card=card, target=str(self.target), n=format_number(self.picked_up or self.discarded)
        )


def replay_moves(game: Game) -> list[Move]:
    """The move log of ``game``, rebuilt by replaying its history from the deal."""
    replay = Game.replay(game.deal)
    return [Move.of(replay.apply(action)) for action in game.history]


# --- the model -----------------------------------------------------------------------


class PlayModel:
    """A game against the AI, without any widgets.

    You are player 0. :meth:`play` applies your action (raising
    :class:`~durak.IllegalAction` and changing nothing if it is not legal);
    :meth:`ai_step` lets the AI make one action. After every action the game is
    saved (``autosave``) to a file of its own (see :mod:`durak.tutorial.saves`), and
    listeners registered with :meth:`on_change` are told.

    A save that fails (a full disk, a read-only folder) never stops the game: the
    game goes on in memory, :attr:`save_error` says why it was not saved, and the
    next change tries again.
    """

    def __init__(
        self,
        level: str = "normal",
        seed: int | None = None,
        *,
        iterations: int | None = None,
        game: Game | None = None,
        autosave: bool = True,
        path: Path | None = None,
        resumed_from: SavedGame | None = None,
    ) -> None:
        _check_level(level)
        _check_iterations(iterations)
        self.level = level
        self.iterations = iterations
        self.autosave = autosave
        self.path = path  # where this game is saved; a new file is named at the first save
        self.resumed_from = resumed_from  # its old file goes once this game has its own
        self.save_error: OSError | None = None
        self.game = game if game is not None else Game.new(seed)
        self.moves: list[Move] = replay_moves(self.game) if game is not None else []
        self.ai = make_ai(level, seed=_ai_seed(self.game), iterations=iterations)
        self._listeners: list[Callable[[], Any]] = []

    # --- observers ---

    def on_change(self, callback: Callable[[], Any]) -> Callable[[], None]:
        """Call ``callback()`` after every change; returns a function that unsubscribes."""
        self._listeners.append(callback)
        return lambda: self._listeners.remove(callback) if callback in self._listeners else None

    def _changed(self) -> None:
        if self.autosave:
            self._autosave()
        for callback in list(self._listeners):
            callback()

    def _autosave(self) -> None:
        try:
            self.save()
        except OSError as error:
            if self.save_error is None:
                log.warning("could not save the game to %s: %s", self.save_path(), error)
            self.save_error = error
        else:
            self.save_error = None

    # --- playing ---

    @property
    def ai_to_move(self) -> bool:
        return self.game.to_move == AI

    def human_actions(self) -> list[Action]:
        """Your legal actions now (none while the AI is to move or the game is over)."""
        return self.game.legal_actions() if self.game.to_move == HUMAN else []

    def play(self, action: Action) -> None:
        """Apply your ``action``; raises IllegalAction (game unchanged) if it is not legal now."""
        self.game.verify(action, HUMAN)
        self._apply(action)

    def ai_step(self) -> Move | None:
        """Let the AI make one action if it is to move; return it (None if it was not its turn)."""
        if not self.ai_to_move:
            return None
        legal = self.game.legal_actions()
        action = self.ai.choose(self.game.observation(AI), legal)
        self.game.verify(action, AI)  # a broken AI must not corrupt the game
        return self._apply(action)

    def finish_ai_turn(self) -> None:
        """Let the AI act until it is your turn or the game is over."""
        while self.ai_step() is not None:
            pass

    def _apply(self, action: Action) -> Move:
        move = Move.of(self.game.apply(action))
        self.moves.append(move)
        self._changed()
        return move

    def hint(self) -> Hint | None:
        """A suggested action for you with a reason code, or None when it is not your turn."""
        legal = self.human_actions()
        if not legal:
            return None
        return ai_hint(self.game.observation(HUMAN), legal)

    def new_game(self, level: str | None = None, seed: int | None = None) -> None:
        """Deal a fresh game (optionally at another level), saved in a file of its own."""
        if level is not None:
            _check_level(level)
            self.level = level
        self.game = Game.new(seed)
        self.moves = []
        self.path = None
        self.resumed_from = None
        self.ai = make_ai(self.level, seed=_ai_seed(self.game), iterations=self.iterations)
        self._changed()

    def set_level(self, level: str) -> None:
        """Play on against another level of AI (the game itself is unchanged)."""
        _check_level(level)
        if level != self.level:
            self.level = level
            self.ai = make_ai(level, seed=None, iterations=self.iterations)
            self._changed()

    # --- saving ---

    def save_path(self) -> Path:
        """The file this game is saved in (named on first use)."""
        if self.path is None:
            self.path = saves.new_save_path()
        return self.path

    def save(self) -> None:
        """Save the game now; raises OSError if it cannot be written (autosave catches that)."""
        saves.write_save(self.save_path(), self.game, self.level, self.iterations)
        if self.resumed_from is not None:
            saves.retire(self.resumed_from)
            self.resumed_from = None

    @classmethod
    def load_saved(
        cls,
        path: Path | None = None,
        *,
        iterations: int | None = None,
        problems: list[UnreadableSave] | None = None,
    ) -> PlayModel | None:
        """The newest unfinished saved game, or the game saved in ``path``; None if there is none.

        Unreadable saves met on the way are set aside and added to ``problems``; an unreadable
        ``path`` raises :class:`~durak.tutorial.saves.UnreadableSave` (a ValueError).
        The resumed game goes on in a file of its own (see :mod:`durak.tutorial.saves`).
        """
        if path is not None:
            saved: SavedGame | None = saves.read_save(path)
        else:
            saved, found = saves.newest_unfinished()
            if problems is not None:
                problems.extend(found)
        if saved is None:
            return None
        level = saved.level if saved.level in LEVELS else "normal"
        if iterations is None:
            iterations = saved.iterations if _valid_iterations(saved.iterations) else None
            if saved.iterations is not None and iterations is None:
                log.warning("ignoring the saved search budget %r: not a number of playouts", saved.iterations)
        return cls(level, game=saved.game, iterations=iterations, resumed_from=saved)


def _check_level(level: str) -> None:
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")


def _valid_iterations(iterations: object) -> bool:
    return type(iterations) is int and 1 <= iterations <= MAX_ITERATIONS


def _check_iterations(iterations: int | None) -> None:
    if iterations is not None and not _valid_iterations(iterations):
        raise ValueError(f"iterations must be a whole number from 1 to {MAX_ITERATIONS}, not {iterations!r}")


def _ai_seed(game: Game) -> int | None:
    # The AI's own randomness follows the deal, so a seeded game replays the same way.
    return None if game.seed is None else game.seed + 1


# --- the view ------------------------------------------------------------------------


def _describe_action(action: Action) -> str:
    if action.kind is ActionKind.ATTACK:
        return gettext("play {card}").format(card=action.card)
    if action.kind is ActionKind.DEFEND:
        return gettext("beat it with {card}").format(card=action.card)
    if action.kind is ActionKind.TAKE:
        return gettext("take the cards")
    return gettext("stop")


def _game_over_text(game: Game) -> str:
    return game_over_message(game.loser, viewer=HUMAN)


def _status_text(game: Game) -> str:
    """What is going on, and what you may do, in one sentence."""
    if game.is_over:
        return _game_over_text(game)
    if game.to_move == AI:
        if game.phase is Phase.DEFEND:
            return gettext("The AI is defending…")
        return gettext("The AI is attacking…")
    if game.phase is Phase.LEAD:
        return gettext("Your turn: lead any card.")
    if game.phase is Phase.DEFEND:
        return gettext("Your turn: beat {card} or take the cards.").format(card=game.table[-1][0])
    if game.phase is Phase.THROW_IN:
        return gettext("Your turn: add a card of a rank on the table, or stop.")
    return gettext("The AI takes: you may add cards of a rank on the table, then stop.")


class PlayView(LocalizedVBox):
    """The full game on screen: the AI's hand, the stock and trump, the table, your hand,
    take/stop, hint, new game, difficulty, the move log, the language picker and the
    appearance sliders, with the "Full rules" beside the table.

    ``ai_delay`` (seconds) spaces out the AI's actions in a live notebook; with 0
    (tests, scripts) the AI answers at once, inside the click.
    """

    def __init__(
        self, model: PlayModel, *, ai_delay: float = 0.0, offer: bool = False, **kwargs: Any
    ) -> None:
        self.model = model
        self.ai_delay = ai_delay
        self._hint: Hint | None = None
        self._ai_pending = False
        self.load_problems: list[UnreadableSave] = []  # saves that could not be read (play() fills it)

        self.heading = widgets.HTML()
        self.language = LanguagePicker()
        self.level = widgets.ToggleButtons(options=list(LEVELS), value=model.level)
        self.new_game_button = widgets.Button(icon="refresh")
        self.hint_button = widgets.Button(icon="lightbulb-o")
        self.appearance = AppearanceControls()
        self.errors = ErrorArea()
        self.notice = widgets.HTML()  # what the learner should know about the saved games

        self.opponent = OpponentHandView()
        self.stock = StockView()
        self.table = TableView()
        self.status = widgets.HTML()
        self.hint_text = widgets.HTML()
        self.hand = HandView()
        self.take_button = widgets.Button(button_style="warning")
        self.take_button.action = TAKE
        self.stop_button = widgets.Button(button_style="info")
        self.stop_button.action = STOP
        self.game_over = widgets.HTML()
        self.rematch_button = widgets.Button(button_style="success", icon="repeat")
        self.move_log_title = widgets.HTML()
        self.move_log = widgets.HTML(layout={"max_height": "14em", "overflow": "auto"})

        self.resume_text = widgets.HTML()
        self.resume_button = widgets.Button(button_style="success")
        self.discard_button = widgets.Button()
        self.resume_offer = widgets.VBox(
            [self.resume_text, widgets.HBox([self.resume_button, self.discard_button])],
            layout={"display": "flex" if offer else "none"},
        )

        self.felt = FeltTable(
            [
                self.opponent,
                widgets.HBox([self.stock], layout={"justify_content": "flex-end"}),
                self.table,
                self.status,
                self.hand,
                widgets.HBox([self.take_button, self.stop_button, self.hint_button]),
                self.hint_text,
            ]
        )
        self.appearance.attach(self.felt)
        self.views = TableOrRules(self.felt)
        self.board = widgets.VBox(
            [
                widgets.HBox([self.level, self.new_game_button]),
                self.views,
                self.errors,
                widgets.HBox([self.game_over, self.rematch_button]),
                self.move_log_title,
                self.move_log,
            ],
            layout={"display": "none" if offer else "flex"},
        )
        super().__init__(
            children=(
                self.heading, self.language, self.appearance, self.notice, self.resume_offer, self.board
            ),
            **kwargs,
        )
        self.add_class("durak-play")
        # Stable hooks for browser tests and page styles; the visible labels change with the language.
        for widget, name in (
            (self.take_button, "durak-take"), (self.stop_button, "durak-stop"),
            (self.hint_button, "durak-hint"), (self.new_game_button, "durak-new-game"),
            (self.rematch_button, "durak-rematch"), (self.game_over, "durak-game-over"),
            (self.move_log, "durak-move-log"), (self.level, "durak-level"), (self.notice, "durak-notice"),
        ):  # fmt: skip
            widget.add_class(name)

        guard = self.errors.guard
        self.hand.on_play(guard(self._card_clicked))
        self.take_button.on_click(guard(self._action_clicked))
        self.stop_button.on_click(guard(self._action_clicked))
        self.hint_button.on_click(guard(self._hint_clicked))
        self.new_game_button.on_click(guard(self._new_game_clicked))
        self.rematch_button.on_click(guard(self._new_game_clicked))
        self.resume_button.on_click(guard(self._resume_clicked))
        self.discard_button.on_click(guard(self._new_game_clicked))
        self._level_handler = guard(self._level_changed)
        self.level.observe(self._level_handler, names="value")
        self._unsubscribe_model = model.on_change(self.refresh)
        self._start_localized()
        self.refresh()
        if not offer:
            self._continue_ai()

    # --- what the tests and notebooks use ---

    @property
    def game(self) -> Game:
        """The game on screen."""
        return self.model.game

    @property
    def card_buttons(self) -> tuple[CardButton, ...]:
        """Every card button on the table view: the AI's hand, the trump card, the table, yours."""
        trump = self.stock.trump_button
        return (
            *self.opponent.buttons,
            *((trump,) if trump is not None else ()),
            *self.table.buttons,
            *self.hand.buttons,
        )

    @property
    def offering_resume(self) -> bool:
        return bool(self.resume_offer.layout.display != "none")

    # --- clicks ---

    def _card_clicked(self, button: CardButton) -> None:
        action = button.action
        if action is None:  # a card that is not playable now: let the rules say why
            assert button.card is not None
            is_defending = self.game.to_move == HUMAN and self.game.phase is Phase.DEFEND
            action = Action.defend(button.card) if is_defending else Action.attack(button.card)
        self._play(action)

    def _action_clicked(self, button: widgets.Button) -> None:
        self._play(button.action)

    def _play(self, action: Action) -> None:
        if self._ai_pending:
            return  # the AI is still moving; its actions come first
        self._hint = None
        self.model.play(action)
        self._continue_ai(min(AI_REPLY_DELAY, self.ai_delay))

    def _hint_clicked(self, _button: widgets.Button) -> None:
        self._hint = self.model.hint()
        self.refresh()

    def _new_game_clicked(self, _button: widgets.Button) -> None:
        self._hide_offer()
        self._hint = None
        self.model.new_game(self.level.value)
        self._continue_ai()

    def _resume_clicked(self, _button: widgets.Button) -> None:
        self._hide_offer()
        self.refresh()
        self._continue_ai()

    def _level_changed(self, change: dict[str, Any]) -> None:
        self.model.set_level(change["new"])

    def _hide_offer(self) -> None:
        self.resume_offer.layout.display = "none"
        self.board.layout.display = "flex"

    # --- the AI's turn, one action at a time ---

    def _continue_ai(self, delay: float | None = None) -> None:
        """Let the AI act, one action per ``delay`` seconds (default: ``ai_delay``)."""
        if not self.model.ai_to_move:
            return
        loop = _running_loop() if self.ai_delay > 0 else None
        if loop is None:
            self.model.finish_ai_turn()
            return
        self._ai_pending = True
        self.refresh()
        wait = self.ai_delay if delay is None else delay
        loop.call_later(wait, self.errors.guard(self._ai_tick), self.model.game)

    def _ai_tick(self, game: Game) -> None:
        if game is not self.model.game:
            return  # scheduled for a game that has since been replaced by a new deal
        self._ai_pending = False
        if self.model.ai_step() is not None:
            self._continue_ai()

    # --- rendering ---

    def refresh(self) -> None:
        """Show the model's current state (called after every change)."""
        game = self.game
        observation = game.observation(HUMAN)
        trump_card = observation.trump_card if observation.trump_card_in_stock else None
        self.opponent.update(observation.opponent_hand_size, observation.opponent_known, game.trump)
        self.stock.update(game.trump, trump_card, observation.stock_size, len(observation.discard))
        on_table = {card for pair in observation.table for card in pair if card is not None}
        spare = self.hand.release(on_table)  # the card just played moves to the table as it is
        self.table.update(observation.table, game.trump, game.bout_limit if game.table else None, spare)
        close_all(spare.values())
        legal = [] if self._ai_pending else self.model.human_actions()
        playable = {a.card: a for a in legal if a.card is not None}
        self.hand.update(observation.hand, game.trump, playable if game.to_move == HUMAN else None)
        self.take_button.disabled = TAKE not in legal
        self.stop_button.disabled = STOP not in legal
        self.hint_button.disabled = not legal
        self.rematch_button.layout.display = "flex" if game.is_over else "none"
        if self._hint is not None:
            for button in self.hand.buttons:
                if button.action == self._hint.action:
                    button.layout.border = HINT_BORDER
        self.render()

    def render(self) -> None:
        game = self.game
        self.heading.value = f"<h2>Durak · {escape(gettext(TITLE))}</h2><p>{escape(gettext(HOW_TO_PLAY))}</p>"
        self.new_game_button.description = gettext("New game")
        self.hint_button.description = gettext("Hint")
        self.take_button.description = gettext("Take")
        self.stop_button.description = gettext("Stop")
        self.rematch_button.description = gettext("Rematch")
        self.resume_button.description = gettext("Resume the saved game")
        self.discard_button.description = gettext("Start a new game")
        self.take_button.tooltip = gettext("Give up the bout and pick up every card on the table")
        self.stop_button.tooltip = gettext("Add no more cards: end the bout")
        self.level.description = gettext("Difficulty:")
        relabel(self.level, [(gettext(LEVEL_LABELS[level]), level) for level in LEVELS], self._level_handler)
        self.status.value = f"<b>{escape(_status_text(game))}</b>"
        self.game_over.value = (
            f'<div style="font-size:1.3em;font-weight:700">{escape(_game_over_text(game))}</div>'
            if game.is_over
            else ""
        )
        self.hint_text.value = self._hint_html()
        self.notice.value = self._notice_html()
        self.move_log_title.value = f"<b>{escape(gettext(MOVES_TITLE))}</b>"
        self.move_log.value = self._move_log_html()
        moves = len(self.model.moves)
        self.resume_text.value = escape(
            ngettext(
                "An unfinished game was saved ({n} move so far, level: {level}).",
                "An unfinished game was saved ({n} moves so far, level: {level}).",
                moves,
            ).format(
                n=format_number(moves), level=gettext(LEVEL_LABELS.get(self.model.level, self.model.level))
            )
        )

    def _move_log_html(self) -> str:
        """The moves, newest first (so the last ones stay in sight), the AI's set apart in blue."""
        lines = []
        for move in reversed(self.model.moves):
            style = "color:#1f4e9a" if move.player == AI else ""
            rule = "border-bottom:1px solid #bbb;padding-bottom:2px;" if move.kind is MoveKind.STOP else ""
            lines.append(f'<li style="{rule}{style}">{escape(move.text())}</li>')
        return f"<ol reversed>{''.join(lines)}</ol>" if lines else ""

    def _notice_html(self) -> str:
        """Why a save failed, and which saves could not be read: shown until it no longer holds."""
        lines = []
        for problem in self.load_problems:
            if problem.kept_as is not None:
                text = gettext(UNREADABLE_KEPT).format(file=problem.kept_as.name, reason=problem.reason)
            else:
                text = gettext(UNREADABLE_LEFT).format(file=problem.path, reason=problem.reason)
            lines.append(text)
        error = self.model.save_error
        if error is not None:
            lines.append(gettext(SAVE_FAILED).format(reason=error.strerror or error))
        style = "color:#7a4100;font-weight:600"  # dark amber: a warning, not a refused move
        return "".join(f'<div class="durak-warning" style="{style}">{escape(line)}</div>' for line in lines)

    def _hint_html(self) -> str:
        if self._hint is None:
            return ""
        text = gettext("Hint: {move}.").format(move=_describe_action(self._hint.action))
        reason = hint_message(self._hint.reason)
        return escape(f"{text} {reason}".strip())

    def close(self) -> None:
        unsubscribe = getattr(self, "_unsubscribe_model", None)
        if unsubscribe is not None:
            unsubscribe()
        # close() also runs from __del__ of a view whose __init__ failed part-way
        parts = ("language", "appearance", "errors", "views", "felt", "opponent", "stock", "table", "hand")
        for name in parts:
            child = getattr(self, name, None)
            if child is not None:
                child.close()
        super().close()


_LIVE_VIEWS: weakref.WeakSet[PlayView] = weakref.WeakSet()  # the view play() showed last


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _in_kernel() -> bool:
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


def play(
    level: str = "normal",
    seed: int | None = None,
    *,
    resume: bool | None = None,
    iterations: int | None = None,
    ai_delay: float | None = None,
) -> PlayView:
    """The full game against the AI, as a widget: ``from durak.tutorial import play; play()``.

    A game saved by an earlier run (or before a kernel restart) is offered for
    resuming (``resume=None``), resumed at once (``True``) or replaced by a new
    deal (``False``). ``iterations`` caps the AI's search (small in tests);
    ``ai_delay`` defaults to a short pause between AI actions inside a notebook
    kernel and to none elsewhere.
    """
    _check_level(level)
    restore_language()
    # Re-running the cell replaces the game on screen: the old view is closed, so that it does
    # not play on unseen beside the new one.
    for previous in _LIVE_VIEWS:
        previous.close()
    _LIVE_VIEWS.clear()
    delay = ai_delay if ai_delay is not None else (BROWSER_AI_DELAY if _in_kernel() else 0.0)
    problems: list[UnreadableSave] = []
    saved = PlayModel.load_saved(iterations=iterations, problems=problems) if resume is not False else None
    if saved is not None:
        view = PlayView(saved, ai_delay=delay, offer=resume is None)
    else:
        view = PlayView(PlayModel(level, seed, iterations=iterations), ai_delay=delay)
    if problems:
        view.load_problems = problems
        view.render()
    _LIVE_VIEWS.add(view)
    return view
