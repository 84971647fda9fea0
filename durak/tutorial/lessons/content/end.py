"""Notebook 05 · The end of the game: when hands are checked, going out, and three endgames."""

from __future__ import annotations

from durak.actions import STOP
from durak.game import Game
from durak.i18n import N_, N_plural
from durak.messages import YOU, Say
from durak.tutorial.lessons.content.common import after_stop, cards, exercise, full_stock, played, text
from durak.tutorial.lessons.model import Choose, Exercise, Feedback, Option, PlayOut

NOTEBOOK = "05_the_end"
TITLE = N_("The end of the game")

TOPICS: dict[str, tuple[str, tuple[str, ...]]] = {
    "end": (
        N_("The end of the game"),
        (
            N_(
                "Once the stock is empty, hands are no longer refilled. Hands are checked only after a "
                "complete bout: both empty is a draw; otherwise the player still holding cards is the Durak."
            ),
            N_(
                "So a player who plays their last card is not out yet: the bout goes on, and the other "
                "player may still go out in it too."
            ),
        ),
    ),
    "endgames": (
        N_("Three endgames"),
        (
            N_(
                "Play these positions out against the AI. The stock is empty, so you can work out the "
                "AI’s cards: they are all the cards not in your hand, on the table or discarded. Here "
                "they are shown open."
            ),
            N_(
                "In the first you can win, in the second a draw is the best you can do, and in the third "
                "exactly one first move wins. If a game goes wrong, you are told which move lost it; "
                "press “Start again” and try another line."
            ),
        ),
    ),
}

NOT_OVER_YET = N_(
    "Right: not yet. Hands are checked only once the bout is complete. Beat {card} and both hands "
    "are empty: a draw."
)
OVER_WRONG = N_(
    "No: the AI has played its last card, but the bout goes on until it is complete. You may still "
    "beat {card} and go out too, which makes it a draw."
)
REFILL_FIRST = N_plural(
    "Right: not yet. The stock still holds {n} card, so after the bout you draw up to six again. "
    "You go out only once the stock is empty.",
    "Right: not yet. The stock still holds {n} cards, so after the bout you draw up to six again. "
    "You go out only once the stock is empty.",
)
OUT_WRONG = N_plural(
    "No: your hand is empty, but the stock still holds {n} card: you refill after the bout, and go "
    "out only once the stock is empty.",
    "No: your hand is empty, but the stock still holds {n} cards: you refill after the bout, and go "
    "out only once the stock is empty.",
)


def hands_checked() -> Exercise:
    """R12: the AI's last card is led, you can beat it with yours: not over, and then a draw."""
    game = played(Game.from_deal(cards("10♠"), cards("9♠"), trump="♥", attacker=1), "attack 9♠")
    card = game.table[-1][0]
    ending = played(game.copy(), "defend 10♠").apply(STOP)  # what beating it leads to
    assert ending.outcome is not None and ending.outcome.is_draw
    return Choose(
        "hands_checked",
        "R12",
        Say(
            N_(
                "The stock is empty. The AI leads its last card, {card}, and you hold one card that beats "
                "it. The AI has no cards left: is the game over now?"
            ),
            card=card,
        ),
        game,
        (Option.YES, Option.NOT_YET),
        Option.YES if game.is_over else Option.NOT_YET,
        Say(NOT_OVER_YET, card=card),
        lambda _click: Feedback.wrong(Say(OVER_WRONG, card=card)),
        view="both_hands",
    )


def out_only_when_stock_empty() -> Exercise:
    """R12: going out only once the stock is empty: beating with your last card refills you."""
    game = played(
        Game.from_deal(cards("10♠"), cards("9♠ Д♦ 8♣"), full_stock("10♠", "9♠ Д♦ 8♣", "К♥"), attacker=1),
        "attack 9♠, defend 10♠",
    )
    done = after_stop(game)  # the AI can only stop now
    stock = len(game.stock)
    over = done.outcome is not None
    return Choose(
        "out_only_when_stock_empty",
        "R12",
        Say(
            *N_plural(
                "You beat the AI’s card with your last card, and the AI stops. The stock still holds "
                "{n} card. Have you gone out?",
                "You beat the AI’s card with your last card, and the AI stops. The stock still holds "
                "{n} cards. Have you gone out?",
            ),
            n=stock,
        ),
        game,
        (Option.YES, Option.NOT_YET),
        Option.YES if over else Option.NOT_YET,
        Say(*REFILL_FIRST, n=stock),
        lambda _click: Feedback.wrong(Say(*OUT_WRONG, n=stock)),
    )


def endgame_win() -> Exercise:
    """R12: an endgame you can win by going out first."""
    return PlayOut(
        "endgame_win",
        "R12",
        Say(N_("The stock is empty. Play it out and leave the AI holding cards.")),
        Game.from_deal(cards("Т♥ 10♠ 10♦"), cards("7♠ Д♠ 8♣"), trump="♥"),
        "win",
    )


def endgame_draw() -> Exercise:
    """R12: both go out in the same bout."""
    return PlayOut(
        "endgame_draw",
        "R12",
        Say(N_("The stock is empty. Play it out so that both hands empty in the same bout.")),
        Game.from_deal(cards("6♠ 6♣"), cards("7♠ 7♣"), trump="♥", attacker=YOU),
        "draw",
    )


def endgame_one_move() -> Exercise:
    """R12: a position in which a single first move wins (and the natural low lead loses)."""
    return PlayOut(
        "endgame_one_move",
        "R12",
        Say(N_("The stock is empty and you attack. Only one first move wins here: find it.")),
        Game.from_deal(cards("Т♣ 7♠ 8♥ К♠"), cards("10♦ 10♠ Т♠ К♥"), trump="♥", attacker=YOU),
        "win",
    )


CELLS = (
    text("end"),
    exercise(hands_checked),
    exercise(out_only_when_stock_empty),
    text("endgames"),
    exercise(endgame_win),
    exercise(endgame_draw),
    exercise(endgame_one_move),
)
"""The notebook after its header, cell by cell (its exercises in the order shown)."""
