"""The exercise models: answers come from the rules engine, and every click, right or wrong, in
every language, is answered with its reason: no generic "try again", nothing left unexplained."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from durak import STOP, TAKE, Card, Game, Phase, messages
from durak.ai import hint
from durak.i18n import LANGUAGES, set_language
from durak.messages import Say
from durak.tutorial import exercises as ex
from durak.tutorial.lessons import model as lm
from durak.tutorial.lessons.content import NOTEBOOK_EXERCISES
from durak.tutorial.lessons.content.reference import RULES

QUIZ = [eid for eid in ex.EXERCISES if isinstance(ex.build(eid), (ex.PickAll, ex.Choose))]
PLAY = [eid for eid in ex.EXERCISES if isinstance(ex.build(eid), ex.PlayOut)]
COACHED = [eid for eid in ex.EXERCISES if isinstance(ex.build(eid), ex.Coached)]
GENERIC = {"Not quite. Try again.", "Right!", "Look again: there is at least one."}


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


def table_cards(game: Game) -> set[Card]:
    return {card for pair in game.table for card in pair if card is not None}


# --- the registry ---------------------------------------------------------------------


def test_at_least_35_exercises_with_unique_ids_in_notebook_order() -> None:
    ids = [factory().id for factories in NOTEBOOK_EXERCISES.values() for factory in factories]
    assert len(ids) == len(set(ids)) == len(ex.EXERCISES) >= 35
    assert ids == list(ex.EXERCISES)
    assert set(ex.NOTEBOOK_EXERCISES) == set(NOTEBOOK_EXERCISES)


@pytest.mark.parametrize("exercise_id", list(ex.EXERCISES))
def test_every_exercise_is_well_formed(exercise_id: str) -> None:
    exercise = ex.build(exercise_id)
    assert exercise.rule in RULES
    assert exercise.answers and exercise.answers <= set(exercise.choices)
    assert "{" not in exercise.prompt.text()
    assert not exercise.solved and exercise.last is None


def test_unknown_exercise_and_foreign_answer_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown exercise"):
        ex.build("no_such_exercise")
    exercise = ex.build("beat_plain")
    with pytest.raises(ValueError, match="not one of"):
        exercise.check(Card.parse("Т♣"))  # not in the hand
    with pytest.raises(ValueError, match="not one of"):
        exercise.check("take")


# --- every click is answered with its reason --------------------------------------------


def feedback_of(exercise_id: str, choice: ex.Answer) -> lm.Feedback:
    return ex.build(exercise_id).check(choice)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("exercise_id", QUIZ)
def test_every_choice_right_and_wrong_is_explained_in_every_language(exercise_id: str, language: str) -> None:
    set_language(language)
    exercise = ex.build(exercise_id)
    texts = {}
    for choice in exercise.choices:
        feedback = feedback_of(exercise_id, choice)
        text = ex.feedback_text(feedback)
        assert text and "{" not in text and "}" not in text, (choice, text)
        assert feedback.correct == (choice in exercise.answers), choice
        assert not any(generic == text for generic in GENERIC), (choice, text)
        texts[choice] = text
    right = {texts[choice] for choice in exercise.answers}
    wrong = {texts[choice] for choice in exercise.choices if choice not in exercise.answers}
    assert not right & wrong, "a wrong click must not read like a right one"


@pytest.mark.parametrize("exercise_id", QUIZ)
def test_a_wrong_card_is_named_in_its_explanation(exercise_id: str) -> None:
    exercise = ex.build(exercise_id)
    for choice in exercise.choices:
        if isinstance(choice, Card) and choice not in exercise.answers:
            assert str(choice) in ex.feedback_text(feedback_of(exercise_id, choice))


@pytest.mark.parametrize("exercise_id", QUIZ)
def test_a_right_card_says_why(exercise_id: str) -> None:
    exercise = ex.build(exercise_id)
    for answer in exercise.answers:
        text = ex.feedback_text(feedback_of(exercise_id, answer))
        if isinstance(answer, Card):
            assert str(answer) in text, text  # the reason names the card
            named = re.findall(r"(?:10|[6-9ВДКТ])[♠♣♥♦]", text)
            assert named[0] == str(answer), text  # and names it first: the card clicked, not another


@pytest.mark.parametrize("exercise_id", QUIZ)
def test_right_clicks_solve(exercise_id: str) -> None:
    exercise = ex.build(exercise_id)
    if isinstance(exercise, ex.Choose):  # one right click is enough, whichever it is
        for answer in exercise.answers:
            fresh = ex.build(exercise_id)
            assert fresh.check(answer).done and fresh.solved
        return
    answers = sorted(exercise.answers, key=str)
    feedbacks = [exercise.check(answer) for answer in answers]
    assert all(feedback.correct for feedback in feedbacks)
    assert [feedback.done for feedback in feedbacks] == [False] * (len(answers) - 1) + [True]
    assert exercise.solved
    again = exercise.check(answers[0])
    assert again.correct and ("already" in ex.feedback_text(again) or answers == ["none"])
    exercise.reset()
    assert not exercise.solved and exercise.last is None


def test_none_of_them_is_always_offered_so_it_gives_nothing_away() -> None:
    for exercise_id in QUIZ:
        exercise = ex.build(exercise_id)
        if isinstance(exercise, ex.PickAll):
            assert "none" in exercise.choices, exercise_id
    assert ex.build("beat_plain").check("none").correct is False
    limit = ex.build("limit_six")
    assert limit.answers == {"none"} and limit.check("none").done


def test_a_broken_translation_falls_back_to_english(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(messages, "gettext", lambda message: message.replace("{card}", "{karte}"))
    text = Say("{card} is an ace: Т stands for Туз.", card=Card.parse("Т♠")).text()
    assert text == "Т♠ is an ace: Т stands for Туз."


# --- the answers come from the engine ------------------------------------------------------


@pytest.mark.parametrize("exercise_id", ["beat_plain", "beat_trump"])
def test_beating_answers_follow_r6(exercise_id: str) -> None:
    exercise = ex.build(exercise_id)
    (attack, defence), *_ = exercise.game.table
    assert defence is None
    expected = {card for card in exercise.game.hands[0] if beats(card, attack, exercise.game.trump)}
    assert exercise.answers == expected != set(exercise.game.hands[0])


def test_throw_in_answers_match_table_ranks_of_attack_and_defence() -> None:
    exercise = ex.build("throw_in")
    ranks = {card.rank for card in table_cards(exercise.game)}
    assert exercise.answers == {c for c in exercise.game.hands[0] if c.rank in ranks}
    assert len(ranks) == 2


@pytest.mark.parametrize(
    ("exercise_id", "limit"), [("limit_defender", 2), ("limit_six", 6), ("limit_after_take", 3)]
)
def test_limit_exercises_have_matching_cards_but_nothing_may_be_added(exercise_id: str, limit: int) -> None:
    exercise = ex.build(exercise_id)
    ranks = {card.rank for card in table_cards(exercise.game)}
    assert len(exercise.game.table) == exercise.game.bout_limit == limit
    assert any(card.rank in ranks for card in exercise.game.hands[0])  # the limit is what stops them
    assert [a for a in exercise.game.legal_actions() if a.card] == []


def test_the_limit_still_binds_after_a_take() -> None:
    game = ex.build("limit_after_take").game
    assert game.phase is Phase.ADDING and game.bout_limit < 6


def test_leading_is_one_card_at_a_time() -> None:
    exercise = ex.build("lead_one_at_a_time")
    assert exercise.answers == {"one_at_a_time"}
    game = exercise.game.copy()
    game.apply("attack 7♣")
    assert not game.can_apply("attack 7♥")


def test_any_card_may_lead() -> None:
    exercise = ex.build("lead_any")
    assert exercise.game.phase is Phase.LEAD and exercise.game.attacker == 0
    assert exercise.answers == set(exercise.game.hands[0])


def test_take_pickup_answers_are_the_whole_table_defences_too() -> None:
    exercise = ex.build("take_pickup")
    assert exercise.answers == table_cards(exercise.game)
    assert any(defence is not None for _, defence in exercise.game.table)


def test_refill_answers_come_from_what_the_stop_does() -> None:
    last = ex.build("refill_last_card")
    assert len(last.game.stock) == 1 and last.answers == {"you"} and last.game.attacker == 0
    draw = ex.build("refill_draw")
    need = 6 - len(draw.game.hands[0])
    assert draw.answers == set(draw.game.stock[:need])  # from the top, before the AI draws
    taker = ex.build("refill_after_take")
    after = taker.game.copy()
    after.apply(STOP)
    assert taker.answers == {"0"} and len(after.hands[1]) > 6


def test_first_attacker_exercises_cover_the_three_cases() -> None:
    players = {}
    for exercise_id in ("first_attacker_ai", "first_attacker_you", "first_attacker_no_trump"):
        exercise = ex.build(exercise_id)
        game = exercise.game
        assert len(game.stock) == 24 and game.stock[-1].suit == game.trump  # a real deal
        trumps = [c for hand in game.hands for c in hand if c.suit == game.trump]
        lowest = {min(trumps, key=lambda c: c.rank)} if trumps else set()
        players[exercise_id] = exercise.answers - lowest
        assert exercise.answers >= lowest
    assert players == {
        "first_attacker_ai": {"ai"},
        "first_attacker_you": {"you"},
        "first_attacker_no_trump": {"you"},
    }
    text = ex.feedback_text(ex.build("first_attacker_ai").check("you"))
    assert "9♥" in text and "8♥" in text  # your lowest trump, and the AI's lower one


def test_the_deck_and_setup_answers() -> None:
    assert {str(card) for card in ex.build("deck_aces").answers} == {"Т♠", "Т♣", "Т♥", "Т♦"}
    trumps = ex.build("deck_trumps")
    assert trumps.answers == {c for c in trumps.game.hands[0] if c.suit == trumps.game.trump}
    assert not trumps.trump_tint  # the marks would give it away
    stock = ex.build("setup_stock")
    assert stock.answers == {"24"} and not stock.stock_count


def test_the_end_is_checked_only_after_a_complete_bout() -> None:
    checked = ex.build("hands_checked")
    game = checked.game
    assert not game.is_over and not game.hands[1] and checked.answers == {"not_yet"}
    game.apply("defend 10♠")
    assert game.apply("stop").outcome is not None and game.is_draw  # the draw the rule exists for
    out = ex.build("out_only_when_stock_empty")
    after = out.game.copy()
    done = after.apply(STOP)
    assert out.answers == {"not_yet"} and done.outcome is None and done.drawn[0]


# --- strategy: the AI agrees ------------------------------------------------------------


@pytest.mark.parametrize("exercise_id", ["take_early", "lead_low_pair", "save_trumps"])
def test_the_strategy_answers_are_what_the_ais_search_plays(exercise_id: str) -> None:
    exercise = ex.build(exercise_id)
    game = exercise.game
    suggested = hint(game.observation(0), game.legal_actions()).action
    answer = "take" if suggested == TAKE else suggested.card
    assert answer in exercise.answers, (exercise_id, suggested)


def test_counting_cards_finds_the_ais_hand_from_what_you_saw() -> None:
    exercise = ex.build("count_cards")
    game = exercise.game
    assert not game.stock and exercise.answers == set(game.hands[1])
    assert ex.build("trump_card_draw").answers == {"ai"}


# --- coached bouts ------------------------------------------------------------------------


def play_coached(exercise: ex.Coached, prefer: tuple[str, ...]) -> list[str]:
    """Play a coached bout with the first legal move (or a preferred one), then answer every
    step, clicking one wrong choice first each time. Returns every text shown."""
    said = []
    for _ in range(60):
        if exercise.solved:
            return said
        choices, answers = exercise.choices, exercise.answers
        wrong = [c for c in choices if c not in answers and c not in exercise.found]
        if wrong:
            feedback = exercise.check(wrong[0])
            assert not feedback.correct
            said.append(ex.feedback_text(feedback))
        click = next((p for p in prefer if p in exercise.answers), sorted(exercise.answers, key=str)[0])
        feedback = exercise.check(click)
        assert feedback.correct, (click, ex.feedback_text(feedback))
        said.append(ex.feedback_text(feedback))
    raise AssertionError("the coached bout did not end")


def test_a_coached_bout_with_a_stock_goes_lead_beat_throw_in_stop_discard_refill_next() -> None:
    exercise = ex.build("coached_bout")
    assert exercise.playing and len(exercise.game.stock) == 24 and exercise.game.to_move == 0
    said = play_coached(exercise, ("stop",))
    assert exercise.solved and exercise.ended is not None and exercise.ended.discarded
    assert [step.answers for step in exercise.steps] == [
        {"discard"},
        {"you"},
        set(exercise.ended.drawn[0]),
        {"ai"},
    ]
    assert all("{" not in text for text in said)


def test_a_coached_bout_that_ends_in_a_take() -> None:
    exercise = ex.build("coached_take")
    assert exercise.game.to_move == 0 and exercise.game.table  # the AI has led
    play_coached(exercise, ("take",))
    done = exercise.ended
    assert exercise.solved and done is not None and done.picked_up and done.next_attacker == 1
    assert exercise.steps[0].answers == set(done.picked_up)
    assert exercise.steps[2].answers == {str(len(done.drawn[0]))}


def test_every_coached_choice_is_explained_in_every_language() -> None:
    for language in LANGUAGES:
        set_language(language)
        for exercise_id in COACHED:
            for text in play_coached(ex.build(exercise_id), ("stop", "take")):
                assert text and "{" not in text


# --- endgames played out --------------------------------------------------------------------


def play_line(exercise: ex.PlayOut, pick: str) -> lm.Feedback:
    feedback = None
    for _ in range(60):
        if exercise.game.is_over:
            break
        legal = sorted(exercise.answers, key=str)
        feedback = exercise.check(legal[0] if pick == "first" else legal[-1])
    assert feedback is not None
    return feedback


@pytest.mark.parametrize("exercise_id", PLAY)
def test_every_endgame_can_reach_its_goal_and_a_failure_names_the_move_that_lost(exercise_id: str) -> None:
    exercise = ex.build(exercise_id)
    assert exercise.open_hands and lm.goal_reachable(exercise.start.copy(), exercise.goal)
    for pick in ("first", "last"):
        exercise.reset()
        feedback = play_line(exercise, pick)
        if not exercise.solved:
            move, better = exercise.turning_point() or (None, None)
            assert move is not None and move != better
            assert "was the one that lost it" in ex.feedback_text(feedback)


def test_exactly_one_first_move_wins_the_one_move_endgame() -> None:
    exercise = ex.build("endgame_one_move")
    game = exercise.game
    winners = [a for a in game.legal_actions() if lm._keeps(game, a, "win")]
    assert len(winners) == 1 and len(game.legal_actions()) >= 3
    assert winners[0] != lm.GREEDY.choose(game.observation(0), game.legal_actions())  # not the natural lead
    exercise.check(winners[0].card)
    assert lm.goal_reachable(exercise.game.copy(), "win")


def test_a_refused_move_in_an_endgame_changes_nothing() -> None:
    exercise = ex.build("endgame_win")
    before = exercise.game.to_json()
    feedback = exercise.check("take")
    assert not feedback.correct and exercise.game.to_json() == before
    assert re.search("nothing to take", ex.feedback_text(feedback))
