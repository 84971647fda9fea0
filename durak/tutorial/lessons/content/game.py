"""Notebook 07 · The game against the AI: what the page shows and how to play it."""

from __future__ import annotations

from durak.i18n import N_
from durak.tutorial.lessons.content.common import SHOW_GAME, text

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
}

CELLS = (
    text("game"),
    SHOW_GAME,
)
"""The notebook after its header, cell by cell (its exercises in the order shown)."""
