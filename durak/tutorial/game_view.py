"""The game against the AI on screen: the ipywidgets view over a :class:`PlayModel`, and :func:`play`.

:class:`PlayView` shows a model (:mod:`durak.tutorial.game_model`) and turns clicks into calls
on it; :func:`play` builds both, offering to resume a saved game.
"""

from __future__ import annotations

import asyncio
import os
import weakref
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from durak.actions import STOP, TAKE, Action
from durak.ai import Hint
from durak.ai.hints import HintStep
from durak.ai.levels import LEARNER_LEVELS
from durak.cards import Card
from durak.game import Game, Phase
from durak.i18n import N_, N_plural, gettext
from durak.messages import (
    AI,
    SAYS_THE_MOVE,
    YOU,
    MoveKind,
    face_up_trump_message,
    game_over_message,
    hint_candidates,
    hint_exception,
    hint_principle,
    hinted_move,
    level_description,
    level_label,
    no_rule_text,
    reason_text,
    say,
    say_count,
)
from durak.tutorial.clicks import action_for
from durak.tutorial.game_model import PlayModel, ShownHint, check_level, first_attacker_text
from durak.tutorial.review_model import REVIEW_BUTTON
from durak.tutorial.saves import UnreadableSave
from durak.tutorial.settings import remember_level, remembered_level, restore_language
from durak.tutorial.style import AI_BLUE, BOUT_RULE, HINT_GOLD, WARNING_AMBER
from durak.tutorial.widgets.appearance import AppearanceControls
from durak.tutorial.widgets.base import ErrorArea, LocalizedVBox, close_all, relabel, running_loop
from durak.tutorial.widgets.cards import (
    CARD_CSS,
    HINTED_CLASS,
    CardButton,
    HandView,
    OpponentHandView,
    StockView,
    TableView,
)
from durak.tutorial.widgets.chrome import FeltTable, LanguagePicker, TableOrRules

__all__ = [
    "CANDIDATE_CLASS", "HINT_BORDER", "SAVE_FAILED", "UNREADABLE_KEPT", "UNREADABLE_LEFT", "PlayView",
    "hint_text", "play",
]  # fmt: skip

SHOW_PLAYABLE = N_("Show playable cards")
LEVEL_FROM_NOW = N_("The change applies from the AI’s next move in this game.")
CONFIRM_NEW_GAME = N_("Abandon this game? Click again")
SAVE_FAILED = N_(
    "Your game could not be saved ({reason}). You can play on: saving is tried again after every move. "
    "Until a save succeeds, do not close or reload this page, or the game will be lost."
)
UNREADABLE_KEPT = N_("A saved game could not be read ({reason}). The file was kept and renamed to {file}.")
UNREADABLE_LEFT = N_(
    "A saved game could not be read ({reason}); the file {file} was left where it is, unchanged."
)

TITLE = N_("Play against the AI")
MOVES_TITLE = N_("Moves")
HOW_TO_PLAY = N_(
    "Click a card to play it: the cards you may play now are framed and raised, the others faded "
    "(click one anyway to see why not). Use Take and Stop to take the cards or end a bout, and "
    "Hint when you are unsure."
)
HINT_BORDER = f"3px dashed {HINT_GOLD}"  # the card a hint suggests
CANDIDATE_CLASS = "durak-candidate"  # a card a hint's second step marks as worth a look
HINT_TOOLTIP = N_("Each click shows a little more: the idea, then the cards worth a look, then the move.")
SHOW_MOVE = N_("Show the move")
SHOW_MOVE_TOOLTIP = N_("The hint’s move and why, at once")
# Translators: {idea} is a question that points to the move without naming it.
HINT_IDEA = N_("Hint: {idea}")
BROWSER_AI_DELAY = 0.7  # seconds between the AI's actions in a live notebook, so each can be seen
AI_DELAY_ENV = "DURAK_AI_DELAY"  # another pause, in seconds (the browser tests take 0.05)
# The AI's answer to a human move comes sooner: the learner's own card is already on screen.
AI_REPLY_DELAY = 0.15


# --- the view ------------------------------------------------------------------------


def hint_text(shown: ShownHint) -> str:
    """A hint as far as it is shown, in the current language: the principle; then the moves worth
    a look; then the move, that it departs from lesson 6 where it does, and why."""
    tip = shown.hint
    if shown.step == HintStep.MOVE and tip.lesson is not None and tip.explanation.generic:
        # no rule explains the move: not "an exception" to the lesson, whose move stays the habit
        said = [
            say(N_("Hint: {move}."), move=hinted_move(tip.action)),
            no_rule_text(hinted_move(tip.action), hinted_move(tip.lesson)),
        ]
    elif shown.step == HintStep.MOVE:
        said = []
        if tip.explanation.reason not in SAYS_THE_MOVE:  # else the reason says it: once is enough
            said.append(say(N_("Hint: {move}."), move=hinted_move(tip.action)))
        if tip.lesson is not None:
            said.append(hint_exception(hinted_move(tip.lesson)))
        said.append(reason_text(tip.explanation))
    else:
        said = [say(HINT_IDEA, idea=hint_principle(tip.principle))]
        if shown.step == HintStep.CANDIDATES:
            said.append(hint_candidates([hinted_move(action) for action in tip.candidates]))
    return " ".join(said)


def _game_over_text(game: Game) -> str:
    return game_over_message(game.loser, viewer=YOU)


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
        return say(N_("Your turn: beat {card} or take the cards."), card=game.table[-1][0])
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
        self,
        model: PlayModel,
        *,
        ai_delay: float = 0.0,
        offer: bool = False,
        embedded: bool = False,
        **kwargs: Any,
    ) -> None:
        self.model = model
        self.ai_delay = ai_delay
        self.open_topic: Callable[[str], None] | None = None  # lesson 06's parts, from the review
        self._ai_timer: asyncio.TimerHandle | None = None  # the AI's next action, while one is scheduled
        self._confirming_new_game = False  # the first click on New game during a game asks again
        self._level_changed_in_game = False  # said beside the level's description until the game ends
        self.load_problems: list[UnreadableSave] = []  # saves that could not be read (play() fills it)

        self.heading = widgets.HTML()
        self.language = LanguagePicker()
        if embedded:  # the page around the game has the heading and the picker (the course)
            self.heading.layout.display = "none"
            self.language.layout.display = "none"
        # buttons as wide as their labels: three fit a phone's row
        self.level = widgets.ToggleButtons(
            options=list(LEARNER_LEVELS), value=model.level, style={"button_width": "auto"}
        )
        self.level_note = widgets.HTML()
        self.show_playable = widgets.Checkbox(value=True, indent=False)
        self.marks = widgets.HTML(CARD_CSS, layout={"display": "none"})
        self.new_game_button = widgets.Button(icon="refresh")
        self.hint_button = widgets.Button(icon="lightbulb-o")
        self.show_move_button = widgets.Button(icon="eye")
        self.appearance = AppearanceControls()
        self.errors = ErrorArea()
        self.notice = widgets.HTML()  # what the learner should know about the saved games

        self.opponent = OpponentHandView()
        self.stock = StockView()
        self.table = TableView()
        self.status = widgets.HTML()
        self.hint_text = widgets.HTML()
        self.remark = widgets.HTML()  # what a card only shown is, when the learner clicks it
        self._remarked: Card | None = None
        self.hand = HandView()
        self.take_button = widgets.Button(button_style="warning")
        self.take_button.action = TAKE
        self.stop_button = widgets.Button(button_style="info")
        self.stop_button.action = STOP
        self.game_over = widgets.HTML()
        self.rematch_button = widgets.Button(button_style="success", icon="repeat")
        self.review_button = widgets.Button(button_style="info", icon="line-chart")
        self.review_area = widgets.VBox()  # the review of the game just played, once asked for
        self.move_log_title = widgets.HTML()
        self.move_log = widgets.HTML(layout={"max_height": "14em", "overflow": "auto"})

        self.resume_text = widgets.HTML()
        self.resume_button = widgets.Button(button_style="success")
        self.discard_button = widgets.Button()
        self.resume_offer = widgets.VBox(
            [
                self.resume_text,
                widgets.HBox([self.resume_button, self.discard_button], layout={"flex_flow": "row wrap"}),
            ],
            layout={"display": "flex" if offer else "none"},
        )

        self.felt = FeltTable(
            [
                self.opponent,
                widgets.HBox([self.stock], layout={"justify_content": "flex-end"}),
                self.table,
                self.status,
                self.errors,  # a refused move is explained here, next to the status, not below the fold
                self.remark,
                self.hand,
                widgets.HBox(
                    [self.take_button, self.stop_button, self.hint_button, self.show_move_button],
                    layout={"flex_flow": "row wrap"},
                ),
                self.hint_text,
            ]
        )
        self.appearance.attach(self.felt)
        # as wide as the page allows, up to a limit, whatever the texts on it: nothing jumps sideways
        self.felt.layout.width = "100%"
        self.felt.layout.max_width = "46em"
        self.views = TableOrRules(self.felt, show_choice=False)
        # one toolbar: language, difficulty, the view and a new game; the appearance folded away
        self.toolbar = widgets.HBox(
            [self.language, self.level, self.views.choice, self.new_game_button],
            layout={"flex_flow": "row wrap", "align_items": "center", "grid_gap": "0.3em 1em"},
        )
        self.appearance_panel = widgets.Accordion(children=[self.appearance], selected_index=None)
        self._game_controls = (self.level, self.views.choice, self.new_game_button)
        if offer:  # while a saved game is offered, only the offer decides
            for control in self._game_controls:
                control.layout.display = "none"
        self.board = widgets.VBox(
            [
                self.level_note,
                self.show_playable,
                self.views,
                widgets.HBox(
                    [self.game_over, self.rematch_button, self.review_button],
                    layout={"flex_flow": "row wrap"},
                ),
                self.review_area,
                self.move_log_title,
                self.move_log,
            ],
            layout={"display": "none" if offer else "flex"},
        )
        super().__init__(
            children=(
                self.heading,
                self.toolbar,
                self.language.lab_notice,  # in JupyterLab: its menus follow the language after a reload
                self.appearance_panel,
                self.notice,
                self.resume_offer,
                self.board,
                self.marks,
            ),
            **kwargs,
        )
        self.add_class("durak-play")
        # buttons as wide as their label in every language: never a label cut off ("Pokračovat v ulože…")
        for button in (
            self.new_game_button, self.hint_button, self.show_move_button, self.take_button, self.stop_button,
            self.rematch_button, self.review_button, self.resume_button, self.discard_button,
        ):  # fmt: skip
            button.layout.width = "auto"
            button.layout.min_width = "8em"
            button.layout.flex = "0 0 auto"  # never squeezed beside a long text: the row wraps instead
        # Stable hooks for browser tests and page styles; the visible labels change with the language.
        for widget, name in (
            (self.take_button, "durak-take"), (self.stop_button, "durak-stop"),
            (self.hint_button, "durak-hint"), (self.show_move_button, "durak-hint-move"),
            (self.new_game_button, "durak-new-game"),
            (self.rematch_button, "durak-rematch"), (self.game_over, "durak-game-over"),
            (self.review_button, "durak-review-game"), (self.resume_button, "durak-resume"),
            (self.discard_button, "durak-discard"),
            (self.move_log, "durak-move-log"), (self.level, "durak-level"), (self.notice, "durak-notice"),
            (self.toolbar, "durak-toolbar"), (self.appearance_panel, "durak-appearance"),
        ):  # fmt: skip
            widget.add_class(name)

        guard = self.errors.guard
        self.hand.on_play(guard(self._card_clicked))
        self.take_button.on_click(guard(self._action_clicked))
        self.stop_button.on_click(guard(self._action_clicked))
        self.hint_button.on_click(guard(self._hint_clicked))
        self.show_move_button.on_click(guard(self._show_move_clicked))
        self.new_game_button.on_click(guard(self._new_game_clicked))
        self.rematch_button.on_click(guard(self._new_game_clicked))
        self.review_button.on_click(guard(self._review_clicked))
        self.resume_button.on_click(guard(self._resume_clicked))
        self.discard_button.on_click(guard(self._new_game_clicked))
        self._level_handler = guard(self._level_changed)
        self.level.observe(self._level_handler, names="value")
        self.show_playable.observe(guard(lambda _change: self.refresh()), names="value")
        self._unsubscribe_model = model.on_change(self._model_changed)
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
    def _hint(self) -> Hint | None:
        """The hint for the position on screen (whatever step of it is shown), if asked for."""
        shown = self.model.shown_hint
        return shown.hint if shown is not None else None

    @property
    def _ai_pending(self) -> bool:
        """True while the AI's next action is scheduled: the learner's clicks wait for it."""
        return self._ai_timer is not None

    @property
    def offering_resume(self) -> bool:
        return bool(self.resume_offer.layout.display != "none")

    # --- clicks ---

    def _card_clicked(self, button: CardButton) -> None:
        assert button.card is not None  # a card not playable now is played all the same: the rules say why
        self._play(action_for(self.game, button.card))

    def _trump_clicked(self, button: CardButton) -> None:
        self._remarked = button.card
        self.render()

    def _action_clicked(self, button: widgets.Button) -> None:
        self._play(button.action)

    def _play(self, action: Action) -> None:
        if self._ai_pending:
            return  # the AI is still moving; its actions come first
        self._remarked = None
        self._confirming_new_game = False
        self.model.play(action)
        self._continue_ai(min(AI_REPLY_DELAY, self.ai_delay))

    def _hint_clicked(self, _button: widgets.Button) -> None:
        if not self._ai_pending:
            self.model.ask_hint()  # the model tells the view: refresh() follows

    def _show_move_clicked(self, _button: widgets.Button) -> None:
        if not self._ai_pending:
            self.model.ask_hint(at_once=True)

    def _review_clicked(self, _button: widgets.Button) -> None:
        from durak.tutorial.review_view import ReviewView  # loads the plotting library: only now

        self._close_review()
        model = self.model
        review = ReviewView(
            self.game,
            iterations=model.iterations,
            hint_counts=model.hint_counts,
            start=False,
            open_topic=self.open_topic,
        )
        self.review_area.children = (review,)  # on screen first: its progress bar shows the work
        self.review_button.disabled = True
        review.start()

    def _close_review(self) -> None:
        for old in self.review_area.children:
            old.close()
        self.review_area.children = ()

    def _new_game_clicked(self, button: widgets.Button) -> None:
        # a game the learner is in the middle of is not thrown away by one stray click
        if button is self.new_game_button and self._in_progress() and not self._confirming_new_game:
            self._confirming_new_game = True
            self.render()
            return
        self._confirming_new_game = False
        self._level_changed_in_game = False
        self._hide_offer()
        self._close_review()
        self._cancel_ai()  # the old game's AI move must not hold up the new game
        self.model.new_game(self.level.value)
        self._continue_ai()

    def _resume_clicked(self, _button: widgets.Button) -> None:
        self._hide_offer()
        self.refresh()
        self._continue_ai()

    def _in_progress(self) -> bool:
        return not self.game.is_over and self.model.learner_has_moved

    def _level_changed(self, change: dict[str, Any]) -> None:
        self._level_changed_in_game = self._in_progress()
        self.model.set_level(change["new"])
        remember_level(change["new"])  # the next game starts at it; failing to save changes nothing

    def _hide_offer(self) -> None:
        self.resume_offer.layout.display = "none"
        self.board.layout.display = "flex"
        for control in self._game_controls:
            # "" and not None: JupyterLite's kernel sends None as undefined, which the front end
            # ignores, and the control would stay hidden
            control.layout.display = ""

    # --- the AI's turn, one action at a time ---

    def _continue_ai(self, delay: float | None = None) -> None:
        """Let the AI act, one action per ``delay`` seconds (default: ``ai_delay``)."""
        if not self.model.ai_to_move or self._ai_pending:
            return  # not the AI's turn, or its move is already on the way (a double click)
        loop = running_loop() if self.ai_delay > 0 else None
        if loop is None:
            self.model.finish_ai_turn()
            return
        wait = self.ai_delay if delay is None else delay
        self._ai_timer = loop.call_later(wait, self.errors.guard(self._ai_tick))
        self.refresh()

    def _ai_tick(self) -> None:
        # A timer is only replaced once cancelled, so this is the one scheduled last; it acts in
        # whatever game is on screen now, and never leaves the learner waiting for a move to come.
        self._ai_timer = None
        if self.model.ai_step() is None:
            self.refresh()  # not the AI's turn (the game was replaced): the learner's cards come back
        else:
            self._continue_ai()

    def _cancel_ai(self) -> None:
        if self._ai_timer is not None:
            self._ai_timer.cancel()
            self._ai_timer = None

    # --- rendering ---

    def _model_changed(self, _model: PlayModel) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Show the model's current state (called after every change)."""
        game = self.game
        observation = game.observation(YOU)
        trump_card = observation.trump_card if observation.trump_card_in_stock else None
        self.opponent.update(observation.opponent_hand_size, observation.opponent_known, game.trump)
        self.stock.update(game.trump, trump_card, observation.stock_size, len(observation.discard))
        if self.stock.trump_button is not None:
            self.stock.trump_button.answer_clicks(self.errors.guard(self._trump_clicked))
        on_table = {card for pair in observation.table for card in pair if card is not None}
        spare = self.hand.release(on_table)  # the card just played moves to the table as it is
        self.table.update(observation.table, game.trump, game.bout_limit if game.table else None, spare)
        close_all(spare.values())
        legal = [] if self._ai_pending else self.model.human_actions()
        playable = {a.card: a for a in legal if a.card is not None}
        self.hand.update(
            observation.hand,
            game.trump,
            playable if game.to_move == YOU else None,
            marks=bool(self.show_playable.value),
        )
        self.take_button.disabled = TAKE not in legal
        self.stop_button.disabled = STOP not in legal
        shown = self.model.shown_hint if legal else None
        step = shown.step if shown is not None else None
        self.hint_button.disabled = self.show_move_button.disabled = not legal or step == HintStep.MOVE
        self.rematch_button.layout.display = "flex" if game.is_over else "none"
        self.review_button.layout.display = "flex" if game.is_over else "none"
        self.review_button.disabled = bool(self.review_area.children)
        marked = set(shown.hint.candidates) if shown is not None and step == HintStep.CANDIDATES else set()
        for button in self.hand.buttons:
            hinted = shown is not None and step == HintStep.MOVE and button.action == shown.hint.action
            if hinted:
                button.layout.border = HINT_BORDER
                button.add_class(HINTED_CLASS)
            else:
                button.remove_class(HINTED_CLASS)
            if button.action is not None and button.action in marked:
                button.add_class(CANDIDATE_CLASS)
            else:
                button.remove_class(CANDIDATE_CLASS)
        for button in (self.take_button, self.stop_button):  # a take or a stop worth a look
            button.icon = "lightbulb-o" if button.action in marked else ""
        self.render()

    def render(self) -> None:
        game = self.game
        self.heading.value = f"<h2>Durak · {escape(gettext(TITLE))}</h2><p>{escape(gettext(HOW_TO_PLAY))}</p>"
        confirming = self._confirming_new_game
        self.new_game_button.description = gettext(CONFIRM_NEW_GAME if confirming else "New game")
        self.new_game_button.button_style = "warning" if confirming else ""
        self.hint_button.description = gettext("Hint")
        self.hint_button.tooltip = gettext(HINT_TOOLTIP)
        self.show_move_button.description = gettext(SHOW_MOVE)
        self.show_move_button.tooltip = gettext(SHOW_MOVE_TOOLTIP)
        self.take_button.description = gettext("Take")
        self.stop_button.description = gettext("Stop")
        self.rematch_button.description = gettext("Rematch")
        self.review_button.description = gettext(REVIEW_BUTTON)
        self.resume_button.description = gettext("Resume the saved game")
        self.discard_button.description = gettext("Start a new game")
        self.take_button.tooltip = gettext("Give up the defence and pick up every card of the bout")
        self.stop_button.tooltip = gettext("Add no more cards: end the bout")
        self.level.description = gettext("Difficulty:")
        self.appearance_panel.set_title(0, gettext("Appearance"))
        relabel(self.level, [(level_label(level), level) for level in LEARNER_LEVELS], self._level_handler)
        self.level.tooltips = [level_description(level) for level in LEARNER_LEVELS]
        level_note = level_description(self.model.level)
        if self._level_changed_in_game and not game.is_over:
            level_note = f"{level_note} {gettext(LEVEL_FROM_NOW)}"
        self.level_note.value = f"<i>{escape(level_note)}</i>"
        self.show_playable.description = gettext(SHOW_PLAYABLE)
        # once the game is over, the message next to Rematch says it (not twice)
        self.status.value = "" if game.is_over else f"<b>{escape(_status_text(game))}</b>"
        self.game_over.value = (
            f'<div style="font-size:1.3em;font-weight:700">{escape(_game_over_text(game))}</div>'
            if game.is_over
            else ""
        )
        self.hint_text.value = self._hint_html()
        remarked = self._remarked if self._remarked == game.trump_card and game.stock else None
        self.remark.value = f"<i>{escape(face_up_trump_message(remarked))}</i>" if remarked else ""
        self.notice.value = self._notice_html()
        self.move_log_title.value = f"<b>{escape(gettext(MOVES_TITLE))}</b>"
        self.move_log.value = self._move_log_html()
        moves = len(self.model.moves)
        self.resume_text.value = escape(
            say_count(
                *N_plural(
                    "An unfinished game was saved ({n} move so far, level: {level}).",
                    "An unfinished game was saved ({n} moves so far, level: {level}).",
                ),
                moves,
                level=level_label(self.model.level),
            )
        )

    def _move_log_html(self) -> str:
        """The moves, newest first (so the last ones stay in sight), the AI's set apart in blue."""
        lines = []
        for move in reversed(self.model.moves):
            style = f"color:{AI_BLUE}" if move.player == AI else ""
            rule = (
                f"border-bottom:1px solid {BOUT_RULE};padding-bottom:2px;"
                if move.kind is MoveKind.STOP
                else ""
            )
            lines.append(f'<li style="{rule}{style}">{escape(move.text())}</li>')
        moves = f"<ol reversed>{''.join(lines)}</ol>" if lines else ""
        return f"{moves}<p style='margin:0 0 0 2.5em'><i>{escape(first_attacker_text(self.game))}</i></p>"

    def _notice_html(self) -> str:
        """Why a save failed, and which saves could not be read: shown until it no longer holds."""
        lines = []
        for problem in self.load_problems:
            if problem.kept_as is not None:
                text = say(UNREADABLE_KEPT, file=problem.kept_as.name, reason=problem.reason)
            else:
                text = say(UNREADABLE_LEFT, file=problem.path, reason=problem.reason)
            lines.append(text)
        error = self.model.save_error
        if error is not None:
            lines.append(say(SAVE_FAILED, reason=error.strerror or error))
        style = f"color:{WARNING_AMBER};font-weight:600"  # dark amber: a warning, not a refused move
        return "".join(f'<div class="durak-warning" style="{style}">{escape(line)}</div>' for line in lines)

    def _hint_html(self) -> str:
        shown = self.model.shown_hint
        return escape(hint_text(shown)) if shown is not None else ""

    def close(self) -> None:
        if getattr(self, "_ai_timer", None) is not None:  # a closed view must not play on unseen
            self._cancel_ai()
        unsubscribe = getattr(self, "_unsubscribe_model", None)
        if unsubscribe is not None:
            unsubscribe()
        # close() also runs from __del__ of a view whose __init__ failed part-way
        if getattr(self, "review_area", None) is not None:
            self._close_review()
        parts = ("language", "appearance", "errors", "views", "felt", "opponent", "stock", "table", "hand")
        for name in parts:
            child = getattr(self, name, None)
            if child is not None:
                child.close()
        super().close()


_LIVE_VIEWS: weakref.WeakSet[PlayView] = weakref.WeakSet()  # the view play() showed last


def _in_kernel() -> bool:
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


FIRST_LEVEL = "easy"


def _browser_ai_delay() -> float:
    """The pause between the AI's actions in a notebook: ``DURAK_AI_DELAY`` seconds if it is a
    number from 0 to 10, else :data:`BROWSER_AI_DELAY`."""
    try:
        delay = float(os.environ.get(AI_DELAY_ENV, BROWSER_AI_DELAY))
    except ValueError:
        return BROWSER_AI_DELAY
    return delay if 0 <= delay <= 10 else BROWSER_AI_DELAY


def play(
    level: str | None = None,
    seed: int | None = None,
    *,
    resume: bool | None = None,
    iterations: int | None = None,
    ai_delay: float | None = None,
    embedded: bool = False,
    open_topic: Callable[[str], None] | None = None,
) -> PlayView:
    """The full game against the AI, as a widget: ``from durak.tutorial import play; play()``.

    ``level`` defaults to the one the learner chose last, and to Easy for a first game.
    A game saved by an earlier run (or before a kernel restart) is offered for
    resuming (``resume=None``), resumed at once (``True``) or replaced by a new
    deal (``False``). ``iterations`` caps the AI's search (small in tests);
    ``ai_delay`` defaults to a short pause between AI actions inside a notebook
    kernel and to none elsewhere. ``embedded=True`` leaves out the game's own heading and
    language picker, for a page that has them (the course); ``open_topic(part)`` opens a part
    of lesson 06 from the review's habits, where the page has the lessons.
    """
    level = remembered_level(LEARNER_LEVELS, FIRST_LEVEL) if level is None else level
    check_level(level)
    restore_language()
    # Re-running the cell replaces the game on screen: the old view is closed, so that it does
    # not play on unseen beside the new one.
    for previous in _LIVE_VIEWS:
        previous.close()
    _LIVE_VIEWS.clear()
    delay = ai_delay if ai_delay is not None else (_browser_ai_delay() if _in_kernel() else 0.0)
    problems: list[UnreadableSave] = []
    saved = PlayModel.load_saved(iterations=iterations, problems=problems) if resume is not False else None
    if saved is not None:
        view = PlayView(saved, ai_delay=delay, offer=resume is None, embedded=embedded)
    else:
        model = PlayModel(level, seed, iterations=iterations)
        view = PlayView(model, ai_delay=delay, embedded=embedded)
    view.open_topic = open_topic
    if problems:
        view.load_problems = problems
        view.render()
    _LIVE_VIEWS.add(view)
    return view
