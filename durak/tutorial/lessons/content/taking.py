"""Notebook 04 · Taking, and the limits: the defender takes, the attacker adds, who picks up and
who attacks next; how many attack cards a bout may hold — and a bout that ends in a take."""

from __future__ import annotations

from durak.actions import Action, ActionKind
from durak.cards import Card
from durak.errors import IllegalAction, Reason
from durak.game import Applied, Game
from durak.i18n import N_, N_plural
from durak.messages import AI, YOU, Say
from durak.tutorial.lessons.content.common import (
    after_stop,
    beat_reason,
    cards,
    exercise,
    full_stock,
    legal_cards,
    match_reason,
    on_table,
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
    done_saying,
)

NOTEBOOK = "04_taking"
TITLE = N_("Taking, and how many attack cards")

TOPICS: dict[str, tuple[str, tuple[str, ...]]] = {
    "taking": (
        N_("Taking"),
        (
            N_(
                "Facing an unbeaten card, the defender may take instead of beating it, even when they "
                "could beat it. The attacker may then add more cards of ranks on the table, within the "
                "limits, and stops; the defender does not beat these."
            ),
            N_(
                "The defender picks up every card of the bout, attacks and defences, and skips the next "
                "attack: the same player attacks again."
            ),
            N_(
                "Then both refill as after any bout: the attacker first, then the defender, who draws "
                "nothing if they now hold six cards or more."
            ),
        ),
    ),
    "limits": (
        N_("How many attack cards"),
        (
            N_(
                "A bout holds at most six attack cards, and never more attack cards than the defender "
                "held when the bout began."
            ),
            N_(
                "While the defender beats every card, the second limit hardly shows: nobody can beat "
                "more cards than they hold. It bites after a take: then the bout may still not hold "
                "more attack cards than the defender held when it began."
            ),
        ),
    ),
    "coached_take": (
        N_("A bout that ends in a take"),
        (
            N_(
                "Now the AI attacks and you defend. Beat what you can, take when you cannot or would "
                "rather not, and then say what the end of the bout does."
            ),
        ),
    ),
}

# --- taking ---------------------------------------------------------------------------

TAKE_RIGHT = N_("Take is allowed too: a defender may take even when they could beat the card.")
ADD_RIGHT = N_("{reason} The AI is taking, so it will not beat it: it picks it up with the rest.")
PICKED_DEFENCE = N_("{card} was the AI’s own defence card: it goes back to its hand with everything else.")
PICKED_ATTACK = N_("{card} was an attack card on the table: the AI picks up every card of the bout.")
NOT_PICKED = N_("{card} is in the AI’s hand already: only the cards on the table are picked up.")
NEXT_YOU = N_("Right: the AI took, so it loses its turn to attack: you attack again.")
NOT_NEXT_AI = N_("No: the AI took, so it loses its turn to attack: you attack again.")


def beat_or_take() -> Exercise:
    """R9: the defender may take instead of beating, even when it could beat."""
    game = played(
        Game.from_deal(cards("Д♦ 6♦ 8♣ 7♥"), cards("10♦ 9♣ В♠"), trump="♥", attacker=AI), "attack 10♦"
    )
    attack = Card.parse("10♦")
    legal = {*legal_cards(game, ActionKind.DEFEND), Option.TAKE.value}

    def why(answer: Answer) -> Say:
        if answer == Option.TAKE:
            return Say(TAKE_RIGHT)
        assert isinstance(answer, Card)
        return beat_reason(answer, attack, game.trump)

    return PickAll(
        "beat_or_take",
        "R9",
        Say(
            N_("The AI attacks with {card}. Click every move you may make: cards that beat it, or Take."),
            card=attack,
        ),
        game,
        (*game.hands[YOU], Option.TAKE),
        legal,
        refusal(game, ActionKind.DEFEND),
        why=why,
    )


def add_after_take() -> Exercise:
    """R9: after "take" the attacker may still add matching cards (within R8's limit)."""
    game = played(
        Game.from_deal(cards("7♠ 9♥ 7♦ К♥ 9♦"), cards("9♠ 8♦ 10♣ Д♣ В♣ 6♦"), ["Т♥"], attacker=YOU),
        "attack 7♠, defend 9♠, attack 9♥, take",
    )

    def why(answer: Answer) -> Say:
        assert isinstance(answer, Card)
        return Say(ADD_RIGHT, reason=match_reason(answer, game))

    return PickAll(
        "add_after_take",
        "R9",
        Say(
            N_("The AI could not beat {card} and takes. Click every card you may still add."),
            card=Card.parse("9♥"),
        ),
        game,
        game.hands[YOU],
        legal_cards(game, ActionKind.ATTACK),
        refusal(game, ActionKind.ATTACK),
        why=why,
    )


def take_pickup() -> Exercise:
    """R9: the defender picks up every card of the bout, attacks and defences."""
    game = played(
        Game.from_deal(cards("7♠ 9♥ 7♦ К♥"), cards("9♠ 8♦ 10♣"), trump="♥", attacker=YOU),
        "attack 7♠, defend 9♠, attack 9♥, take, attack 7♦",
    )
    picked = after_stop(game).picked_up  # what the engine says the stop does
    defences = {defence for _, defence in game.table if defence is not None}

    def why(answer: Answer) -> Say:
        return Say(PICKED_DEFENCE if answer in defences else PICKED_ATTACK, card=answer)

    return PickAll(
        "take_pickup",
        "R9",
        Say(N_("The AI takes and you stop. Click every card the AI picks up.")),
        game,
        (*on_table(game), *game.hands[AI]),
        picked,
        lambda answer: Feedback.wrong(Say(NOT_PICKED, card=answer)),
        why=why,
        view="both_hands",
    )


def take_next_attacker() -> Exercise:
    """R9: the defender who took skips the next attack: the same player attacks again."""
    game = played(
        Game.from_deal(cards("7♠ 9♥ 7♦ К♥"), cards("9♠ 8♦ 10♣ В♦"), ["6♣", "Т♥"], attacker=YOU),
        "attack 7♠, defend 9♠, attack 9♥, take",
    )
    answer = Option.YOU if after_stop(game).next_attacker == YOU else Option.AI
    return Choose(
        "take_next_attacker",
        "R9",
        Say(
            N_(
                "The AI could not beat {card} and takes. You add nothing and stop. Who attacks in the "
                "next bout?"
            ),
            card=game.table[-1][0],
        ),
        game,
        (Option.YOU, Option.AI),
        answer,
        Say(NEXT_YOU),
        lambda _click: Feedback.wrong(Say(NOT_NEXT_AI)),
    )


# --- refilling after a take ------------------------------------------------------------

TAKER_DRAWS_NONE = N_plural(
    "Right: after picking up, the AI holds {n} card, six or more, so it draws nothing.",
    "Right: after picking up, the AI holds {n} cards, six or more, so it draws nothing.",
)
TAKER_NOT = N_plural(
    "No: the AI picks up {n} card and then holds {held}, six or more: it draws nothing.",
    "No: the AI picks up {n} cards and then holds {held}, six or more: it draws nothing.",
)


def refill_after_take() -> Exercise:
    """R11 after R9: the taker refills after the attacker, and only up to six."""
    you, ai = "7♠ 9♥ 7♦ К♥ 6♣ Д♦", "9♠ 8♦ 10♣ В♦ 6♥"
    game = played(
        Game.from_deal(cards(you), cards(ai), full_stock(you, ai, "Т♥"), attacker=YOU),
        "attack 7♠, defend 9♠, attack 9♥, take",
    )
    done = after_stop(game)
    held = len(game.hands[AI]) + len(done.picked_up)
    drawn = len(done.drawn[AI])
    assert drawn == 0 and held > 6, "the lesson: a taker may hold more than six and draw nothing"
    right = Say(*TAKER_DRAWS_NONE, n=held)
    return Choose(
        "refill_after_take",
        "R11",
        Say(N_("The AI takes, and you stop. How many cards does the AI draw from the stock?")),
        game,
        ("0", "1", "2", "3"),
        str(drawn),
        right,
        lambda _click: Feedback.wrong(Say(*TAKER_NOT, n=len(done.picked_up), held=held)),
        view="both_hands",  # how many the AI holds is half of the answer
    )


# --- the limits -------------------------------------------------------------------------

BOTH_REASONS = N_("{rank_reason} {limit_reason}")  # the card's own reason first, then the limit
MATCHES_BUT_FULL = N_("{card} has a rank on the table, yet it may not be added. {limit_reason}")


def _limit_exercise(exercise_id: str, game: Game, prompt: Say) -> Exercise:
    matching = [c for c in game.hands[YOU] if any(c.rank == t.rank for t in on_table(game))]
    assert matching and not legal_cards(game, ActionKind.ATTACK), exercise_id
    limit_reason = _refusal_of(game, matching[0])

    def explain(answer: Answer) -> Feedback:
        assert isinstance(answer, Card)
        if answer in matching:
            return Feedback.wrong(Say(MATCHES_BUT_FULL, card=answer, limit_reason=limit_reason))
        rank_reason = _rank_refusal(game, answer)  # the more basic reason first, then the limit
        return Feedback.wrong(Say(BOTH_REASONS, rank_reason=rank_reason, limit_reason=limit_reason))

    return PickAll(
        exercise_id,
        "R8",
        prompt,
        game,
        game.hands[YOU],
        (),
        explain,
        none_reason=limit_reason,
    )


def _refusal_of(game: Game, card: Card) -> Refusal:
    try:
        game.verify(Action.attack(card))
    except IllegalAction as error:
        return Refusal(error, game.trump)
    raise AssertionError(f"{card} may be thrown in")


def _rank_refusal(game: Game, card: Card) -> Refusal:
    """The refusal of ``card`` for its rank, as the engine would give it with room on the table."""
    return Refusal(IllegalAction(Reason.RANK_NOT_ON_TABLE, Action.attack(card), card=card), game.trump)


def limit_defender() -> Exercise:
    """R8: never more attack cards than the defender held when the bout began."""
    game = played(
        Game.from_deal(cards("7♣ 7♥ 8♥ 10♠ Т♦ 6♠"), cards("8♣ 10♥"), cards("К♦ 6♦"), attacker=YOU),
        "attack 7♣, defend 8♣, attack 7♥, defend 10♥",
    )
    return _limit_exercise(
        "limit_defender",
        game,
        Say(
            N_(
                "The AI held two cards when the bout began and has beaten both attacks. "
                "Click every card you may still throw in."
            )
        ),
    )


def limit_six() -> Exercise:
    """R8: at most six attack cards in a bout."""
    game = played(
        Game.from_deal(
            cards("6♣ 7♥ 8♦ 9♣ 10♥ В♦ 6♥ Д♣"),
            cards("7♣ 8♥ 9♦ 10♣ В♥ Д♦ К♠ Т♠"),
            trump="♠",
            attacker=YOU,
        ),
        "attack 6♣, defend 7♣, attack 7♥, defend 8♥, attack 8♦, defend 9♦, "
        "attack 9♣, defend 10♣, attack 10♥, defend В♥, attack В♦, defend Д♦",
    )
    return _limit_exercise(
        "limit_six", game, Say(N_("Six attacks are beaten. Click every card you may still throw in."))
    )


def limit_after_take() -> Exercise:
    """R8 after R9: the defender takes, and still no more attack cards than it held at the start."""
    game = played(
        Game.from_deal(cards("6♠ 6♣ 6♦ 7♦ 7♥ К♠"), cards("7♠ 7♣ 10♣"), ["9♥", "8♣"], attacker=YOU),
        "attack 6♠, defend 7♠, attack 6♣, defend 7♣, attack 6♦, take",
    )
    return _limit_exercise(
        "limit_after_take",
        game,
        Say(
            N_(
                "The AI held three cards when the bout began, beat two of your sixes and takes the "
                "third. Click every card you may still add."
            )
        ),
    )


# --- a bout that ends in a take, coached -------------------------------------------------

COACH_DEFEND = N_("Beat {card}, or take.")  # what the AI played is said just before
COACH_WAIT = N_("The AI is adding cards.")
YOU_TOOK = N_("You take: the AI may still add matching cards, and then you pick up the table.")
Q_PICK = N_("The bout is over. Click every card you pick up.")
Q_FIRST_TAKE = N_("Who draws first now?")
Q_COUNT = N_("How many cards do you draw?")
Q_NEXT = N_("Who attacks in the next bout?")
PICK_WHY_ATTACK = N_("{card} was an attack card: you pick up every card of the bout.")
PICK_WHY_DEFENCE = N_("{card} was your own defence card: it comes back to you with the rest.")
NOT_PICK = N_("{card} is not on the table: only the cards of the bout are picked up.")
FIRST_AI = N_("Right: the attacker of the bout, the AI, draws first; you, who took, draw after it.")
NOT_FIRST_YOU = N_(
    "No: the attacker of the bout draws first, and that is the AI; the one who took draws after it."
)
# {held} is a bare number where the count of drawn cards {n} picks the plural form
COUNT_RIGHT = N_plural(
    "Right: after picking up you hold {held}, so you draw {n} card to have six.",
    "Right: after picking up you hold {held}, so you draw {n} cards to have six.",
)
COUNT_NONE = N_plural(
    "Right: after picking up you hold {n} card, six or more, so you draw nothing.",
    "Right: after picking up you hold {n} cards, six or more, so you draw nothing.",
)
COUNT_WRONG = N_plural(
    "No: after picking up you hold {held}, and you draw only up to six: {n} card.",
    "No: after picking up you hold {held}, and you draw only up to six: {n} cards.",
)
COUNT_WRONG_NONE = N_plural(
    "No: after picking up you hold {n} card, six or more, so you draw nothing.",
    "No: after picking up you hold {n} cards, six or more, so you draw nothing.",
)
NEXT_AI_AGAIN = N_("Right: you took, so you lose your turn to attack: the AI attacks again.")
NOT_NEXT_YOU = N_("No: you took, so you lose your turn to attack: the AI attacks again.")


def _coach_take(exercise: Coached) -> Say:
    table = exercise.game.table
    if table and table[-1][1] is None and exercise.game.to_move == YOU:
        return Say(COACH_DEFEND, card=table[-1][0])
    return Say(COACH_WAIT)


def _on_take_move(before: Game, action: Action, done: Applied) -> Say:
    if action.kind is ActionKind.TAKE:
        return Say(YOU_TOOK)
    return done_saying(YOU, action, done)


def _take_questions(before: Game, done: Applied) -> list[Step]:
    table = on_table(before)
    defences = {defence for _, defence in before.table if defence is not None}
    held = len(before.hands[YOU]) + len(done.picked_up)
    drawn = len(done.drawn[YOU])
    count_right = Say(*COUNT_RIGHT, held=held, n=drawn) if drawn else Say(*COUNT_NONE, n=held)
    pick = Step(
        Say(Q_PICK),
        (*table, *before.hands[YOU]),
        frozenset(done.picked_up),
        lambda answer: Feedback.wrong(Say(NOT_PICK, card=answer)),
        lambda answer: Say(PICK_WHY_DEFENCE if answer in defences else PICK_WHY_ATTACK, card=answer),
        view="both_hands",
        pick_all=True,
    )
    first = Step(
        Say(Q_FIRST_TAKE),
        (Option.YOU, Option.AI),
        frozenset({Option.AI if done.player == AI else Option.YOU}),
        lambda _click: Feedback.wrong(Say(NOT_FIRST_YOU)),
        lambda _click: Say(FIRST_AI),
        rule="R11",
    )
    count = Step(
        Say(Q_COUNT),
        ("0", "1", "2", "3"),
        frozenset({str(drawn)}),
        lambda _click: Feedback.wrong(
            Say(*COUNT_WRONG, held=held, n=drawn) if drawn else Say(*COUNT_WRONG_NONE, n=held)
        ),
        lambda _click: count_right,
        rule="R11",
    )
    next_attacker = Step(
        Say(Q_NEXT),
        (Option.YOU, Option.AI),
        frozenset({Option.AI if done.next_attacker == AI else Option.YOU}),
        lambda _click: Feedback.wrong(Say(NOT_NEXT_YOU)),
        lambda _click: Say(NEXT_AI_AGAIN),
        refilled=True,
    )
    return [pick, first, count, next_attacker]


def coached_take() -> Exercise:
    """R9, R11 in one bout: beat, then take; the attacker adds; the pick-up, refill, attacker again."""
    # The AI leads its eights one by one; you can beat two of them, never the eight of diamonds.
    you, ai = "9♣ 6♦ 10♥ Д♣ 7♦ В♥", "8♣ 8♥ 8♦ 9♥ К♦ Т♠"
    game = Game.from_deal(cards(you), cards(ai), full_stock(you, ai, "6♠"), attacker=AI)
    return Coached(
        "coached_take",
        "R9",
        Say(N_("A bout in which you defend. The stock is full.")),
        game,
        _coach_take,
        _on_take_move,
        _take_questions,
    )


CELLS = (
    text("taking"),
    exercise(beat_or_take),
    exercise(add_after_take),
    exercise(take_pickup),
    exercise(take_next_attacker),
    exercise(refill_after_take),
    text("limits"),
    exercise(limit_defender),
    exercise(limit_six),
    exercise(limit_after_take),
    text("coached_take"),
    exercise(coached_take),
)
"""The notebook after its header, cell by cell (its exercises in the order shown)."""
