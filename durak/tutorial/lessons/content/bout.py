"""Notebook 03 · A bout: leading, beating, throwing in, a successful defence, refilling — and a
whole bout played with a stock, coached."""

from __future__ import annotations

from durak.actions import STOP, Action, ActionKind
from durak.cards import Card
from durak.errors import IllegalAction
from durak.game import Applied, Game, Phase
from durak.i18n import N_, N_plural
from durak.messages import AI, YOU, Say
from durak.tutorial.lessons import model as lm
from durak.tutorial.lessons.content.common import (
    after_stop,
    beat_reason,
    cards,
    exercise,
    full_stock,
    legal_cards,
    match_reason,
    names,
    played,
    refusal,
    text,
)
from durak.tutorial.lessons.model import (
    Answer,
    Choose,
    Coached,
    Exercise,
    Feedback,
    Option,
    PickAll,
    Refusal,
    Step,
)

NOTEBOOK = "03_a_bout"
TITLE = N_("A bout: attack, defence, refill")

TOPICS: dict[str, tuple[str, tuple[str, ...]]] = {
    "bout": (
        N_("A bout"),
        (
            N_(
                "A bout begins with the attacker leading any one card; the other player is the "
                "defender. The defender beats it, or takes the cards (the next lesson is about "
                "taking)."
            ),
        ),
    ),
    "beating": (
        N_("Beating a card"),
        (
            N_(
                "The defender beats an attack card with a higher card of the same suit, "
                "or with any trump if the attack card is not a trump."
            ),
            N_("A trump is beaten only by a higher trump."),
            N_("You need not follow suit: you may beat with a trump even when you hold the suit."),
        ),
    ),
    "throwing_in": (
        N_("Throwing in"),
        (
            N_(
                "Attacks come one at a time. After each attack card is beaten, the attacker may add one card "
                "whose rank is already on the table, from an attack card or a defence card, or stop."
            ),
        ),
    ),
    "defence": (
        N_("A successful defence"),
        (
            N_(
                "When every attack card is beaten and the attacker stops, all table cards are discarded: "
                "they leave the game. The defender becomes the next attacker."
            ),
        ),
    ),
    "refill": (
        N_("Refilling"),
        (
            N_(
                "After every bout the attacker of that bout draws up to six cards first, then the defender. "
                "If the stock runs short, draw until it is empty; the face-up trump card is drawn last."
            ),
        ),
    ),
    "coached_bout": (
        N_("A whole bout"),
        (
            N_(
                "Now play one whole bout against the AI, with a full stock: lead, let the AI beat it, throw "
                "in what you like, stop. Then say what happens to the table, who draws what, and who "
                "attacks next."
            ),
        ),
    ),
}

# --- leading --------------------------------------------------------------------------

ONE_AT_A_TIME = N_(
    "Right: a bout opens with one card. Once the AI has beaten it, you may throw in your other "
    "seven, because its rank is on the table."
)
BOTH_AT_ONCE = N_(
    "No: attack cards come one at a time. With {first} still unbeaten, {second} is refused. {why}"
)
ANY_LEAD = N_("You may lead with {card}: any card opens a bout, a trump too.")


def lead_one_at_a_time() -> Exercise:
    """R5: one card leads; a second of the same rank may follow only after the first is beaten."""
    game = Game.from_deal(cards("7♣ 7♥ Д♠ 9♦"), cards("8♣ 10♥ 6♦ К♦"), trump="♠", attacker=YOU)
    first, second = Card.parse("7♣"), Card.parse("7♥")
    try:  # the engine's verdict on the second seven while the first is still unbeaten
        played(game.copy(), f"attack {first}").verify(Action.attack(second))
    except IllegalAction as error:
        why = Refusal(error, game.trump)
    else:
        raise AssertionError("the engine accepted two attack cards at once")
    return Choose(
        "lead_one_at_a_time",
        "R5",
        Say(
            N_("You attack and hold two sevens, {first} and {second}. May you lead both at once?"),
            first=first,
            second=second,
        ),
        game,
        (Option.BOTH_AT_ONCE, Option.ONE_AT_A_TIME),
        Option.ONE_AT_A_TIME,
        Say(ONE_AT_A_TIME),
        lambda _answer: Feedback.wrong(Say(BOTH_AT_ONCE, first=first, second=second, why=why)),
    )


def lead_any() -> Exercise:
    """R5: the attacker opens a bout with any card, a trump too."""
    game = Game.from_deal(cards("7♣ В♥ Т♠ 9♦"), cards("8♣ 10♥ 6♦ К♦"), trump="♠", attacker=YOU)
    return PickAll(
        "lead_any",
        "R5",
        Say(N_("You attack. Click every card you may lead.")),
        game,
        game.hands[YOU],
        legal_cards(game, ActionKind.ATTACK),
        refusal(game, ActionKind.ATTACK),
        why=lambda answer: Say(ANY_LEAD, card=answer),
    )


# --- beating and throwing in ----------------------------------------------------------


def _beat(exercise_id: str, you: str, ai: str, trump: str, attack: str, prompt: str) -> Exercise:
    game = played(Game.from_deal(cards(you), cards(ai), trump=trump, attacker=AI), f"attack {attack}")
    target = Card.parse(attack)

    def why(answer: Answer) -> Say:
        assert isinstance(answer, Card)
        return beat_reason(answer, target, game.trump)

    return PickAll(
        exercise_id,
        "R6",
        Say(prompt, card=target, suit=game.trump),
        game,
        game.hands[YOU],
        legal_cards(game, ActionKind.DEFEND),
        refusal(game, ActionKind.DEFEND),
        why=why,
    )


def beat_plain() -> Exercise:
    """R6: a higher card of the same suit, or any trump on a non-trump (without following suit)."""
    return _beat(
        "beat_plain",
        "7♥ 10♥ Т♥ 6♠ К♣ 9♦",
        "9♥ 8♣ 7♦",
        "♠",
        "9♥",
        N_("The AI attacks with {card}; trump is {suit}. Click every card that beats it."),
    )


def beat_trump() -> Exercise:
    """R6: a trump is beaten only by a higher trump."""
    return _beat(
        "beat_trump",
        "6♠ 10♠ Т♥ Д♠ 8♦ 7♠",
        "8♠ 9♣ 10♣",
        "♠",
        "8♠",
        N_("The AI attacks with the trump {card}. Click every card that beats it."),
    )


def throw_in() -> Exercise:
    """R7: add a card whose rank is on the table, from an attack or a defence."""
    game = played(
        Game.from_deal(cards("8♣ 8♥ В♦ 9♣ 6♠ Д♣"), cards("В♣ 7♠ 10♥ К♠"), ["6♥"], attacker=YOU),
        "attack 8♣, defend В♣",
    )

    def why(answer: Answer) -> Say:
        assert isinstance(answer, Card)
        return match_reason(answer, game)

    return PickAll(
        "throw_in",
        "R7",
        Say(
            N_("The AI beat your {attack} with {defence}. Click every card you may throw in."),
            attack=Card.parse("8♣"),
            defence=Card.parse("В♣"),
        ),
        game,
        game.hands[YOU],
        legal_cards(game, ActionKind.ATTACK),
        refusal(game, ActionKind.ATTACK),
        why=why,
    )


# --- the end of a successful defence ---------------------------------------------------

DISCARDED = N_("Right: after a successful defence the table cards are discarded and leave the game.")
NOT_DEFENDER_HAND = N_("No: only a defender who takes picks the cards up, and the AI beat every card.")
NOT_ATTACKER_HAND = N_("No: cards on the table never go back to the attacker.")
NEXT_AI = N_("Right: the AI beat every card, so the defender becomes the attacker: the AI attacks next.")
NOT_NEXT_YOU = N_("No: after a successful defence the defender attacks next, and the defender was the AI.")


def _defended(moves: str) -> Game:
    return played(
        Game.from_deal(cards("7♠ 9♥ 7♦ К♥"), cards("9♠ 10♥ 10♣ В♦"), ["6♣", "Т♥"], attacker=YOU), moves
    )


def _where_wrong(click: Answer) -> Feedback:
    return Feedback.wrong(Say(NOT_DEFENDER_HAND if click == Option.DEFENDER_HAND else NOT_ATTACKER_HAND))


def defence_discard() -> Exercise:
    """R10: after a successful defence the table cards are discarded."""
    game = _defended("attack 7♠, defend 9♠")
    answer = Option.DISCARD if after_stop(game).discarded else Option.DEFENDER_HAND

    return Choose(
        "defence_discard",
        "R10",
        Say(N_("The AI beat your attack and you stop. Where do the table cards go?")),
        game,
        (Option.DISCARD, Option.DEFENDER_HAND, Option.ATTACKER_HAND),
        answer,
        Say(DISCARDED),
        _where_wrong,
    )


def defence_next_attacker() -> Exercise:
    """R10: every attack beaten and the attacker stops: the defender attacks next."""
    game = _defended("attack 7♠, defend 9♠, attack 9♥, defend 10♥")
    answer = Option.YOU if after_stop(game).next_attacker == YOU else Option.AI
    return Choose(
        "defence_next_attacker",
        "R10",
        Say(N_("The AI beat both your cards, and you stop now. Who attacks in the next bout?")),
        game,
        (Option.YOU, Option.AI),
        answer,
        Say(NEXT_AI),
        lambda _click: Feedback.wrong(Say(NOT_NEXT_YOU)),
    )


# --- refilling ------------------------------------------------------------------------

LAST_CARD_YOU = N_(
    "Right: the attacker of the bout draws first, so you get the last card, {card}; the AI draws nothing."
)
LAST_CARD_NOT_AI = N_(
    "No: the attacker of the bout, you, draws first and takes {card}; nothing is left for the AI."
)
DRAWS = N_plural(
    "{card} is the top card: you need {n} card to hold six again, and you draw first.",
    "{card} is among the top {n} cards: you need {n} cards to hold six again, and you draw first.",
)
GOES_TO_AI = N_plural(
    "{card} goes to the AI: you draw first but need only {n} card ({cards}); the AI draws next.",
    "{card} goes to the AI: you draw first but need only {n} cards ({cards}); the AI draws next.",
)
STAYS = N_("{card} stays in the stock: you draw {mine} and the AI draws {theirs}, from the top.")


def refill_last_card() -> Exercise:
    """R11: the attacker of the bout draws first; the face-up trump card is drawn last."""
    game = _played_last_card()
    last = game.stock[-1]
    answer = Option.YOU if last in after_stop(game).drawn[YOU] else Option.AI
    return Choose(
        "refill_last_card",
        "R11",
        Say(
            N_(
                "Only the trump card {card} is left in the stock. You stop; both of you are short of six. "
                "Who gets {card}?"
            ),
            card=last,
        ),
        game,
        (Option.YOU, Option.AI),
        answer,
        Say(LAST_CARD_YOU, card=last),
        lambda _click: Feedback.wrong(Say(LAST_CARD_NOT_AI, card=last)),
    )


def _played_last_card() -> Game:
    return played(
        Game.from_deal(cards("7♠ 9♥ 7♦ К♥"), cards("9♠ 10♥ 10♣ В♦"), ["Т♥"], attacker=YOU),
        "attack 7♠, defend 9♠",
    )


def refill_draw() -> Exercise:
    """R11: draw from the top of the stock up to six, the attacker first."""
    game = played(
        Game.from_deal(
            cards("7♠ 9♥ 7♦ К♥ 6♣ 8♦"),
            cards("9♠ 10♥ 10♣ В♦ Д♣ 6♥"),
            cards("В♠ 8♥ 6♦ Т♣ К♦ 9♦ 7♣ 10♠"),
            attacker=YOU,
        ),
        "attack 7♠, defend 9♠, attack 9♥, defend 10♥",
    )
    done = after_stop(game)
    mine, theirs = done.drawn[YOU], done.drawn[AI]

    def why(answer: Answer) -> Say:
        return Say(*DRAWS, card=answer, n=len(mine))

    def explain(answer: Answer) -> Feedback:
        if answer in theirs:
            return Feedback.wrong(Say(*GOES_TO_AI, card=answer, n=len(mine), cards=names(mine)))
        return Feedback.wrong(Say(STAYS, card=answer, mine=len(mine), theirs=len(theirs)))

    return PickAll(
        "refill_draw",
        "R11",
        Say(
            N_(
                "The bout is over once you stop. The stock is shown open, top card first. "
                "Click every card you will draw."
            )
        ),
        game,
        game.stock,
        mine,
        explain,
        why=why,
        view="stock",
    )


# --- a whole bout, coached -------------------------------------------------------------

COACH_LEAD = N_("You attack first: lead any card.")
COACH_THROW = N_("The AI beat it. Throw in a card of a rank on the table, or stop.")
YOU_LED = N_("You lead {card}: the AI must beat it or take.")
YOU_THREW = N_("You throw in {card}: its rank is on the table.")
YOU_STOPPED = N_plural(
    "You stop, and your attack card is beaten: the bout is over.",
    "You stop, and all {n} attack cards are beaten: the bout is over.",
)
Q_WHERE = N_("The bout is over. Where do the cards on the table go?")
Q_FIRST = N_("Both of you draw up to six now. Who draws first?")
Q_DRAW = N_("The stock is shown open, top card first. Click every card you draw.")
Q_NEXT = N_("Who attacks in the next bout?")
FIRST_YOU = N_("Right: the attacker of the bout draws first, and that was you.")
NOT_FIRST_AI = N_("No: the attacker of the bout draws first, and the attacker was you.")


def _coach(exercise: Coached) -> Say:
    game = exercise.game
    if not game.table:
        return Say(COACH_LEAD)
    return Say(lm.COACH_STOP_ONLY if game.legal_actions() == [STOP] else COACH_THROW)


def _on_move(before: Game, action: Action, done: Applied) -> Say:
    if action.kind is ActionKind.STOP:
        return Say(*YOU_STOPPED, n=len(before.table))
    return Say(YOU_LED if done.phase is Phase.LEAD else YOU_THREW, card=done.played)


def _bout_questions(before: Game, done: Applied) -> list[Step]:
    """What a successful defence's end did, asked in the order it happens (R10, R11)."""
    mine, theirs = done.drawn[YOU], done.drawn[AI]
    where = Step(
        Say(Q_WHERE),
        (Option.DISCARD, Option.DEFENDER_HAND, Option.ATTACKER_HAND),
        frozenset({Option.DISCARD if done.discarded else Option.DEFENDER_HAND}),
        _where_wrong,
        lambda _click: Say(DISCARDED),
    )
    first = Step(
        Say(Q_FIRST),
        (Option.YOU, Option.AI),
        frozenset({Option.YOU if done.player == YOU else Option.AI}),
        lambda _click: Feedback.wrong(Say(NOT_FIRST_AI)),
        lambda _click: Say(FIRST_YOU),
        rule="R11",
    )

    def draw_explain(answer: Answer) -> Feedback:
        if answer in theirs:
            return Feedback.wrong(Say(*GOES_TO_AI, card=answer, n=len(mine), cards=names(mine)))
        return Feedback.wrong(Say(STAYS, card=answer, mine=len(mine), theirs=len(theirs)))

    draw = Step(
        Say(Q_DRAW),
        tuple(before.stock[: len(mine) + len(theirs) + 3]),
        frozenset(mine),
        draw_explain,
        lambda answer: Say(*DRAWS, card=answer, n=len(mine)),
        view="stock",
        pick_all=True,
        rule="R11",
    )
    next_attacker = Step(
        Say(Q_NEXT),
        (Option.YOU, Option.AI),
        frozenset({Option.YOU if done.next_attacker == YOU else Option.AI}),
        lambda _click: Feedback.wrong(Say(NOT_NEXT_YOU)),
        lambda _click: Say(NEXT_AI),
        refilled=True,
    )
    return [where, first, draw, next_attacker]


def coached_bout() -> Exercise:
    """R7, R10, R11 in one bout: lead, beat, throw in, stop; the discard, the refill, the next attacker."""
    you, ai = "7♣ 7♥ 9♦ 9♣ 6♥ 10♦", "Т♣ К♥ Т♦ К♣ Т♥ К♦"  # the AI can beat everything you lead
    game = Game.from_deal(cards(you), cards(ai), full_stock(you, ai, "8♠"), attacker=YOU)
    return Coached(
        "coached_bout",
        "R10",
        Say(N_("A whole bout with a full stock. You attack; the AI defends.")),
        game,
        _coach,
        _on_move,
        _bout_questions,
    )


CELLS = (
    text("bout"),
    exercise(lead_one_at_a_time),
    exercise(lead_any),
    text("beating"),
    exercise(beat_plain),
    exercise(beat_trump),
    text("throwing_in"),
    exercise(throw_in),
    text("defence"),
    exercise(defence_discard),
    exercise(defence_next_attacker),
    text("refill"),
    exercise(refill_last_card),
    exercise(refill_draw),
    text("coached_bout"),
    exercise(coached_bout),
)
"""The notebook after its header, cell by cell (its exercises in the order shown)."""
