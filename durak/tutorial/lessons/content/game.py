"""Notebook 07 · The game against the AI: what the page shows and how to play it."""

from __future__ import annotations

from durak.i18n import N_
from durak.tutorial.lessons.content.common import SHOW_GAME, SHOW_REVIEW, text

NOTEBOOK = "07_play_vs_ai"
TITLE = N_("Play against the AI")

TOPICS: dict[str, tuple[str, tuple[str, ...]]] = {
    "game": (
        N_("A whole game"),
        (
            N_(
                "Now play a whole deal against the AI. Click a card to play it; Take and Stop are the "
                "buttons below your hand. A card you may not play now is faded: click it anyway and you "
                "are told why."
            ),
            N_(
                "Easy is a good first opponent. Hint suggests a move and says why; switch “Show "
                "playable cards” off to practise without the frames. The move log lists every move, "
                "who drew how many cards, and who attacked first."
            ),
            N_("The game is saved after every move: come back later and carry on where you left off."),
        ),
    ),
    "review": (
        N_("Review a game"),
        (
            N_(
                "When a game is over, “Review this game” has the AI judge each of your "
                "decisions, seeing only what you could see then. A curve shows your chances move by move; "
                "the key moments are the decisions where another move would have kept clearly better "
                "chances, each with the better move and why."
            ),
            N_(
                "Once the stock is empty, nothing is hidden and the review is exact: it says where a won "
                "game slipped away and shows the line that would have won. Below, you can review any of "
                "your finished games again."
            ),
        ),
    ),
}

CELLS = (
    text("game"),
    SHOW_GAME,
    text("review"),
    SHOW_REVIEW,
)
"""The notebook after its header, cell by cell (its exercises in the order shown)."""
