"""What the notebooks' content modules share: building positions, and the reasons of the rules.

Every reason here is worded from the position and the engine's verdict, so an exercise built
with these helpers explains each click without typing the answer in.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from durak.actions import STOP, Action, ActionKind
from durak.cards import DECK, Card, Suit
from durak.errors import IllegalAction
from durak.game import Applied, Game
from durak.i18n import N_
from durak.messages import Say
from durak.tutorial.lessons.model import Answer, Exercise, Feedback, Refusal

__all__ = [
    "SHOW_DECK",
    "SHOW_GAME",
    "SHOW_INDICES",
    "SHOW_REVIEW",
    "Cell",
    "after_stop",
    "beat_reason",
    "cards",
    "exercise",
    "full_stock",
    "legal_cards",
    "match_reason",
    "on_table",
    "played",
    "refusal",
    "seeded_deal",
    "text",
]


@dataclass(frozen=True)
class Cell:
    """One code cell of a notebook after its header: ``lessons.<call>("<argument>")``.

    A content module's ``CELLS`` is its notebook's plan: the notebook files are written from it
    (:mod:`durak.tutorial.lessons.notebooks`) and its exercises are the notebook's exercises.
    """

    call: str
    argument: str = ""
    factory: Callable[[], Exercise] | None = field(default=None, compare=False, repr=False)

    @property
    def source(self) -> str:
        return f'lessons.{self.call}("{self.argument}")' if self.argument else f"lessons.{self.call}()"


def text(topic: str) -> Cell:
    """A cell showing one of the module's ``TOPICS``."""
    return Cell("intro", topic)


def exercise(factory: Callable[[], Exercise]) -> Cell:
    """A cell showing a fresh exercise built by ``factory`` (its id is the factory's name)."""
    return Cell("exercise", factory.__name__, factory)


STOCK_SEED = 36  # any fixed seed: the lessons' stocks are the same on every run
SHOW_DECK = Cell("deck")
SHOW_INDICES = Cell("indices")
SHOW_GAME = Cell("play")
SHOW_REVIEW = Cell("review")


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def played(game: Game, moves: str) -> Game:
    """``game`` after the moves, separated by commas: the set-up of a mid-bout position."""
    for move in moves.split(","):
        game.apply(move.strip())
    return game


def full_stock(hand0: str, hand1: str, face_up: str, *, top: str = "") -> list[Card]:
    """Every card not dealt, as a stock: ``top`` first (if given), ``face_up`` at the bottom.

    The rest is shuffled, always the same way: a stock shown open in deck order would look
    ordered, and a learner might wonder whether it is.
    """
    first = cards(top)
    dealt = {*cards(hand0), *cards(hand1), Card.parse(face_up), *first}
    rest = [card for card in DECK if card not in dealt]
    random.Random(STOCK_SEED).shuffle(rest)
    return [*first, *rest, Card.parse(face_up)]


def seeded_deal(wanted: Callable[[Game], bool]) -> Game:
    """The first seeded deal with a property an exercise needs (deterministic: seeds 0, 1, ...)."""
    for seed in range(2000):
        game = Game.new(seed=seed)
        if wanted(game):
            return game
    raise LookupError("no seeded deal has the wanted property")


def legal_cards(game: Game, kind: ActionKind) -> frozenset[Answer]:
    return frozenset(a.card for a in game.legal_actions() if a.kind is kind and a.card is not None)


def on_table(game: Game) -> list[Card]:
    return [card for pair in game.table for card in pair if card is not None]


def after_stop(game: Game) -> Applied:
    """What a stop would do now, as the engine records it (the game itself is unchanged)."""
    return game.copy().apply(STOP)


def refusal(game: Game, kind: ActionKind) -> Callable[[Answer], Feedback]:
    """Explain a wrong card with the engine's own refusal of the move it stands for."""

    def explain(answer: Answer) -> Feedback:
        if not isinstance(answer, Card):
            raise ValueError(f"no refusal for the option {answer!r}")
        action = Action.attack(answer) if kind is ActionKind.ATTACK else Action.defend(answer)
        try:
            game.verify(action)
        except IllegalAction as error:
            return Feedback.wrong(Refusal(error, game.trump))
        raise ValueError(f"{action} is legal: it cannot be a wrong answer")

    return explain


BEATS_SAME_SUIT = N_("{card} beats {target}: the same suit, and higher.")
BEATS_BY_TRUMP = N_(
    "{card} is a trump, and any trump beats a card of another suit, even when you hold that suit."
)
BEATS_HIGHER_TRUMP = N_("{card} beats {target}: a trump is beaten only by a higher trump, and it is one.")


def beat_reason(card: Card, target: Card, trump: Suit) -> Say:
    """Why ``card`` beats ``target`` (R6); only asked for a card that does."""
    if card.suit == target.suit:
        return Say(BEATS_HIGHER_TRUMP if card.suit == trump else BEATS_SAME_SUIT, card=card, target=target)
    return Say(BEATS_BY_TRUMP, card=card)


MATCHES_ATTACK = N_("{card} has the rank of {match}, an attack card on the table.")
MATCHES_DEFENCE = N_("{card} has the rank of {match}, a defence card: the ranks of defence cards count too.")


def match_reason(card: Card, game: Game) -> Say:
    """Why ``card`` may be thrown in or added (R7): the table card whose rank it shares."""
    attacks = [attack for attack, _ in game.table]
    for match in attacks:
        if match.rank == card.rank:
            return Say(MATCHES_ATTACK, card=card, match=match)
    defences = [defence for _, defence in game.table if defence is not None]
    match = next(d for d in defences if d.rank == card.rank)
    return Say(MATCHES_DEFENCE, card=card, match=match)


def names(cards_shown: Sequence[Card]) -> str:
    """Cards listed as their indices, e.g. "В♠ 8♥" (a parameter of a sentence)."""
    return " ".join(map(str, cards_shown))
