"""The exercise models: answers agree with the rules, every click gets the right feedback."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from durak import Action, Card, Game, Phase
from durak.i18n import LANGUAGES, set_language
from durak.tutorial import exercises as ex

NON_PLAY = [eid for eid in ex.EXERCISES if not isinstance(ex.build(eid), ex.PlayOut)]
PLAY = [eid for eid in ex.EXERCISES if isinstance(ex.build(eid), ex.PlayOut)]


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


def beats(card: Card, target: Card, trump: object) -> bool:
    """R6, written out independently of the engine's bit masks."""
    if card.suit == target.suit:
        return card.rank > target.rank
    return card.suit == trump


# --- the registry ---------------------------------------------------------------------


def test_ids_are_unique_and_match_the_factories() -> None:
    ids = [factory().id for factories in ex.NOTEBOOK_EXERCISES.values() for factory in factories]
    assert len(ids) == len(set(ids)) == len(ex.EXERCISES)
    assert ids == list(ex.EXERCISES)


@pytest.mark.parametrize("exercise_id", list(ex.EXERCISES))
def test_every_exercise_is_well_formed(exercise_id: str) -> None:
    exercise = ex.build(exercise_id)
    assert re.fullmatch(r"R([1-9]|1[0-2])", exercise.rule)
    assert exercise.answers <= set(exercise.choices)
    assert exercise.prompt in ex.prompt_text(exercise) or "{" in exercise.prompt
    assert not exercise.solved and exercise.last is None


def test_unknown_exercise_and_foreign_answer_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown exercise"):
        ex.build("no_such_exercise")
    exercise = ex.build("beat_plain")
    with pytest.raises(ValueError, match="not one of"):
        exercise.check(Card.parse("Т♣"))  # not in the hand
    with pytest.raises(ValueError, match="not one of"):
        exercise.check("take")


# --- the answers follow the rules -----------------------------------------------------


@pytest.mark.parametrize("exercise_id", ["beat_plain", "beat_trump"])
def test_beating_answers_follow_r6(exercise_id: str) -> None:
    exercise = ex.build(exercise_id)
    (attack, defence), *_ = exercise.game.table
    assert defence is None
    expected = {card for card in exercise.game.hands[0] if beats(card, attack, exercise.game.trump)}
    assert exercise.answers == expected
    assert exercise.answers != set(exercise.game.hands[0])  # there is something to get wrong


def test_beat_or_take_offers_take_even_when_a_card_beats() -> None:
    exercise = ex.build("beat_or_take")
    attack = exercise.game.table[-1][0]
    beaters = {c for c in exercise.game.hands[0] if beats(c, attack, exercise.game.trump)}
    assert beaters and exercise.answers == {*beaters, "take"}


def test_throw_in_answers_match_table_ranks() -> None:
    exercise = ex.build("throw_in")
    ranks = {card.rank for pair in exercise.game.table for card in pair if card is not None}
    assert exercise.answers == {c for c in exercise.game.hands[0] if c.rank in ranks}
    assert len(ranks) == 2  # an attack rank and a different defence rank


@pytest.mark.parametrize(("exercise_id", "limit"), [("limit_defender", 2), ("limit_six", 6)])
def test_limit_exercises_have_matching_cards_but_no_answer(exercise_id: str, limit: int) -> None:
    exercise = ex.build(exercise_id)
    ranks = {card.rank for pair in exercise.game.table for card in pair if card is not None}
    assert len(exercise.game.table) == exercise.game.bout_limit == limit
    assert any(card.rank in ranks for card in exercise.game.hands[0])  # the limit is what stops them
    assert exercise.answers == frozenset() and "none" in exercise.choices


def test_any_card_may_lead() -> None:
    exercise = ex.build("lead_any")
    assert exercise.game.phase is Phase.LEAD and exercise.game.attacker == 0
    assert exercise.answers == set(exercise.game.hands[0])
    assert any(card.suit == exercise.game.trump for card in exercise.answers)  # trumps too


def test_add_after_take_is_in_the_adding_phase() -> None:
    exercise = ex.build("add_after_take")
    assert exercise.game.phase is Phase.ADDING and exercise.answers


def test_take_pickup_answers_are_the_whole_table() -> None:
    exercise = ex.build("take_pickup")
    table = {card for pair in exercise.game.table for card in pair if card is not None}
    assert exercise.answers == table
    assert any(defence is not None for _, defence in exercise.game.table)  # defences are picked up too


def test_first_attacker_exercises_cover_the_three_cases() -> None:
    players = {}
    for exercise_id in ("first_attacker_ai", "first_attacker_you", "first_attacker_no_trump"):
        exercise = ex.build(exercise_id)
        game = exercise.game
        assert len(game.stock) == 24 and game.stock[-1].suit == game.trump  # a real deal
        trumps = [c for hand in game.hands for c in hand if c.suit == game.trump]
        lowest = {min(trumps, key=lambda c: c.rank)} if trumps else set()
        players[exercise_id] = exercise.answers - lowest  # the card that decides is right too
        assert exercise.answers >= lowest
    assert players == {
        "first_attacker_ai": {"ai"},
        "first_attacker_you": {"you"},
        "first_attacker_no_trump": {"you"},
    }
    no_trump = ex.build("first_attacker_no_trump")
    wrong = no_trump.check(no_trump.game.hands[1][0])
    assert wrong.key == "not_a_trump" and not wrong.correct
    ai_first = ex.build("first_attacker_ai")
    assert ai_first.check(Card.parse("Т♥")).key == "not_lowest_trump"
    assert ai_first.check(Card.parse("8♥")).done


def test_refill_answers() -> None:
    last = ex.build("refill_last_card")
    assert len(last.game.stock) == 1 and last.answers == {"you"} and last.game.attacker == 0
    draw = ex.build("refill_draw")
    need = 6 - len(draw.game.hands[0])
    assert draw.answers == set(draw.game.stock[:need])  # from the top, before the AI draws


def test_deck_answers() -> None:
    assert {str(card) for card in ex.build("deck_aces").answers} == {"Т♠", "Т♣", "Т♥", "Т♦"}
    highest = ex.build("deck_highest")
    assert highest.answers == {max(highest.card_choices, key=lambda card: card.rank)}
    trumps = ex.build("deck_trumps")
    assert trumps.answers == {c for c in trumps.game.hands[0] if c.suit == trumps.game.trump}
    assert 0 < len(trumps.answers) < 6
    assert ex.build("setup_stock").answers == {"24"}


# --- clicking right and wrong ---------------------------------------------------------


@pytest.mark.parametrize("exercise_id", NON_PLAY)
def test_wrong_clicks_are_explained_and_do_not_solve(exercise_id: str) -> None:
    exercise = ex.build(exercise_id)
    wrong = [choice for choice in exercise.choices if choice not in exercise.answers]
    assert wrong or exercise_id == "lead_any", "every exercise but 'lead any card' has a wrong choice"
    for choice in wrong:
        if choice == "none" and not exercise.answers:
            continue
        feedback = exercise.check(choice)
        assert not feedback.correct and not feedback.done and not exercise.solved
        text = ex.feedback_text(feedback)
        assert text and "{" not in text
        if isinstance(choice, Card) and feedback.key != "illegal":
            assert str(choice) in text  # the explanation names the card


@pytest.mark.parametrize("exercise_id", NON_PLAY)
def test_right_clicks_solve(exercise_id: str) -> None:
    exercise = ex.build(exercise_id)
    if isinstance(exercise, ex.Choose):  # one right click is enough, whichever it is
        for answer in exercise.answers:
            fresh = ex.build(exercise_id)
            feedback = fresh.check(answer)
            assert feedback.correct and feedback.done and fresh.solved
            assert feedback.key == fresh.explanation and "{" not in ex.feedback_text(feedback)
        return
    answers = sorted(exercise.answers, key=str) or ["none"]
    feedbacks = [exercise.check(answer) for answer in answers]
    assert all(feedback.correct for feedback in feedbacks)
    assert [feedback.done for feedback in feedbacks] == [False] * (len(answers) - 1) + [True]
    assert exercise.solved
    assert "{" not in ex.feedback_text(feedbacks[-1])
    exercise.reset()
    assert not exercise.solved and exercise.last is None


def test_a_broken_translation_falls_back_to_english(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ex, "gettext", lambda message: message.replace("{card}", "{karte}"))
    text = ex.message_text("not_an_ace", {"card": Card.parse("10♠")})
    assert text == "10♠ is not an ace. The ace carries the index Т, for Туз."


def test_progress_and_repeated_clicks() -> None:
    exercise = ex.build("beat_plain")
    first = exercise.check(Card.parse("10♥"))
    assert (first.key, first.params) == ("found", {"left": 2})
    assert ex.feedback_text(first) == "Right! 2 more to find."
    again = exercise.check(Card.parse("10♥"))
    assert again.key == "already_found" and again.correct and not exercise.solved
    assert ex.feedback_text(exercise.check(Card.parse("6♠"))) == "Right! One more to find."


def test_none_is_wrong_when_there_are_answers() -> None:
    exercise = ex.build("limit_six")
    assert exercise.check("none").done
    exercise = ex.build("limit_defender")
    text = ex.feedback_text(exercise.check(exercise.card_choices[0]))
    assert "2" in text  # the defender's hand size at the start of the bout


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_renders_in_every_language(language: str) -> None:
    set_language(language)
    sample = {"card": Card.parse("Т♠"), "higher": Card.parse("К♠"), "suit": Card.parse("6♥").suit, "left": 3}
    for key, _message in ex.MESSAGES.items():
        if key == "illegal":
            continue
        text = ex.message_text(key, sample)
        assert text and "{" not in text, (language, key)
    for option in ex.OPTION_LABELS:
        assert ex.option_label(option)
    for exercise_id in ex.EXERCISES:
        assert "{" not in ex.prompt_text(ex.build(exercise_id))


# --- playing out the endgames ---------------------------------------------------------


def outcomes(exercise: ex.PlayOut) -> set[str]:
    """Every result the learner can reach against :func:`ai_move`, by trying every line."""
    results: set[str] = set()

    def explore(game: Game) -> None:
        if game.is_over:
            results.add("draw" if game.is_draw else ("win" if game.loser == 1 else "durak"))
            return
        for action in game.legal_actions():
            after = game.copy()
            after.apply(action, player=0)
            while not after.is_over and after.to_move == 1:
                after.apply(ex.ai_move(after), player=1)
            explore(after)

    explore(exercise.game.copy())
    return results


def test_endgame_outcomes() -> None:
    assert outcomes(ex.build("endgame_win")) == {"win", "durak"}  # winnable, and losable
    assert outcomes(ex.build("endgame_draw")) == {"draw", "durak"}  # a draw is the best
    assert outcomes(ex.build("endgame_durak")) == {"durak"}  # nothing saves you


def play_line(exercise: ex.PlayOut, choose: int) -> ex.Feedback:
    """Play by always picking the ``choose``-th legal move (wrapping), checking every reply."""
    feedback = None
    while not exercise.game.is_over:
        legal = sorted(exercise.answers, key=str)
        feedback = exercise.check(legal[choose % len(legal)])
        assert feedback.correct or feedback.key == "goal_missed"
    assert feedback is not None
    return feedback


def test_playing_a_draw_by_throwing_in() -> None:
    exercise = ex.build("endgame_draw")
    assert isinstance(exercise, ex.PlayOut)
    first = exercise.check(Card.parse("6♠"))
    assert first.key == "your_move" and first.events == (("ai_beats", {"card": Card.parse("7♠")}),)
    assert ex.feedback_text(first) == "Your move. The AI beats it with 7♠."
    exercise.check(Card.parse("6♣"))
    assert exercise.game.hands == ((), ()) and not exercise.game.is_over  # checked after the bout
    done = exercise.check("stop")
    assert done.key == "goal_reached_draw" and exercise.solved


def test_a_missed_goal_can_be_retried() -> None:
    exercise = ex.build("endgame_draw")
    assert isinstance(exercise, ex.PlayOut)
    exercise.check(Card.parse("6♠"))
    exercise.check("stop")  # the AI then attacks with 7♣, which 6♣ cannot beat
    missed = exercise.check("take")
    assert missed.key == "goal_missed" and not missed.correct and not exercise.solved
    assert exercise.check("take").key == "goal_missed"  # clicks after the end change nothing
    exercise.reset()
    assert exercise.game.to_json() == exercise.start.to_json()


def test_refused_moves_change_nothing() -> None:
    exercise = ex.build("endgame_win")
    assert isinstance(exercise, ex.PlayOut)
    before = exercise.game.to_json()
    feedback = exercise.check("stop")  # a bout cannot end before its first attack
    assert feedback.key == "illegal" and feedback.error is not None and not feedback.correct
    assert exercise.game.to_json() == before
    assert "lead" in ex.feedback_text(feedback)


def test_the_durak_endgame_ends_as_the_durak_whatever_you_play() -> None:
    for choose in range(4):
        exercise = ex.build("endgame_durak")
        assert isinstance(exercise, ex.PlayOut)
        assert play_line(exercise, choose).key == "goal_reached_durak"
        assert exercise.solved


def test_ai_opens_when_it_attacks_first() -> None:
    game = Game.from_deal(["6♣", "7♦"], ["Т♠", "К♠"], trump="♠")
    exercise = ex.PlayOut("test", "R12", "prompt", game, "durak")
    assert exercise.ai_events == (("ai_attacks", {"card": Card.parse("К♠")}),)
    assert exercise.game.to_move == 0


def test_ai_move_is_always_legal() -> None:
    rng = random.Random(2024)
    for seed in range(40):
        game = Game.new(seed=seed)
        while not game.is_over:
            action = ex.ai_move(game) if game.to_move == 1 else rng.choice(game.legal_actions())
            assert isinstance(action, Action)
            game.apply(action)
