"""Notebook 02 · Setting up: the deal, the trump card under the stock, who attacks first."""

from __future__ import annotations

from durak.cards import Card
from durak.game import Game
from durak.i18n import N_, N_plural
from durak.messages import AI, YOU, Say
from durak.tutorial.lessons.content.common import cards, exercise, full_stock, text
from durak.tutorial.lessons.model import Answer, Choose, Exercise, Feedback, Option

NOTEBOOK = "02_setup"
TITLE = N_("Setting up: the deal and the first attack")

TOPICS: dict[str, tuple[str, tuple[str, ...]]] = {
    "deal": (
        N_("The deal"),
        (
            N_(
                "Shuffle the 36 cards and deal six to each player. Turn the next card face up to set trump "
                "and put it under the stock, face up."
            ),
        ),
    ),
    "first_attacker": (
        N_("Who attacks first"),
        (
            N_(
                "The player holding the lowest trump attacks first. "
                "If neither of you holds a trump, you attack first."
            ),
            N_("For these exercises both hands are shown open."),
        ),
    ),
}

STOCK_SIZE = N_plural(
    "Right: two hands of six make 12, so {n} of the 36 cards stays in the stock, the face-up card included.",
    "Right: two hands of six make 12, so {n} of the 36 cards stay in the stock, the face-up card included.",
)
STOCK_WRONG = {
    "6": N_("No: 6 is what each player holds. The two hands hold 12, and the rest is the stock."),
    "12": N_("No: 12 cards are in the two hands together; the stock is what is left of the 36."),
    "30": N_("No: that would leave only 6 cards for both hands, but each player holds six."),
}
LAST_RIGHT = N_("Right: the face-up trump card lies under the stock, so it is the last card drawn.")
LAST_WRONG = N_("No: the top card is drawn first. The face-up card lies under the stock and comes last.")
LOWEST_YOU = N_("You hold the lowest trump, {card}, so you attack first.")
LOWEST_AI = N_("The AI holds the lowest trump, {card}, so the AI attacks first.")
NO_TRUMP_YOU = N_("Neither hand holds a trump, so you attack first.")
NOT_YOU_LOWER = N_("No: your lowest trump is {yours}, but the AI holds {theirs}, which is lower.")
NOT_YOU_NONE = N_("No: you hold no trump, and the AI holds {theirs}.")
NOT_AI_LOWER = N_("No: the AI’s lowest trump is {theirs}, but yours, {yours}, is lower.")
NOT_AI_NONE = N_("No: the AI holds no trump, and you hold {yours}.")
NOT_AI_NO_TRUMP = N_("No: neither hand holds a trump, and then you attack first.")
NOT_LOWEST_TRUMP = N_("{card} is a trump, but not the lowest one: {lowest} is lower.")
NOT_A_TRUMP = N_("{card} is not a trump: trump is {suit}.")


def setup_stock() -> Exercise:
    """R3: six cards each, the rest (24, with the trump card at the bottom) is the stock."""
    game = Game.new(seed=3)
    size = str(len(game.stock))

    def explain(answer: Answer) -> Feedback:
        return Feedback.wrong(Say(STOCK_WRONG[str(answer)]))

    return Choose(
        "setup_stock",
        "R3",
        Say(N_("Each player has six cards. How many cards are in the stock, trump card included?")),
        game,
        tuple(str(n) for n in (6, 12, 24, 30)),
        size,
        Say(*STOCK_SIZE, n=len(game.stock)),
        explain,
        stock_count=False,  # the count is the answer
    )


def setup_last_card() -> Exercise:
    """R3: the face-up trump card lies at the bottom of the stock and is drawn last."""
    game = Game.new(seed=3)
    last = game.stock[-1]  # the stock is listed top first
    answer = Option.FACE_UP_CARD if last == game.trump_card else Option.TOP_CARD
    return Choose(
        "setup_last_card",
        "R3",
        Say(
            N_("The stock lies face down on the face-up trump card {card}. Which card will be drawn last?"),
            card=game.trump_card,
        ),
        game,
        (Option.TOP_CARD, Option.FACE_UP_CARD),
        answer,
        Say(LAST_RIGHT),
        lambda _answer: Feedback.wrong(Say(LAST_WRONG)),
    )


def _lowest_trump(game: Game, player: int) -> Card | None:
    trumps = [c for c in game.hands[player] if c.suit == game.trump]
    return min(trumps, key=lambda c: c.rank) if trumps else None


def _first_attacker(exercise_id: str, hand0: str, hand1: str, face_up: str) -> Exercise:
    game = Game.from_deal(cards(hand0), cards(hand1), full_stock(hand0, hand1, face_up))
    yours, theirs = _lowest_trump(game, YOU), _lowest_trump(game, AI)
    answer = Option.YOU if game.attacker == YOU else Option.AI  # the engine applies R4
    lowest = theirs if game.attacker == AI else yours
    if lowest is None:
        explanation = Say(NO_TRUMP_YOU)
    else:
        explanation = Say(LOWEST_YOU if game.attacker == YOU else LOWEST_AI, card=lowest)

    def explain(click: Answer) -> Feedback:
        if isinstance(click, Card):
            if click.suit != game.trump:
                return Feedback.wrong(Say(NOT_A_TRUMP, card=click, suit=game.trump))
            return Feedback.wrong(Say(NOT_LOWEST_TRUMP, card=click, lowest=lowest))
        if click == Option.YOU:  # the AI attacks first
            return Feedback.wrong(Say(NOT_YOU_LOWER if yours else NOT_YOU_NONE, yours=yours, theirs=theirs))
        if lowest is None:
            return Feedback.wrong(Say(NOT_AI_NO_TRUMP))
        return Feedback.wrong(Say(NOT_AI_LOWER if theirs else NOT_AI_NONE, yours=yours, theirs=theirs))

    return Choose(
        exercise_id,
        "R4",
        Say(
            N_("Who attacks first? Click the player, or the card that decides it. Trump is {suit}."),
            suit=game.trump,
        ),
        game,
        (*game.hands[YOU], *game.hands[AI], Option.YOU, Option.AI),
        answer,
        explanation,
        explain,
        view="both_hands",
        also_right=(lowest,) if lowest is not None else (),
    )


def first_attacker_ai() -> Exercise:
    """R4: the AI holds the lowest trump, so the AI attacks first."""
    return _first_attacker("first_attacker_ai", "Т♥ 9♠ 9♥ К♣ 10♥ 7♦", "8♥ 6♣ 8♦ Д♠ 10♠ В♥", "Д♥")


def first_attacker_you() -> Exercise:
    """R4: you hold the lowest trump, so you attack first."""
    return _first_attacker("first_attacker_you", "Д♣ 7♠ 6♦ В♥ 6♣ Т♥", "9♣ 10♦ К♣ 7♣ Т♣ 9♠", "8♣")


def first_attacker_no_trump() -> Exercise:
    """R4: neither hand holds a trump, so you attack first."""
    return _first_attacker("first_attacker_no_trump", "8♣ 10♥ Д♥ 6♥ 9♣ В♣", "7♣ К♥ Т♣ 7♥ 8♥ 9♥", "В♦")


CELLS = (
    text("deal"),
    exercise(setup_stock),
    exercise(setup_last_card),
    text("first_attacker"),
    exercise(first_attacker_ai),
    exercise(first_attacker_you),
    exercise(first_attacker_no_trump),
)
"""The notebook after its header, cell by cell (its exercises in the order shown)."""
