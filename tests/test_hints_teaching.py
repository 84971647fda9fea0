"""Hints that teach (issue 30): every reason holds in its position, lesson 06's move is
recommended where the search cannot tell it from its own, and a move that departs from the
lesson says so and why. The positions of the first block are the baseline reading's
(``hints-and-reviews.md``, 2026-12-03), cut down to the cards that matter."""

from __future__ import annotations

import functools

from durak import Action, Card, Game, Observation
from durak.ai.hints import (
    CHECK_ITERATIONS,
    HABIT_MARGIN,
    TIE_MARGIN,
    UNEXPLAINED_MARGIN,
    Hint,
    HintStep,
    hint,
    teachable_margin,
)
from durak.ai.levels import make_player
from durak.ai.search import SearchPlayer
from durak.ai.teaching import Explanation, HintReason, Lesson, Principle, explain, holds, lesson_action
from durak.game import move_of_action
from durak.i18n import set_language
from durak.messages import reason_text

# the deck's other cards are discarded in these positions unless listed: the AI's hand and the
# stock hold the cards still out


def position(hand: str, ai: str, stock: str, moves: str, attacker: int, trump: str) -> Observation:
    game = Game.from_deal(hand.split(), ai.split(), stock.split(), attacker=attacker, trump=trump)
    for move in filter(None, moves.split(",")):
        game.apply(move.strip())
    return game.observation(0)


def why(
    reason: HintReason, card: str | None = None, other: str | None = None, extra: str | None = None
) -> Explanation:
    return Explanation(reason, *(Card.parse(text) if text else None for text in (card, other, extra)))


# --- the claims (the reading's "NH" and "MIS" reasons) -------------------------------------------


def test_keep_trumps_is_said_only_of_the_lowest_plain_card_that_beats() -> None:
    # 9201·4: "beat it with Т♣: beat without a trump if you can", when 9♣ and 10♣ beat too
    seen = position("9♣ 10♣ Т♣ 7♥ 6♦", "8♣ 9♠ 7♠", "В♠ Т♦", "attack 8♣", attacker=1, trump="♦")
    assert holds(seen, Action.defend("9♣"), why(HintReason.KEEP_TRUMPS, "9♣"))
    assert not holds(seen, Action.defend("Т♣"), why(HintReason.KEEP_TRUMPS, "Т♣"))
    assert not holds(seen, Action.defend("Т♣"), why(HintReason.LOWEST_BEATER, "Т♣"))
    assert (
        explain(seen, move_of_action(Action.defend("9♣"), seen.trump_index)).reason is HintReason.KEEP_TRUMPS
    )


def test_keep_your_strong_cards_is_never_said_when_the_lowest_trump_beats() -> None:
    # 9202·11: "take: keep your strong cards" while 6♠, the lowest trump, beats 9♦
    seen = position("6♠ В♠ Д♣ К♣", "9♦ 7♥ 8♥", "10♥ 7♠", "attack 9♦", attacker=1, trump="♠")
    assert not holds(seen, Action.parse("take"), why(HintReason.TAKE_TO_KEEP_CARDS, "6♠"))
    assert not holds(seen, Action.parse("take"), why(HintReason.TAKE_COSTLY, "6♠"))
    strong = position("Т♠ Д♣ К♣", "9♦ 7♥ 8♥", "10♥ 7♠", "attack 9♦", attacker=1, trump="♠")
    assert holds(strong, Action.parse("take"), why(HintReason.TAKE_KEEP_ONLY_BEATER, "Т♠"))
    assert not holds(
        strong, Action.parse("take"), why(HintReason.TAKE_TO_KEEP_CARDS, "Т♠")
    )  # "the lowest" of one


def test_a_pair_is_never_said_of_a_card_nobody_can_beat() -> None:
    # 9201·47: "lead one card of a pair: once it is beaten…" of the ace of trumps
    seen = position("Т♥ Т♠ 7♣", "8♣ 9♠ 7♠", "В♠ 6♥", "", attacker=0, trump="♥")
    assert not holds(seen, Action.attack("Т♥"), why(HintReason.LEAD_PAIR, "Т♥", "Т♠"))
    assert (
        explain(seen, move_of_action(Action.attack("Т♥"), seen.trump_index)).reason
        is HintReason.LEAD_TOP_TRUMP  # the ace of trumps, said as such
    )


def test_lowest_is_said_only_where_there_is_a_choice() -> None:
    seen = position("7♣ 8♥ Д♥", "8♣ 9♠ 7♠", "В♠ 6♥", "", attacker=0, trump="♥")
    assert not holds(seen, Action.attack("7♣"), why(HintReason.LOWEST_CARD, "7♣"))
    assert holds(seen, Action.attack("7♣"), why(HintReason.ONLY_PLAIN_LEAD, "7♣"))
    assert (
        explain(seen, move_of_action(Action.attack("7♣"), seen.trump_index)).reason
        is HintReason.ONLY_PLAIN_LEAD
    )


def test_a_reason_naming_other_cards_than_the_positions_does_not_hold() -> None:
    seen = position("8♠ 9♦ 9♣ К♣", "9♠ 7♣", "В♠ 6♥", "attack 8♠, defend 9♠", attacker=0, trump="♥")
    lesson = lesson_action(seen)  # throw in a nine; the other nine is its twin
    assert lesson in (Action.attack("9♦"), Action.attack("9♣"))
    kept, twin = ("9♦", "9♣") if lesson == Action.attack("9♦") else ("9♣", "9♦")
    assert holds(seen, Action.parse("stop"), why(HintReason.STOP_KEEP_PAIR, kept, twin), lesson)
    assert not holds(seen, Action.parse("stop"), why(HintReason.STOP_KEEP_PAIR, kept, "К♣"), lesson)
    assert not holds(seen, Action.parse("stop"), why(HintReason.STOP_KEEP_STRONG, kept), lesson)


# --- hints in learner games ----------------------------------------------------------------------


@functools.cache
def learner_hints() -> list[tuple[Observation, list[Action], Hint]]:
    """Hints at every second decision of two fixed games of the stand-in learner (the reading's)."""
    found = []
    for seed in (9201, 9204):
        game = Game.new(seed=seed)
        players = (make_player("easy", seed=seed), make_player("normal", seed=seed + 1, iterations=60))
        decisions = 0
        while not game.is_over and decisions < 20:
            seat = game.to_move
            assert seat is not None
            legal = game.legal_actions()
            if seat == 0 and len(legal) > 1:
                decisions += 1
                if decisions % 2 == 0:
                    seen = game.observation(0)
                    found.append((seen, legal, hint(seen, legal, iterations=600)))
            game.apply(players[seat].choose(game.observation(seat), legal))
    return found


def test_every_reason_a_hint_gives_holds_in_its_position() -> None:
    hints = learner_hints()
    assert len(hints) >= 15
    for seen, legal, tip in hints:
        assert tip.action in legal
        assert tip.why is not None and tip.why.reason is tip.reason
        assert holds(seen, tip.action, tip.why, tip.lesson), (seen, tip)
    generic = sum(tip.explanation.generic for _, _, tip in hints)
    assert generic <= len(hints) // 10


def test_the_lessons_move_is_hinted_unless_the_search_finds_a_clearly_better_one() -> None:
    departed = 0
    for seen, legal, tip in learner_hints():
        lesson = lesson_action(seen)
        assert lesson in legal
        if tip.reason.value.startswith("endgame"):
            continue  # everything is known: the solver's move, whatever the lesson says
        if tip.action == lesson:
            assert tip.lesson is None
            continue
        departed += 1
        assert tip.lesson == lesson  # the exception is said as one
        measured = SearchPlayer(iterations=CHECK_ITERATIONS, seed=0).compare(seen, [tip.action, lesson])
        # a move no principle explains must be clearly better than the lesson's to be hinted, and
        # more so where it breaks a habit the lesson teaches
        margin = teachable_margin(seen, tip.action, tip.explanation)
        assert margin in (TIE_MARGIN, UNEXPLAINED_MARGIN, HABIT_MARGIN)
        assert measured[tip.action] - measured[lesson] >= margin
    assert departed >= 1


def test_a_hint_has_a_principle_and_at_least_two_moves_worth_a_look() -> None:
    for _seen, legal, tip in learner_hints():
        assert isinstance(tip.principle, Principle)
        assert tip.action in tip.candidates and len(tip.candidates) >= min(2, len(legal))
        assert set(tip.candidates) <= set(legal)
    assert [step.value for step in HintStep] == [1, 2, 3]


def test_reasons_point_to_the_part_of_lesson_06_they_come_from() -> None:
    assert Explanation(HintReason.KEEP_TRUMPS).lesson is Lesson.SAVING_TRUMPS
    assert Explanation(HintReason.TAKE_COSTLY).lesson is Lesson.WHEN_TO_TAKE
    assert Explanation(HintReason.LOWEST_CARD).lesson is Lesson.LEADING
    assert Explanation(HintReason.SEARCH_BEST).lesson is None and Explanation(HintReason.SEARCH_BEST).generic
    assert {lesson.value for lesson in Lesson} <= {
        "when_to_take",
        "leading",
        "saving_trumps",
        "trump_card",
        "counting",
    }


def test_the_only_move_is_said_only_where_the_rules_allow_one() -> None:
    forced = position("6♠ 7♣", "8♠ Д♦", "9♣ 10♣ Т♥", "attack 8♠", attacker=1, trump="♥")  # nothing beats 8♠
    assert holds(forced, Action.parse("take"), Explanation(HintReason.ONLY_MOVE))
    choice = position("9♠ 7♣", "8♠ Д♦", "9♣ 10♣ Т♥", "attack 8♠", attacker=1, trump="♥")
    assert not holds(choice, Action.parse("take"), Explanation(HintReason.ONLY_MOVE))


def test_a_first_hint_never_asks_a_question_the_move_does_not_answer() -> None:
    # a low trump can be beaten: its first step must not ask for "a card the AI cannot beat at all"
    assert Explanation(HintReason.LEAD_LOW_TRUMP).principle is Principle.LEAD_FORCE_TRUMP
    assert Explanation(HintReason.LEAD_FORCES_TRUMP).principle is Principle.LEAD_FORCE_TRUMP
    assert Explanation(HintReason.LEAD_UNBEATABLE).principle is Principle.LEAD_UNBEATABLE


def test_every_reason_has_a_first_step_and_every_first_step_a_text() -> None:
    from durak.messages import HINT_MESSAGES, HINT_PRINCIPLES

    assert {Explanation(reason).principle for reason in HintReason} <= set(Principle)
    assert {principle.value for principle in Principle} == set(HINT_PRINCIPLES)
    assert {reason.value for reason in HintReason} <= set(HINT_MESSAGES)


# --- what the second reading found (the reasons must say what is different here) ----------------


def test_an_exception_must_not_be_as_true_of_the_lessons_move() -> None:
    # 9203·11: "lead Д♠: no plain card the AI can hold beats it", as true of the lesson's 9♠
    seen = position("9♠ Д♠ 6♥", "7♣ 8♣", "6♦ 7♥", "", attacker=0, trump="♥")
    lesson = lesson_action(seen)
    assert lesson == Action.attack("9♠")
    forces = why(HintReason.LEAD_FORCES_TRUMP, "Д♠")
    assert holds(seen, Action.attack("Д♠"), forces)  # true of Д♠ on its own
    assert not holds(seen, Action.attack("Д♠"), forces, lesson)  # but it says nothing against 9♠
    move, against = (move_of_action(a, seen.trump_index) for a in (Action.attack("Д♠"), lesson))
    assert explain(seen, move, against).reason is not HintReason.LEAD_FORCES_TRUMP


def test_a_take_says_how_many_cards_the_stock_holds_not_early_in_the_game() -> None:
    # 9202·11: "early in the game" with 9 cards in the stock and 14 discarded
    stock = "7♥ 8♥ 9♥ 10♥ В♥ Д♥ К♥ 6♦ 7♠"
    seen = position("Т♠ 7♣", "9♦ 8♣", stock, "attack 9♦", attacker=1, trump="♠")
    assert lesson_action(seen) == Action.parse("take")  # lesson 06: keep a high trump, take a plain card
    said = explain(seen, move_of_action(Action.parse("take"), seen.trump_index))
    assert said.reason is HintReason.TAKE_COSTLY and said.count == 9
    assert reason_text(said) == (
        "Take the cards: beating it would cost you Т♠, a high trump, and with 9 cards still in the stock "
        "that is too much to spend."
    )
    set_language("cs")
    try:
        assert "9" in reason_text(said) and "Т♠" in reason_text(said)
    finally:
        set_language("en")


def test_the_lowest_trump_is_never_called_costly() -> None:
    # 9202·11: "beating would cost you 6♠" of the lowest trump, which lesson 06 never calls costly
    stock = "7♥ 8♥ 9♥ 10♥ В♥ Д♥ К♥ 6♦ 7♠"
    seen = position("6♠ Д♣ К♣", "9♦ 8♣", stock, "attack 9♦", attacker=1, trump="♠")
    assert lesson_action(seen) == Action.defend("6♠")  # a six of trumps is no high trump
    take = Action.parse("take")
    assert not holds(
        seen, take, Explanation(HintReason.TAKE_CHEAP_EARLY, Card.parse("6♠"), count=9), Action.defend("6♠")
    )
    only = Explanation(HintReason.TAKE_KEEP_TRUMP, Card.parse("6♠"), count=9)
    assert holds(seen, take, only, Action.defend("6♠"))  # "keep 6♠, your only trump"
    two = position("6♠ 8♠ Д♣ К♣", "9♦ 8♣", stock, "attack 9♦", attacker=1, trump="♠")
    assert not holds(two, take, only, Action.defend("6♠"))  # not the only one


def test_taking_says_it_gets_back_the_strong_cards_you_beat_with() -> None:
    # 9200·52: "keep Т♥", where taking also gave the learner back К♥ from the table
    seen = position(
        "К♠ Т♠ 7♣ 6♥", "9♦ 9♥ 8♣", "7♥ 8♠", "attack 9♦, defend К♠, attack 9♥", attacker=1, trump="♠"
    )
    back = Explanation(HintReason.TAKE_GETS_BACK, Card.parse("Т♠"), cards=(Card.parse("К♠"),))
    assert holds(seen, Action.parse("take"), back, Action.defend("Т♠"))
    assert reason_text(back) == (
        "Take the cards: you get back К♠, which you beat with earlier in this bout, and you keep Т♠ as well."
    )
    assert not holds(seen, Action.parse("take"), Explanation(HintReason.TAKE_GETS_BACK, Card.parse("Т♠")))


def test_lesson_06_takes_rather_than_spend_a_high_trump_on_a_plain_card_as_its_text_says() -> None:
    from durak.tutorial.lessons.content.strategy import TOPICS

    text = TOPICS["when_to_take"][1][0]
    assert "eight cards or more" in text and "a nine or higher" in text and "plain card" in text
    stock = "7♥ 8♥ 9♥ 10♥ В♥ Д♥ К♥ 6♠"  # eight: still "eight or more"
    for beater, lesson in (("9♠", "take"), ("8♠", "defend 8♠")):
        seen = position(f"{beater} 7♣", "Т♦ 8♣", stock, "attack Т♦", attacker=1, trump="♠")
        assert lesson_action(seen) == Action.parse(lesson)


def test_the_moves_worth_a_look_are_those_the_first_step_asks_about() -> None:
    """9200·11: "worth a look: 7♠ · Т♥ · Т♦" right after asking for a card "you will not miss later";
    9207·4: "10♣ · stop", never 10♥, the other ten that could be thrown in."""
    game = Game.from_deal(
        ["7♠", "10♣", "Д♥", "Т♥", "9♦", "Т♦"], ["6♠", "8♠", "9♠"], ["7♥", "8♣"], attacker=0, trump="♣"
    )
    lead = hint(game.observation(0), game.legal_actions(), iterations=50)
    looks = {str(a) for a in lead.candidates if a != lead.action}  # the hinted move is always one
    assert looks >= {"attack 7♠"} and not looks & {"attack Т♥", "attack Т♦"}  # a high pair is no low card
    game = Game.from_deal(
        ["К♠", "10♣", "К♣", "10♥", "Д♥"], ["10♦", "6♠", "7♠"], ["8♠", "9♦"], attacker=0, trump="♦"
    )
    game.apply("attack 10♣")
    game.apply("defend 10♦")
    throw = hint(game.observation(0), game.legal_actions(), iterations=50)
    assert {str(a) for a in throw.candidates} == {"attack 10♥", "stop"}


def test_a_trump_lead_says_what_makes_it_worth_it() -> None:
    """The third reading: the ace of trumps has its own sentence ("every card that would beat it is
    in your hand" is empty there); a lead only the AI's seen card beats says so; "the AI must spend a
    higher trump" is not said when the AI was seen holding one."""
    ace = position("Т♦ 7♠ 8♣", "9♠ 10♣", "6♥ 7♦", "", attacker=0, trump="♦")
    move = move_of_action(Action.attack("Т♦"), ace.trump_index)
    assert (
        explain(ace, move, move_of_action(lesson_action(ace), ace.trump_index)).reason
        is HintReason.LEAD_TOP_TRUMP
    )
    assert not holds(ace, Action.attack("Т♦"), why(HintReason.LEAD_UNBEATABLE, "Т♦"))
    # the AI picked up Т♦; К♦ is out of the game, Д♦ in the learner's hand: only Т♦ beats В♦
    seen = position(
        "Т♦ В♦ Д♦ 7♠ 8♣",
        "9♠ 10♣",
        "6♥ 7♥ 8♥ 9♥ 10♥ В♥ Д♥ К♥ 7♦",
        "attack Т♦, take, stop",
        attacker=0,
        trump="♦",
    )
    assert Card.parse("Т♦") in seen.opponent_known and seen.stock_size
    seen_beater = Explanation(HintReason.LEAD_SEEN_BEATER, Card.parse("В♦"), Card.parse("Т♦"))
    assert holds(seen, Action.attack("В♦"), seen_beater)
    assert reason_text(seen_beater) == (
        "Lead В♦: of the cards still out only Т♦ beats it, and you saw the AI pick Т♦ up, so it must spend "
        "that card or take."
    )
    seen_higher = position(
        "7♦ В♦ 8♠ 9♣", "10♣ 6♠", "6♥ 7♥ 8♥ 9♥ 10♥ В♥ Д♥ К♥ 8♦", "attack В♦, take, stop", attacker=0, trump="♦"
    )
    assert Card.parse("В♦") in seen_higher.opponent_known
    assert not holds(
        seen_higher, Action.attack("7♦"), why(HintReason.LEAD_LOW_TRUMP, "7♦")
    )  # the AI holds В♦
    unseen = position("7♦ В♦ 8♠ 9♣", "10♣ 6♠", "6♥ 7♥ 8♥ 9♥ 8♦", "", attacker=0, trump="♦")
    assert holds(unseen, Action.attack("7♦"), why(HintReason.LEAD_LOW_TRUMP, "7♦"))  # no higher trump seen


def test_a_reviews_reason_is_not_as_true_of_the_move_played() -> None:
    """The fourth reading, 9204/48: the reason for the better move was as true of the move played."""
    seen = position("7♣ 9♠ Д♠ 6♥", "8♣ 10♣", "6♦ 7♥", "", attacker=0, trump="♥")
    trump = seen.trump_index
    best, played = (move_of_action(Action.attack(card), trump) for card in ("Д♠", "9♠"))
    lesson = move_of_action(lesson_action(seen), trump)
    assert explain(seen, best, lesson).reason is HintReason.LEAD_FORCES_TRUMP  # no plain card beats Д♠…
    assert explain(seen, best, lesson, (played,)).reason is not HintReason.LEAD_FORCES_TRUMP  # …nor 9♠


def test_a_move_no_rule_explains_that_breaks_a_lesson_habit_needs_a_wider_margin() -> None:
    """The sixth reading, hint 9207·11: a trump led early with no reason, 0.12 better than the lesson's."""
    seen = position("7♦ 8♣ К♥ К♠", "9♠ 10♣", "6♥ 7♥ 8♥ 9♥ 8♦", "", attacker=0, trump="♦")
    blind = Explanation(HintReason.SEARCH_BEST, Card.parse("7♦"))
    assert teachable_margin(seen, Action.attack("7♦"), blind) == HABIT_MARGIN  # a trump lead: a habit broken
    assert (
        teachable_margin(seen, Action.attack("К♥"), Explanation(HintReason.SEARCH_BEST)) == UNEXPLAINED_MARGIN
    )
    assert teachable_margin(seen, Action.attack("8♣"), why(HintReason.LOWEST_CARD, "8♣")) == TIE_MARGIN


def test_with_the_stock_empty_lesson_06s_move_is_still_the_lesson_text_s() -> None:
    """A learner's walk: "lesson 06's rule of thumb says beat it with Т♥; this position is an exception:
    beat with the lowest card that does it" (the policy's endgame rule, which the lesson never teaches:
    a beater whose rank the attacker cannot throw in)."""
    seen = position("7♥ Т♥ 8♣", "6♥ 7♠ 9♣", "", "attack 6♥", attacker=1, trump="♠")
    assert seen.stock_size == 0
    assert lesson_action(seen) == Action.defend("7♥")  # the lowest card that beats
