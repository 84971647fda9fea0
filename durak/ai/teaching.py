"""Lesson 06's voice: its rule of thumb, and reasons for a move that hold in their position.

Hints and reviews speak with the lessons: the rule of thumb the learner was taught in lesson 06
(:mod:`durak.tutorial.lessons.content.strategy`, the policy of :mod:`durak.ai.policy`) is
:func:`lesson_move`; :func:`explain` says why a move is good in words a beginner can reuse, and
when the move is not the lesson's, what in this position makes the difference; :func:`holds`
checks that an explanation's claim is true in its position (the tests and
``bench/hint_quality.py`` run it on every reason given). Everything here reads only the
player's :class:`~durak.game.Observation`: never the other hand nor the stock order.

>>> from durak import Game
>>> game = Game.from_deal(["9♣", "10♣", "Т♣", "7♥"], ["8♣", "9♠"], ["6♦", "Т♦"], attacker=1, trump="♦")
>>> _ = game.apply("attack 8♣")
>>> seen = game.observation(0)
>>> str(lesson_action(seen))  # beat with the lowest card that does it
'defend 9♣'
>>> why = explain(seen, lesson_move(seen))
>>> why.reason.value, holds(seen, lesson_action(seen), why)
('lowest_beater', True)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from durak.actions import DEFEND_OFFSET, Action
from durak.ai.policy import add_move, defend_move, lead_card, throw_move
from durak.cards import Card
from durak.game import ACTION_OF_MOVE, CARD_OF_VALUE, Observation, Phase, move_of_action
from durak.kernel import BEATS, NONTRUMPS, RANK, SAME_RANK, STOP, TAKE, TRUMPS, table_ranks

__all__ = [
    "FULL_STOCK",
    "Breach",
    "Explanation",
    "HintReason",
    "Lesson",
    "Principle",
    "breach",
    "explain",
    "holds",
    "lesson_action",
    "lesson_move",
]

HIGH_TRUMP_RANK = 3  # the nine of trumps or better: lesson 06 takes rather than spend one early
STRONG_RANK = 5  # a jack or better: a strong card to keep
FULL_STOCK = 8  # "early in the game": the stock still holds this many cards (the policy's own limit)
SEVERAL_TRUMPS = 3  # holding this many trumps, one may be spared
CHEAP_RANK = 4  # a ten or lower: a cheap card to take


class Lesson(enum.StrEnum):
    """The parts of lesson 06 (its topics' keys), which hints and reviews point to."""

    WHEN_TO_TAKE = "when_to_take"
    LEADING = "leading"
    SAVING_TRUMPS = "saving_trumps"
    TRUMP_CARD = "trump_card"
    COUNTING = "counting"


class Principle(enum.StrEnum):
    """The question a first hint asks, without giving the move away."""

    LEAD_LOW = "lead_low"  # what can you lead that you will not miss?
    LEAD_UNBEATABLE = "lead_unbeatable"  # is there a card the AI cannot beat?
    LEAD_FORCE_TRUMP = "lead_force_trump"  # which card could the AI beat only with a trump?
    BEAT_CHEAP = "beat_cheap"  # the cheapest card that beats, and no trump if a plain card will do
    BEAT_NO_THROW_IN = "beat_no_throw_in"  # which beater leaves the AI nothing new to throw in?
    TAKE_OR_BEAT = "take_or_beat"  # is beating worth what it costs, this early?
    THROW_IN = "throw_in"  # a cheap card of a rank on the table?
    KEEP_OR_ADD = "keep_or_add"  # is the card worth giving up?
    ENDGAME = "endgame"  # everything is known: which move wins against every answer?
    COMPARE = "compare"  # no rule of thumb: what does each move leave you?


class HintReason(enum.StrEnum):
    """Why a move is good; the notebook translates each code (``durak.messages.HINT_MESSAGES``)."""

    LOWEST_CARD = "lowest_card"  # lead your lowest plain card (there is a choice)
    ONLY_PLAIN_LEAD = "only_plain_lead"  # lead your only plain card, not a trump
    LOWEST_TRUMP_LEAD = "lowest_trump_lead"  # only trumps in hand: lead the lowest
    GET_RID_OF_PAIR = "get_rid_of_pair"  # lead a plain card whose twin you hold (the lowest pair)
    LEAD_PAIR = "lead_pair"  # exception: a pair rather than the lowest card
    LEAD_UNBEATABLE = "lead_unbeatable"  # no card the AI can hold beats it
    LEAD_TOP_TRUMP = "lead_top_trump"  # the ace of trumps: nothing beats it
    LEAD_SEEN_BEATER = "lead_seen_beater"  # only one card still out beats it, and the AI was seen to take it
    LEAD_LOW_TRUMP = "lead_low_trump"  # exception: the lowest trump, which only a higher trump beats
    LEAD_FORCES_TRUMP = "lead_forces_trump"  # no plain card the AI can hold beats it: a trump or a take
    LOWEST_BEATER = "lowest_beater"  # beat with the lowest card that beats (there is a choice)
    KEEP_TRUMPS = "keep_trumps"  # the lowest plain beater, while a trump beats too
    ONLY_BEATER = "only_beater"  # the only card that beats
    LOWEST_TRUMP_BEATER = "lowest_trump_beater"  # no plain card beats: the lowest trump that does
    BEAT_NO_THROW_IN = "beat_no_throw_in"  # exception: its rank gives the AI nothing new to throw in
    BEAT_KEEP_PAIR = "beat_keep_pair"  # exception: keep the lower beater, one of a pair
    BEAT_SPARE_TRUMP = "beat_spare_trump"  # exception: several trumps in hand, one can be spared
    TAKE_NOTHING_BEATS = "take_nothing_beats"  # take: no card beats
    TAKE_COSTLY = "take_costly"  # take: only a high trump beats a plain card, early
    TAKE_TO_KEEP_CARDS = "take_to_keep"  # take and keep a strong lowest beater (trump or jack+)
    TAKE_KEEP_ONLY_BEATER = "take_keep_only"  # take and keep the only beater, a strong one
    TAKE_GETS_BACK = "take_gets_back"  # take: get back the strong cards you beat with in this bout
    TAKE_CHEAP_EARLY = "take_cheap_early"  # take cheap cards early rather than spend a strong one
    TAKE_KEEP_TRUMP = "take_keep_trump"  # only a trump beats a plain card: take and keep it
    THROW_IN = "throw_in"  # add a plain card of a rank on the table
    THROW_IN_TRUMP = "throw_in_trump"  # add a trump of a rank on the table (said as a trump)
    THROW_KEEP_PAIR = "throw_keep_pair"  # exception: add another card, keep one of a pair
    THROW_IN_AFTER_TAKE = "throw_in_after_take"  # the defender takes: hand over a card
    STOP_KEEP_CARDS = "stop_keep_cards"  # (older code) stop and keep your cards
    STOP_NOTHING_TO_ADD = "stop_nothing_to_add"  # stop: nothing matches
    STOP_ONLY_TRUMPS = "stop_only_trumps"  # stop: only trumps match
    STOP_BOUT_FULL = "stop_bout_full"  # stop: the bout holds all the attacks it may
    STOP_AI_BEATS = "stop_ai_beats"  # stop: the AI was seen to take a card that beats it
    STOP_KEEP_PAIR = "stop_keep_pair"  # stop: the card is one of a pair to lead later
    STOP_KEEP_STRONG = "stop_keep_strong"  # stop: the cards that match are strong ones
    ENDGAME_WIN = "endgame_win"  # exact solve: this move wins
    ENDGAME_DRAW = "endgame_draw"  # exact solve: the best result is a draw
    ENDGAME_LOSS = "endgame_loss"  # every move loses against best play; this one resists longest
    ONLY_MOVE = "only_move"  # a single legal action
    SEARCH_BEST = "search_best"  # no rule explains it: the search rates this move best


@dataclass(frozen=True, slots=True)
class Explanation:
    """A reason code with the cards its sentence names.

    ``card`` is the move's card (or the card the reason is about), ``other`` the card it is
    weighed against (the lesson's, a twin, a card the AI was seen to take), ``extra`` a third;
    ``count`` a number the sentence states (the cards left in the stock).
    """

    reason: HintReason
    card: Card | None = None
    other: Card | None = None
    extra: Card | None = None
    cards: tuple[Card, ...] = ()
    count: int | None = None

    @property
    def principle(self) -> Principle:
        return PRINCIPLE_OF[self.reason]

    @property
    def lesson(self) -> Lesson | None:
        """The part of lesson 06 the reason comes from (None: no lesson teaches it)."""
        return LESSON_OF.get(self.reason)

    @property
    def generic(self) -> bool:
        """True for the reason that names no principle (the search's say-so)."""
        return self.reason is HintReason.SEARCH_BEST


PRINCIPLE_OF: dict[HintReason, Principle] = {
    HintReason.LOWEST_CARD: Principle.LEAD_LOW,
    HintReason.ONLY_PLAIN_LEAD: Principle.LEAD_LOW,
    HintReason.LOWEST_TRUMP_LEAD: Principle.LEAD_LOW,
    HintReason.GET_RID_OF_PAIR: Principle.LEAD_LOW,
    HintReason.LEAD_PAIR: Principle.LEAD_LOW,
    HintReason.LEAD_UNBEATABLE: Principle.LEAD_UNBEATABLE,
    HintReason.LEAD_TOP_TRUMP: Principle.LEAD_UNBEATABLE,
    HintReason.LEAD_SEEN_BEATER: Principle.LEAD_UNBEATABLE,
    HintReason.LEAD_LOW_TRUMP: Principle.LEAD_FORCE_TRUMP,
    HintReason.LEAD_FORCES_TRUMP: Principle.LEAD_FORCE_TRUMP,
    HintReason.LOWEST_BEATER: Principle.BEAT_CHEAP,
    HintReason.KEEP_TRUMPS: Principle.BEAT_CHEAP,
    HintReason.ONLY_BEATER: Principle.TAKE_OR_BEAT,
    HintReason.LOWEST_TRUMP_BEATER: Principle.BEAT_CHEAP,
    HintReason.BEAT_NO_THROW_IN: Principle.BEAT_NO_THROW_IN,
    HintReason.BEAT_KEEP_PAIR: Principle.BEAT_CHEAP,
    HintReason.BEAT_SPARE_TRUMP: Principle.TAKE_OR_BEAT,
    HintReason.TAKE_NOTHING_BEATS: Principle.TAKE_OR_BEAT,
    HintReason.TAKE_COSTLY: Principle.TAKE_OR_BEAT,
    HintReason.TAKE_TO_KEEP_CARDS: Principle.TAKE_OR_BEAT,
    HintReason.TAKE_GETS_BACK: Principle.TAKE_OR_BEAT,
    HintReason.TAKE_KEEP_ONLY_BEATER: Principle.TAKE_OR_BEAT,
    HintReason.TAKE_CHEAP_EARLY: Principle.TAKE_OR_BEAT,
    HintReason.TAKE_KEEP_TRUMP: Principle.TAKE_OR_BEAT,
    HintReason.THROW_IN: Principle.THROW_IN,
    HintReason.THROW_IN_TRUMP: Principle.THROW_IN,
    HintReason.THROW_KEEP_PAIR: Principle.THROW_IN,
    HintReason.THROW_IN_AFTER_TAKE: Principle.THROW_IN,
    HintReason.STOP_KEEP_CARDS: Principle.KEEP_OR_ADD,
    HintReason.STOP_NOTHING_TO_ADD: Principle.THROW_IN,
    HintReason.STOP_ONLY_TRUMPS: Principle.KEEP_OR_ADD,
    HintReason.STOP_BOUT_FULL: Principle.THROW_IN,
    HintReason.STOP_AI_BEATS: Principle.KEEP_OR_ADD,
    HintReason.STOP_KEEP_PAIR: Principle.KEEP_OR_ADD,
    HintReason.STOP_KEEP_STRONG: Principle.KEEP_OR_ADD,
    HintReason.ENDGAME_WIN: Principle.ENDGAME,
    HintReason.ENDGAME_DRAW: Principle.ENDGAME,
    HintReason.ENDGAME_LOSS: Principle.ENDGAME,
    HintReason.ONLY_MOVE: Principle.COMPARE,
    HintReason.SEARCH_BEST: Principle.COMPARE,
}

LESSON_OF: dict[HintReason, Lesson] = {
    **dict.fromkeys(
        (
            HintReason.LOWEST_CARD, HintReason.ONLY_PLAIN_LEAD, HintReason.LOWEST_TRUMP_LEAD,
            HintReason.GET_RID_OF_PAIR, HintReason.LEAD_PAIR, HintReason.THROW_IN, HintReason.LEAD_LOW_TRUMP,
            HintReason.THROW_IN_AFTER_TAKE, HintReason.STOP_KEEP_PAIR, HintReason.THROW_KEEP_PAIR,
        ),
        Lesson.LEADING,
    ),
    **dict.fromkeys(
        (
            HintReason.LOWEST_BEATER, HintReason.KEEP_TRUMPS, HintReason.LOWEST_TRUMP_BEATER,
            HintReason.BEAT_KEEP_PAIR, HintReason.STOP_ONLY_TRUMPS, HintReason.STOP_KEEP_STRONG,
            HintReason.THROW_IN_TRUMP,
        ),
        Lesson.SAVING_TRUMPS,
    ),
    **dict.fromkeys(
        (
            HintReason.TAKE_COSTLY, HintReason.TAKE_TO_KEEP_CARDS, HintReason.TAKE_CHEAP_EARLY,
            HintReason.TAKE_KEEP_TRUMP, HintReason.TAKE_GETS_BACK,
            HintReason.TAKE_KEEP_ONLY_BEATER,
            HintReason.ONLY_BEATER, HintReason.BEAT_SPARE_TRUMP,
        ),
        Lesson.WHEN_TO_TAKE,
    ),
    **dict.fromkeys(
        (
            HintReason.LEAD_UNBEATABLE, HintReason.LEAD_FORCES_TRUMP, HintReason.BEAT_NO_THROW_IN,
            HintReason.LEAD_TOP_TRUMP, HintReason.LEAD_SEEN_BEATER,
            HintReason.STOP_AI_BEATS,
            HintReason.ENDGAME_WIN, HintReason.ENDGAME_DRAW, HintReason.ENDGAME_LOSS,
        ),
        Lesson.COUNTING,
    ),
}  # fmt: skip


# --- lesson 06's move -----------------------------------------------------------------------


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _out(observation: Observation) -> int:
    """The cards the AI may hold now or draw later: all it could beat or throw in with (the
    face-up trump card too: whoever draws it is still to be seen)."""
    face_up = 1 << observation.trump_card_value if observation.trump_card_in_stock else 0
    return observation.unseen_mask | observation.opponent_known_mask | face_up


def _strong(value: int) -> bool:
    """A card worth keeping: a trump, or a plain jack or better."""
    return value >= 27 or RANK[value] >= STRONG_RANK


def _ranks(observation: Observation) -> int:
    return table_ranks(observation.attacks, observation.defences)


def lesson_move(observation: Observation) -> int:
    """Lesson 06's rule of thumb (the policy's :func:`~durak.ai.policy.rule_move`) for the
    player's position, as a kernel move: the rules as the lesson words them, which never look at
    the other hand. (With the stock empty the policy also plays what the known hand allows, a card
    the attacker cannot answer with a throw-in; the lesson does not teach that, and the exact
    solver judges those positions.)
    """
    hand = observation.hand_mask
    stock = max(observation.stock_size, 1)  # the lesson's rules, also once the stock is empty
    other = 0
    phase = observation.phase
    if phase == Phase.LEAD:
        return lead_card(hand, other, stock)
    if phase == Phase.DEFEND:
        return defend_move(hand, other, observation.attacks[-1], stock)
    room = observation.bout_limit - len(observation.attacks)
    if phase == Phase.THROW_IN:
        return throw_move(hand, other, _ranks(observation), room, stock)
    return add_move(hand, _ranks(observation), room, stock)


def lesson_action(observation: Observation) -> Action:
    """:func:`lesson_move` as an :class:`~durak.actions.Action`."""
    return ACTION_OF_MOVE[observation.trump_index][lesson_move(observation)]


# --- breaches of lesson 06 ------------------------------------------------------------------


class Breach(enum.StrEnum):
    """A habit lesson 06 teaches against, seen in a move while the stock holds cards."""

    HIGH_TRUMP_EARLY = "high_trump_early"  # a high trump spent on a plain card with the stock full
    TRUMP_WHERE_PLAIN_BEATS = "trump_where_plain_beats"  # a trump spent where a plain card beats
    HIGHER_THAN_NEEDED = "higher_than_needed"  # a higher card than needed, of the same kind
    TRUMP_LEAD = "trump_lead"  # a trump led while plain cards were in hand
    HIGH_LEAD = "high_lead"  # a plain card led higher than the lesson's lead, and no pair
    TRUMP_GIVEN = "trump_given"  # a trump thrown in, or handed to the taker

    @property
    def lesson(self) -> Lesson:
        """The part of lesson 06 that teaches the habit."""
        return _BREACH_LESSONS.get(self, Lesson.SAVING_TRUMPS)


_BREACH_LESSONS = {
    Breach.HIGH_TRUMP_EARLY: Lesson.WHEN_TO_TAKE,
    Breach.TRUMP_LEAD: Lesson.LEADING,
    Breach.HIGH_LEAD: Lesson.LEADING,
}


def breach(observation: Observation, move: int) -> Breach | None:
    """The lesson-06 habit that ``move`` (a kernel move) goes against, if any: only while the
    stock holds cards (after that every card is known, and the exact solver judges).

    >>> from durak import Game
    >>> stock = ["7♥", "8♥", "9♥", "10♥", "В♥", "Д♥", "К♥", "6♦"]  # eight cards, trump ♦
    >>> game = Game.from_deal(["10♣", "Т♦", "6♠"], ["7♣", "9♠"], stock, attacker=1)
    >>> _ = game.apply("attack 7♣")
    >>> seen = game.observation(0)
    >>> breach(seen, move_of_action(Action.defend("Т♦"), seen.trump_index)).value  # 10♣ beats too
    'trump_where_plain_beats'
    >>> breach(seen, move_of_action(Action.defend("10♣"), seen.trump_index)) is None  # the lesson's move
    True
    """
    if not observation.stock_size or move == lesson_move(observation):
        return None
    hand = observation.hand_mask
    phase = observation.phase
    if phase == Phase.LEAD:
        if move >= 27:
            return Breach.TRUMP_LEAD if hand & NONTRUMPS else None
        lead = lesson_move(observation)
        if lead < 27 and RANK[move] > RANK[lead] and not hand & SAME_RANK[move] & ~(1 << move):
            return Breach.HIGH_LEAD
        return None
    if phase == Phase.DEFEND:  # named against the lesson's own move there
        if not DEFEND_OFFSET <= move < TAKE:
            return None
        card = move - DEFEND_OFFSET
        lesson = lesson_move(observation)
        if lesson == TAKE:
            return Breach.HIGH_TRUMP_EARLY if card >= 27 and observation.attacks[-1] < 27 else None
        kept = lesson - DEFEND_OFFSET
        if card >= 27 > kept:
            return Breach.TRUMP_WHERE_PLAIN_BEATS
        return Breach.HIGHER_THAN_NEEDED if kept < card else None
    return Breach.TRUMP_GIVEN if 27 <= move < DEFEND_OFFSET else None


# --- explanations ---------------------------------------------------------------------------


def explain(
    observation: Observation, move: int, lesson: int | None = None, against: tuple[int, ...] = ()
) -> Explanation:
    """Why ``move`` (a kernel move) is good in this position, for a move of the search's or the
    lesson's. With ``lesson`` (lesson 06's move, when it differs) the explanation says what in
    this position speaks for ``move`` instead; failing any, the search's say-so. A reason as
    true of a move in ``against`` (a review's move played) is passed over: it would not say why
    ``move`` was better than that one.
    """
    if lesson is None:
        lesson = lesson_move(observation)
    if move != lesson:
        found = _first(observation, move, lesson, _EXCEPTIONS[observation.phase], against)
    else:
        found = _first(observation, move, None, _CANDIDATES[observation.phase], against)
    return found if found is not None else Explanation(HintReason.SEARCH_BEST, _card(observation, move))


def _card(observation: Observation, move: int) -> Card | None:
    if move in (TAKE, STOP):
        return None
    return CARD_OF_VALUE[observation.trump_index][move % DEFEND_OFFSET]


def _first(
    observation: Observation,
    move: int,
    lesson: int | None,
    reasons: tuple[HintReason, ...],
    against: tuple[int, ...],
) -> Explanation | None:
    """The first of ``reasons`` that holds for ``move`` (against ``lesson``'s move, if given) and
    is not as true of a move in ``against``."""
    for reason in reasons:
        why = _build(observation, move, lesson, reason)
        if why is None or not _claim(observation, move, lesson, why):
            continue
        if not any(_alike(observation, other, reason) for other in against if other != move):
            return why
    return None


def _alike(observation: Observation, other: int, reason: HintReason) -> bool:
    """Whether ``reason`` holds of the move ``other`` as well."""
    said = _build(observation, other, None, reason)
    return said is not None and _claim(observation, other, None, said)


def _build(observation: Observation, move: int, lesson: int | None, reason: HintReason) -> Explanation | None:
    """The explanation ``reason`` would give for ``move``, with its cards (unchecked)."""
    value = CARD_OF_VALUE[observation.trump_index]
    hand = observation.hand_mask
    card = _card(observation, move)
    other = None if lesson is None else _card(observation, lesson)
    if reason in (HintReason.GET_RID_OF_PAIR, HintReason.LEAD_PAIR):
        if card is None:
            return None
        twin = hand & NONTRUMPS & SAME_RANK[move] & ~(1 << move)
        if reason is HintReason.GET_RID_OF_PAIR:
            return Explanation(reason, card)  # its sentence names no card
        return Explanation(reason, card, value[_low(twin)] if twin else None)
    if reason is HintReason.BEAT_KEEP_PAIR and lesson is not None and DEFEND_OFFSET <= lesson < TAKE:
        kept = lesson - DEFEND_OFFSET
        twin = hand & SAME_RANK[kept] & ~(1 << kept)
        return Explanation(reason, card, other, value[_low(twin)] if twin else None)
    if reason is HintReason.THROW_KEEP_PAIR and lesson is not None and lesson < DEFEND_OFFSET:
        twin = hand & SAME_RANK[lesson] & ~(1 << lesson) & ~(1 << move)
        return Explanation(reason, card, other, value[_low(twin)] if twin else None)
    if reason in (HintReason.TAKE_COSTLY, HintReason.TAKE_CHEAP_EARLY, HintReason.TAKE_KEEP_TRUMP):
        beaters = hand & BEATS[observation.attacks[-1]]
        return Explanation(reason, value[_low(beaters)] if beaters else None, count=observation.stock_size)
    if reason in (HintReason.TAKE_TO_KEEP_CARDS, HintReason.TAKE_KEEP_ONLY_BEATER):
        beaters = hand & BEATS[observation.attacks[-1]]
        return Explanation(reason, value[_low(beaters)] if beaters else None)
    if reason is HintReason.TAKE_GETS_BACK:
        beaters = hand & BEATS[observation.attacks[-1]]
        back = [v for v in observation.defences if v >= 0 and _strong(v)]
        return Explanation(
            reason, value[_low(beaters)] if beaters else None, cards=tuple(value[v] for v in back)
        )
    if reason is HintReason.BEAT_SPARE_TRUMP:
        trumps = hand & TRUMPS & ~(1 << (move - DEFEND_OFFSET)) if DEFEND_OFFSET <= move < TAKE else 0
        return Explanation(reason, card, cards=tuple(value[v] for v in range(27, 36) if trumps >> v & 1))
    if reason is HintReason.LEAD_SEEN_BEATER:
        beaters = _out(observation) & BEATS[move] if move < DEFEND_OFFSET else 0
        return Explanation(reason, card, value[_low(beaters)] if beaters else None)
    if reason in (HintReason.STOP_AI_BEATS, HintReason.STOP_KEEP_PAIR, HintReason.STOP_KEEP_STRONG):
        return _stop_explanation(observation, reason, lesson)
    if reason is HintReason.STOP_ONLY_TRUMPS:
        matching = hand & _ranks(observation)
        return Explanation(reason, cards=tuple(value[v] for v in range(36) if matching >> v & 1))
    return Explanation(reason, card, other)


def _stop_explanation(observation: Observation, reason: HintReason, lesson: int | None) -> Explanation | None:
    """Why stop rather than add lesson 06's card (``lesson``)."""
    if lesson is None or lesson in (TAKE, STOP):
        return None
    value = CARD_OF_VALUE[observation.trump_index]
    hand = observation.hand_mask
    if reason is HintReason.STOP_AI_BEATS:
        beaters = observation.opponent_known_mask & BEATS[lesson]
        return Explanation(reason, value[lesson], value[_low(beaters)] if beaters else None)
    if reason is HintReason.STOP_KEEP_PAIR:
        twin = hand & SAME_RANK[lesson] & ~(1 << lesson)
        return Explanation(reason, value[lesson], value[_low(twin)] if twin else None)
    matching = hand & _ranks(observation)
    return Explanation(reason, value[lesson], cards=tuple(value[v] for v in range(36) if matching >> v & 1))


_CANDIDATES: dict[Phase, tuple[HintReason, ...]] = {
    Phase.LEAD: (
        HintReason.LEAD_TOP_TRUMP, HintReason.LEAD_UNBEATABLE, HintReason.GET_RID_OF_PAIR,
        HintReason.LOWEST_CARD, HintReason.ONLY_PLAIN_LEAD, HintReason.LOWEST_TRUMP_LEAD,
    ),
    Phase.DEFEND: (
        HintReason.TAKE_NOTHING_BEATS, HintReason.TAKE_COSTLY, HintReason.ONLY_BEATER,
        HintReason.KEEP_TRUMPS, HintReason.LOWEST_BEATER, HintReason.LOWEST_TRUMP_BEATER,
        HintReason.BEAT_NO_THROW_IN,
    ),
    Phase.THROW_IN: (
        HintReason.THROW_IN, HintReason.THROW_IN_TRUMP, HintReason.STOP_BOUT_FULL,
        HintReason.STOP_NOTHING_TO_ADD, HintReason.STOP_ONLY_TRUMPS,
    ),
    Phase.ADDING: (
        HintReason.THROW_IN_AFTER_TAKE, HintReason.STOP_BOUT_FULL, HintReason.STOP_NOTHING_TO_ADD,
        HintReason.STOP_ONLY_TRUMPS,
    ),
}  # fmt: skip
"""The reasons lesson 06 gives for its own move, by phase, the most telling first."""

_EXCEPTIONS: dict[Phase, tuple[HintReason, ...]] = {
    Phase.LEAD: (
        HintReason.LEAD_TOP_TRUMP, HintReason.LEAD_UNBEATABLE, HintReason.LEAD_SEEN_BEATER,
        HintReason.LEAD_FORCES_TRUMP, HintReason.LEAD_PAIR, HintReason.LOWEST_CARD, HintReason.LEAD_LOW_TRUMP,
    ),
    Phase.DEFEND: (
        HintReason.TAKE_CHEAP_EARLY, HintReason.TAKE_COSTLY, HintReason.TAKE_GETS_BACK,
        HintReason.TAKE_TO_KEEP_CARDS, HintReason.TAKE_KEEP_ONLY_BEATER, HintReason.TAKE_KEEP_TRUMP,
        HintReason.BEAT_NO_THROW_IN, HintReason.BEAT_KEEP_PAIR,
        HintReason.BEAT_SPARE_TRUMP, HintReason.KEEP_TRUMPS, HintReason.LOWEST_BEATER,
    ),
    Phase.THROW_IN: (
        HintReason.STOP_AI_BEATS, HintReason.STOP_KEEP_PAIR, HintReason.STOP_KEEP_STRONG,
        HintReason.THROW_KEEP_PAIR, HintReason.THROW_IN_TRUMP, HintReason.THROW_IN,
    ),
    Phase.ADDING: (
        HintReason.STOP_KEEP_PAIR, HintReason.STOP_KEEP_STRONG, HintReason.THROW_KEEP_PAIR,
        HintReason.THROW_IN_AFTER_TAKE,
    ),
}  # fmt: skip
"""What may speak for a move other than lesson 06's, by phase, the most telling first."""


# --- the claims -----------------------------------------------------------------------------


def holds(
    observation: Observation, action: Action, explanation: Explanation, lesson: Action | None = None
) -> bool:
    """Whether ``explanation``'s claim is true for ``action`` in the player's position (and,
    given lesson 06's ``lesson`` move where it differs, what it says against that move).

    >>> from durak import Game
    >>> game = Game.from_deal(["6♠", "Т♠"], ["8♣", "9♦"], ["6♦", "7♠"], attacker=1, trump="♠")
    >>> _ = game.apply("attack 8♣")
    >>> seen = game.observation(0)
    >>> holds(seen, Action.parse("take"), Explanation(HintReason.TAKE_TO_KEEP_CARDS))  # 6♠ is no strong card
    False
    """
    trump = observation.trump_index
    move = move_of_action(action, trump)
    other = move_of_action(lesson, trump) if lesson is not None and lesson != action else None
    reason = explanation.reason
    said_as_built = reason in _UNBUILT or _build(observation, move, other, reason) == explanation
    return said_as_built and _claim(
        observation, move, other, explanation
    )  # the cards named are the position's


def _moves_allowed(observation: Observation) -> int:
    """How many moves the rules allow the player (R5-R10), counted from the observation."""
    hand = observation.hand_mask
    if observation.phase == Phase.LEAD:
        return hand.bit_count()
    if observation.phase == Phase.DEFEND:
        return (hand & BEATS[observation.attacks[-1]]).bit_count() + 1  # a card that beats, or take
    room = observation.bout_limit - len(observation.attacks)
    return ((hand & _ranks(observation)).bit_count() if room > 0 else 0) + 1  # a matching card, or stop


_UNBUILT = frozenset(
    (
        HintReason.SEARCH_BEST,
        HintReason.ONLY_MOVE,
        HintReason.ENDGAME_WIN,
        HintReason.ENDGAME_DRAW,
        HintReason.ENDGAME_LOSS,
    )
)


def _claim(observation: Observation, move: int, lesson: int | None, why: Explanation) -> bool:
    """The facts ``why``'s sentence states, checked in the position."""
    reason = why.reason
    hand = observation.hand_mask
    plain = hand & NONTRUMPS
    out = _out(observation)
    stock = observation.stock_size
    phase = observation.phase
    card = move if move < DEFEND_OFFSET else move - DEFEND_OFFSET
    if reason is HintReason.SEARCH_BEST:
        return True
    if reason is HintReason.ONLY_MOVE:
        return _moves_allowed(observation) == 1
    if reason in (HintReason.ENDGAME_WIN, HintReason.ENDGAME_DRAW, HintReason.ENDGAME_LOSS):
        return stock == 0
    if lesson is not None and lesson != move and _alike(observation, lesson, reason):
        # said against the lesson's move, a reason must not be as true of that move: it would
        # not say why this one ("no plain card beats Д♠" when none beats the lesson's 9♠ either)
        return False
    if phase == Phase.LEAD:
        if move >= DEFEND_OFFSET or not hand >> move & 1:
            return False
        twin = plain & SAME_RANK[card] & ~(1 << card)
        beaten = bool(out & BEATS[card])
        if reason is HintReason.LEAD_TOP_TRUMP:
            return card == 35  # the ace of trumps, the highest card of all
        if reason is HintReason.LEAD_UNBEATABLE:  # the ace of trumps has its own sentence
            return not beaten and card != 35
        if (
            reason is HintReason.LEAD_SEEN_BEATER
        ):  # the one card still out that beats it, seen in the AI's hand
            beaters = out & BEATS[card]
            return beaters.bit_count() == 1 and bool(beaters & observation.opponent_known_mask)
        if reason is HintReason.LEAD_FORCES_TRUMP:
            return card < 27 and beaten and not out & BEATS[card] & NONTRUMPS
        if reason is HintReason.GET_RID_OF_PAIR:  # the lesson's own: the lowest plain pair
            lower_pair = any(
                (plain & SAME_RANK[v]).bit_count() >= 2
                for v in range(card)
                if plain >> v & 1 and RANK[v] < RANK[card]
            )
            return card < 27 and bool(twin) and beaten and not lower_pair
        if reason is HintReason.LEAD_PAIR:  # any plain pair, its twin named (a trump twin is kept)
            return card < 27 and why.other is not None and bool(twin) and beaten
        if reason is HintReason.LEAD_LOW_TRUMP:  # "the AI must spend one": not if it was seen holding one
            seen_higher = observation.opponent_known_mask & TRUMPS & BEATS[card]
            return card >= 27 and card == _low(hand & TRUMPS) and not seen_higher
        if reason is HintReason.LOWEST_CARD:
            return card < 27 and plain.bit_count() >= 2 and RANK[card] == RANK[_low(plain)]
        if reason is HintReason.ONLY_PLAIN_LEAD:
            return card < 27 and plain == 1 << card and hand != plain
        if reason is HintReason.LOWEST_TRUMP_LEAD:
            return not plain and card == _low(hand) and hand.bit_count() >= 2
        return False
    if phase == Phase.DEFEND:
        attack = observation.attacks[-1]
        beaters = hand & BEATS[attack]
        cheapest = _low(beaters)
        if move == TAKE:
            if reason is HintReason.TAKE_NOTHING_BEATS:
                return not beaters
            if not beaters or why.card is None:
                return False
            if reason is HintReason.TAKE_COSTLY:  # "this early": the stock still full
                high = cheapest >= 27 and RANK[cheapest] >= HIGH_TRUMP_RANK
                return attack < 27 and high and stock >= FULL_STOCK
            if reason in (HintReason.TAKE_TO_KEEP_CARDS, HintReason.TAKE_KEEP_ONLY_BEATER):
                # a high trump, or a plain jack or better: "the lowest" of several, or "the only" one
                strong = RANK[cheapest] >= (HIGH_TRUMP_RANK if cheapest >= 27 else STRONG_RANK)
                return strong and (beaters == 1 << cheapest) == (reason is HintReason.TAKE_KEEP_ONLY_BEATER)
            if reason is HintReason.TAKE_KEEP_TRUMP:  # the stock still holds cards: the end is to come
                return attack < 27 and cheapest >= 27 and hand & TRUMPS == 1 << cheapest and stock > 0
            if reason is HintReason.TAKE_GETS_BACK:  # the strong cards you beat with come back
                return bool(why.cards)
            if reason is HintReason.TAKE_CHEAP_EARLY:  # beating would cost a high trump or a jack+
                table = [c for c in (*observation.attacks, *observation.defences) if c >= 0]
                cheap = all(c < 27 and RANK[c] <= CHEAP_RANK for c in table)
                costly = RANK[cheapest] >= (HIGH_TRUMP_RANK if cheapest >= 27 else STRONG_RANK)
                return stock >= FULL_STOCK and cheap and costly
            return False
        if move < DEFEND_OFFSET or not beaters >> card & 1:
            return False
        lower = beaters & ((1 << card) - 1)
        if reason is HintReason.LOWEST_BEATER:
            return not lower and beaters.bit_count() >= 2 and not (card < 27 and beaters & TRUMPS)
        if reason is HintReason.KEEP_TRUMPS:
            return card < 27 and not lower and bool(beaters & TRUMPS)
        if reason is HintReason.ONLY_BEATER:
            return beaters == 1 << card
        if reason is HintReason.LOWEST_TRUMP_BEATER:
            return card >= 27 and not beaters & NONTRUMPS and not lower and beaters.bit_count() >= 2
        if reason is HintReason.BEAT_NO_THROW_IN:
            return not SAME_RANK[card] & (out | _ranks(observation))
        if reason is HintReason.BEAT_KEEP_PAIR:
            if lesson is None or lesson < DEFEND_OFFSET or lesson == TAKE:
                return False
            kept = lesson - DEFEND_OFFSET
            return kept < card and bool(hand & SAME_RANK[kept] & ~(1 << kept)) and why.extra is not None
        if reason is HintReason.BEAT_SPARE_TRUMP:
            return card >= 27 and (hand & TRUMPS).bit_count() >= SEVERAL_TRUMPS
        return False
    # throwing in (THROW_IN) or adding to a take (ADDING)
    ranks = _ranks(observation)
    matching = hand & ranks
    room = observation.bout_limit - len(observation.attacks)
    if move == STOP:
        if reason is HintReason.STOP_BOUT_FULL:
            return room <= 0
        if reason is HintReason.STOP_NOTHING_TO_ADD:
            return not matching
        if reason is HintReason.STOP_ONLY_TRUMPS:
            return bool(matching) and not matching & NONTRUMPS and room > 0
        if lesson is None or lesson >= DEFEND_OFFSET or not matching >> lesson & 1:
            return False
        if reason is HintReason.STOP_AI_BEATS:
            return phase == Phase.THROW_IN and bool(observation.opponent_known_mask & BEATS[lesson])
        if reason is HintReason.STOP_KEEP_PAIR:
            return bool(hand & SAME_RANK[lesson] & ~(1 << lesson)) and why.other is not None
        if reason is HintReason.STOP_KEEP_STRONG:
            return all(v >= 27 or RANK[v] >= STRONG_RANK for v in range(36) if matching >> v & 1)
        return False
    if move >= DEFEND_OFFSET or not matching >> move & 1 or room <= 0:
        return False
    if reason is HintReason.THROW_IN:
        return phase == Phase.THROW_IN and move < 27
    if reason is HintReason.THROW_IN_TRUMP:
        return phase == Phase.THROW_IN and move >= 27
    if reason is HintReason.THROW_IN_AFTER_TAKE:
        return phase == Phase.ADDING
    if reason is HintReason.THROW_KEEP_PAIR:
        return (
            lesson is not None
            and lesson < DEFEND_OFFSET
            and lesson != move
            and bool(hand & SAME_RANK[lesson] & ~(1 << lesson) & ~(1 << move))
            and RANK[lesson] != RANK[move]
        )
    return False
