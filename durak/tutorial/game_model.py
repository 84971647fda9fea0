"""The game against the AI without any widgets: the game, the AI, the move log and the save.

:class:`PlayModel` owns the :class:`~durak.Game`, the AI player, the move log and the saved
game; :mod:`durak.tutorial.game_view` shows one and turns clicks into calls on it (the
"separating concerns" pattern of the ipywidgets docs). Importing this module loads the AI's
search; the lessons never do.

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

import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from durak.actions import Action
from durak.ai import Hint, hint, make_player
from durak.ai.hints import HintStep
from durak.ai.levels import LEARNER_LEVELS
from durak.cards import Card
from durak.game import Applied, Game, Phase
from durak.i18n import N_, gettext
from durak.listeners import Listeners
from durak.messages import AI, YOU, MoveKind, logged_move, move_kind, say
from durak.tutorial import saves
from durak.tutorial.saves import HintCounts, SavedGame, UnreadableSave

__all__ = [
    "MAX_ITERATIONS", "Move", "PlayModel", "ShownHint", "check_level", "first_attacker_text", "replay_moves",
]  # fmt: skip

MAX_ITERATIONS = 100_000  # playouts a decision: far above hard's 8,000, and still seconds, not hours

log = logging.getLogger(__name__)

# --- the move log --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Move:
    """One line of the move log: who did what, and what it did to the table."""

    player: int
    action: Action
    kind: MoveKind
    target: Card | None = None  # the attack card a defence beat
    picked_up: int = 0  # cards the defender picked up when this stop ended a taken bout
    discarded: int = 0  # cards discarded when this stop ended a beaten bout
    drawn: tuple[int, int] = (0, 0)  # how many cards you and the AI drew after this stop
    trump_drawn_by: int | None = None  # who drew the face-up trump card after this stop
    trump_card: Card | None = None

    @classmethod
    def of(cls, done: Applied, trump_card: Card | None = None) -> Move:
        """The log line of an action, from the engine's record of what it did (``trump_card``:
        the game's face-up card, to say who draws it)."""
        action = done.action
        kind = move_kind(action, leads=done.phase is Phase.LEAD)
        if kind is not MoveKind.STOP:
            return cls(done.player, action, kind, target=done.beaten)
        drawn = done.drawn
        trump_to = next((p for p in (YOU, AI) if trump_card is not None and trump_card in drawn[p]), None)
        return cls(
            done.player,
            action,
            kind,
            picked_up=len(done.picked_up),
            discarded=len(done.discarded),
            drawn=(len(drawn[YOU]), len(drawn[AI])),
            trump_drawn_by=trump_to,
            trump_card=trump_card if trump_to is not None else None,
        )

    def text(self) -> str:
        """The log line in the current language (:func:`durak.messages.logged_move`)."""
        return logged_move(self)


def replay_moves(game: Game) -> list[Move]:
    """The move log of ``game``, rebuilt by replaying its history from the deal."""
    replay = Game.replay(game.deal)
    return [Move.of(replay.apply(action), game.trump_card) for action in game.history]


FIRST_YOU = N_("You attack first: you hold the lowest trump, {card}.")
FIRST_AI = N_("The AI attacks first: your lowest trump is {card}, and the AI holds a lower one.")
FIRST_AI_YOU_NONE = N_("The AI attacks first: it holds a trump, and you hold none.")
FIRST_NOBODY = N_("Neither of you holds a trump, so you attack first.")


def first_attacker_text(game: Game) -> str:
    """Why the first attacker attacks first (R4), said as you may know it: your own trumps, and
    what the rule's outcome tells of the AI's."""
    deal = game.deal
    trumps = [card for card in deal.hands[YOU] if card.suit == deal.trump]
    lowest = min(trumps, key=lambda card: card.rank) if trumps else None
    if deal.attacker == YOU:
        return say(FIRST_YOU, card=lowest) if lowest else gettext(FIRST_NOBODY)
    return say(FIRST_AI, card=lowest) if lowest else gettext(FIRST_AI_YOU_NONE)


# --- the model -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ShownHint:
    """The hint for the learner's position, and how much of it is shown."""

    hint: Hint
    step: HintStep


class PlayModel:
    """A game against the AI, without any widgets.

    You are player 0. :meth:`play` applies your action (raising
    :class:`~durak.IllegalAction` and changing nothing if it is not legal);
    :meth:`ai_step` lets the AI make one action. After every change the listeners
    registered with :meth:`on_change` are told (the screen first), and then the game is
    saved (``autosave``) to a file of its own (see :mod:`durak.tutorial.saves`): after each
    of your moves and hints, and once per AI turn, when it ends, not after each of its actions.
    So whatever the moment of a crash, the save holds every move of yours: at worst the AI's
    turn is played again from its start.

    A save that fails (a full disk, a read-only folder) never stops the game: the
    game goes on in memory, :attr:`save_error` says why it was not saved (the listeners are
    told again when that appears or goes), and the next change tries again.
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
        check_level(level)
        _check_iterations(iterations)
        self.level = level
        self.iterations = iterations
        self.autosave = autosave
        self.path = path  # where this game is saved; a new file is named at the first save
        self.resumed_from = resumed_from  # its old file goes once this game has its own
        self.save_error: OSError | None = None
        self.game = game if game is not None else Game.new(seed)
        self.moves: list[Move] = replay_moves(self.game) if game is not None else []
        self.ai = make_player(level, seed=_ai_seed(self.game), iterations=iterations)
        self._listeners = Listeners()
        # the hints asked for in this game, by step (saved with it), and the one shown now
        self.hint_counts = resumed_from.hints if resumed_from is not None else HintCounts()
        self._hint: tuple[int, ShownHint] | None = None  # (the history's length it is for, the hint)

    # --- observers ---

    def on_change(self, callback: Callable[[PlayModel], Any]) -> Callable[[], None]:
        """Call ``callback(model)`` after every change; returns a function that unsubscribes.
        A view's method is held weakly: a view left behind is not kept alive by its game."""
        return self._listeners.subscribe(callback)

    def _changed(self, *, save: bool = True) -> None:
        """Tell the listeners, then save (``save=False`` in the middle of the AI's turn)."""
        failed = self.save_error
        try:
            self._listeners.notify(self)
        finally:  # a listener's error must not cost the save
            if save and self.autosave:
                self._autosave()
        if (failed is None) != (self.save_error is None):  # the warning is to appear, or to go
            self._listeners.notify(self)

    @property
    def learner_has_moved(self) -> bool:
        """True once the learner has made a move in this game (not only the AI's opening attack)."""
        return any(move.player == YOU for move in self.moves)

    def _autosave(self) -> None:
        if not self.learner_has_moved:
            return  # only the AI's opening attack: nothing of the learner's to offer back later
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
        return self.game.legal_actions() if self.game.to_move == YOU else []

    def play(self, action: Action) -> None:
        """Apply your ``action``; raises IllegalAction (game unchanged) if it is not legal now."""
        self.game.verify(action, YOU)
        self._apply(action)

    def ai_step(self) -> Move | None:
        """Let the AI make one action if it is to move; return it (None if it was not its turn).
        The game is saved once the AI's turn is over."""
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
        move = Move.of(self.game.apply(action), self.game.trump_card)
        self.moves.append(move)
        # your move is saved at once; the AI's turn as a whole, once it is over
        self._changed(save=move.player == YOU or not self.ai_to_move)
        return move

    def hint(self) -> Hint | None:
        """A suggested action for you with a reason code, or None when it is not your turn."""
        legal = self.human_actions()
        if not legal:
            return None
        return hint(self.game.observation(YOU), legal)

    @property
    def shown_hint(self) -> ShownHint | None:
        """The hint shown for the position now (None once a move has been made since)."""
        if self._hint is None or self._hint[0] != len(self.game.history) or not self.human_actions():
            return None
        return self._hint[1]

    def ask_hint(self, *, at_once: bool = False) -> ShownHint | None:
        """Show one step more of the hint for your position (``at_once``: the move and why);
        None when it is not your turn. Each step shown is counted, once (:attr:`hint_counts`).
        """
        shown = self.shown_hint
        if shown is None:
            tip = self.hint()
            if tip is None:
                return None
            # a forced move asks no question ("is beating worth it?" with nothing that beats)
            forced = len(self.human_actions()) == 1
            step = HintStep.MOVE if at_once or forced else HintStep.PRINCIPLE
        else:
            tip = shown.hint
            step = HintStep.MOVE if at_once else HintStep(min(shown.step + 1, HintStep.MOVE))
            if step == shown.step:
                return shown  # all is shown already
        self._hint = (len(self.game.history), ShownHint(tip, step))
        self.hint_counts = self.hint_counts.added(step)
        self._changed()
        return self._hint[1]

    def new_game(self, level: str | None = None, seed: int | None = None) -> None:
        """Deal a fresh game (optionally at another level), saved in a file of its own; an
        unfinished game left for it is set aside (:func:`~durak.tutorial.saves.decline`)."""
        if level is not None:
            check_level(level)
            self.level = level
        if not self.game.is_over:  # the learner chose not to play it on: never offer it again
            if self.resumed_from is not None:
                saves.decline(self.resumed_from.path, self.resumed_from.stamp)
            if self.path is not None:
                saves.decline(self.path)
        self.game = Game.new(seed)
        self.moves = []
        self.hint_counts = HintCounts()
        self._hint = None
        self.path = None
        self.resumed_from = None
        self.ai = make_player(self.level, seed=_ai_seed(self.game), iterations=self.iterations)
        self._changed()

    def set_level(self, level: str) -> None:
        """Play on against another level of AI (the game itself is unchanged)."""
        check_level(level)
        if level != self.level:
            self.level = level
            self.ai = make_player(level, seed=None, iterations=self.iterations)
            self._changed()

    # --- saving ---

    def save_path(self) -> Path:
        """The file this game is saved in (named on first use)."""
        if self.path is None:
            self.path = saves.new_save_path()
        return self.path

    def save(self) -> None:
        """Save the game now; raises OSError if it cannot be written (autosave catches that)."""
        saves.write_save(self.save_path(), self.game, self.level, self.iterations, self.hint_counts)
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
        level = saved.level if saved.level in LEARNER_LEVELS else "normal"
        if iterations is None:
            iterations = saved.iterations if _valid_iterations(saved.iterations) else None
            if saved.iterations is not None and iterations is None:
                log.warning("ignoring the saved search budget %r: not a number of playouts", saved.iterations)
        return cls(level, game=saved.game, iterations=iterations, resumed_from=saved)


def check_level(level: str) -> None:
    if level not in LEARNER_LEVELS:
        raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEARNER_LEVELS)}")


def _valid_iterations(iterations: object) -> bool:
    return type(iterations) is int and 1 <= iterations <= MAX_ITERATIONS


def _check_iterations(iterations: int | None) -> None:
    if iterations is not None and not _valid_iterations(iterations):
        raise ValueError(f"iterations must be a whole number from 1 to {MAX_ITERATIONS}, not {iterations!r}")


def _ai_seed(game: Game) -> int | None:
    # The AI's own randomness follows the deal, so a seeded game replays the same way.
    return None if game.seed is None else game.seed + 1
