"""What every notebook can open: the rules in one line each, the words, the table, the variants.

``RULES`` names each rule of RULES.md (R1–R12) and says it in one sentence: a wrong answer
recalls the rule it broke with it, and the header's cheat sheet lists them all.
"""

from __future__ import annotations

from durak.i18n import N_, NC_

__all__ = ["GLOSSARY", "READING_THE_TABLE", "RULES", "VARIANTS"]

RULES: dict[str, tuple[str, str]] = {
    "R1": (
        N_("The deck"),
        N_("36 cards, ranks low to high 6 7 8 9 10 В Д К Т in every suit; Т (Туз) is the ace, not the ten."),
    ),
    "R2": (N_("The players"), N_("Two players, you and the AI, play one deal.")),
    "R3": (
        N_("The deal"),
        N_(
            "Six cards each; the next card is turned face up, sets trump, and lies under the stock "
            "to be drawn last."
        ),
    ),
    "R4": (
        N_("Who attacks first"),
        N_("The holder of the lowest trump attacks first; if neither of you holds a trump, you do."),
    ),
    "R5": (N_("Leading"), N_("A bout begins with the attacker leading any one card.")),
    "R6": (
        N_("Beating"),
        N_(
            "A card is beaten by a higher card of its suit, or by any trump if it is not a trump; "
            "a trump only by a higher trump. You need not follow suit."
        ),
    ),
    "R7": (
        N_("Throwing in"),
        N_(
            "Attacks come one at a time: once a card is beaten, the attacker may add a card of a rank "
            "on the table (attack or defence), or stop."
        ),
    ),
    "R8": (
        N_("How many attack cards"),
        N_("At most six attack cards in a bout, and never more than the defender held when the bout began."),
    ),
    "R9": (
        N_("Taking"),
        N_(
            "The defender may take instead of beating; the attacker may still add cards of ranks on "
            "the table, which the defender does not beat. The defender picks up everything and loses "
            "the turn to attack: the same attacker leads again."
        ),
    ),
    "R10": (
        N_("A successful defence"),
        N_(
            "Every attack beaten and the attacker stops: the table is discarded, and the defender "
            "attacks next."
        ),
    ),
    "R11": (
        N_("Refilling"),
        N_(
            "After every bout the attacker draws up to six first, then the defender; the face-up "
            "trump card is drawn last."
        ),
    ),
    "R12": (
        N_("The end"),
        N_(
            "You go out only once the stock is empty; hands are checked after a complete bout: both "
            "empty is a draw, else whoever holds cards is the Durak."
        ),
    ),
}
"""Rule id -> (its name, the rule in one sentence)."""

# The headwords have a context of their own: "take" and "stop" are also move names and hints.
GLOSSARY: tuple[tuple[tuple[str, str], str], ...] = (
    (
        NC_("glossary term", "attacker, defender"),
        N_("In each bout one player attacks with cards, the other defends against them."),
    ),
    (NC_("glossary term", "bout"), N_("One round of attacks and defences; it ends when the attacker stops.")),
    (NC_("glossary term", "lead"), N_("Play the first attack card of a bout.")),
    (
        NC_("glossary term", "beat"),
        N_("Cover an attack card with a higher card of its suit, or a non-trump card with any trump."),
    ),
    (NC_("glossary term", "throw in"), N_("Add one more attack card of a rank already on the table.")),
    (
        NC_("glossary term", "take"),
        N_("Give up the defence: the defender will pick up every card of the bout."),
    ),
    (NC_("glossary term", "stop"), N_("The attacker adds no more cards: the bout is over.")),
    (
        NC_("glossary term", "stock"),
        N_("The face-down pile left after the deal; the players draw from it after every bout."),
    ),
    (
        NC_("glossary term", "trump card"),
        N_("The card turned face up under the stock: its suit is trump, and it is drawn last."),
    ),
    (
        NC_("glossary term", "discard pile"),
        N_(
            "The cards of a bout whose every attack was beaten, attack and defence cards alike: "
            "they are out of the game."
        ),
    ),
    (NC_("glossary term", "Durak"), N_("“The fool”: the player left holding cards at the end, who loses.")),
)
"""The words of the game, each ((context, term), meaning): show a term with ``pgettext(*term)``."""

READING_THE_TABLE: tuple[str, ...] = (
    N_(
        "Each attack card lies on the table with its defence card below it; an attack card with a "
        "dashed empty slot below it is not beaten yet."
    ),
    N_(
        "Trumps are marked ★ and have a warm background. Cards you may play are framed thickly and "
        "raised; cards you may not play are faded."
    ),
    N_("A card of the AI’s hand shown face up is one you saw it pick up: you know it holds it."),
    N_(
        "The stock shows the face-up trump card under it and how many cards are left; the discard "
        "pile counts the cards out of the game."
    ),
    N_("A hint frames the suggested card with a dashed gold border."),
)
"""How to read what the pages show."""

VARIANTS: tuple[str, ...] = (
    N_(
        "If you have played Durak before: this table plays the classic two-player game. Attack "
        "cards come one at a time, never several at once; every bout may hold up to six attack "
        "cards, the first one too; and the defender cannot pass an attack on, as the “perevodnoy” "
        "(passing) variant allows."
    ),
)
"""A note for players who know another variant."""
