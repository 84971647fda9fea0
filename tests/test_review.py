"""The game review (durak.ai.review): exact verdicts in endgames, the search's chances before,
nothing read that the player could not see, reproducible under a seed."""

from __future__ import annotations

import json
import random

import pytest

from durak import CorruptRecord, Game
from durak.ai.levels import make_player
from durak.ai.review import KEY_DROP, MomentKind, review
from durak.ai.solver import Solver
from durak.game import ACTION_OF_MOVE, Deal

ITERATIONS = 200  # small budgets keep the tests fast; the verdicts tested do not depend on them


def played_out(game: Game, players: tuple[object, object]) -> Game:
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        game.apply(players[seat].choose(game.observation(seat), game.legal_actions()))  # type: ignore[attr-defined]
    return game


def test_a_losing_endgame_move_is_flagged_exactly_with_the_winning_move_and_its_line() -> None:
    game = Game.from_deal(["7♠", "Т♣"], ["7♣", "8♥"], [], attacker=1, trump="♠")
    for move in ("attack 7♣", "take", "stop", "attack 8♥", "defend 7♠", "stop"):
        game.apply(move)
    verdict = review(game, player=0, iterations=ITERATIONS, seed=3)
    (moment,) = verdict.moments
    assert moment.exact and moment.kind is MomentKind.WIN_MISSED
    assert (str(moment.played), moment.chance_before, moment.chance_after) == ("take", 1.0, 0.0)
    # the better move wins against every defence: the solver agrees, and its line ends in a win
    solver = Solver()
    replay = Game.replay(game.deal, game.history[: moment.index])
    trump = replay.trump.ordinal
    values = {str(ACTION_OF_MOVE[trump][m]): v for m, v in solver.solve(replay.state).items()}
    assert values[str(moment.best)] == 1 and values["take"] == -1
    line = Game.replay(game.deal, game.history[: moment.index])
    for action in moment.line:
        line.apply(action)  # every action of the line is legal in turn
    assert moment.line[0] == moment.best and line.is_over and line.loser == 1
    assert verdict.lost_from == 4  # after the take every move lost: the review says so
    assert verdict.chances[-1] == 0.0 and verdict.loser == 0


def test_a_draw_thrown_away_is_a_draw_missed() -> None:
    # the attacker's last card, a plain six, against the defender's last card, a trump:
    # beating it is a draw (both hands empty), taking it loses
    game = Game.from_deal(["6♠"], ["7♥"], [], attacker=1, trump="♠")
    game.apply("attack 7♥")
    game.apply("take")
    game.apply("stop")
    verdict = review(game, player=0, iterations=ITERATIONS, seed=1)
    (moment,) = verdict.moments
    assert moment.kind is MomentKind.DRAW_MISSED and (moment.chance_best, moment.chance_after) == (0.5, 0.0)
    assert [str(a) for a in moment.line] == ["defend 6♠", "stop"]  # then both hands are empty


def test_the_hard_ai_reviewed_makes_no_exact_mistakes() -> None:
    for seed in (3, 8):
        game = played_out(
            Game.new(seed=seed),
            (make_player("hard", seed=seed, iterations=300), make_player("normal", seed=seed, iterations=60)),
        )
        verdict = review(game, player=0, iterations=ITERATIONS, seed=seed)
        assert any(choice.exact for choice in verdict.decisions)  # the endgame was reviewed
        assert not [m for m in verdict.moments if m.exact], verdict.moments
        assert all(choice.matched for choice in verdict.decisions if choice.exact)


def test_search_moments_are_clear_drops_and_every_decision_is_counted() -> None:
    game = played_out(
        Game.new(seed=4), (make_player("random", seed=4), make_player("normal", seed=4, iterations=60))
    )
    calls: list[tuple[int, int]] = []
    verdict = review(game, player=0, iterations=ITERATIONS, seed=2, progress=lambda *call: calls.append(call))
    replay = Game.replay(game.deal)
    decisions = []
    for index, action in enumerate(game.history):
        if replay.to_move == 0 and len(replay.legal_actions()) > 1:
            decisions.append(index)
        replay.apply(action)
    assert [choice.index for choice in verdict.decisions] == decisions
    assert calls == [(n, len(decisions)) for n in range(1, len(decisions) + 1)]
    assert len(verdict.chances) == len(decisions) and all(0 <= c <= 1 for c in verdict.chances)
    assert verdict.moments  # a random player makes mistakes
    for moment in verdict.moments:
        assert moment.played != moment.best and str(moment.played) == str(game.history[moment.index])
        assert moment.drop >= (KEY_DROP if not moment.exact else 0.5)
    assert verdict.matched < len(decisions)
    worst = verdict.biggest_drop
    assert worst is not None and worst.drop == max(choice.drop for choice in verdict.decisions)


def test_the_same_seed_gives_the_same_review_from_a_game_or_its_record() -> None:
    game = played_out(
        Game.new(seed=6), (make_player("easy", seed=6), make_player("normal", seed=6, iterations=60))
    )
    first = review(game, iterations=ITERATIONS, seed=5)
    assert review(game.to_json(), iterations=ITERATIONS, seed=5) == first
    assert review(json.loads(game.to_json()), iterations=ITERATIONS, seed=5) == first
    assert review(game, player=1, iterations=ITERATIONS, seed=5).player == 1


def test_bad_input_is_refused_clearly() -> None:
    with pytest.raises(ValueError, match="player must be 0 or 1"):
        review(Game.new(seed=1), player=2)
    with pytest.raises(CorruptRecord):
        review('{"format": "durak-game", "version": 1}')


def redealt(game: Game, upto: int, rng: random.Random) -> Deal | None:
    """``game``'s deal with the cards player 0 had not seen by move ``upto`` shuffled among their
    places (the AI's hand and the stock); None if that would change who attacked first."""
    at = Game.replay(game.deal, game.history[:upto])
    hidden = (set(at.hands[1]) - set(at.known_cards(1))) | set(at.stock[:-1])  # the face-up card is seen
    deal = game.deal
    places = [card for card in (*deal.hands[1], *deal.stock) if card in hidden]
    shuffled = places[:]
    rng.shuffle(shuffled)
    swap = dict(zip(places, shuffled, strict=True))
    hand1 = tuple(swap.get(card, card) for card in deal.hands[1])
    stock = tuple(swap.get(card, card) for card in deal.stock)
    new = Deal((deal.hands[0], hand1), stock, deal.trump, deal.attacker)
    trump = deal.trump
    lowest = [min((c.rank for c in hand if c.suit == trump), default=None) for hand in new.hands]
    first = 1 if lowest[1] is not None and (lowest[0] is None or lowest[1] < lowest[0]) else 0
    return new if first == deal.attacker else None


def test_the_review_never_reads_the_cards_the_player_could_not_see() -> None:
    """Re-deal the hidden cards of a position: the review of every decision up to it is unchanged."""
    game = played_out(
        Game.new(seed=9), (make_player("easy", seed=9), make_player("normal", seed=9, iterations=60))
    )
    rng = random.Random(1)
    checked = 0
    replay = Game.replay(game.deal)
    turns = []  # the player's decisions, while the stock still hides cards
    for index, action in enumerate(game.history):
        if replay.to_move == 0 and len(replay.legal_actions()) > 1 and len(replay.stock) > 1:
            turns.append(index)
        replay.apply(action)
    for upto in turns[1::3]:
        deal = next((d for _ in range(50) if (d := redealt(game, upto, rng)) is not None), None)
        if deal is None:
            continue
        before = Game.replay(deal, game.history[:upto]), Game.replay(game.deal, game.history[:upto])
        assert before[0].observation(0).hand == before[1].observation(0).hand
        assert before[0].observation(0).moves == before[1].observation(0).moves
        assert before[0].hands[1] != before[1].hands[1] or before[0].stock != before[1].stock  # re-dealt
        # the game up to and including the player's action there, reviewed both ways
        other = Game.replay(deal, game.history[: upto + 1])
        original = Game.replay(game.deal, game.history[: upto + 1])
        assert review(other, iterations=ITERATIONS, seed=4) == review(original, iterations=ITERATIONS, seed=4)
        checked += 1
    assert checked >= 3
