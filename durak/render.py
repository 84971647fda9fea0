"""Plain text and HTML pictures of cards and games, for terminals and notebooks."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from durak.cards import Card

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


_CARD_STYLE = (
    "display:inline-block;min-width:2.2em;padding:0.3em 0.35em;margin:0.1em;border:1px solid #888;"
    "border-radius:0.35em;background:#fff;font:600 1.1em sans-serif;text-align:center;color:{color}"
)


def card_html(card: Card | None) -> str:
    if card is None:
        return f'<span style="{_CARD_STYLE.format(color="#999")}">·</span>'
    color = "#c0122b" if card.suit.is_red else "#111"
    text = escape(str(card))
    return f'<span style="{_CARD_STYLE.format(color=color)}" title="{text}">{text}</span>'


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
