"""The game review as the learner reads it: its texts, the chart's points and the positions of
the key moments, with no widgets (:mod:`durak.tutorial.review_view` shows them).

>>> from durak import Game
>>> from durak.i18n import set_language
>>> set_language("en")
>>> game = Game.from_deal(["7♠", "Т♣"], ["7♣", "8♥"], [], attacker=1, trump="♠")
>>> for move in ("attack 7♣", "take", "stop", "attack 8♥", "defend 7♠", "stop"):
...     _ = game.apply(move)
>>> model = GameReview(game, iterations=200, seed=1)
>>> _ = model.run()
>>> model.summary_text()
'You played the strongest move in 1 of your 2 decisions. The biggest drop: from 100% to 0% at move 2.'
>>> import textwrap
>>> print(textwrap.fill(model.moment_text(model.review.moments[0]), 90))
Move 2: you played “take” (0%); “beat with 7♠” would have kept 100%. From here you could have won,
like this: You beat 7♣ with 7♠. The AI stops. 2 cards go to the discard pile. You lead Т♣.
The AI takes the cards. You stop. The AI picks up 1 card.
"""

from __future__ import annotations

from collections.abc import Callable

from durak.ai.review import Moment, MomentKind, Review, review
from durak.game import Game
from durak.i18n import N_, N_plural, format_number, format_percent, gettext, ngettext
from durak.messages import hint_message
from durak.tutorial.game_model import HUMAN, Move
from durak.tutorial.lessons.model import move_text

__all__ = ["GameReview"]

TITLE = N_("Review of your game")
REVIEW_BUTTON = N_("Review this game")
PROGRESS = N_("Reviewing your decisions: {done} of {total}")
SUMMARY = N_plural(
    "You played the strongest move in {matched} of your {n} decision.",
    "You played the strongest move in {matched} of your {n} decisions.",
)
# one decision: "in 1 of your 1 decision" reads like a form
SUMMARY_ONLY_RIGHT = N_("Your only decision was the strongest move.")
SUMMARY_ONLY_MISSED = N_("Your only decision was not the strongest move.")
BIGGEST_DROP = N_("The biggest drop: from {before} to {after} at move {move}.")
NO_DROP = N_("No decision lowered your chances.")
NO_MOMENTS = N_("No key moments: you never missed a clearly better move.")
MOMENTS_TITLE = N_("Key moments: click one to see the position")
MOMENT = N_("Move {move}: you played “{played}” ({after}); “{best}” would have kept {before}.")
WIN_MISSED = N_("From here you could have won, like this: {line}")
DRAW_MISSED = N_("From here you could have drawn, like this: {line}")
LOST_FROM = N_("From move {move} on, the game was lost whatever you played: against best play the AI wins.")
CHART_TITLE = N_("Your chances, move by move")
CHART_X = N_("Move")
CHART_Y = N_("Your chance")
# Translators: {loss}, {draw} and {win} are 0%, 50% and 100%, written as the language writes them.
CHART_NOTE = N_(
    "Your chance at each of your decisions, as the AI estimates it from what you could see then "
    "(a draw counts half). Once the stock is empty it is exact: {loss}, {draw} or {win}. The red dots "
    "are the key moments, listed below."
)
POSITION_TITLE = N_("The position before move {move} (you to play)")
SAVED_TITLE = N_("Review one of your finished games")
NO_SAVED = N_("No finished game yet. Once you finish one above, it appears here, ready to review.")


class GameReview:
    """A review of ``player``'s game, to be run once (:meth:`run`) and then read."""

    def __init__(
        self, game: Game, player: int = HUMAN, *, iterations: int | None = None, seed: int | None = None
    ):
        self.game = game
        self.player = player
        self.iterations = iterations
        self.seed = seed
        self.review: Review | None = None

    def run(self, progress: Callable[[int, int], object] | None = None) -> Review:
        self.review = review(
            self.game, self.player, iterations=self.iterations, seed=self.seed, progress=progress
        )
        return self.review

    def _done(self) -> Review:
        if self.review is None:
            raise RuntimeError("run the review first")
        return self.review

    # --- the chart ---

    def points(self) -> tuple[list[int], list[float]]:
        """Move numbers (1 = the game's first action) and the player's chance there."""
        decisions = self._done().decisions
        return [choice.index + 1 for choice in decisions], [choice.chance_best for choice in decisions]

    def moment_points(self) -> tuple[list[int], list[float]]:
        moments = self._done().moments
        return [moment.index + 1 for moment in moments], [moment.chance_before for moment in moments]

    # --- the texts ---

    def summary_text(self) -> str:
        verdict = self._done()
        n = len(verdict.decisions)
        said = [
            summary_sentence(verdict.matched, n),
        ]
        worst = verdict.biggest_drop
        if worst is None:
            said.append(gettext(NO_DROP))
        else:
            said.append(
                gettext(BIGGEST_DROP).format(
                    before=format_percent(worst.chance_best),
                    after=format_percent(worst.chance_played),
                    move=format_number(worst.index + 1),
                )
            )
        return " ".join(said)

    def chart_note(self) -> str:
        return gettext(CHART_NOTE).format(
            loss=format_percent(0), draw=format_percent(0.5), win=format_percent(1)
        )

    def moment_title(self, moment: Moment) -> str:
        return gettext(MOMENT).format(
            move=format_number(moment.index + 1),
            played=move_text(moment.played).text(),
            after=format_percent(moment.chance_after),
            best=move_text(moment.best).text(),
            before=format_percent(moment.chance_before),
        )

    def moment_text(self, moment: Moment) -> str:
        """The moment in full: what was played and what was better, and why (the hint's words,
        or, in an exact endgame, the solver's line as the move log would tell it)."""
        if moment.kind is MomentKind.CHANCE_LOST:
            why = hint_message(moment.reason.value)
        else:
            template = WIN_MISSED if moment.kind is MomentKind.WIN_MISSED else DRAW_MISSED
            why = gettext(template).format(line=self.line_text(moment))
        return f"{self.moment_title(moment)} {why}"

    def line_text(self, moment: Moment) -> str:
        replay = self.position(moment)
        trump_card = self.game.trump_card
        return " ".join(Move.of(replay.apply(action), trump_card).text() for action in moment.line)

    def lost_text(self) -> str | None:
        lost_from = self._done().lost_from
        if lost_from is None:
            return None
        return gettext(LOST_FROM).format(move=format_number(lost_from + 1))

    def position(self, moment: Moment) -> Game:
        """The game just before the moment's decision (a fresh copy: look, do not play)."""
        return Game.replay(self.game.deal, self.game.history[: moment.index])


def summary_sentence(matched: int, n: int) -> str:
    """How many of the player's ``n`` decisions were the strongest move, in the current language."""
    if n == 1:
        return gettext(SUMMARY_ONLY_RIGHT if matched else SUMMARY_ONLY_MISSED)
    return ngettext(*SUMMARY, n).format(n=format_number(n), matched=format_number(matched))
