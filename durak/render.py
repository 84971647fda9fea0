"""Plain text and HTML pictures of cards and games, for terminals and notebooks.

The colours are the tutorial's palette (:mod:`durak.tutorial.style`, which imports nothing of
the package), so that a colour is changed in one place: the one import of the core from the
tutorial, for display only (cards.py and game.py load this module when a notebook shows one).
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from durak.cards import Card
from durak.tutorial.style import BLACK_INK, CARD_EDGE, CARD_WHITE, RED_INK, SLOT_EDGE

if TYPE_CHECKING:
    from durak.game import Game

__all__ = ["card_html", "game_html", "game_text"]

PLAYER_NAMES = ("You", "AI")


def _cards_text(cards: tuple[Card, ...]) -> str:
    return " ".join(map(str, cards)) or "—"


def game_text(game: Game) -> str:
    table = "  ".join(f"{a}/{d}" if d else f"{a}/?" for a, d in game.table) or "—"
    lines = [
        f"Trump {game.trump.value}"
        + (f" (face-up card {game.trump_card})" if game.stock else "")
        + f", stock {len(game.stock)}, discard {len(game.discard)}",
        f"AI hand:  {_cards_text(game.hands[1])}",
        f"Table:    {table}",
        f"Your hand: {_cards_text(game.hands[0])}",
    ]
    if game.is_over:
        lines.append(
            "Game over: draw" if game.loser is None else f"Game over: {PLAYER_NAMES[game.loser]} is the Durak"
        )
    else:
        lines.append(
            f"{PLAYER_NAMES[game.attacker]} attack(s), {PLAYER_NAMES[game.defender]} defend(s); "
            f"{PLAYER_NAMES[game.to_move or 0]} to move ({game.phase.name.lower()})"
        )
    return "\n".join(lines)


def _card_style(color: str) -> str:
    return (
        "display:inline-block;min-width:2.2em;padding:0.3em 0.35em;margin:0.1em;"
        f"border:1px solid {CARD_EDGE};border-radius:0.35em;background:{CARD_WHITE};"
        f"font:600 1.1em sans-serif;text-align:center;color:{color}"
    )


def card_html(card: Card | None) -> str:
    if card is None:
        return f'<span style="{_card_style(SLOT_EDGE)}">·</span>'
    text = escape(str(card))
    style = _card_style(RED_INK if card.suit.is_red else BLACK_INK)
    return f'<span style="{style}" title="{text}">{text}</span>'


def game_html(game: Game) -> str:
    def row(label: str, body: str) -> str:
        return f"<tr><th style='text-align:left;padding-right:1em'>{escape(label)}</th><td>{body}</td></tr>"

    table = " ".join(
        f"<span style='display:inline-block'>{card_html(a)}<br>{card_html(d)}</span>" for a, d in game.table
    )
    trump = card_html(game.trump_card) if game.stock else escape(game.trump.value)
    return (
        "<table>"
        + row("AI", "".join(card_html(c) for c in game.hands[1]))
        + row("Table", table or "—")
        + row("You", "".join(card_html(c) for c in game.hands[0]))
        + row("Trump / stock", f"{trump} × {len(game.stock)}")
        + "</table>"
    )
