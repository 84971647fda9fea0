"""The lesson framework: exercises as small, widget-free models, and what they say.

An exercise holds a position (a :class:`~durak.Game`), the learner's possible clicks
(:attr:`Exercise.choices`: cards, and :class:`Option` keys such as ``"take"``), and the right
answers, which are always *derived from the rules engine* (legal actions, the record of what a
stop did, the first attacker...), never typed in. ``check(answer)`` returns a :class:`Feedback`
whose sentences (:class:`~durak.messages.Say`, or the engine's :class:`Refusal`) say *why*, right or wrong, in
the language current when they are shown. Nothing here draws anything: the views are in
:mod:`durak.tutorial.lessons.views`, the exercises of each notebook in
:mod:`durak.tutorial.lessons.content`.

>>> from durak.tutorial.lessons.content import build
>>> exercise = build("beat_plain")
>>> feedback = exercise.check(Card.parse("7♥"))
>>> feedback.correct, feedback_text(feedback)
(False, '7♥ is lower than 9♥: beat it with a higher card of the same suit or with a trump.')
"""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal, Protocol

from durak.actions import STOP, Action
from durak.ai.players import GreedyPlayer
from durak.cards import Card, Suit
from durak.errors import IllegalAction, Reason
from durak.game import Applied, Game, Phase
from durak.i18n import N_, N_plural, format_number, gettext
from durak.messages import AI, FACE_UP_TRUMP, YOU, Say, illegal_action_message, named_move, told_move
from durak.tutorial.clicks import action_for, click_for

__all__ = [
    "Answer",
    "Choose",
    "Coached",
    "Exercise",
    "Feedback",
    "Option",
    "PickAll",
    "PlayOut",
    "Refusal",
    "Step",
    "feedback_text",
    "option_label",
]

GREEDY = GreedyPlayer()  # the lessons' opponent: simple, predictable, always the same


class Option(enum.StrEnum):
    """The option buttons an exercise may offer besides cards (and their labels)."""

    YOU = "you"
    AI = "ai"
    DRAW = "draw"
    NONE = "none"
    TAKE = "take"
    STOP = "stop"
    YES = "yes"
    NOT_YET = "not_yet"
    DISCARD = "discard"
    DEFENDER_HAND = "defender_hand"
    ATTACKER_HAND = "attacker_hand"
    FACE_UP_CARD = "face_up_card"
    TOP_CARD = "top_card"
    BOTH_AT_ONCE = "both_at_once"
    ONE_AT_A_TIME = "one_at_a_time"


Answer = Card | str
"""What a learner clicks: a card, or an :class:`Option` key (a number, for counts)."""


# --- what the lessons say -------------------------------------------------------------


class Sayable(Protocol):
    def text(self) -> str: ...


# The rule each refusal of the engine enforces: a wrong click recalls the rule it broke, which in a
# coached bout or an endgame is often not the exercise's own rule.
REASON_RULES: dict[Reason, str] = {
    Reason.GAME_OVER: "R12",
    Reason.DOES_NOT_BEAT: "R6",
    Reason.NOTHING_TO_BEAT: "R6",
    Reason.RANK_NOT_ON_TABLE: "R7",
    Reason.DEFENDER_TO_MOVE: "R7",
    Reason.SIX_CARD_LIMIT: "R8",
    Reason.DEFENDER_HAND_LIMIT: "R8",
    Reason.NOTHING_TO_TAKE: "R9",
    Reason.ALREADY_TAKING: "R9",
    Reason.MUST_LEAD: "R5",
}


class Refusal:
    """The engine's reason for refusing a move, worded by :func:`durak.messages.illegal_action_message`."""

    __slots__ = ("error", "trump")

    def __init__(self, error: IllegalAction, trump: Suit | None) -> None:
        self.error = error
        self.trump = trump

    @property
    def rule(self) -> str | None:
        """The rule the refused move broke (None for a refusal no rule sentence covers)."""
        return REASON_RULES.get(self.error.reason)

    def text(self) -> str:
        return illegal_action_message(self.error, trump=self.trump)

    def __repr__(self) -> str:
        return f"Refusal({self.error.reason!r})"


@dataclass(frozen=True, slots=True)
class Feedback:
    """What the learner is told after a click: ``says`` are its sentences, ``correct`` whether
    the click was right (None: not a verdict, only what happened or what a card is), ``done``
    whether the exercise is now solved (or the step complete), ``rule`` the rule a wrong click
    broke when it is not the exercise's own (a refusal of the engine names its rule itself)."""

    correct: bool | None
    says: tuple[Sayable, ...]
    done: bool = False
    rule: str | None = None

    def __post_init__(self) -> None:
        if not self.says:
            raise ValueError("a click is always answered with at least one sentence")

    @classmethod
    def right(cls, *says: Sayable, done: bool = False) -> Feedback:
        return cls(True, says, done)

    @classmethod
    def wrong(cls, *says: Sayable, rule: str | None = None) -> Feedback:
        return cls(False, says, rule=rule)

    @classmethod
    def told(cls, *says: Sayable) -> Feedback:
        """Narration or information: neither praise nor blame."""
        return cls(None, says)

    @property
    def broken_rule(self) -> str | None:
        """The rule a wrong click broke, if it is known: given, or the engine's refusal's."""
        if self.rule is not None:
            return self.rule
        return next((say.rule for say in self.says if isinstance(say, Refusal) and say.rule), None)


def feedback_text(feedback: Feedback) -> str:
    """The feedback as one or more sentences in the current language."""
    return " ".join(say.text() for say in feedback.says)


OPTION_LABELS: dict[str, str] = {
    Option.YOU: N_("You"),
    Option.AI: N_("The AI"),
    Option.DRAW: N_("Nobody: it is a draw"),
    Option.NONE: N_("None of them"),
    Option.TAKE: N_("Take"),
    Option.STOP: N_("Stop"),
    Option.YES: N_("Yes"),
    Option.NOT_YET: N_("No, not yet"),
    Option.DISCARD: N_("Out of the game (discarded)"),
    Option.DEFENDER_HAND: N_("Into the defender’s hand"),
    Option.ATTACKER_HAND: N_("Back to the attacker’s hand"),
    Option.FACE_UP_CARD: N_("The face-up trump card"),
    Option.TOP_CARD: N_("The card on top of the stock"),
    Option.BOTH_AT_ONCE: N_("Yes, both at once"),
    Option.ONE_AT_A_TIME: N_("No, one card at a time"),
}

# The framework's own sentences; each exercise's are in its notebook's content module.
FOUND = N_plural("One more to find.", "{n} more to find.")
ALL_FOUND = N_("You found them all.")
ALREADY_FOUND = N_("You found that one already.")
NONE_RIGHT = N_("Right: none of them.")
NONE_WRONG = N_("No, there is at least one: {example}")
COACH_LEAD = N_("Your move: lead any card.")
COACH_DEFEND = N_("Your move: beat {card} or take.")
COACH_THROW_IN = N_(
    "Your move: the AI beat every card. Throw in a card of a rank on the table, or press “Stop” to end "
    "the bout."
)
COACH_STOP_ONLY = N_("Your move: none of your cards may be added, so press “Stop”.")
COACH_ADD = N_(
    "Your move: the AI takes. Add cards of ranks on the table, or press “Stop” and it picks them up."
)
ABOUT_AI_CARD = N_(
    "{card} is the AI’s card, shown so that you can follow the play: it is not an answer here."
)
ABOUT_SHOWN = N_("{card} is only shown to set the scene: it is not an answer here.")
ABOUT_HIDDEN = N_(
    "This is one of the AI’s cards, face down: you do not see the AI’s hand, just as at a real table."
)
GOAL_WIN = N_("You did it: you are out of cards and the AI is the Durak.")
GOAL_DRAW = N_("You did it: both hands emptied in the same bout, a draw.")
MISSED_WIN = N_("The AI got away: this game did not end in your win.")
MISSED_DRAW = N_("This position allows a draw, but this game did not end in one.")
ENDED_DRAW = N_("The game ended in a draw: both hands emptied in the same bout.")
ENDED_DURAK = N_("The game ended with you as the Durak: the AI went out and you are left holding cards.")
ENDED_WIN = N_("You won: the AI is left holding cards.")
HOW_IT_WINS = N_("How “{better}” wins: {line}")
HOW_IT_DRAWS = N_("How “{better}” reaches a draw: {line}")
AI_DURAK = N_("The AI is left holding cards: it is the Durak.")
BOTH_OUT = N_("Both hands are empty after the same bout: a draw.")
TURNING_POINT = N_(
    "Your move “{move}” was the one that lost it: after it, the AI could no longer be stopped. "
    "“{better}” would have kept your goal in reach. Press “Start again” and try that."
)


def replies_saying(replies: Sequence[tuple[Action, Applied]]) -> list[Say]:
    """What the AI did, one sentence per action."""
    return [done_saying(AI, action, done) for action, done in replies]


def done_saying(player: int, action: Action, done: Applied) -> Say:
    """What a move did, as narration: "You lead 7♣.", "The AI beats 9♥ with 10♥."..."""
    return told_move(player, action, leads=done.phase is Phase.LEAD, target=done.beaten)


class Line:
    """Several sentences shown as one parameter (a line of play)."""

    __slots__ = ("says",)

    def __init__(self, says: Sequence[Sayable]) -> None:
        self.says = tuple(says)

    def text(self) -> str:
        return " ".join(say.text() for say in self.says)


ENDED = {"draw": ENDED_DRAW, "durak": ENDED_DURAK, "win": ENDED_WIN}


def ended_saying(exercise: PlayOut, *said: Sayable) -> Feedback:
    """The end of a game played out: the goal reached, or the result, the move that lost it and
    how a better one goes on to the goal."""
    replies = replies_saying(exercise.replies)
    outcome = outcome_of(exercise.game)
    if outcome == exercise.goal:
        reached = Say(GOAL_WIN if exercise.goal == "win" else GOAL_DRAW)
        return Feedback.right(*said, *replies, reached, done=True)
    missed = (Say(MISSED_WIN if exercise.goal == "win" else MISSED_DRAW), Say(ENDED[outcome]))
    turn = exercise.turning_position()
    if turn is None:  # not reached: the goal was never in reach (an exercise refuses that)
        return Feedback.wrong(*said, *replies, *missed)
    move, better, before = turn
    leads = not before.table  # an attack card added to the bout on the table is "add 7♣"
    slipped = Say(TURNING_POINT, move=named_move(move, leads=leads), better=named_move(better, leads=leads))
    how = Say(
        HOW_IT_WINS if exercise.goal == "win" else HOW_IT_DRAWS,
        better=named_move(better, leads=leads),
        line=Line(winning_line(before, better, exercise.goal)),
    )
    return Feedback.wrong(*said, *replies, *missed, slipped, how)


def winning_line(game: Game, first: Action, goal: Goal) -> list[Sayable]:
    """The game from ``game`` on after ``first``, each move of yours one that keeps ``goal`` in
    reach, told move by move up to its end: why ``first`` reaches the goal."""
    game = game.copy(history=False)
    said: list[Sayable] = []
    action: Action | None = first
    while action is not None:
        said.append(done_saying(YOU, action, game.apply(action, player=YOU)))
        said += replies_saying(ai_reply(game))
        action = None if game.is_over else next(a for a in game.legal_actions() if _keeps(game, a, goal))
    said.append(Say(AI_DURAK if outcome_of(game) == "win" else BOTH_OUT))
    return said


def option_label(option: str) -> str:
    """The localized label of an option button; numbers are shown in the local format."""
    if option.isdigit():
        return format_number(int(option))
    return gettext(OPTION_LABELS[option])


# --- the exercises -------------------------------------------------------------------

View = Literal["deck", "cards", "hand", "both_hands", "stock", "game", "count"]


class Exercise(ABC):
    """One exercise: a position, a prompt, clickable choices and the engine-derived answers.

    ``view`` tells the lesson which picture to draw: ``"deck"`` (all 36 cards), ``"cards"``
    (just the cards to click), ``"hand"`` (your hand, the table and the trump), ``"both_hands"``
    (both hands open), ``"stock"`` (the stock open, top card first), ``"count"`` (your hand, the
    table and the discard pile open: what a player can count) or ``"game"`` (a game to play
    out). ``trump_tint`` and ``stock_count`` may hide what would give the answer away.
    """

    kind = ""

    def __init__(
        self,
        exercise_id: str,
        rule: str,
        prompt: Say,
        game: Game,
        view: View = "hand",
        *,
        trump_tint: bool = True,
        stock_count: bool = True,
    ) -> None:
        self.id = exercise_id
        self.rule = rule
        self.prompt = prompt
        self.game = game
        self.view = view
        self.trump_tint = trump_tint
        self.stock_count = stock_count
        self.solved = False
        self.last: Feedback | None = None

    @property
    @abstractmethod
    def choices(self) -> tuple[Answer, ...]:
        """Everything the learner may click now."""

    @property
    @abstractmethod
    def answers(self) -> frozenset[Answer]:
        """The right clicks now."""

    @property
    def card_choices(self) -> tuple[Card, ...]:
        return tuple(c for c in self.choices if isinstance(c, Card))

    @property
    def option_choices(self) -> tuple[str, ...]:
        return tuple(c for c in self.choices if isinstance(c, str))

    @property
    def shown_game(self) -> Game:
        """The position to draw (an exercise may show another than the one it plays on)."""
        return self.game

    def check(self, answer: Answer) -> Feedback:
        """Judge one click and remember the feedback in :attr:`last`."""
        if answer not in self.choices:
            raise ValueError(f"{answer!r} is not one of this exercise's choices")
        feedback = self._check(answer)
        self.last = feedback
        if self.is_complete():
            self.solved = True
        return feedback

    @abstractmethod
    def _check(self, answer: Answer) -> Feedback: ...

    def remark(self, card: Card | None) -> Feedback:
        """Answer a click on a card that is shown but is not one of the choices (``None``: a card
        face down): what it is, or why the move it would be is refused (remembered in
        :attr:`last`; nothing is judged solved)."""
        game = self.shown_game
        feedback = None
        if card is None:
            feedback = Feedback.told(Say(ABOUT_HIDDEN))
        elif game.stock and card == game.trump_card:
            feedback = Feedback.told(Say(FACE_UP_TRUMP, card=card, suit=game.trump))
        elif card in game.hands[YOU] and game.to_move == YOU:
            try:
                game.verify(action_for(game, card), YOU)
            except IllegalAction as error:
                refusal = Refusal(error, game.trump)
                if refusal.rule is not None:
                    feedback = Feedback.wrong(refusal)
        if feedback is None:
            about = ABOUT_AI_CARD if card in game.hands[AI] else ABOUT_SHOWN
            feedback = Feedback.told(Say(about, card=card))
        self.last = feedback
        return feedback

    def is_complete(self) -> bool:
        return self.last is not None and self.last.done

    def reset(self) -> None:
        self.solved = False
        self.last = None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.id} ({self.rule})>"


Explain = Callable[[Answer], Feedback]


class PickAll(Exercise):
    """Click every right card (or option); each click is judged at once and says why.

    ``explain(answer)`` says why a wrong click is wrong; ``why(answer)`` (optional) why a right
    one is right. The option "none of them" is always offered, so that its presence gives
    nothing away; when no choice is right it is the answer, and ``none_reason`` says why.
    """

    kind = "pick_all"

    def __init__(
        self,
        exercise_id: str,
        rule: str,
        prompt: Say,
        game: Game,
        choices: Sequence[Answer],
        answers: Iterable[Answer],
        explain: Explain,
        why: Callable[[Answer], Sayable] | None = None,
        none_reason: Sayable | None = None,
        view: View = "hand",
        **options: bool,
    ) -> None:
        super().__init__(exercise_id, rule, prompt, game, view, **options)
        self._choices = (*choices, Option.NONE.value)
        self._answers = frozenset(answers)
        if not self._answers <= set(choices):
            raise ValueError(f"{exercise_id}: some answers are not among the choices")
        if not self._answers and none_reason is None:
            raise ValueError(f"{exercise_id}: say why none of the choices is right")
        self.found: set[Answer] = set()
        self._explain = explain
        self._why = why
        self._none_reason = none_reason

    @property
    def choices(self) -> tuple[Answer, ...]:
        return self._choices

    @property
    def answers(self) -> frozenset[Answer]:
        return self._answers if self._answers else frozenset({Option.NONE.value})

    def _check(self, answer: Answer) -> Feedback:
        if answer == Option.NONE:
            if not self._answers:
                assert self._none_reason is not None
                return Feedback.right(Say(NONE_RIGHT), self._none_reason, done=True)
            example = min(self._answers, key=str)
            return Feedback.wrong(Say(NONE_WRONG, example=self.reason(example)))
        if answer in self.found:
            return Feedback.right(Say(ALREADY_FOUND), self.reason(answer))
        if answer not in self._answers:
            return self._explain(answer)
        self.found.add(answer)
        left = len(self._answers) - len(self.found)
        progress = Say(ALL_FOUND) if left == 0 else Say(*FOUND, n=left)
        return Feedback.right(self.reason(answer), progress, done=left == 0)

    def reason(self, answer: Answer) -> Sayable:
        """Why a right answer is right."""
        if self._why is None:
            raise ValueError(f"{self.id}: no reason given for right answers")
        return self._why(answer)

    def reset(self) -> None:
        super().reset()
        self.found.clear()


class Choose(Exercise):
    """Click the right choice; every other choice is explained, and so is the right one.

    ``explain`` must answer for every wrong choice (the tests click them all); ``also_right``
    are other clicks that are right too (the card that decides who attacks first, besides the
    player). ``explanation`` says why a right click is right: one text, or a function of the
    click when the right clicks differ (either card of a pair).
    """

    kind = "choose"

    def __init__(
        self,
        exercise_id: str,
        rule: str,
        prompt: Say,
        game: Game,
        choices: Sequence[Answer],
        answer: Answer,
        explanation: Sayable | Callable[[Answer], Sayable],
        explain: Explain,
        view: View = "hand",
        also_right: Sequence[Answer] = (),
        **options: bool,
    ) -> None:
        super().__init__(exercise_id, rule, prompt, game, view, **options)
        if not {answer, *also_right} <= set(choices):
            raise ValueError(f"{exercise_id}: an answer is not among the choices")
        self._choices = tuple(choices)
        self.answer = answer
        self._answers = frozenset({answer, *also_right})
        self.explanation = explanation
        self._explain = explain

    @property
    def choices(self) -> tuple[Answer, ...]:
        return self._choices

    @property
    def answers(self) -> frozenset[Answer]:
        return self._answers

    def _check(self, answer: Answer) -> Feedback:
        if answer in self._answers:
            why = self.explanation(answer) if callable(self.explanation) else self.explanation
            return Feedback.right(why, done=True)
        return self._explain(answer)


def ai_reply(game: Game) -> list[tuple[Action, Applied]]:
    """Let the lessons' AI (the greedy baseline) act until it is your turn or the game is over."""
    replies = []
    while not game.is_over and game.to_move == AI:
        action = GREEDY.choose(game.observation(AI), game.legal_actions())
        replies.append((action, game.apply(action, player=AI)))
    return replies


Goal = Literal["win", "draw"]


def outcome_of(game: Game) -> Literal["win", "draw", "durak"]:
    return "draw" if game.is_draw else ("win" if game.loser == AI else "durak")


def goal_reachable(game: Game, goal: Goal) -> bool:
    """Whether you can still reach ``goal`` from ``game`` against the lessons' AI, whose moves
    are fixed (it is deterministic): every line of your moves is tried."""
    if game.is_over:
        return outcome_of(game) == goal
    for action in game.legal_actions():
        child = game.copy(history=False)
        child.apply(action)
        ai_reply(child)
        if goal_reachable(child, goal):
            return True
    return False


class PlayOut(Exercise):
    """Play a position to its end as player 0 against the lessons' AI (the greedy baseline).

    Click a card of your hand to attack, throw in or beat with it; "take" and "stop" are the
    other moves. A refused move is explained and changes nothing. The exercise is solved when
    the game ends with the ``goal`` outcome; otherwise :meth:`turning_point` names the move
    after which the goal was out of reach, and a move that would have kept it.
    """

    kind = "play_out"

    def __init__(
        self,
        exercise_id: str,
        rule: str,
        prompt: Say,
        game: Game,
        goal: Goal,
        *,
        open_hands: bool = True,
    ) -> None:
        if not goal_reachable(game.copy(), goal):
            raise ValueError(f"{exercise_id}: the goal {goal} cannot be reached")
        self.start = game.copy()
        self.goal = goal
        self.open_hands = open_hands  # with an empty stock every card can be worked out: show them
        self.replies: list[tuple[Action, Applied]] = []
        self.moves: list[Action] = []
        self.ending: Feedback | None = None  # what the end of the game said, once it is over
        super().__init__(exercise_id, rule, prompt, game.copy(), view="game")
        self.replies = ai_reply(self.game)

    @property
    def choices(self) -> tuple[Answer, ...]:
        """Your cards, "take" and "stop" (a refused one is explained)."""
        return (*self.game.hands[YOU], Option.TAKE.value, Option.STOP.value)

    @property
    def answers(self) -> frozenset[Answer]:
        """The moves you may make now (cards to play, "take", "stop")."""
        return frozenset(click_for(action) for action in self.game.legal_actions())

    def _check(self, answer: Answer) -> Feedback:
        if self.ending is not None:
            return self.ending  # the game is over: a click shows its end again, unchanged
        action = action_for(self.game, answer)
        try:
            done = self.game.apply(action, player=YOU)
        except IllegalAction as error:
            return Feedback.wrong(Refusal(error, self.game.trump))
        self.moves.append(action)
        self.replies = ai_reply(self.game)
        said = done_saying(YOU, action, done)
        if self.game.is_over:
            self.ending = ended_saying(self, said)
            return self.ending
        # a legal move is not yet a good one: only the end says whether the goal was reached
        return Feedback.told(said, *replies_saying(self.replies))

    def coach(self) -> Say | None:
        """What you may do now (None once the game is over)."""
        game = self.game
        if game.is_over or game.to_move != YOU:
            return None
        phase = game.phase
        if phase is Phase.LEAD:
            return Say(COACH_LEAD)
        if phase is Phase.DEFEND:
            return Say(COACH_DEFEND, card=game.table[-1][0])
        if game.legal_actions() == [STOP]:  # an empty hand, or no rank on the table
            return Say(COACH_STOP_ONLY)
        return Say(COACH_THROW_IN if phase is Phase.THROW_IN else COACH_ADD)

    def is_complete(self) -> bool:
        return self.game.is_over and outcome_of(self.game) == self.goal

    def turning_point(self) -> tuple[Action, Action] | None:
        """The first move of yours after which the goal was out of reach, with a move that
        would have kept it (None while it is still in reach)."""
        turn = self.turning_position()
        return None if turn is None else turn[:2]

    def turning_position(self) -> tuple[Action, Action, Game] | None:
        """:meth:`turning_point`, with the position in which the move was made."""
        replay = self.start.copy()
        ai_reply(replay)
        for move in self.moves:
            keep = [a for a in replay.legal_actions() if _keeps(replay, a, self.goal)]
            if move not in keep:
                return move, keep[0] if keep else move, replay
            replay.apply(move)
            ai_reply(replay)
        return None

    def reset(self) -> None:
        super().reset()
        self.game = self.start.copy()
        self.ending = None
        self.moves = []
        self.replies = ai_reply(self.game)


def _keeps(game: Game, action: Action, goal: Goal) -> bool:
    child = game.copy(history=False)
    child.apply(action)
    ai_reply(child)
    return goal_reachable(child, goal)


@dataclass(frozen=True)
class Step:
    """One question of a coached bout, asked once the bout is over (about what its end did)."""

    prompt: Say
    choices: tuple[Answer, ...]
    answers: frozenset[Answer]
    explain: Explain
    why: Callable[[Answer], Sayable]
    view: View = "hand"
    pick_all: bool = False  # every answer must be found (else one is enough)
    rule: str | None = None  # the rule a wrong answer breaks, if not the exercise's own
    refilled: bool = False  # asked about the game after the refill: show the hands refilled


@dataclass
class _StepState:
    found: set[Answer] = field(default_factory=set)


class Coached(Exercise):
    """A whole bout, coached: you play your side against the lessons' AI, each click judged and
    explained, and once the bout is over a few questions (:class:`Step`) about what its end did,
    made from the engine's record of it (:class:`~durak.Applied`). ``coach(exercise)`` says what
    to do now, ``on_move(before, action, done)`` what your move did, and ``questions(before,
    done)`` makes the steps from the position before the bout's end and what it did.
    """

    kind = "coached"

    def __init__(
        self,
        exercise_id: str,
        rule: str,
        prompt: Say,
        game: Game,
        coach: Callable[[Coached], Say],
        on_move: Callable[[Game, Action, Applied], Sayable],
        questions: Callable[[Game, Applied], list[Step]],
    ) -> None:
        self.start = game.copy()
        self.coach = coach
        self._on_move = on_move
        self._questions = questions
        self.steps: list[Step] = []
        self.step = 0
        self.before_end: Game | None = None
        self.ended: Applied | None = None
        self._state = _StepState()
        self.replies: list[tuple[Action, Applied]] = []
        super().__init__(exercise_id, rule, prompt, game.copy(), view="game")
        self._ai_turn()

    @property
    def playing(self) -> bool:
        return self.ended is None

    @property
    def current(self) -> Step | None:
        return None if self.playing or self.step >= len(self.steps) else self.steps[self.step]

    @property
    def shown_game(self) -> Game:
        # the first question is about the table before the bout's end; the next ones about the
        # refill, so they show the table cleared (discarded or picked up) and the stock still
        # full; once they are all answered, where the bout left the game (hands refilled)
        before, done = self.before_end, self.ended
        if before is None or done is None or self.current is None:
            return self.game
        if self.step == 0:
            return before
        if self.current.refilled:
            return self.game
        hands = [list(before.hands[YOU]), list(before.hands[AI])]
        hands[before.defender] += done.picked_up
        return Game.from_deal(
            hands[YOU], hands[AI], before.stock, attacker=before.attacker, trump=before.trump
        )

    @property
    def found(self) -> set[Answer]:
        """The answers of the current step found so far."""
        return self._state.found

    @property
    def view_now(self) -> View:
        step = self.current
        return "game" if step is None else step.view

    @property
    def choices(self) -> tuple[Answer, ...]:
        step = self.current
        if step is not None:
            return step.choices
        if self.playing:
            return (*self.game.hands[YOU], Option.TAKE.value, Option.STOP.value)
        return ()

    @property
    def answers(self) -> frozenset[Answer]:
        step = self.current
        if step is not None:
            return step.answers - self._state.found
        if self.playing:
            return frozenset(click_for(a) for a in self.game.legal_actions() if self.game.to_move == YOU)
        return frozenset()

    def _ai_turn(self) -> None:
        self.replies = []
        while self.playing and not self.game.is_over and self.game.to_move == AI:
            before = self.game.copy()
            action = GREEDY.choose(self.game.observation(AI), self.game.legal_actions())
            done = self.game.apply(action, player=AI)
            self.replies.append((action, done))
            if done.ended_bout:
                self._bout_over(before, done)

    def _bout_over(self, before: Game, done: Applied) -> None:
        self.before_end = before
        self.ended = done
        self.steps = self._questions(before, done)
        self.step = 0
        self._state = _StepState()

    def _check(self, answer: Answer) -> Feedback:
        step = self.current
        if step is not None:
            if answer not in step.answers:
                wrong = step.explain(answer)
                return wrong if wrong.rule is not None else replace(wrong, rule=step.rule)
            if answer in self._state.found:
                return Feedback.right(Say(ALREADY_FOUND), step.why(answer))
            self._state.found.add(answer)
            left = len(step.answers - self._state.found)
            if step.pick_all and left:
                return Feedback.right(step.why(answer), Say(*FOUND, n=left))
            self.step += 1
            self._state = _StepState()
            finished = self.step >= len(self.steps)
            extra = (Say(ALL_FOUND),) if step.pick_all else ()
            return Feedback.right(step.why(answer), *extra, done=finished)
        action = action_for(self.game, answer)
        try:
            self.game.verify(action, YOU)
        except IllegalAction as error:
            return Feedback.wrong(Refusal(error, self.game.trump))
        before = self.game.copy()
        done = self.game.apply(action, player=YOU)
        said = self._on_move(before, action, done)
        if done.ended_bout:
            self.replies = []
            self._bout_over(before, done)
        else:
            self._ai_turn()
        return Feedback.right(said, *replies_saying(self.replies))

    def is_complete(self) -> bool:
        return not self.playing and self.step >= len(self.steps)

    def reset(self) -> None:
        super().reset()
        self.game = self.start.copy()
        self.steps, self.step, self.before_end, self.ended = [], 0, None, None
        self._state = _StepState()
        self._ai_turn()
