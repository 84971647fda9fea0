"""Card faces in the spirit of the Atlasnye deck, drawn as SVG by the project.

Every face has the corner indices of the Russian deck (В Д К Т for the jack, queen, king and
ace, and the numbers 6–10) with the suit under them, top left and, turned round, bottom right.
Number cards lay out their pips as real cards do (the lower half turned round), court cards
have a framed figure area split across the diagonal, as double-headed court cards are, with the
large index and the suit in each half, and the ace has one large central pip. The back is a
lattice. Nothing is copied from elsewhere: the suits are drawn as paths, the rest from them.

The faces draw no card body: the button's own background shows through, so a trump keeps
its warm tint and the table's appearance sliders (a CSS filter on the table) act on the cards
too. :func:`faces_css` makes every face the background of its card button
(``.durak-card.durak-c-<rank><suit>``), once per page.

>>> from durak import Card
>>> svg = face_svg(Card.parse("Д♥"))
>>> svg.startswith("<svg") and ">Д<" in svg and RED_INK in svg
True
>>> face_class(Card.parse("10♠"))
'durak-c-10s'
"""

from __future__ import annotations

from functools import cache
from urllib.parse import quote

from durak.cards import DECK, Card, Rank, Suit
from durak.tutorial.style import BLACK_INK, CARD_WHITE, RED_INK

__all__ = ["back_svg", "face_class", "face_svg", "faces_css"]

WIDTH, HEIGHT = 68, 88  # the card button's proportions (3.4em × 4.4em)
FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif"

# Each suit in a 10 × 10 box, its centre at (5, 5).
SUIT_PATHS = {
    Suit.HEARTS: "M5 9.4C3.6 8 0 5.6 0 3C0 1.3 1.3 0 2.8 0C3.8 0 4.6 .6 5 1.5C5.4 .6 6.2 0 7.2 0"
    "C8.7 0 10 1.3 10 3C10 5.6 6.4 8 5 9.4Z",
    Suit.DIAMONDS: "M5 0L8.9 5L5 10L1.1 5Z",
    Suit.SPADES: "M5 0C6.4 1.8 10 4 10 6.4C10 7.9 8.9 8.9 7.6 8.9C6.7 8.9 6 8.5 5.6 7.8"
    "C5.7 8.8 6.1 9.5 6.9 10H3.1C3.9 9.5 4.3 8.8 4.4 7.8C4 8.5 3.3 8.9 2.4 8.9"
    "C1.1 8.9 0 7.9 0 6.4C0 4 3.6 1.8 5 0Z",
    Suit.CLUBS: "M5 0A2.45 2.45 0 0 1 6.9 4A2.45 2.45 0 1 1 5.6 7.6C5.7 8.7 6.1 9.5 6.9 10H3.1"
    "C3.9 9.5 4.3 8.7 4.4 7.6A2.45 2.45 0 1 1 3.1 4A2.45 2.45 0 0 1 5 0Z",
}
SUIT_LETTERS = {Suit.SPADES: "s", Suit.CLUBS: "c", Suit.HEARTS: "h", Suit.DIAMONDS: "d"}
COURT_LETTERS = {Rank.JACK: "j", Rank.QUEEN: "q", Rank.KING: "k", Rank.ACE: "a"}  # ASCII class names

# Pip centres of the number cards (x: three columns; the lower half is drawn turned round).
_L, _C, _R = 25.0, 34.0, 43.0
_THREE_ROWS = (20.0, 44.0, 68.0)
_FOUR_ROWS = (18.0, 36.7, 51.3, 70.0)
PIPS: dict[Rank, tuple[tuple[float, float], ...]] = {
    Rank.SIX: tuple((x, y) for y in _THREE_ROWS for x in (_L, _R)),
    Rank.SEVEN: (*((x, y) for y in _THREE_ROWS for x in (_L, _R)), (_C, 32.0)),
    Rank.EIGHT: (*((x, y) for y in _THREE_ROWS for x in (_L, _R)), (_C, 32.0), (_C, 56.0)),
    Rank.NINE: (*((x, y) for y in _FOUR_ROWS for x in (_L, _R)), (_C, 44.0)),
    Rank.TEN: (*((x, y) for y in _FOUR_ROWS for x in (_L, _R)), (_C, 27.3), (_C, 60.7)),
}
PIP_SIZE = 9.0


def _suit(x: float, y: float, size: float, turned: bool = False) -> str:
    """The card's suit (defined once per face as ``#s``) with its centre at (x, y), ``size``
    wide; ``turned`` upside down."""
    turn = " rotate(180 5 5)" if turned else ""
    place = f"translate({x - size / 2:.4g} {y - size / 2:.4g}) scale({size / 10:.4g}){turn}"
    return f'<use href="#s" transform="{place}"/>'


def _index(card: Card) -> str:
    """The corner index: the rank over the suit, top left; the same turned round, bottom right."""
    symbol = card.rank.symbol
    squeeze = ' textLength="13" lengthAdjust="spacingAndGlyphs"' if len(symbol) > 1 else ""
    corner = (
        f'<text x="8.5" y="14.5" font-size="14" font-weight="bold" text-anchor="middle"{squeeze}>'
        f"{symbol}</text>{_suit(8.5, 23.5, 10)}"
    )
    return f'{corner}<g transform="rotate(180 {WIDTH / 2:g} {HEIGHT / 2:g})">{corner}</g>'


def _court(card: Card) -> str:
    """The framed figure area of a jack, queen or king, split across the diagonal: each half
    holds the large index and the suit, the lower half turned round."""
    x0, y0, x1, y1 = 17.0, 6.0, 51.0, 82.0
    frame = (
        f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" rx="2" fill="none" '
        f'stroke-width="1.2" stroke="currentColor"/>'
        f'<rect x="{x0 + 2.5}" y="{y0 + 2.5}" width="{x1 - x0 - 5}" height="{y1 - y0 - 5}" rx="1" '
        f'fill="none" stroke-width="0.5" stroke="currentColor"/>'
        f'<line x1="{x1 - 2.5}" y1="{y0 + 2.5}" x2="{x0 + 2.5}" y2="{y1 - 2.5}" stroke-width="0.5" '
        f'stroke="currentColor"/>'
    )
    half = (
        f'<text x="29" y="38" font-size="20" font-weight="bold" text-anchor="middle">'
        f"{card.rank.symbol}</text>{_suit(37.5, 18, 11)}"  # large: ♠ and ♣ told apart at a glance
    )
    return f'{frame}{half}<g transform="rotate(180 {WIDTH / 2:g} {HEIGHT / 2:g})">{half}</g>'


def face_svg(card: Card) -> str:
    """The face of ``card`` as a standalone SVG document (no background: see the module)."""
    ink = RED_INK if card.suit.is_red else BLACK_INK
    if card.rank in PIPS:
        middle = "".join(_suit(x, y, PIP_SIZE, turned=y > HEIGHT / 2) for x, y in PIPS[card.rank])
    elif card.rank is Rank.ACE:
        middle = (
            f'<circle cx="{WIDTH / 2:g}" cy="{HEIGHT / 2:g}" r="17" fill="none" stroke-width="0.6" '
            f'stroke="currentColor"/>{_suit(WIDTH / 2, HEIGHT / 2, 24)}'
        )
    else:
        middle = _court(card)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'fill="{ink}" color="{ink}" font-family="{FONT}"><defs><path id="s" d="{SUIT_PATHS[card.suit]}"/>'
        f"</defs>{_index(card)}{middle}</svg>"
    )


def back_svg() -> str:
    """The back: a light lattice inside a frame, over the button's own dark colour."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}">'
        '<defs><pattern id="p" width="8" height="8" patternUnits="userSpaceOnUse">'
        f'<path d="M4 0L8 4L4 8L0 4Z" fill="none" stroke="{CARD_WHITE}" stroke-opacity="0.45" '
        'stroke-width="0.8"/>'
        f'<circle cx="4" cy="4" r="0.9" fill="{CARD_WHITE}" fill-opacity="0.55"/></pattern></defs>'
        f'<rect x="5" y="5" width="{WIDTH - 10}" height="{HEIGHT - 10}" rx="3" fill="url(#p)" '
        f'stroke="{CARD_WHITE}" stroke-opacity="0.7" stroke-width="1.2"/></svg>'
    )


def face_class(card: Card) -> str:
    """The CSS class that gives a card button ``card``'s face."""
    rank = COURT_LETTERS.get(card.rank, str(int(card.rank)))
    return f"durak-c-{rank}{SUIT_LETTERS[card.suit]}"


def _url(svg: str) -> str:
    """``svg`` as a CSS data URL: single-quoted attributes, and only what a URL cannot hold
    percent-encoded (``#``, ``%`` and the Cyrillic letters), which keeps the page's CSS small."""
    return 'url("data:image/svg+xml,' + quote(svg.replace('"', "'"), safe=" =:/,.-'<>()?;!*+@$&[]") + '")'


@cache
def faces_css() -> str:
    """A ``<style>`` block giving every card button its face, and a face-down button its back."""
    rules = [
        f".durak-card.durak-face.{face_class(card)} {{ background-image: {_url(face_svg(card))}; }}"
        for card in DECK
    ]
    return (
        "<style>\n"
        ".durak-card.durak-face, .durak-card.durak-back { background-size: 100% 100%; "
        "background-repeat: no-repeat; background-position: center; }\n"
        f".durak-card.durak-back {{ background-image: {_url(back_svg())}; }}\n"
        + "\n".join(rules)
        + "\n</style>"
    )
