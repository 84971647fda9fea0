"""Notebook 06 · A little strategy: when to take, what to lead, saving trumps, the trump card,
counting cards. Each answer is the AI's own choice (its rule-of-thumb policy, which its hints
and its search agree with: the tests check that)."""

from __future__ import annotations

from durak.actions import TAKE, ActionKind
from durak.ai.players import GreedyPlayer
from durak.ai.policy import defend_move, lead_card
from durak.cards import DECK, Card
from durak.game import Game, action_of_move
from durak.i18n import N_, N_plural
from durak.kernel import Phase
from durak.messages import AI, YOU, Say
from durak.tutorial.lessons.content.common import (
    after_stop,
    cards,
    exercise,
    full_stock,
    played,
    refusal,
    text,
)
from durak.tutorial.lessons.model import Answer, Choose, Exercise, Feedback, Option, PickAll

NOTEBOOK = "06_strategy"
TITLE = N_("A little strategy")

TOPICS: dict[str, tuple[str, tuple[str, ...]]] = {
    "strategy": (
        N_("Playing well"),
        (
            N_(
                "You know the rules now. Here are five habits of good players, the same ones the AI "
                "follows; each comes with a position to try."
            ),
        ),
    ),
    "when_to_take": (
        N_("When to take"),
        (
            N_(
                "Taking is not losing. While the stock still holds eight cards or more, taking a few "
                "cheap cards costs little: you will play them out again later. Spending a high trump (a "
                "nine or higher) to beat a plain card costs a lot."
            ),
        ),
    ),
    "leading": (
        N_("What to lead"),
        (
            N_(
                "Lead your lowest plain card, and keep the high ones to beat with. A low pair is even "
                "better, of your lowest rank or the one just above it: lead one card, and once it is "
                "beaten you can throw in the other and be rid of both."
            ),
        ),
    ),
    "saving_trumps": (
        N_("Saving trumps"),
        (
            N_(
                "Beat with the lowest card that does it, and without a trump when a plain card will do: "
                "trumps win the end of the game."
            ),
        ),
    ),
    "trump_card": (
        N_("Who gets the trump card"),
        (
            N_(
                "The face-up trump card is drawn last. Count who will draw it: the attacker draws first, "
                "each up to six, so the number of cards left in the stock decides who gets it."
            ),
        ),
    ),
    "counting": (
        N_("Counting cards"),
        (
            N_(
                "Once the stock is empty nothing is hidden any more: the AI holds exactly the cards that "
                "are not in your hand, on the table or in the discard pile. Good players count them."
            ),
        ),
    ),
}

# --- when to take ---------------------------------------------------------------------

TAKE_EARLY = N_plural(
    "Right: the stock still holds {n} card, so taking a cheap {card} costs little. Beating it would "
    "cost a high trump.",
    "Right: the stock still holds {n} cards, so taking a cheap {card} costs little. Beating it would "
    "cost a high trump.",
)
TRUMP_WASTED = N_(
    "{card} beats it, but a high trump spent on {attack} this early is a waste: take the cheap card "
    "and keep the trump for the end."
)


def take_early() -> Exercise:
    """Strategy (R9): early on, take a cheap card rather than spend a high trump."""
    you, ai = "К♠ Т♠ 8♣ 9♣ 6♥ 10♥", "7♦ 9♦ В♣ Д♥ 8♦ 6♣"
    game = played(Game.from_deal(cards(you), cards(ai), full_stock(you, ai, "7♠"), attacker=AI), "attack 7♦")
    attack = game.table[-1][0]
    state = game.state
    move = defend_move(state.hands[YOU], 0, state.attacks[-1], len(state.stock))  # the AI's own choice
    answer = action_of_move(move, game.trump.ordinal)
    assert answer == TAKE, "the position must be one the AI takes in"
    beaters = [a.card for a in game.legal_actions() if a.card is not None and a.kind is ActionKind.DEFEND]
    return Choose(
        "take_early",
        "R9",
        Say(N_("The stock is full and the AI attacks with {card}. Beat it, or take?"), card=attack),
        game,
        (*beaters, Option.TAKE),
        Option.TAKE,
        Say(*TAKE_EARLY, n=len(game.stock), card=attack),
        lambda click: Feedback.wrong(Say(TRUMP_WASTED, card=click, attack=attack)),
    )


# --- what to lead -----------------------------------------------------------------------

LEAD_PAIR = N_(
    "Right: {card} is your lowest card and one of a pair. Once it is beaten, you can throw in {twin} "
    "and be rid of both."
)
LEAD_HIGH = N_("{card} is higher than {lead}: keep it to beat the AI’s attacks later.")
LEAD_TRUMP = N_("{card} is a trump: do not open with your strongest kind of card this early.")


def lead_low_pair() -> Exercise:
    """Strategy (R5, R7): lead a low card, and a pair at that."""
    you, ai = "6♣ 6♦ 10♥ В♣ Т♦ 9♠", "7♣ 10♦ В♥ Т♥ 8♣ 7♠"
    game = Game.from_deal(cards(you), cards(ai), full_stock(you, ai, "6♠"), attacker=YOU)
    state = game.state
    move = lead_card(state.hands[YOU], 0, len(state.stock))  # the AI's own lead
    lead = action_of_move(move, game.trump.ordinal).card
    assert lead is not None
    twins = [c for c in game.hands[YOU] if c.rank == lead.rank and c != lead]
    assert twins, "the lead must be one of a pair"

    def explain(click: object) -> Feedback:
        assert isinstance(click, Card)
        return Feedback.wrong(
            Say(LEAD_TRUMP if click.suit == game.trump else LEAD_HIGH, card=click, lead=lead)
        )

    return Choose(
        "lead_low_pair",
        "R5",
        Say(N_("You attack first, with a full stock. Which card do you lead?")),
        game,
        game.hands[YOU],
        lead,
        lambda click: Say(LEAD_PAIR, card=click, twin=next(c for c in (lead, *twins) if c != click)),
        explain,
        also_right=twins,
    )


# --- saving trumps ----------------------------------------------------------------------

SAVE_RIGHT = N_("Right: {card} is the lowest card that beats {attack}, and it is not a trump.")
SAVE_HIGHER = N_("{card} beats it too, but it is worth more later: beat with the lowest card that does it.")
SAVE_TRUMP = N_("{card} is a trump: it beats {attack}, but a plain card does it too. Save your trumps.")


def save_trumps() -> Exercise:
    """Strategy (R6): beat with the lowest card that does it, and not with a trump."""
    you, ai = "10♣ Т♣ 7♠ 9♦ 6♥ К♥", "8♣ 9♠ В♦ 7♥ Д♣ 10♦"
    game = played(Game.from_deal(cards(you), cards(ai), full_stock(you, ai, "6♠"), attacker=AI), "attack 8♣")
    attack = game.table[-1][0]
    state = game.state
    move = defend_move(state.hands[YOU], 0, state.attacks[-1], len(state.stock))  # the AI's own choice
    best = action_of_move(move, game.trump.ordinal)
    assert best.card is not None and best.kind is ActionKind.DEFEND
    beaters = {a.card for a in game.legal_actions() if a.kind is ActionKind.DEFEND}
    wrong_card = refusal(game, ActionKind.DEFEND)

    def explain(click: Answer) -> Feedback:
        if click not in beaters:
            return wrong_card(click)
        assert isinstance(click, Card)
        return Feedback.wrong(
            Say(SAVE_TRUMP if click.suit == game.trump else SAVE_HIGHER, card=click, attack=attack)
        )

    return Choose(
        "save_trumps",
        "R6",
        Say(N_("The AI attacks with {card}. Which card do you beat it with?"), card=attack),
        game,
        game.hands[YOU],
        best.card,
        Say(SAVE_RIGHT, card=best.card, attack=attack),
        explain,
    )


# --- who gets the trump card --------------------------------------------------------------

TRUMP_TO_AI = N_plural(
    "Right: you draw first but need only {n} card, the top one; the AI then draws the trump card {card}.",
    "Right: you draw first but need only {n} cards, the top ones; the AI then draws the trump card {card}.",
)
TRUMP_NOT_YOU = N_plural(
    "No: you draw first, but you need only {n} card to have six, and {card} lies at the bottom.",
    "No: you draw first, but you need only {n} cards to have six, and {card} lies at the bottom.",
)


def trump_card_draw() -> Exercise:
    """Strategy (R11): count who will draw the face-up trump card."""
    game = played(
        Game.from_deal(
            cards("7♠ 9♥ 7♦ К♥ 6♣ Д♦"), cards("9♠ 10♥ 10♣ В♦ 8♣"), cards("В♠ 8♥ Т♦"), attacker=YOU
        ),
        "attack 7♠, defend 9♠, attack 9♥, defend 10♥",
    )
    trump_card = game.stock[-1]
    done = after_stop(game)
    mine = len(done.drawn[YOU])
    answer = Option.YOU if trump_card in done.drawn[YOU] else Option.AI
    assert answer == Option.AI, "the lesson is that the attacker does not always get it"
    return Choose(
        "trump_card_draw",
        "R11",
        Say(  # {mine} and {theirs} are bare numbers: the stock's count {n} picks the plural form
            *N_plural(
                "The stock holds {n} card, the trump card {card} at the bottom. You stop now, holding "
                "{mine}; the AI holds {theirs}. Who draws {card}?",
                "The stock holds {n} cards, the trump card {card} at the bottom. You stop now, holding "
                "{mine}; the AI holds {theirs}. Who draws {card}?",
            ),
            n=len(game.stock),
            card=trump_card,
            mine=len(game.hands[YOU]),
            theirs=len(game.hands[AI]),
        ),
        game,
        (Option.YOU, Option.AI),
        answer,
        Say(*TRUMP_TO_AI, n=mine, card=trump_card),
        lambda _click: Feedback.wrong(Say(*TRUMP_NOT_YOU, n=mine, card=trump_card)),
        view="stock",
    )


# --- counting cards ---------------------------------------------------------------------

MAY_HOLD = N_("{card} is neither in your hand nor on the table nor discarded: the AI must hold it.")
IN_YOUR_HAND = N_("{card} is in your hand.")
DISCARDED = N_("{card} was discarded in an earlier bout: it is out of the game.")
ON_TABLE = N_("{card} is on the table.")


def _counting_position() -> Game:
    """A game of two greedy players, at the first lead of yours after the stock ran out."""
    for seed in range(500):
        game = Game.new(seed=seed)
        players = (GreedyPlayer(), GreedyPlayer())
        while not game.is_over:
            if not game.stock and game.to_move == YOU and game.phase is Phase.LEAD:
                if 2 <= len(game.hands[AI]) <= 4 and len(game.discard) >= 12:
                    return game
                break
            seat = game.to_move
            assert seat is not None
            game.apply(players[seat].choose(game.observation(seat), game.legal_actions()))
    raise LookupError("no such game")


def count_cards() -> Exercise:
    """Strategy (R12): with the stock empty the AI's cards can be worked out."""
    game = _counting_position()
    seen = game.observation(YOU)
    theirs = {*seen.unseen, *seen.opponent_known}  # all a player can know, and it is everything
    assert theirs == set(game.hands[AI])
    mine, discarded = set(seen.hand), set(seen.discard)

    def explain(click: Answer) -> Feedback:
        if click in mine:
            return Feedback.wrong(Say(IN_YOUR_HAND, card=click))
        if click in discarded:
            return Feedback.wrong(Say(DISCARDED, card=click))
        return Feedback.wrong(Say(ON_TABLE, card=click))

    return PickAll(
        "count_cards",
        "R12",
        Say(
            N_(
                "The stock is empty. Your hand and the discard pile are shown; every card is below. "
                "Click every card the AI holds."
            )
        ),
        game,
        DECK,
        theirs,
        explain,
        why=lambda answer: Say(MAY_HOLD, card=answer),
        view="count",
    )


CELLS = (
    text("strategy"),
    text("when_to_take"),
    exercise(take_early),
    text("leading"),
    exercise(lead_low_pair),
    text("saving_trumps"),
    exercise(save_trumps),
    text("trump_card"),
    exercise(trump_card_draw),
    text("counting"),
    exercise(count_cards),
)
"""The notebook after its header, cell by cell (its exercises in the order shown)."""
