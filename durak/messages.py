"""The phrasebook: everything the learner reads about cards, moves, levels and the rules.

Pure functions over :mod:`durak.i18n`: each call looks its text up in the language current
*at that moment*, so a view that re-renders after :func:`durak.i18n.on_language_change`
shows the new language. No widgets here.

Every English string below is a gettext msgid (marked with ``N_`` where it is defined, so
that ``make i18n`` extracts it); the catalogs in ``locales/`` hold the translations. Every
text with placeholders is filled in by one formatter, :func:`fill` (through :func:`say`,
:func:`say_count` and :class:`Say`): a translation whose placeholders are broken shows the
English text instead, never an error.

>>> from durak import Card, Rank
>>> from durak.i18n import set_language
>>> set_language("en")
>>> card_name(Card.parse("TS"))
'Т♠ — Туз (ace) of spades'
>>> rank_explanation(Rank.ACE)
'Т — Туз, the ace'
>>> cards_left(1), cards_left(3)
('1 card left', '3 cards left')
>>> set_language("cs")
>>> cards_left(1), cards_left(3), cards_left(5)
('Zbývá 1 karta', 'Zbývají 3 karty', 'Zbývá 5 karet')
>>> set_language("en")
"""

from __future__ import annotations

import enum
import string
from typing import Protocol

from durak.actions import Action, ActionKind
from durak.cards import Card, Rank, Suit
from durak.errors import IllegalAction, Reason
from durak.i18n import N_, N_plural, format_number, gettext, ngettext, pgettext

__all__ = [
    "AI",
    "HINT_MESSAGES",
    "HINT_PRINCIPLES",
    "LEVEL_DESCRIPTIONS",
    "LEVEL_LABELS",
    "SAYS_THE_MOVE",
    "YOU",
    "MoveKind",
    "Say",
    "card_name",
    "cards_left",
    "deck_description",
    "discard_count",
    "face_up_trump_message",
    "fill",
    "game_over_message",
    "hand_count",
    "hint_candidates",
    "hint_exception",
    "hint_message",
    "hint_principle",
    "hinted_move",
    "illegal_action_message",
    "level_description",
    "level_label",
    "logged_move",
    "move_kind",
    "named_move",
    "no_rule_text",
    "player_name",
    "rank_explanation",
    "rank_name",
    "reason_text",
    "rules_sections",
    "say",
    "say_count",
    "shown",
    "stock_count",
    "suit_name",
    "told_move",
]

YOU, AI = 0, 1
"""The seats in every game of the tutorial: the learner is player 0, the AI player 1."""


# --- formatting ----------------------------------------------------------------------


def shown(value: object) -> str:
    """A placeholder's value as a sentence shows it: a card as its index (``9♥``; tooltips give
    the full name), a suit with its name (``♥ hearts``), a count in the language's digits, a set
    of cards sorted, a sentence (anything with ``text()``) in the current language."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Suit):
        return f"{value.value} {suit_name(value)}"
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return format_number(value)
    if isinstance(value, (frozenset, set)):
        value = sorted(value, key=str)
    if isinstance(value, (tuple, list)):
        return " ".join(shown(v) for v in value if v is not None)
    if hasattr(value, "text"):
        return str(value.text())
    return str(value)


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def fill(translated: str, source: str, /, **params: object) -> str:
    """``translated`` with its placeholders filled in (each value :func:`shown`); the English
    ``source`` if the translation is broken.

    A catalog whose placeholders differ from the msgid's (the catalog tests forbid it) must
    cost the learner a language, not a crash.

    >>> fill("{card} schlägt {target}", "{card} beats {target}", card=Card.parse("7♠"), target="6♠")
    '7♠ schlägt 6♠'
    >>> fill("{karte} schlägt {target}", "{card} beats {target}", card=Card.parse("7♠"), target="6♠")
    '7♠ beats 6♠'
    """
    values = {name: shown(value) for name, value in params.items()}
    try:
        if _fields(translated) <= set(values):
            return translated.format(**values)
    except (IndexError, ValueError):  # e.g. a lone "{"
        pass
    return source.format(**values)


def say(message: str, /, **params: object) -> str:
    """The msgid ``message`` in the current language, its placeholders filled in (:func:`fill`).

    >>> say("Trump: {suit}", suit=Suit.HEARTS)
    'Trump: ♥ hearts'
    """
    return fill(gettext(message), message, **params)


def say_count(singular: str, plural: str, n: int, /, **params: object) -> str:
    """A count sentence (an ``N_plural`` pair) in the current language; ``{n}`` is the count
    unless given.

    >>> say_count(*N_plural("{n} card left", "{n} cards left"), 1)
    '1 card left'
    """
    return fill(ngettext(singular, plural, n), singular if n == 1 else plural, **{"n": n, **params})


class Say:
    """A sentence to say later: a msgid (marked with ``N_`` where it is written) and its
    parameters, translated when it is shown (:meth:`text`), so a language switch re-words it.

    ``plural`` makes it a count sentence: ``Say(singular, plural, n=3)`` is looked up with
    ngettext on the parameter ``n``. A parameter may be another sentence.

    >>> Say("You lead {card}.", card=Card.parse("7♣")).text()
    'You lead 7♣.'
    """

    __slots__ = ("msgid", "params", "plural")

    def __init__(self, msgid: str, plural: str | None = None, /, **params: object) -> None:
        self.msgid = msgid
        self.plural = plural
        self.params = params

    def text(self) -> str:
        if self.plural is None:
            return say(self.msgid, **self.params)
        count = self.params["n"]
        if not isinstance(count, int):
            raise TypeError("a count sentence needs an int n")
        return say_count(self.msgid, self.plural, count, **self.params)

    def __repr__(self) -> str:
        return f"Say({self.msgid!r}, {self.params!r})"


# --- cards ---------------------------------------------------------------------------

_SUIT_NAMES = {
    Suit.SPADES: N_("spades"),
    Suit.CLUBS: N_("clubs"),
    Suit.HEARTS: N_("hearts"),
    Suit.DIAMONDS: N_("diamonds"),
}

_RANK_NAMES = {
    Rank.SIX: N_("six"),
    Rank.SEVEN: N_("seven"),
    Rank.EIGHT: N_("eight"),
    Rank.NINE: N_("nine"),
    Rank.TEN: N_("ten"),
    Rank.JACK: N_("jack"),
    Rank.QUEEN: N_("queen"),
    Rank.KING: N_("king"),
    Rank.ACE: N_("ace"),
}

# Court cards keep their Cyrillic name; the index on the card is explained in words.
_RANK_EXPLANATIONS = {
    Rank.SIX: N_("6 — six"),
    Rank.SEVEN: N_("7 — seven"),
    Rank.EIGHT: N_("8 — eight"),
    Rank.NINE: N_("9 — nine"),
    Rank.TEN: N_("10 — ten"),
    Rank.JACK: N_("В — Валет, the jack"),
    Rank.QUEEN: N_("Д — Дама, the queen"),
    Rank.KING: N_("К — Король, the king"),
    Rank.ACE: N_("Т — Туз, the ace"),
}

# One msgid per card rather than "{rank} of {suit}": Czech adjectives agree with the rank's
# gender ("piková dáma", "pikový král") and Turkish marks the rank ("maça ası"), which a
# two-part pattern cannot express.
_CARD_NAMES = {
    Card(Suit.SPADES, Rank.SIX): N_("six of spades"),
    Card(Suit.SPADES, Rank.SEVEN): N_("seven of spades"),
    Card(Suit.SPADES, Rank.EIGHT): N_("eight of spades"),
    Card(Suit.SPADES, Rank.NINE): N_("nine of spades"),
    Card(Suit.SPADES, Rank.TEN): N_("ten of spades"),
    Card(Suit.SPADES, Rank.JACK): N_("Валет (jack) of spades"),
    Card(Suit.SPADES, Rank.QUEEN): N_("Дама (queen) of spades"),
    Card(Suit.SPADES, Rank.KING): N_("Король (king) of spades"),
    Card(Suit.SPADES, Rank.ACE): N_("Туз (ace) of spades"),
    Card(Suit.CLUBS, Rank.SIX): N_("six of clubs"),
    Card(Suit.CLUBS, Rank.SEVEN): N_("seven of clubs"),
    Card(Suit.CLUBS, Rank.EIGHT): N_("eight of clubs"),
    Card(Suit.CLUBS, Rank.NINE): N_("nine of clubs"),
    Card(Suit.CLUBS, Rank.TEN): N_("ten of clubs"),
    Card(Suit.CLUBS, Rank.JACK): N_("Валет (jack) of clubs"),
    Card(Suit.CLUBS, Rank.QUEEN): N_("Дама (queen) of clubs"),
    Card(Suit.CLUBS, Rank.KING): N_("Король (king) of clubs"),
    Card(Suit.CLUBS, Rank.ACE): N_("Туз (ace) of clubs"),
    Card(Suit.HEARTS, Rank.SIX): N_("six of hearts"),
    Card(Suit.HEARTS, Rank.SEVEN): N_("seven of hearts"),
    Card(Suit.HEARTS, Rank.EIGHT): N_("eight of hearts"),
    Card(Suit.HEARTS, Rank.NINE): N_("nine of hearts"),
    Card(Suit.HEARTS, Rank.TEN): N_("ten of hearts"),
    Card(Suit.HEARTS, Rank.JACK): N_("Валет (jack) of hearts"),
    Card(Suit.HEARTS, Rank.QUEEN): N_("Дама (queen) of hearts"),
    Card(Suit.HEARTS, Rank.KING): N_("Король (king) of hearts"),
    Card(Suit.HEARTS, Rank.ACE): N_("Туз (ace) of hearts"),
    Card(Suit.DIAMONDS, Rank.SIX): N_("six of diamonds"),
    Card(Suit.DIAMONDS, Rank.SEVEN): N_("seven of diamonds"),
    Card(Suit.DIAMONDS, Rank.EIGHT): N_("eight of diamonds"),
    Card(Suit.DIAMONDS, Rank.NINE): N_("nine of diamonds"),
    Card(Suit.DIAMONDS, Rank.TEN): N_("ten of diamonds"),
    Card(Suit.DIAMONDS, Rank.JACK): N_("Валет (jack) of diamonds"),
    Card(Suit.DIAMONDS, Rank.QUEEN): N_("Дама (queen) of diamonds"),
    Card(Suit.DIAMONDS, Rank.KING): N_("Король (king) of diamonds"),
    Card(Suit.DIAMONDS, Rank.ACE): N_("Туз (ace) of diamonds"),
}


def suit_name(suit: Suit) -> str:
    """The suit's name, e.g. 'hearts' (shown next to its symbol).

    >>> from durak.i18n import set_language
    >>> set_language("de"); suit_name(Suit.HEARTS); set_language("en")
    'Herz'
    """
    return gettext(_SUIT_NAMES[suit])


def rank_name(rank: Rank) -> str:
    """The rank's name in the learner's language, e.g. 'ace' (for Т)."""
    return gettext(_RANK_NAMES[rank])


def rank_explanation(rank: Rank) -> str:
    """The index on the card and what it means, e.g. 'Т — Туз, the ace'.

    >>> from durak.i18n import set_language
    >>> set_language("es"); rank_explanation(Rank.QUEEN); set_language("en")
    'Д — Дама, la dama'
    """
    return gettext(_RANK_EXPLANATIONS[rank])


def card_name(card: Card) -> str:
    """The card's index and symbol, then its full name, e.g. 'Т♠ — Туз (ace) of spades'.

    >>> from durak.i18n import set_language
    >>> set_language("tr"); card_name(Card.parse("QH")); set_language("en")
    'Д♥ — kupa kızı (Дама)'
    """
    # Translators: {card} is the index and suit symbol (Т♠), {name} the full card name.
    return say(N_("{card} — {name}"), card=card, name=gettext(_CARD_NAMES[card]))


# --- players, counts and the end of the game -----------------------------------------


def player_name(player: int) -> str:
    """'You' for player 0, 'AI' for player 1 (a label, e.g. above a hand)."""
    if player == YOU:
        return pgettext("player", "You")
    if player == AI:
        return pgettext("player", "AI")
    raise ValueError(f"no player {player!r}: the players are 0 (you) and 1 (the AI)")


def cards_left(n: int) -> str:
    """How many cards remain, e.g. '3 cards left'."""
    return say_count(*N_plural("{n} card left", "{n} cards left"), n)


FACE_UP_TRUMP = N_(
    "{card} is the face-up trump card: it shows that {suit} is trump, and it is drawn last, after the stock."
)


def face_up_trump_message(card: Card) -> str:
    """What the face-up trump card is, for a learner who clicks it.

    >>> face_up_trump_message(Card.parse("9h"))
    '9♥ is the face-up trump card: it shows that ♥ hearts is trump, and it is drawn last, after the stock.'
    """
    return say(FACE_UP_TRUMP, card=card, suit=card.suit)


def stock_count(n: int) -> str:
    """The stock's size, e.g. '24 cards in the stock'."""
    return say_count(*N_plural("{n} card in the stock", "{n} cards in the stock"), n)


def hand_count(n: int) -> str:
    """A hand's size, e.g. '6 cards in hand'."""
    return say_count(*N_plural("{n} card in hand", "{n} cards in hand"), n)


def discard_count(n: int) -> str:
    """The discard pile's size, e.g. '4 cards discarded'."""
    return say_count(*N_plural("{n} card discarded", "{n} cards discarded"), n)


def game_over_message(loser: int | None, viewer: int = YOU) -> str:
    """How the deal ended, told to ``viewer``: a draw, a win, or 'you are the Durak'.

    >>> game_over_message(None)
    'A draw: you both ran out of cards in the same bout.'
    >>> game_over_message(1)
    'You win! Your opponent is left holding cards and is the Durak.'
    """
    if loser is None:
        return gettext("A draw: you both ran out of cards in the same bout.")
    if loser not in (YOU, AI) or viewer not in (YOU, AI):
        raise ValueError(f"players are 0 (you) and 1 (the AI), not loser={loser!r}, viewer={viewer!r}")
    if loser == viewer:
        return gettext("You are the Durak: you are left holding cards.")
    return gettext("You win! Your opponent is left holding cards and is the Durak.")


# --- moves ---------------------------------------------------------------------------
# Four ways to say a move, each a table over what the move does (MoveKind): as it is told when
# it happens (the lessons), in the game's move log (which says more: what a stop did, who drew),
# named in a sentence (the lessons' and the review's quotes), and named in a hint.


class MoveKind(enum.StrEnum):
    """What a move does to the bout: what every sentence about a move is chosen by."""

    LEAD = "lead"  # the first attack card of a bout
    ADD = "add"  # a further attack card (thrown in, or added after a take)
    BEAT = "beat"
    TAKE = "take"
    STOP = "stop"  # ends the bout: the table is discarded or picked up


_KINDS = {ActionKind.DEFEND: MoveKind.BEAT, ActionKind.TAKE: MoveKind.TAKE, ActionKind.STOP: MoveKind.STOP}


def move_kind(action: Action, *, leads: bool) -> MoveKind:
    """What ``action`` does; an attack card ``leads`` the bout when the table is empty.

    >>> move_kind(Action.parse("attack 7♣"), leads=False), move_kind(Action.parse("take"), leads=False)
    (<MoveKind.ADD: 'add'>, <MoveKind.TAKE: 'take'>)
    """
    if action.kind is ActionKind.ATTACK:
        return MoveKind.LEAD if leads else MoveKind.ADD
    return _KINDS[action.kind]


_TOLD = {
    (YOU, MoveKind.LEAD): N_("You lead {card}."),
    (YOU, MoveKind.ADD): N_("You add {card}."),
    (YOU, MoveKind.BEAT): N_("You beat {target} with {card}."),
    (YOU, MoveKind.TAKE): N_("You take."),
    (YOU, MoveKind.STOP): N_("You stop: the bout is over."),
    (AI, MoveKind.LEAD): N_("The AI attacks with {card}."),
    (AI, MoveKind.ADD): N_("The AI adds {card}."),
    (AI, MoveKind.BEAT): N_("The AI beats {target} with {card}."),
    (AI, MoveKind.TAKE): N_("The AI takes."),
    (AI, MoveKind.STOP): N_("The AI stops."),
}
_LOGGED = {  # the log words three moves its own way
    **_TOLD,
    (AI, MoveKind.LEAD): N_("The AI leads {card}."),
    (YOU, MoveKind.TAKE): N_("You take the cards."),
    (AI, MoveKind.TAKE): N_("The AI takes the cards."),
}
_LOGGED_STOPS = {  # by who stopped, and whether the defender picked the table up
    (YOU, True): N_plural("You stop. The AI picks up {n} card.", "You stop. The AI picks up {n} cards."),
    (AI, True): N_plural("The AI stops. You pick up {n} card.", "The AI stops. You pick up {n} cards."),
    (YOU, False): N_plural(
        "You stop. {n} card goes to the discard pile.", "You stop. {n} cards go to the discard pile."
    ),
    (AI, False): N_plural(
        "The AI stops. {n} card goes to the discard pile.", "The AI stops. {n} cards go to the discard pile."
    ),
}
_DRAWS = {
    YOU: N_plural("You draw {n} card.", "You draw {n} cards."),
    AI: N_plural("The AI draws {n} card.", "The AI draws {n} cards."),
}
_GETS_THE_TRUMP_CARD = {
    YOU: N_("You get the face-up trump card, {card}."),
    AI: N_("The AI gets the face-up trump card, {card}."),
}
_NAMED = {
    MoveKind.LEAD: N_("attack with {card}"),
    MoveKind.ADD: N_("add {card}"),
    MoveKind.BEAT: N_("beat with {card}"),
    MoveKind.TAKE: N_("take"),
    MoveKind.STOP: N_("stop"),
}
_HINTED = {
    MoveKind.LEAD: N_("play {card}"),
    MoveKind.ADD: N_("play {card}"),
    MoveKind.BEAT: N_("beat it with {card}"),
    MoveKind.TAKE: N_("take the cards"),
    MoveKind.STOP: N_("stop"),
}


def told_move(player: int, action: Action, *, leads: bool, target: Card | None = None) -> Say:
    """A move as it is told when it happens ("You lead 7♣.", "The AI beats 9♥ with 10♥."),
    to be said later (the lessons' narration); ``target`` is the card a defence beats.

    >>> told_move(AI, Action.parse("defend 10♥"), leads=False, target=Card.parse("9♥")).text()
    'The AI beats 9♥ with 10♥.'
    """
    return Say(_TOLD[player, move_kind(action, leads=leads)], card=action.card, target=target)


def named_move(action: Action, *, leads: bool = True) -> Say:
    """A move as a sentence names it: "attack with 7♣" (or "add 7♣" when it does not lead),
    "beat with 9♠", "take", "stop"; to be said later (the lessons', the review's quotes)."""
    return Say(_NAMED[move_kind(action, leads=leads)], card=action.card)


def hinted_move(action: Action) -> str:
    """A move as a hint names it: "play 7♣", "beat it with 9♠", "take the cards", "stop".

    >>> hinted_move(Action.parse("take"))
    'take the cards'
    """
    return say(_HINTED[move_kind(action, leads=True)], card=action.card)


class _Logged(Protocol):
    """A line of the game's move log (``durak.tutorial.game_model.Move``), as its text needs it."""

    @property
    def player(self) -> int: ...
    @property
    def action(self) -> Action: ...
    @property
    def kind(self) -> MoveKind: ...
    @property
    def target(self) -> Card | None: ...
    @property
    def picked_up(self) -> int: ...
    @property
    def discarded(self) -> int: ...
    @property
    def drawn(self) -> tuple[int, int]: ...
    @property
    def trump_drawn_by(self) -> int | None: ...
    @property
    def trump_card(self) -> Card | None: ...


def logged_move(move: _Logged) -> str:
    """A line of the game's move log: the move, what a stop did to the table, and who drew how
    many cards after it (R11) and got the face-up trump card: what both players see."""
    if move.kind is MoveKind.STOP:
        n = move.picked_up or move.discarded
        said = [say_count(*_LOGGED_STOPS[move.player, bool(move.picked_up)], n)]
    else:
        said = [say(_LOGGED[move.player, move.kind], card=move.action.card, target=move.target)]
    for player, n in zip((YOU, AI), move.drawn, strict=True):
        if n:
            said.append(say_count(*_DRAWS[player], n))
    if move.trump_drawn_by is not None:
        said.append(say(_GETS_THE_TRUMP_CARD[move.trump_drawn_by], card=move.trump_card))
    return " ".join(said)


# --- the AI's levels -------------------------------------------------------------------

LEVEL_LABELS = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard")}
"""The label of each level a learner is offered (``durak.ai.levels.LEARNER_LEVELS``)."""
# Translators: each begins with its level's button label ("Easy", "Normal", "Hard") and a colon.
LEVEL_DESCRIPTIONS = {
    "easy": N_("Easy: plays sensible moves, but one in four at random. A good first opponent."),
    "normal": N_(
        "Normal: looks a little ahead before every move, and plays perfectly once the stock is empty."
    ),
    "hard": N_(
        "Hard: looks much further ahead, a quarter of a second a move, and plays perfectly once the stock "
        "is empty."
    ),
}


def level_label(level: str) -> str:
    """A level's name on its button ("Easy"); a level no learner is offered keeps its own name."""
    return gettext(LEVEL_LABELS.get(level, level))


def level_description(level: str) -> str:
    """What a learner's level plays like, beginning with its label."""
    return gettext(LEVEL_DESCRIPTIONS[level])


# --- refused moves ---------------------------------------------------------------------

_REASON_MESSAGES: dict[Reason, str] = {
    Reason.GAME_OVER: N_("The game is over."),
    Reason.NOT_YOUR_TURN: N_("It is not your turn: wait for the AI to move."),
    Reason.NOT_IN_HAND: N_("{card} is not in your hand."),
    Reason.DOES_NOT_BEAT: N_(
        "{card} does not beat {target}: beat it with a higher card of the same suit or with a trump."
    ),
    Reason.RANK_NOT_ON_TABLE: N_("{card} cannot be thrown in: no card of rank {rank} is on the table."),
    Reason.NOTHING_TO_BEAT: N_("There is no attack card to beat."),
    Reason.NOTHING_TO_TAKE: N_("There is nothing to take: no attack card is waiting to be beaten."),
    Reason.ALREADY_TAKING: N_("The defender is already taking the cards."),
    Reason.MUST_LEAD: N_("The bout has not begun: the attacker must lead a card first."),
    Reason.DEFENDER_TO_MOVE: N_("The defender must first beat the open attack card or take the cards."),
    # the passing game (HOUSE_RULES.md V2, V3)
    Reason.NO_PASSING: N_("This game is played without passing: beat the attack card or take the cards."),
    Reason.NO_SHOWING: N_("This game does not allow passing by showing a trump: lay the card to pass."),
    Reason.NOTHING_TO_PASS: N_(
        "There is no attack to pass on: only the defender passes, before beating anything."
    ),
    Reason.PASS_AFTER_BEATING: N_("It is too late to pass: an attack card is beaten already."),
    # Translators: a pass lays a card of the attack's rank: {target} is an attack card.
    Reason.PASS_RANK: N_("{card} cannot pass the attack on: a pass needs a card of the rank of {target}."),
    Reason.SHOW_NOT_TRUMP: N_("{card} is not a trump: only the trump of the attack's rank can be shown."),
    # Translators: {card} is the trump shown to pass the attack on earlier in the same bout.
    Reason.ALREADY_SHOWN: N_(
        "{card} was shown in this bout already: a trump can pass the attack on once a bout."
    ),
}
# The limits and the hand counts show a number, so they are worded with ngettext below.
_COUNTED: dict[Reason, tuple[str, str]] = {
    # Translators: {n} is the game's limit of attack cards in a bout (six, or a house rule's).
    Reason.ATTACK_LIMIT: N_plural(
        "A bout holds at most {n} attack card, and it is on the table already.",
        "A bout holds at most {n} attack cards, and there are {n} already.",
    ),
    # Translators: a house rule: until the first bout is discarded, bouts hold fewer attack cards (five).
    Reason.FIRST_BOUT_LIMIT: N_plural(
        "Until the first discard a bout holds at most {n} attack card, and it is on the table already.",
        "Until the first discard a bout holds at most {n} attack cards, and there are {n} already.",
    ),
    Reason.DEFENDER_HAND_LIMIT: N_plural(
        "The defender held only {n} card when the bout began, so no more attack cards may be added.",
        "The defender held only {n} cards when the bout began, so no more attack cards may be added.",
    ),
    # Translators: {attacks} is the number of attack cards the other player would have to beat after the
    # pass (one when a trump is shown: showing adds no card), {n} the cards they hold (0 or more); the two
    # numbers are in brackets so that no noun has to agree with them.
    Reason.PASS_HAND_TOO_SMALL: N_plural(
        "You cannot pass: the other player would have to beat more attack cards ({attacks}) than they hold "
        "({n}).",
        "You cannot pass: the other player would have to beat more attack cards ({attacks}) than they hold "
        "({n}).",
    ),
}


def illegal_action_message(error: IllegalAction, *, trump: Suit | None = None) -> str:
    """Why a move was refused, in the learner's language, with its cards filled in.

    ``trump`` (the deal's trump suit) lets a refused defence say exactly why it fails.

    >>> from durak import Card, Reason
    >>> error = IllegalAction(Reason.DOES_NOT_BEAT, card=Card.parse("7S"), target=Card.parse("9S"))
    >>> illegal_action_message(error)
    '7♠ is lower than 9♠: beat it with a higher card of the same suit or with a trump.'
    >>> illegal_action_message(IllegalAction(Reason.DEFENDER_HAND_LIMIT, limit=1))
    'The defender held only 1 card when the bout began, so no more attack cards may be added.'
    """
    reason, params = error.reason, error.params
    if reason is Reason.NOT_YOUR_TURN and params.get("to_move") == 0:
        return gettext("It is your turn, not the AI’s.")
    if reason is Reason.DOES_NOT_BEAT:
        return _does_not_beat(params["card"], params["target"], trump)
    if reason is Reason.RANK_NOT_ON_TABLE:
        card = params["card"]
        return say(_REASON_MESSAGES[reason], card=card, rank=card.rank.symbol)
    if reason in _COUNTED:
        if reason is Reason.PASS_HAND_TOO_SMALL:
            return say_count(*_COUNTED[reason], int(params["held"]), attacks=int(params["attacks"]))
        return say_count(*_COUNTED[reason], int(params["limit"]))
    return say(_REASON_MESSAGES[reason], **{name: str(value) for name, value in params.items()})


def _does_not_beat(card: Card, target: Card, trump: Suit | None) -> str:
    cards = {"card": card, "target": target}
    target_is_trump = trump is not None and target.suit == trump
    if card.suit == target.suit and card.rank < target.rank:
        if target_is_trump:
            return say(
                N_("{card} is lower than {target}: a trump is beaten only by a higher trump."), **cards
            )
        return say(
            N_("{card} is lower than {target}: beat it with a higher card of the same suit or with a trump."),
            **cards,
        )
    if target_is_trump:
        return say(N_("{card} does not beat {target}: a trump is beaten only by a higher trump."), **cards)
    return say(_REASON_MESSAGES[Reason.DOES_NOT_BEAT], **cards)


# --- the AI's hints ------------------------------------------------------------------

# {card} is the move's card, {other} the card it is weighed against (or a twin, or a card the AI
# was seen to take), {extra} a third card, {cards} a list of cards: each as "9♣".
HINT_MESSAGES: dict[str, str | tuple[str, str]] = {
    "lowest_card": N_("Lead your lowest plain card and keep the strong ones for later."),
    "only_plain_lead": N_("Lead {card}, your only plain card, and keep your trumps for later."),
    "lowest_trump_lead": N_("You hold only trumps: lead the lowest, {card}, and keep the high ones."),
    "get_rid_of_pair": N_(
        "Lead one card of a pair: once it is beaten, you can throw in the other and be rid of both."
    ),
    "lead_pair": N_(
        "Lead {card}, one of a pair: once it is beaten, you can throw in {other} and be rid of both."
    ),
    "lead_forces_trump": N_(
        "No plain card the AI can hold beats {card}: it must spend a trump on it or take it."
    ),
    "lead_low_trump": N_(
        "Lead {card}, your lowest trump: only a higher trump beats it, so the AI must spend one or take it."
    ),
    "lead_top_trump": N_("Lead {card}, the ace of trumps: no card beats it, so the AI has to take it."),
    # Translators: {other} is the one card still out that beats {card}; the learner saw the AI pick it up.
    "lead_seen_beater": N_(
        "Lead {card}: of the cards still out only {other} beats it, and you saw the AI pick {other} up, so "
        "it must spend that card or take."
    ),
    "lead_unbeatable": N_(
        "No card the AI can hold beats {card}: every card that would is in your hand or already played, "
        "so the AI has to take it."
    ),
    "lowest_beater": N_("Beat with the lowest card that does it and save the higher ones."),
    "keep_trumps": N_("Beat without a trump if you can: trumps are worth keeping."),
    "only_beater": N_(
        "{card} is the only card of yours that beats it: beat, or the cards go into your hand."
    ),
    "lowest_trump_beater": N_(
        "No plain card of yours beats it: beat with {card}, your lowest trump that does."
    ),
    "beat_no_throw_in": N_(
        "Beat it with {card}: every other card of its rank is in your hand or already played, so the AI "
        "gets no new rank to throw in."
    ),
    "beat_keep_pair": N_(
        "Beat with {card} and keep {other}: with {extra} it makes a pair you can lead later."
    ),
    "beat_spare_trump": N_(
        "Beat with {card}: you still hold the trumps {cards}, so you can spare one, and beating saves you "
        "from taking the cards."
    ),
    "take_nothing_beats": N_("Take the cards: none of yours beats this attack card."),
    "take_costly": N_plural(
        "Take the cards: beating it would cost you {card}, a high trump, and with {n} card still in the "
        "stock that is too much to spend.",
        "Take the cards: beating it would cost you {card}, a high trump, and with {n} cards still in the "
        "stock that is too much to spend.",
    ),
    "take_to_keep": N_(
        "Take the cards and keep {card}: it is the lowest card of yours that beats this one, and a strong "
        "card is worth more later than these cards cost you."
    ),
    "take_keep_only": N_(
        "Take the cards and keep {card}: it is the only card of yours that beats this one, and a strong card "
        "is worth more later than these cards cost you."
    ),
    "take_gets_back": N_plural(
        "Take the cards: you get back {cards}, which you beat with earlier in this bout, and you keep {card} "
        "as well.",
        "Take the cards: you get back {cards}, which you beat with earlier in this bout, and you keep {card} "
        "as well.",
    ),
    "take_cheap_early": N_plural(
        "Take: with {n} card still in the stock, taking a few cheap cards costs little, and beating would "
        "cost you {card}.",
        "Take: with {n} cards still in the stock, taking a few cheap cards costs little, and beating would "
        "cost you {card}.",
    ),
    "take_keep_trump": N_plural(
        "Take the cards and keep {card}, your only trump: no plain card of yours beats this one, and with "
        "{n} card still in the stock a trump is worth more than the cards you pick up.",
        "Take the cards and keep {card}, your only trump: no plain card of yours beats this one, and with "
        "{n} cards still in the stock a trump is worth more than the cards you pick up.",
    ),
    "throw_in": N_("Throw in a card of a rank on the table: the defender has to beat it too."),
    "throw_in_trump": N_(
        "{card} is a trump, but its rank is on the table: throw it in, and the AI must beat it with a higher "
        "trump or take."
    ),
    "throw_keep_pair": N_(
        "Throw in {card} and keep {other}: with {extra} it makes a pair you can lead later."
    ),
    "throw_in_after_take": N_("The defender is taking: throw in cards you want to get rid of."),
    "stop_keep_cards": N_("Stop and keep your cards for the coming bouts."),
    "stop_nothing_to_add": N_("Stop: you hold no card of a rank on the table."),
    "stop_only_trumps": N_plural(
        "Stop: the only card you could add is a trump ({cards}); keep it for the end of the game.",
        "Stop: the only cards you could add are trumps ({cards}); keep them for the end of the game.",
    ),
    "stop_bout_full": N_("Stop: the bout already holds as many attack cards as it may."),
    "stop_ai_beats": N_(
        "Stop: the AI has been seen to take {other}, which beats {card}; throwing it in would only let the "
        "AI get rid of a card."
    ),
    "stop_keep_pair": N_("Stop and keep {card}: with {other} it makes a pair you can lead later."),
    "stop_keep_strong": N_plural(
        "Stop: the card you could add ({cards}) is a strong one; keep it to beat with later.",
        "Stop: the cards you could add ({cards}) are strong ones; keep them to beat with later.",
    ),
    "endgame_win": N_("The stock is empty and every card is known: this move wins."),
    "endgame_draw": N_("The stock is empty and every card is known: this move gets you a draw."),
    "endgame_loss": N_(
        "The stock is empty and every card is known: the AI can win whatever you do, "
        "but this move makes it hardest."
    ),
    "only_move": N_("It is the only move the rules allow you here."),
    "search_best": N_(
        "No simple rule explains this move: the AI tried the moves out, and this one did best."
    ),
}
"""One message per AI hint reason code (``durak.ai.HintReason`` values)."""

HINT_PRINCIPLES: dict[str, str] = {
    "lead_low": N_(
        "Which card can you lead that you will not miss later? Think of your lowest plain card, and of pairs."
    ),
    "lead_unbeatable": N_("Is there a card the AI cannot beat at all? Count the higher cards that are gone."),
    "lead_force_trump": N_("Which of your cards could the AI beat only with a trump, if at all?"),
    "beat_cheap": N_(
        "Which card beats it at the lowest cost? A plain card if one does, and the lowest that does."
    ),
    "beat_no_throw_in": N_("Which card beats it and gives the AI no new rank to throw in?"),
    "take_or_beat": N_("Is beating worth what it costs you, with this many cards still in the stock?"),
    "throw_in": N_("Do you hold a card of a rank on the table that you are happy to give up?"),
    "keep_or_add": N_("Is any card you could add worth more in your hand?"),
    "endgame": N_(
        "The stock is empty and every card is known: what can the AI answer to each of your moves?"
    ),
    "compare": N_("Compare what each move leaves in your hand, and what the AI can do next."),
}
"""The first step of a hint: the principle in play, without the move (``durak.ai.teaching.Principle``)."""

# Translators: {move} is a move as the hint or the review names it, e.g. "beat it with 9♣" or "take".
HINT_EXCEPTION = N_("Lesson 06’s rule of thumb says “{move}”; this position is an exception:")
# Translators: a hint's or a key moment's move that no rule of thumb explains; {best} and {lesson} are
# moves as the hint or the review names them ("beat it with 9♣", "take").
NO_RULE = N_(
    "No rule of thumb explains “{best}” here: the AI tried the moves out, and it did clearly better. As a "
    "habit, lesson 06’s move, “{lesson}”, stays the right one."
)
# Translators: {moves} lists moves as the hint names them, e.g. "beat it with 9♣ · take the cards".
HINT_CANDIDATES = N_("Worth a look: {moves}.")


# The reasons whose sentence says the move itself, card and all ("Beat with Д♦ and keep ...",
# "Take the cards: ...", "Stop: ..."): the hint's last step then does not say the move twice.
SAYS_THE_MOVE = frozenset({
    "only_plain_lead", "lowest_trump_lead", "lead_pair", "lead_low_trump", "lead_top_trump",
    "lead_seen_beater", "only_beater", "lowest_trump_beater", "beat_no_throw_in", "beat_keep_pair",
    "beat_spare_trump", "take_nothing_beats", "take_costly", "take_to_keep", "take_keep_only",
    "take_gets_back", "take_cheap_early", "take_keep_trump", "throw_in_trump", "throw_keep_pair",
    "stop_keep_cards", "stop_nothing_to_add", "stop_only_trumps", "stop_bout_full", "stop_ai_beats",
    "stop_keep_pair", "stop_keep_strong",
})  # fmt: skip


def hint_message(reason_code: str, **cards: object) -> str:
    """Why the AI suggests a move, for a hint reason code such as ``"lowest_card"``, with the
    cards its sentence names (``card``, ``other``, ``extra``: a card; ``cards``: several).

    An unknown code (a newer AI) gets a general sentence rather than an error, and a card
    the sentence names but the caller did not give is shown as "…".

    >>> hint_message("keep_trumps")
    'Beat without a trump if you can: trumps are worth keeping.'
    >>> hint_message("stop_keep_pair", card="8♠", other="8♦")
    'Stop and keep 8♠: with 8♦ it makes a pair you can lead later.'
    >>> hint_message("stop_keep_strong", cards=("Т♠",))  # one card or several: the sentence counts
    'Stop: the card you could add (Т♠) is a strong one; keep it to beat with later.'
    """
    message = HINT_MESSAGES.get(str(reason_code))
    if message is None:
        return gettext("This is the move the AI suggests.")
    params = {name: shown(value) for name, value in cards.items() if value is not None}
    if isinstance(message, tuple):  # a sentence that counts: ``n``, or the cards in ``cards``
        named = cards.get("cards")
        number = cards.get("n")
        count = number if isinstance(number, int) else len(named) if isinstance(named, tuple | list) else 2
        params.pop("n", None)  # the count itself: say_count writes it as the language writes numbers
        missing = {name: "…" for name in _fields(message[1]) if name not in params and name != "n"}
        return say_count(*message, count, **params, **missing)
    missing = {name: "…" for name in _fields(message) if name not in params}
    return say(message, **params, **missing)


class _Explained(Protocol):
    """A hint's explanation (``durak.ai.teaching.Explanation``), as far as its text needs it."""

    @property
    def reason(self) -> str: ...
    @property
    def card(self) -> Card | None: ...
    @property
    def other(self) -> Card | None: ...
    @property
    def extra(self) -> Card | None: ...
    @property
    def cards(self) -> tuple[Card, ...]: ...
    @property
    def count(self) -> int | None: ...


def reason_text(why: _Explained) -> str:
    """The sentence of a hint's explanation, with the cards it names.

    >>> from durak.ai.teaching import Explanation, HintReason
    >>> reason_text(Explanation(HintReason.STOP_ONLY_TRUMPS, cards=(Card.parse("9♥"), Card.parse("Т♥"))))
    'Stop: the only cards you could add are trumps (9♥ Т♥); keep them for the end of the game.'
    """
    return hint_message(
        why.reason, card=why.card, other=why.other, extra=why.extra, cards=why.cards or None, n=why.count
    )


def hint_principle(principle: str) -> str:
    """The first step of a hint: the question to ask, without the move."""
    message = HINT_PRINCIPLES.get(str(principle))
    return gettext(message if message is not None else HINT_PRINCIPLES["compare"])


def hint_exception(move: str) -> str:
    """That the hinted move departs from lesson 6's rule of thumb, which would play ``move``."""
    return say(HINT_EXCEPTION, move=move)


def no_rule_text(best: object, lesson: object) -> str:
    """That no rule of thumb explains the move ``best`` (the search's, clearly better here), and
    that lesson 06's ``lesson`` stays the habit: not "an exception" no rule explains."""
    return say(NO_RULE, best=best, lesson=lesson)


def hint_candidates(moves: list[str]) -> str:
    """The second step of a hint: the moves worth a look."""
    return say(HINT_CANDIDATES, moves=" · ".join(moves))


# --- the rules and the deck ------------------------------------------------------------


def deck_description() -> list[str]:
    """The Atlasnye deck in a few paragraphs (rule R1)."""
    return [
        gettext(
            "The Atlasnye (Атласные) cards are a Russian pattern printed in St Petersburg. "
            "The deck has 36 cards in four French suits: ♠ spades, ♣ clubs, ♥ hearts and ♦ diamonds. "
            "Hearts and diamonds are red."
        ),
        gettext("In every suit the ranks run from low to high: 6, 7, 8, 9, 10, В, Д, К, Т."),
        gettext(
            "The jack, queen, king and ace carry Cyrillic indices: В is Валет, the jack; Д is Дама, "
            "the queen; К is Король, the king; Т is Туз, the ace."
        ),
        gettext("Careful: Т is the ace, not the ten. The ten is written 10."),
    ]


def rules_sections() -> list[tuple[str, list[str]]]:
    """The rules in four sections, each a title and its paragraphs (rules R1–R12)."""
    return [
        (
            gettext("Goal"),
            [
                gettext("Two players: you and the AI, in a single deal."),
                gettext(
                    "Get rid of all your cards once the stock is empty. The player left holding cards "
                    "is the Durak (the fool) and loses. If both of you run out of cards in the same bout, "
                    "the deal is a draw."
                ),
            ],
        ),
        (
            gettext("Setup"),
            [
                gettext(
                    "The game uses the 36 Atlasnye cards. In every suit the ranks run from low to high: "
                    "6, 7, 8, 9, 10, Валет, Дама, Король, Туз."
                ),
                gettext(
                    "The cards are shuffled and each player is dealt six. The next card is turned face up: "
                    "its suit is trump for the whole deal. It goes face up to the bottom of the stock, so "
                    "that it is the last card drawn. The stock then holds 24 cards."
                ),
                gettext(
                    "The player holding the lowest trump attacks first. If neither of you holds a trump, "
                    "you attack first."
                ),
            ],
        ),
        (
            gettext("Playing a bout"),
            [
                gettext("The attacker leads any one card."),
                gettext(
                    "The defender beats it with a higher card of the same suit or, if it is not a trump, "
                    "with any trump. A trump is beaten only by a higher trump. You need not follow suit: "
                    "you may beat with a trump even when you hold the suit."
                ),
                gettext(
                    "Attack cards come one at a time. Each time the attack card is beaten, the attacker may "
                    "throw in one more card of a rank already on the table (attack or defence card), or stop."
                ),
                gettext(
                    "A bout holds at most six attack cards, and never more attack cards than the defender "
                    "held when the bout began."
                ),
                gettext(
                    "Instead of beating an attack card, the defender may take, even when able to beat it. "
                    "The attacker may then still throw in matching cards, one by one or all at once, within "
                    "the same limits, and then stops; these cards are not beaten. The defender picks up "
                    "every card of the bout and skips the next attack: the same player attacks again."
                ),
                gettext(
                    "When every attack card is beaten and the attacker stops, all the cards on the table "
                    "are discarded (out of the game, face down) and the defender becomes the next attacker."
                ),
                gettext(
                    "After every bout the attacker of that bout draws from the stock up to six cards "
                    "first, then the defender. If the stock runs short, draw until it is empty; the face-up "
                    "trump card is drawn last."
                ),
            ],
        ),
        (
            gettext("Scoring and end"),
            [
                gettext("There are no card points: all that counts is who is left holding cards."),
                gettext(
                    "Players go out only once the stock is empty, and hands are checked only after a "
                    "complete bout, once both players have drawn."
                ),
                gettext(
                    "If both hands are empty, the deal is a draw. Otherwise the player still holding cards "
                    "is the Durak and loses."
                ),
            ],
        ),
    ]
