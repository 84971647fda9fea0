"""The tutorial's exercises as small, widget-free models.

Every exercise holds a position built with :meth:`Game.from_deal` (or a seeded
deal), the learner's possible answers (:attr:`Exercise.choices`: cards and
option keys such as ``"take"`` or ``"you"``), and the right answers — which are
always *derived from the rules engine* (legal actions, the first attacker, who
draws what), never typed in, so they cannot drift from the rules.
``check(answer)`` returns a :class:`Feedback`: a key and parameters that
:func:`feedback_text` turns into a sentence in the current language. Each
exercise names the rule it teaches (``rule``, an id of RULES.md).

>>> from durak.i18n import set_language
>>> set_language("en")
>>> exercise = build("beat_plain")
>>> exercise.rule
'R6'
>>> sorted(str(card) for card in exercise.answers)
['10♥', '6♠', 'Т♥']
>>> feedback = exercise.check(Card.parse("7♥"))
>>> feedback.correct, feedback.key
(False, 'illegal')
>>> exercise.check(Card.parse("10♥")).correct
True
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, cast

from durak.actions import STOP, TAKE, Action, ActionKind
from durak.ai.players import GreedyPlayer
from durak.cards import DECK, Card, Rank, Suit
from durak.errors import IllegalAction
from durak.game import Game
from durak.i18n import N_, N_plural, format_number, gettext, ngettext
from durak.messages import card_name, illegal_action_message, suit_name

__all__ = [
    "EXERCISES",
    "NOTEBOOK_EXERCISES",
    "Answer",
    "Choose",
    "Exercise",
    "Feedback",
    "PickAll",
    "PlayOut",
    "ai_move",
    "build",
    "feedback_text",
    "option_label",
    "prompt_text",
]

Answer = Card | str
"""What a learner clicks: a card, or an option key ("you", "ai", "take", "stop", "none", ...)."""

YOU, AI = 0, 1
GREEDY = GreedyPlayer()

# --- text ----------------------------------------------------------------------------

OPTION_LABELS: dict[str, str] = {
    "you": N_("You"),
    "ai": N_("The AI"),
    "draw": N_("Nobody: it is a draw"),
    "none": N_("None of them"),
    "take": N_("Take"),
    "stop": N_("Stop"),
    "yes": N_("Yes"),
    "not_yet": N_("No, not yet"),
    "discard": N_("Out of the game (discarded)"),
    "face_up_card": N_("The face-up trump card"),
    "top_card": N_("The card on top of the stock"),
    "defender_hand": N_("Into the defender’s hand"),
}

# Feedback messages; a tuple is (singular, plural, name of the count parameter) for ngettext.
MESSAGES: dict[str, str | tuple[str, str, str]] = {
    "found": (*N_plural("Right! One more to find.", "Right! {left} more to find."), "left"),
    "all_found": N_("Right! You found them all."),
    "already_found": N_("You already found that one."),
    "right": N_("Right!"),
    "wrong": N_("Not quite. Try again."),
    "none_right": N_("Right: none of them."),
    "none_wrong": N_("Look again: there is at least one."),
    "illegal": "",  # the engine's reason, worded by durak.messages.illegal_action_message
    "not_an_ace": N_("{card} is not an ace. The ace carries the index Т, for Туз."),
    "not_highest": N_("{card} is not the highest: {higher} ranks above it."),
    "not_a_trump": N_("{card} is not a trump: the trump suit is {suit}."),
    "not_lowest_trump": N_("{card} is a trump, but not the lowest one."),
    "not_drawn": N_("You will not draw {card}."),
    "not_picked_up": N_("The AI will not pick up {card}: it was never on the table."),
    "lowest_trump_you": N_("You hold the lowest trump, {card}, so you attack first."),
    "lowest_trump_ai": N_("The AI holds the lowest trump, {card}, so the AI attacks first."),
    "no_trump_you": N_("Neither hand holds a trump, so you attack first."),
    "trump_card_last": N_("The trump card lies face up under the stock, so it is drawn last."),
    "stock_size": N_("Six cards each make 12, so 24 of the 36 cards stay in the stock."),
    "outcome_ai_durak": N_("You are out of cards and the AI still holds some: the AI is the Durak."),
    "outcome_you_durak": N_("The AI is out of cards and you still hold some: you are the Durak."),
    "outcome_draw": N_("Both hands emptied in the same bout: the deal is a draw."),
    "take_next_you": N_("The AI took, so it skips its turn to attack: you attack again."),
    "defended_next_ai": N_("The AI beat every card: the table is discarded and the AI attacks next."),
    "discarded": N_("After a successful defence the table cards leave the game."),
    "attacker_draws_first": N_(
        "The attacker of the bout draws first, so you get the last card, {card}; the AI draws nothing."
    ),
    "checked_after_bout": N_(
        "Not yet: hands are checked only after the bout is complete, "
        "once the attacker stops and the players have refilled."
    ),
    "goal_reached_win": N_("You did it: you are out of cards and the AI is the Durak."),
    "goal_reached_draw": N_("You did it: both hands emptied in the same bout, a draw."),
    "goal_reached_durak": N_(
        "You are the Durak: the AI held the stronger cards and nothing could save you. It happens!"
    ),
    "goal_missed": N_(
        "That is not the result this endgame allows. Press “Start again” and try another line."
    ),
    "your_move": N_("Your move."),
    "ai_attacks": N_("The AI attacks with {card}."),
    "ai_beats": N_("The AI beats it with {card}."),
    "ai_takes": N_("The AI takes."),
    "ai_stops": N_("The AI stops."),
}


def card_text(card: Card) -> str:
    """The card's index and its localized name, e.g. ``Т♠ (ace of spades)``."""
    full = card_name(card)
    return full if str(card) in full else f"{card} ({full})"


def suit_text(suit: Suit) -> str:
    return f"{suit.value} {suit_name(suit)}"


def _param_text(value: object) -> str:
    if isinstance(value, Card):
        return str(value)  # in a sentence the index is clearest; tooltips give the full name
    if isinstance(value, Suit):
        return suit_text(value)
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return format_number(value)
    return str(value)


def _format(translated: str, params: Mapping[str, object], source: str) -> str:
    """Fill in ``translated``; a catalog entry with broken placeholders falls back to English."""
    shown = {name: _param_text(value) for name, value in params.items()}
    try:
        return translated.format(**shown)
    except (KeyError, IndexError, ValueError):
        return source.format(**shown)


def option_label(option: str) -> str:
    """The localized label of an option button; numbers are shown in the local format."""
    if option.isdigit():
        return format_number(int(option))
    return gettext(OPTION_LABELS[option])


# --- feedback ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Feedback:
    """What the learner is told after a click.

    ``key`` names a message of :data:`MESSAGES`; ``params`` fill it in;
    ``correct`` says whether the click was right, ``done`` whether the exercise
    is now complete. ``error`` carries the engine's refusal for ``key == "illegal"``,
    and ``events`` extra keyed messages shown after it (e.g. the AI's replies).
    """

    key: str
    correct: bool
    done: bool = False
    params: Mapping[str, object] = field(default_factory=dict)
    error: IllegalAction | None = None
    trump: Suit | None = None  # lets a refused defence say exactly why it fails
    events: tuple[tuple[str, Mapping[str, object]], ...] = ()


def message_text(key: str, params: Mapping[str, object]) -> str:
    """One keyed message in the current language."""
    message = MESSAGES[key]
    if isinstance(message, tuple):
        singular, plural, count_name = message
        count = params[count_name]
        if not isinstance(count, int):
            raise TypeError(f"{key}: the count {count_name!r} must be an int")
        return _format(ngettext(singular, plural, count), params, singular if count == 1 else plural)
    return _format(gettext(message), params, message)


def feedback_text(feedback: Feedback) -> str:
    """The feedback as one or more sentences in the current language."""
    if feedback.key == "illegal":
        if feedback.error is None:
            raise ValueError("an 'illegal' feedback needs the engine's error")
        first = illegal_action_message(feedback.error, trump=feedback.trump)
    else:
        first = message_text(feedback.key, feedback.params)
    return " ".join([first, *(message_text(key, params) for key, params in feedback.events)])


# --- exercises -----------------------------------------------------------------------


class Exercise(ABC):
    """One exercise: a position, a prompt, clickable choices and the engine-derived answers.

    ``view`` tells the lesson which picture to draw: ``"deck"`` (all 36 cards),
    ``"cards"`` (just the cards to click), ``"hand"`` (your hand, the table and the
    trump), ``"both_hands"`` (both hands open, for setup questions), ``"stock"`` (the
    stock open, for refilling) or ``"game"`` (a game to play out).
    """

    kind: str = ""

    def __init__(
        self,
        exercise_id: str,
        rule: str,
        prompt: str,
        game: Game,
        choices: Sequence[Answer],
        view: str = "hand",
        prompt_params: Mapping[str, object] | None = None,
    ) -> None:
        self.id = exercise_id
        self.rule = rule
        self.prompt = prompt
        self.prompt_params = dict(prompt_params or {})
        self.game = game
        self.choices = tuple(choices)
        self.view = view
        self.solved = False
        self.last: Feedback | None = None

    @property
    def card_choices(self) -> tuple[Card, ...]:
        return tuple(c for c in self.choices if isinstance(c, Card))

    @property
    def option_choices(self) -> tuple[str, ...]:
        return tuple(c for c in self.choices if isinstance(c, str))

    def check(self, answer: Answer) -> Feedback:
        """Judge one click and remember the feedback in :attr:`last`."""
        if answer not in self.choices:
            raise ValueError(f"{answer!r} is not one of this exercise's choices")
        feedback = self._check(answer)
        self.last = feedback
        if feedback.done:
            self.solved = True
        return feedback

    @abstractmethod
    def _check(self, answer: Answer) -> Feedback: ...

    def reset(self) -> None:
        self.solved = False
        self.last = None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.id} ({self.rule})>"


class PickAll(Exercise):
    """Click every right card (or option); each click is judged at once.

    When no choice is right, the option ``"none"`` is offered and is the answer.
    ``explain_wrong(answer)`` says why a wrong click is wrong.
    """

    kind = "pick_all"

    def __init__(
        self,
        exercise_id: str,
        rule: str,
        prompt: str,
        game: Game,
        choices: Sequence[Answer],
        answers: frozenset[Answer],
        explain_wrong: Callable[[Answer], Feedback],
        view: str = "hand",
        prompt_params: Mapping[str, object] | None = None,
    ) -> None:
        if not answers <= set(choices):
            raise ValueError(f"{exercise_id}: some answers are not among the choices")
        if not answers:
            choices = (*choices, "none")
        super().__init__(exercise_id, rule, prompt, game, choices, view, prompt_params)
        self.answers = answers
        self.found: set[Answer] = set()
        self._explain_wrong = explain_wrong

    def _check(self, answer: Answer) -> Feedback:
        if answer == "none":
            if self.answers:
                return Feedback("none_wrong", correct=False)
            return Feedback("none_right", correct=True, done=True)
        if answer in self.found:
            return Feedback("already_found", correct=True)
        if answer not in self.answers:
            return self._explain_wrong(answer)
        self.found.add(answer)
        left = len(self.answers) - len(self.found)
        if left == 0:
            return Feedback("all_found", correct=True, done=True)
        return Feedback("found", correct=True, params={"left": left})

    def reset(self) -> None:
        super().reset()
        self.found.clear()


class Choose(Exercise):
    """Click the right choice; the explanation is shown once it is found.

    ``also_right`` are other clicks that say the same thing (e.g. the card that
    decides who attacks first, besides the player).
    """

    kind = "choose"

    def __init__(
        self,
        exercise_id: str,
        rule: str,
        prompt: str,
        game: Game,
        choices: Sequence[Answer],
        answer: Answer,
        explanation: str,
        explanation_params: Mapping[str, object] | None = None,
        view: str = "hand",
        prompt_params: Mapping[str, object] | None = None,
        explain_wrong: Callable[[Answer], Feedback] | None = None,
        also_right: Sequence[Answer] = (),
    ) -> None:
        if not {answer, *also_right} <= set(choices):
            raise ValueError(f"{exercise_id}: an answer is not among the choices")
        super().__init__(exercise_id, rule, prompt, game, choices, view, prompt_params)
        self.answer = answer
        self.answers = frozenset({answer, *also_right})
        self.explanation = explanation
        self.explanation_params = dict(explanation_params or {})
        self._explain_wrong = explain_wrong

    def _check(self, answer: Answer) -> Feedback:
        if answer in self.answers:
            return Feedback(self.explanation, correct=True, done=True, params=self.explanation_params)
        if self._explain_wrong is not None:
            return self._explain_wrong(answer)
        return Feedback("wrong", correct=False)


Goal = Literal["win", "draw", "durak"]


class PlayOut(Exercise):
    """Play a position to its end as player 0 against a simple, predictable AI (:func:`ai_move`).

    Click a card of your hand to attack, throw in or beat with it; ``"take"`` and
    ``"stop"`` are the other moves. A refused move is explained and changes
    nothing. The exercise is done when the deal ends with the ``goal`` outcome;
    any other end says so, and :meth:`reset` starts again.
    """

    kind = "play_out"

    def __init__(self, exercise_id: str, rule: str, prompt: str, game: Game, goal: Goal) -> None:
        self.start = game.copy()
        self.goal = goal
        super().__init__(exercise_id, rule, prompt, game, (*DECK, "take", "stop"), view="game")
        self.ai_events: tuple[tuple[str, Mapping[str, object]], ...] = ()
        self._ai_replies()

    @property
    def answers(self) -> frozenset[Answer]:
        """The moves you may make now (cards to play, "take", "stop")."""
        return frozenset(_answer_of(action) for action in self.game.legal_actions())

    def action_for(self, answer: Answer) -> Action:
        """The action a click stands for in the current phase."""
        if answer == "take":
            return TAKE
        if answer == "stop":
            return STOP
        if not isinstance(answer, Card):
            raise ValueError(f"not a move: {answer!r}")
        defending = self.game.to_move == self.game.defender
        return Action.defend(answer) if defending else Action.attack(answer)

    def _check(self, answer: Answer) -> Feedback:
        if self.game.is_over:
            return self._outcome()
        try:
            self.game.apply(self.action_for(answer), player=YOU)
        except IllegalAction as error:
            return Feedback("illegal", correct=False, error=error, trump=self.game.trump)
        self._ai_replies()
        if self.game.is_over:
            return self._outcome()
        return Feedback("your_move", correct=True, events=self.ai_events)

    def _outcome(self) -> Feedback:
        outcome: Goal = "draw" if self.game.is_draw else ("win" if self.game.loser == AI else "durak")
        if outcome == self.goal:
            return Feedback(f"goal_reached_{outcome}", correct=True, done=True, events=self.ai_events)
        return Feedback("goal_missed", correct=False, events=self.ai_events)

    def _ai_replies(self) -> None:
        events = []
        while not self.game.is_over and self.game.to_move == AI:
            action = ai_move(self.game)
            events.append(_ai_event(self.game, action))
            self.game.apply(action, player=AI)
        self.ai_events = tuple(events)

    def reset(self) -> None:
        super().reset()
        self.game = self.start.copy()
        self._ai_replies()


def _answer_of(action: Action) -> Answer:
    return action.card if action.card is not None else action.kind.value


def _ai_event(game: Game, action: Action) -> tuple[str, Mapping[str, object]]:
    if action.kind is ActionKind.TAKE:
        return "ai_takes", {}
    if action.kind is ActionKind.STOP:
        return "ai_stops", {}
    key = "ai_beats" if action.kind is ActionKind.DEFEND else "ai_attacks"
    return key, {"card": action.card}


def ai_move(game: Game) -> Action:
    """The endgames' opponent: the greedy baseline (:class:`durak.ai.GreedyPlayer`), simple and
    predictable: its cheapest card first, trumps last; it takes only when it cannot beat, and
    throws in (or adds) only non-trumps.

    >>> game = Game.from_deal(["6♠"], ["7♠", "6♥"], [], attacker=0, trump="♥")
    >>> _ = game.apply("attack 6♠")
    >>> ai_move(game)
    Action.parse('defend 7♠')
    """
    return GREEDY.choose(game.observation(AI), game.legal_actions())


# --- building the exercises ----------------------------------------------------------


def _cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def _played(game: Game, moves: str) -> Game:
    """``game`` after the moves, separated by commas: the set-up of a mid-bout position."""
    for move in moves.split(","):
        game.apply(move.strip())
    return game


def _legal_cards(game: Game, kind: ActionKind) -> frozenset[Answer]:
    return frozenset(a.card for a in game.legal_actions() if a.kind is kind and a.card is not None)


def _refusal(game: Game, kind: ActionKind) -> Callable[[Answer], Feedback]:
    """Explain a wrong card with the engine's own refusal of the move it stands for."""

    def explain(answer: Answer) -> Feedback:
        if not isinstance(answer, Card):
            return Feedback("wrong", correct=False)
        action = Action.attack(answer) if kind is ActionKind.ATTACK else Action.defend(answer)
        try:
            game.verify(action)
        except IllegalAction as error:
            return Feedback("illegal", correct=False, error=error, trump=game.trump)
        return Feedback("wrong", correct=False)  # legal but not asked for (not reached by our exercises)

    return explain


def _wrong(key: str, **params: object) -> Callable[[Answer], Feedback]:
    def explain(answer: Answer) -> Feedback:
        return Feedback(key, correct=False, params={"card": answer, **params})

    return explain


def _seeded_deal(wanted: Callable[[Game], bool]) -> Game:
    """The first seeded deal with a property the exercise needs (deterministic: seeds 0, 1, ...)."""
    for seed in range(1000):
        game = Game.new(seed=seed)
        if wanted(game):
            return game
    raise LookupError("no seeded deal has the wanted property")


# 00_start -----------------------------------------------------------------------------


def deck_aces() -> Exercise:
    """R1: Т is the ace (Туз), not the ten."""
    game = Game.from_deal([], [], trump="♠")
    aces = frozenset(card for card in DECK if card.rank is Rank.ACE)
    return PickAll(
        "deck_aces",
        "R1",
        N_("Т is the ace, not the ten. Click all four aces."),
        game,
        DECK,
        cast(frozenset[Answer], aces),
        _wrong("not_an_ace"),
        view="deck",
    )


def deck_highest() -> Exercise:
    """R1: the order 6 … 10, В, Д, К, Т within a suit."""
    hand = _cards("10♦ Д♦ 6♦ Т♦ В♦ К♦")
    game = Game.from_deal(hand, [], trump="♠")
    highest = max(hand, key=lambda card: card.rank)

    def explain(answer: Answer) -> Feedback:
        assert isinstance(answer, Card)
        higher = min((c for c in hand if c.rank > answer.rank), key=lambda c: c.rank)
        return Feedback("not_highest", correct=False, params={"card": answer, "higher": higher})

    return Choose(
        "deck_highest",
        "R1",
        N_("Click the highest card of these diamonds."),
        game,
        hand,
        highest,
        "right",
        explain_wrong=explain,
        view="cards",
    )


def deck_trumps() -> Exercise:
    """R3: the turned-up card sets trump: every card of its suit is a trump."""
    game = _seeded_deal(lambda g: 2 <= sum(c.suit == g.trump for c in g.hands[YOU]) <= 3)
    trumps = frozenset(c for c in game.hands[YOU] if c.suit == game.trump)
    return PickAll(
        "deck_trumps",
        "R3",
        N_("The card turned up under the stock sets trump. Click every trump in your hand."),
        game,
        game.hands[YOU],
        cast(frozenset[Answer], trumps),
        _wrong("not_a_trump", suit=game.trump),
    )


# 01_goal ------------------------------------------------------------------------------


def _outcome_exercise(exercise_id: str, rule: str, hand0: str, hand1: str) -> Exercise:
    # Hands at the end of the last bout, stock empty: the engine decides who is the Durak.
    game = Game.from_deal(_cards(hand0), _cards(hand1), trump="♣")
    answer = "draw" if game.is_draw else ("ai" if game.loser == AI else "you")
    explanation = {"draw": "outcome_draw", "ai": "outcome_ai_durak", "you": "outcome_you_durak"}[answer]
    return Choose(
        exercise_id,
        rule,
        N_("The stock is empty and the bout is over. Who is the Durak?"),
        game,
        ("you", "ai", "draw"),
        answer,
        explanation,
        view="both_hands",
    )


def outcome_ai_durak() -> Exercise:
    """R2: two players, you and the AI; the one left holding cards loses."""
    return _outcome_exercise("outcome_ai_durak", "R2", "", "7♥ К♠")


def outcome_draw() -> Exercise:
    """R12: both hands empty after the same bout: a draw."""
    return _outcome_exercise("outcome_draw", "R12", "", "")


def outcome_you_durak() -> Exercise:
    """R12: you still hold a card at the end: you are the Durak."""
    return _outcome_exercise("outcome_you_durak", "R12", "Т♣", "")


# 02_setup -----------------------------------------------------------------------------


def setup_stock() -> Exercise:
    """R3: six cards each, the rest (24, with the trump card at the bottom) is the stock."""
    game = Game.new(seed=3)
    size = len(game.stock)
    return Choose(
        "setup_stock",
        "R3",
        N_("Each player has six cards. How many cards are in the stock, trump card included?"),
        game,
        tuple(str(n) for n in (6, 12, 24, 30)),
        str(size),
        "stock_size",
    )


def setup_last_card() -> Exercise:
    """R3: the face-up trump card lies at the bottom of the stock and is drawn last."""
    game = Game.new(seed=3)
    last = game.stock[-1]  # the stock is listed top first
    return Choose(
        "setup_last_card",
        "R3",
        N_("The stock lies face down on the face-up trump card {card}. Which card will be drawn last?"),
        game,
        ("top_card", "face_up_card"),
        "face_up_card" if last == game.trump_card else "top_card",
        "trump_card_last",
        prompt_params={"card": game.trump_card},
    )


def _full_stock(hand0: str, hand1: str, face_up: str) -> list[Card]:
    """The 24 cards left after the deal, with ``face_up`` at the bottom (drawn last)."""
    dealt = {*_cards(hand0), *_cards(hand1), Card.parse(face_up)}
    return [*(card for card in DECK if card not in dealt), Card.parse(face_up)]


def _first_attacker(exercise_id: str, hand0: str, hand1: str, face_up: str) -> Exercise:
    game = Game.from_deal(_cards(hand0), _cards(hand1), _full_stock(hand0, hand1, face_up))
    trumps = [c for hand in game.hands for c in hand if c.suit == game.trump]
    answer = "you" if game.attacker == YOU else "ai"  # the engine applies R4
    lowest = min(trumps, key=lambda c: c.rank) if trumps else None
    if lowest is None:
        explanation, params = "no_trump_you", {}
    else:
        explanation = "lowest_trump_you" if game.attacker == YOU else "lowest_trump_ai"
        params = {"card": lowest}

    def explain(click: Answer) -> Feedback:
        if isinstance(click, Card) and click.suit == game.trump:
            return Feedback("not_lowest_trump", correct=False, params={"card": click})
        if isinstance(click, Card):
            return Feedback("not_a_trump", correct=False, params={"card": click, "suit": game.trump})
        return Feedback("wrong", correct=False)

    return Choose(
        exercise_id,
        "R4",
        N_("Who attacks first? Click the player, or the card that decides it. Trump is {suit}."),
        game,
        (*game.hands[YOU], *game.hands[AI], "you", "ai"),
        answer,
        explanation,
        params,
        view="both_hands",
        prompt_params={"suit": game.trump},
        explain_wrong=explain,
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


# 03_playing_a_bout --------------------------------------------------------------------


def lead_any() -> Exercise:
    """R5: the attacker opens a bout with any card."""
    game = Game.from_deal(_cards("7♣ В♥ Т♠ 9♦"), _cards("8♣ 10♥ 6♦ К♦"), trump="♠", attacker=YOU)
    return PickAll(
        "lead_any",
        "R5",
        N_("You attack. Click every card you may lead."),
        game,
        game.hands[YOU],
        _legal_cards(game, ActionKind.ATTACK),
        _refusal(game, ActionKind.ATTACK),
    )


def _beat(exercise_id: str, you: str, ai: str, trump: str, attack: str, prompt: str) -> Exercise:
    game = _played(Game.from_deal(_cards(you), _cards(ai), trump=trump, attacker=AI), f"attack {attack}")
    return PickAll(
        exercise_id,
        "R6",
        prompt,
        game,
        game.hands[YOU],
        _legal_cards(game, ActionKind.DEFEND),
        _refusal(game, ActionKind.DEFEND),
        prompt_params={"card": Card.parse(attack), "suit": game.trump},
    )


def beat_plain() -> Exercise:
    """R6: a higher card of the same suit, or any trump on a non-trump."""
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


def beat_or_take() -> Exercise:
    """R9: the defender may take instead of beating, even when it could beat."""
    game = _played(
        Game.from_deal(_cards("Д♦ 6♦ 8♣ 7♥"), _cards("10♦ 9♣ В♠"), trump="♥", attacker=AI), "attack 10♦"
    )
    legal = frozenset(_answer_of(a) for a in game.legal_actions())
    return PickAll(
        "beat_or_take",
        "R9",
        N_("The AI attacks with {card}. Click every move you may make: cards that beat it, or Take."),
        game,
        (*game.hands[YOU], "take"),
        legal,
        _refusal(game, ActionKind.DEFEND),
        prompt_params={"card": Card.parse("10♦")},
    )


def throw_in() -> Exercise:
    """R7: add a card whose rank is on the table, from an attack or a defence."""
    game = _played(
        Game.from_deal(_cards("8♣ 8♥ В♦ 9♣ 6♠ Д♣"), _cards("В♣ 7♠ 10♥ К♠"), ["6♥"], attacker=YOU),
        "attack 8♣, defend В♣",
    )
    return PickAll(
        "throw_in",
        "R7",
        N_("The AI beat your {attack} with {defence}. Click every card you may throw in."),
        game,
        game.hands[YOU],
        _legal_cards(game, ActionKind.ATTACK),
        _refusal(game, ActionKind.ATTACK),
        prompt_params={"attack": Card.parse("8♣"), "defence": Card.parse("В♣")},
    )


def limit_defender() -> Exercise:
    """R8: never more attack cards than the defender held when the bout began."""
    game = _played(
        Game.from_deal(_cards("7♣ 7♥ 8♥ 10♠ Т♦ 6♠"), _cards("8♣ 10♥"), _cards("К♦ 6♦"), attacker=YOU),
        "attack 7♣, defend 8♣, attack 7♥, defend 10♥",
    )
    return PickAll(
        "limit_defender",
        "R8",
        N_(
            "The AI held two cards when the bout began and has beaten both attacks. "
            "Click every card you may still throw in."
        ),
        game,
        game.hands[YOU],
        _legal_cards(game, ActionKind.ATTACK),
        _refusal(game, ActionKind.ATTACK),
    )


def limit_six() -> Exercise:
    """R8: at most six attack cards in a bout."""
    game = _played(
        Game.from_deal(
            _cards("6♣ 7♥ 8♦ 9♣ 10♥ В♦ 6♥ Д♣"),
            _cards("7♣ 8♥ 9♦ 10♣ В♥ Д♦ К♠ Т♠"),
            trump="♠",
            attacker=YOU,
        ),
        "attack 6♣, defend 7♣, attack 7♥, defend 8♥, attack 8♦, defend 9♦, "
        "attack 9♣, defend 10♣, attack 10♥, defend В♥, attack В♦, defend Д♦",
    )
    return PickAll(
        "limit_six",
        "R8",
        N_("Six attacks are beaten. Click every card you may still throw in."),
        game,
        game.hands[YOU],
        _legal_cards(game, ActionKind.ATTACK),
        _refusal(game, ActionKind.ATTACK),
    )


def add_after_take() -> Exercise:
    """R9: after "take" the attacker may still add matching cards (within R8's limit)."""
    game = _played(
        Game.from_deal(_cards("7♠ 9♥ 7♦ К♥ 9♦"), _cards("9♠ 8♦ 10♣ Д♣ В♣ 6♦"), ["Т♥"], attacker=YOU),
        "attack 7♠, defend 9♠, attack 9♥, take",
    )
    return PickAll(
        "add_after_take",
        "R9",
        N_("The AI could not beat {card} and takes. Click every card you may still add."),
        game,
        game.hands[YOU],
        _legal_cards(game, ActionKind.ATTACK),
        _refusal(game, ActionKind.ATTACK),
        prompt_params={"card": Card.parse("9♥")},
    )


def take_pickup() -> Exercise:
    """R9: the defender picks up every card of the bout, attacks and defences."""
    game = _played(
        Game.from_deal(_cards("7♠ 9♥ 7♦ К♥"), _cards("9♠ 8♦ 10♣"), trump="♥", attacker=YOU),
        "attack 7♠, defend 9♠, attack 9♥, take, attack 7♦",
    )
    picked = game.copy().apply(STOP).picked_up  # what the engine says the stop does
    table = [card for pair in game.table for card in pair if card is not None]
    return PickAll(
        "take_pickup",
        "R9",
        N_("The AI takes and you stop. Click every card the AI picks up."),
        game,
        (*table, *game.hands[AI]),
        frozenset[Answer](picked),
        _wrong("not_picked_up"),
        view="both_hands",
    )


def take_next_attacker() -> Exercise:
    """R9: the defender who took skips the next attack: the same attacker attacks again."""
    game = _played(
        Game.from_deal(_cards("7♠ 9♥ 7♦ К♥"), _cards("9♠ 8♦ 10♣ В♦"), ["6♣", "Т♥"], attacker=YOU),
        "attack 7♠, defend 9♠, attack 9♥, take",
    )
    return _next_attacker("take_next_attacker", "R9", game, "take_next_you")


def defence_next_attacker() -> Exercise:
    """R10: every attack beaten and the attacker stops: the defender attacks next."""
    game = _played(
        Game.from_deal(_cards("7♠ 9♥ 7♦ К♥"), _cards("9♠ 10♥ 10♣ В♦"), ["6♣", "Т♥"], attacker=YOU),
        "attack 7♠, defend 9♠, attack 9♥, defend 10♥",
    )
    return _next_attacker("defence_next_attacker", "R10", game, "defended_next_ai")


def _next_attacker(exercise_id: str, rule: str, game: Game, explanation: str) -> Exercise:
    next_attacker = game.copy().apply(STOP).next_attacker
    return Choose(
        exercise_id,
        rule,
        N_("You stop now. Who attacks in the next bout?"),
        game,
        ("you", "ai"),
        "you" if next_attacker == YOU else "ai",
        explanation,
    )


def defence_discard() -> Exercise:
    """R10: after a successful defence the table cards are discarded."""
    game = _played(
        Game.from_deal(_cards("7♠ 9♥ 7♦ К♥"), _cards("9♠ 10♥ 10♣ В♦"), ["6♣", "Т♥"], attacker=YOU),
        "attack 7♠, defend 9♠",
    )
    answer = "discard" if game.copy().apply(STOP).discarded else "defender_hand"
    return Choose(
        "defence_discard",
        "R10",
        N_("The AI beat your attack and you stop. Where do the table cards go?"),
        game,
        ("discard", "defender_hand"),
        answer,
        "discarded",
    )


def refill_last_card() -> Exercise:
    """R11: the attacker of the bout draws first; the face-up trump card is drawn last."""
    game = _played(
        Game.from_deal(_cards("7♠ 9♥ 7♦ К♥"), _cards("9♠ 10♥ 10♣ В♦"), ["Т♥"], attacker=YOU),
        "attack 7♠, defend 9♠",
    )
    last = game.stock[-1]
    answer = "you" if last in game.copy().apply(STOP).drawn[YOU] else "ai"
    return Choose(
        "refill_last_card",
        "R11",
        N_(
            "Only the trump card {card} is left in the stock. You stop; both of you are short of six. "
            "Who gets {card}?"
        ),
        game,
        ("you", "ai"),
        answer,
        "attacker_draws_first",
        {"card": last},
        prompt_params={"card": last},
    )


def refill_draw() -> Exercise:
    """R11: draw from the top of the stock up to six, the attacker first."""
    game = _played(
        Game.from_deal(
            _cards("7♠ 9♥ 7♦ К♥ 6♣ 8♦"),
            _cards("9♠ 10♥ 10♣ В♦ Д♣ 6♥"),
            _cards("В♠ 8♥ 6♦ Т♣ К♦ 9♦ 7♣ 10♠"),
            attacker=YOU,
        ),
        "attack 7♠, defend 9♠, attack 9♥, defend 10♥",
    )
    drawn = game.copy().apply(STOP).drawn[YOU]
    return PickAll(
        "refill_draw",
        "R11",
        N_(
            "The bout is over once you stop. The stock is shown open, top card first. "
            "Click every card you will draw."
        ),
        game,
        game.stock,
        frozenset[Answer](drawn),
        _wrong("not_drawn"),
        view="stock",
    )


# 04_scoring_and_end -------------------------------------------------------------------


def hands_checked() -> Exercise:
    """R12: hands are checked only after a complete bout."""
    game = _played(
        Game.from_deal(_cards("9♠"), _cards("7♠ Д♥"), trump="♥", attacker=AI), "attack 7♠, defend 9♠"
    )
    return Choose(
        "hands_checked",
        "R12",
        N_("The stock is empty and you just beat the AI’s card with your last card. Is the deal over now?"),
        game,
        ("yes", "not_yet"),
        "yes" if game.is_over else "not_yet",
        "checked_after_bout",
    )


def endgame_win() -> Exercise:
    """R12: an endgame you can win by going out first."""
    return PlayOut(
        "endgame_win",
        "R12",
        N_("The stock is empty. Play it out and leave the AI holding cards."),
        Game.from_deal(_cards("Т♥ 10♠ 10♦"), _cards("7♠ Д♠ 8♣"), trump="♥"),
        "win",
    )


def endgame_draw() -> Exercise:
    """R12: both go out in the same bout."""
    return PlayOut(
        "endgame_draw",
        "R12",
        N_("The stock is empty. Play it out so that both hands empty in the same bout."),
        Game.from_deal(_cards("6♠ 6♣"), _cards("7♠ 7♣"), trump="♥", attacker=YOU),
        "draw",
    )


def endgame_durak() -> Exercise:
    """R12: an endgame you cannot win: every line leaves you holding cards."""
    return PlayOut(
        "endgame_durak",
        "R12",
        N_("The stock is empty. Play it out: can you avoid becoming the Durak?"),
        Game.from_deal(_cards("6♠ 9♣ В♣"), _cards("8♣ К♣ 6♦"), trump="♥"),
        "durak",
    )


# --- the registry --------------------------------------------------------------------

NOTEBOOK_EXERCISES: dict[str, tuple[Callable[[], Exercise], ...]] = {
    "00_start": (deck_aces, deck_highest, deck_trumps),
    "01_goal": (outcome_ai_durak, outcome_you_durak, outcome_draw),
    "02_setup": (
        setup_stock,
        setup_last_card,
        first_attacker_ai,
        first_attacker_you,
        first_attacker_no_trump,
    ),
    "03_playing_a_bout": (
        lead_any,
        beat_plain,
        beat_trump,
        throw_in,
        limit_defender,
        limit_six,
        beat_or_take,
        add_after_take,
        take_pickup,
        take_next_attacker,
        defence_discard,
        defence_next_attacker,
        refill_last_card,
        refill_draw,
    ),
    "04_scoring_and_end": (hands_checked, endgame_win, endgame_draw, endgame_durak),
}
"""Which exercises each notebook shows, in order."""

EXERCISES: dict[str, Callable[[], Exercise]] = {
    factory.__name__: factory for factories in NOTEBOOK_EXERCISES.values() for factory in factories
}


def build(exercise_id: str) -> Exercise:
    """A fresh exercise by id (see :data:`EXERCISES`)."""
    try:
        factory = EXERCISES[exercise_id]
    except KeyError:
        raise ValueError(f"unknown exercise {exercise_id!r}; known: {', '.join(EXERCISES)}") from None
    return factory()


def prompt_text(exercise: Exercise) -> str:
    """The exercise's question in the current language."""
    return _format(gettext(exercise.prompt), exercise.prompt_params, exercise.prompt)
