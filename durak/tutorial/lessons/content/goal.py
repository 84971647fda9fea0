"""Notebook 01 · The goal: who is the Durak, and a draw."""

from __future__ import annotations

from durak.game import Game
from durak.i18n import N_, N_plural
from durak.messages import AI, YOU, Say
from durak.tutorial.lessons.content.common import cards, exercise, text
from durak.tutorial.lessons.model import Answer, Choose, Exercise, Feedback, Option

NOTEBOOK = "01_goal"
TITLE = N_("The goal: who is the Durak?")

TOPICS: dict[str, tuple[str, tuple[str, ...]]] = {
    "goal": (
        N_("The goal"),
        (
            N_(
                "The game is played in bouts: in each, one player attacks with cards and the other "
                "defends against them. After every bout both players draw from the stock again, up "
                "to six cards."
            ),
            N_(
                "Get rid of all your cards. While the stock still holds cards the hands are refilled, "
                "so nobody can go out before the stock is empty."
            ),
            N_(
                "The player still holding cards at the end is the Durak, the fool, and loses. There are "
                "no card points to count: an ace left in your hand loses as surely as a six."
            ),
        ),
    ),
    "draw": (
        N_("A draw"),
        (N_("If both hands empty in the same bout, nobody is the Durak: the deal is a draw."),),
    ),
}

PROMPT = N_("The stock is empty and the last bout is over. Who is the Durak?")
DURAK_AI = N_("The AI is left holding cards: the AI is the Durak, and you have won.")
DURAK_YOU = N_(
    "You are left holding cards, so you are the Durak, even with an ace: there are no points, only "
    "cards left in a hand."
)
DRAW = N_("Both hands emptied in the same bout: nobody is the Durak, it is a draw.")
NOT_YOU_EMPTY = N_("No: you have no cards left, and only a player left holding cards can be the Durak.")
NOT_AI_EMPTY = N_("No: the AI has no cards left, and only a player left holding cards can be the Durak.")
# Two sentences, not one with {who}: the verb agrees with "you" or "the AI" in most languages.
NO_DRAW = {
    YOU: N_plural(
        "No: a draw needs both hands empty, and you still hold {n} card.",
        "No: a draw needs both hands empty, and you still hold {n} cards.",
    ),
    AI: N_plural(
        "No: a draw needs both hands empty, and the AI still holds {n} card.",
        "No: a draw needs both hands empty, and the AI still holds {n} cards.",
    ),
}
NOBODY_HOLDS = N_("No: neither hand holds a card, so nobody is the Durak: it is a draw.")


def _outcome_exercise(exercise_id: str, rule: str, hand0: str, hand1: str) -> Exercise:
    # Hands at the end of the last bout, stock empty: the engine decides who is the Durak.
    game = Game.from_deal(cards(hand0), cards(hand1), trump="♣")
    held = [len(game.hands[YOU]), len(game.hands[AI])]
    if game.is_draw:
        answer, explanation = Option.DRAW, Say(DRAW)
    elif game.loser == AI:
        answer, explanation = Option.AI, Say(DURAK_AI)
    else:
        answer, explanation = Option.YOU, Say(DURAK_YOU)

    def explain(click: Answer) -> Feedback:
        if click == Option.DRAW:
            holder = YOU if held[YOU] else AI
            return Feedback.wrong(Say(*NO_DRAW[holder], n=held[holder]))
        if game.is_draw:
            return Feedback.wrong(Say(NOBODY_HOLDS))
        return Feedback.wrong(Say(NOT_YOU_EMPTY if click == Option.YOU else NOT_AI_EMPTY))

    return Choose(
        exercise_id,
        rule,
        Say(PROMPT),
        game,
        (Option.YOU, Option.AI, Option.DRAW),
        answer,
        explanation,
        explain,
        view="both_hands",
    )


def outcome_ai_durak() -> Exercise:
    """R12: you are out, the AI holds cards: the one left holding cards loses."""
    return _outcome_exercise("outcome_ai_durak", "R12", "", "7♥ К♠")


def outcome_you_durak() -> Exercise:
    """R12: you still hold a card at the end: you are the Durak, whatever the card."""
    return _outcome_exercise("outcome_you_durak", "R12", "Т♣", "")


def outcome_draw() -> Exercise:
    """R12: both hands empty after the same bout: a draw."""
    return _outcome_exercise("outcome_draw", "R12", "", "")


CELLS = (
    text("goal"),
    exercise(outcome_ai_durak),
    exercise(outcome_you_durak),
    text("draw"),
    exercise(outcome_draw),
)
"""The notebook after its header, cell by cell (its exercises in the order shown)."""
