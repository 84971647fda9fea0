"""Notebook 00 · Start: the deck, the Cyrillic indices, trump."""

from __future__ import annotations

from durak.cards import DECK, Card, Rank
from durak.game import Game
from durak.i18n import N_
from durak.messages import YOU, Say, card_name
from durak.tutorial.lessons.content.common import SHOW_DECK, SHOW_INDICES, cards, exercise, seeded_deal, text
from durak.tutorial.lessons.model import Answer, Choose, Exercise, Feedback, PickAll

NOTEBOOK = "00_start"
TITLE = N_("Start: the deck and trump")

TOPICS: dict[str, tuple[str, tuple[str, ...]]] = {
    "welcome": (
        N_("Welcome to Durak"),
        (
            N_(
                "Durak (Дурак) means “the fool”. It is the most popular card game in Russia, and an "
                "unusual one: nobody wins it, somebody loses it. Two players, you and the AI, play one "
                "deal; whoever is left holding cards at the end is the Durak."
            ),
            N_("Pick your language above at any time: every text on these pages switches at once."),
            N_(
                "Answer the exercises by clicking cards or buttons. Every click is answered with the "
                "reason, right or wrong; “Start again” sets an exercise back. Your progress is kept, "
                "also when you come back another day."
            ),
        ),
    ),
    "deck": (
        N_("The Atlasnye deck"),
        (
            N_(
                "Durak is played with the 36 Russian Atlasnye (Атласные) cards from St Petersburg: "
                "four suits, ♠ ♣ ♥ ♦, with hearts and diamonds in red."
            ),
            N_(
                "In every suit the ranks run from low to high: 6, 7, 8, 9, 10, В, Д, К, Т. "
                "Below are all 36 cards, one suit per row, the lowest on the left. "
                "Click a card to see its name."
            ),
        ),
    ),
    "indices": (
        N_("The Cyrillic indices"),
        (
            N_(
                "The jack, queen, king and ace carry Cyrillic letters, the first letters of their Russian "
                "names."
            ),
            N_(
                "Careful: Т is the ace (Туз), the highest card of its suit, not the ten. "
                "The ten is written 10."
            ),
        ),
    ),
    "trump": (
        N_("The stock and trump"),
        (
            N_(
                "Each player is dealt six cards. The rest of the deck lies face down: that pile is the "
                "stock, and the players draw from it between bouts."
            ),
            N_(
                "The next card after the deal is turned face up. Its suit is trump for the whole deal, "
                "and the card lies face up under the stock, so that it is drawn last."
            ),
            N_(
                "A trump beats any card of the other three suits. On these pages trumps are marked ★ "
                "and have a warm background (but not in the next exercise: there you find them yourself)."
            ),
        ),
    ),
}

NOT_AN_ACE = N_("{card} is not an ace: the ace carries the index Т, for Туз. {name}.")
AN_ACE = N_("{card} is an ace: Т stands for Туз.")
NOT_HIGHEST = N_("{card} is not the highest: {higher} ranks above it.")
HIGHEST = N_("{card} is the highest: Т, the ace, is above К, Д, В and 10.")
NOT_A_TRUMP = N_("{card} is not a trump: trump is the suit of the face-up card, {trump_card}.")
A_TRUMP = N_("{card} is a trump: it has the suit of the face-up card, {trump_card}.")


def deck_aces() -> Exercise:
    """R1: Т is the ace (Туз), not the ten."""
    game = Game.from_deal([], [], trump="♠")
    aces = [card for card in DECK if card.rank is Rank.ACE]

    def explain(answer: Answer) -> Feedback:
        assert isinstance(answer, Card)
        return Feedback.wrong(Say(NOT_AN_ACE, card=answer, name=card_name(answer)))

    return PickAll(
        "deck_aces",
        "R1",
        Say(N_("Т is the ace, not the ten. Click all four aces.")),
        game,
        DECK,
        aces,
        explain,
        why=lambda answer: Say(AN_ACE, card=answer),
        view="deck",
    )


def deck_highest() -> Exercise:
    """R1: the order 6 … 10, В, Д, К, Т within a suit."""
    hand = cards("10♦ Д♦ 6♦ Т♦ В♦ К♦")
    game = Game.from_deal(hand, [], trump="♠")
    highest = max(hand, key=lambda card: card.rank)

    def explain(answer: Answer) -> Feedback:
        assert isinstance(answer, Card)
        higher = min((c for c in hand if c.rank > answer.rank), key=lambda c: c.rank)
        return Feedback.wrong(Say(NOT_HIGHEST, card=answer, higher=higher))

    return Choose(
        "deck_highest",
        "R1",
        Say(N_("Click the highest card of these diamonds.")),
        game,
        hand,
        highest,
        Say(HIGHEST, card=highest),
        explain,
        view="cards",
    )


def deck_trumps() -> Exercise:
    """R3: the face-up card sets trump: every card of its suit is a trump (found without the tint)."""
    game = seeded_deal(lambda g: 2 <= sum(c.suit == g.trump for c in g.hands[YOU]) <= 3)
    trumps = [c for c in game.hands[YOU] if c.suit == game.trump]
    face_up = game.trump_card

    def explain(answer: Answer) -> Feedback:
        return Feedback.wrong(Say(NOT_A_TRUMP, card=answer, trump_card=face_up))

    return PickAll(
        "deck_trumps",
        "R3",
        Say(N_("Look at the face-up card under the stock: it sets trump. Click every trump in your hand.")),
        game,
        game.hands[YOU],
        trumps,
        explain,
        why=lambda answer: Say(A_TRUMP, card=answer, trump_card=face_up),
        trump_tint=False,  # the marks would give the answer away
    )


CELLS = (
    text("welcome"),
    text("deck"),
    SHOW_DECK,
    text("indices"),
    SHOW_INDICES,
    exercise(deck_aces),
    exercise(deck_highest),
    text("trump"),
    exercise(deck_trumps),
)
"""The notebook after its header, cell by cell (its exercises in the order shown)."""
