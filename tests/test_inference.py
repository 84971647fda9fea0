"""The hand reading's replay of a history (durak.ai.inference.History) against the game itself.

History replays an observation's public moves from the standard deal without seeing any hand.
Every record it keeps of the opponent (its decisions, the cards it picked up, what it drew) is
checked here against the same game played by the rules kernel, position by position, for both
seats and in every kind of game: a disagreement anywhere in the phase machine shows.
"""

from __future__ import annotations

import random

import pytest

from durak import Game, Rules
from durak.ai.inference import _DECIDE, _DRAW, _PICKUP, Event, History
from durak.ai.players import GreedyPlayer, Player, RandomPlayer
from durak.kernel import ADDING, DEFEND, OVER, PASS, STOP, State


def expected_events(start: State, moves: list[int], opponent: int) -> list[Event]:
    """The opponent's record, read off the kernel as it plays ``moves`` from ``start``."""
    state = start.copy()
    events: list[Event] = []
    for move in moves:
        phase = state.phase
        mover = state.to_move
        stock = len(state.stock)
        if mover == opponent and stock:
            attack = state.open_attack() if phase == DEFEND else -1
            room = state.limit - len(state.attacks)
            events.append((_DECIDE, phase, attack, state.ranks, room, stock, move))
        if move != STOP:
            state.play(move)
            continue
        took = state.phase == ADDING  # the defender picks the table up
        defender = 1 - state.attacker
        table = state.table_mask
        before = state.hands[opponent]
        state.play(move)
        picked = table if took and defender == opponent else 0
        if picked:
            events.append((_PICKUP, picked))
        drawn = state.hands[opponent].bit_count() - before.bit_count() - picked.bit_count()
        if drawn:
            trump_card = state.trump_card  # the last card of the stock: whoever empties it draws it
            new = state.hands[opponent] & ~before
            got = trump_card if trump_card >= 0 and new >> trump_card & 1 else -1
            events.append((_DRAW, drawn, state.known[opponent], got))
    return events


@pytest.mark.parametrize("kind", ["random", "greedy", "mixed"])
def test_the_replay_keeps_the_opponents_record_exactly_as_the_game_played_it(kind: str) -> None:
    for seed in range(12):
        game = Game.new(seed=seed)
        start = game.state.copy()
        players: list[Player] = {
            "random": [RandomPlayer(seed), RandomPlayer(seed + 100)],
            "greedy": [GreedyPlayer(), GreedyPlayer()],
            "mixed": [GreedyPlayer(), RandomPlayer(seed)],
        }[kind]
        rng = random.Random(seed)
        while True:
            for player in (0, 1):
                history = History(game.observation(player))
                assert history.usable
                expected = expected_events(start, list(game.state.history), 1 - player)
                assert history.events == expected
                assert history.decisions == sum(event[0] == _DECIDE for event in expected)
            if game.state.phase == OVER:
                break
            seat = game.to_move
            assert seat is not None
            if rng.random() < 0.5:
                game.apply(players[seat].choose(game.observation(seat), game.legal_actions()))
            else:
                game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize(
    "rules",
    [
        Rules(first_bout_limit=5),
        Rules(passing=True),
        Rules(passing=True, passing_by_showing_trump=True),
        Rules(hand_size=4, attack_limit=4, first_bout_limit=3, passing=True, passing_by_showing_trump=True),
    ],
    ids=repr,
)
def test_the_replay_follows_each_variant_exactly(rules: Rules) -> None:
    for seed in range(8):
        game = Game.new(seed=seed, rules=rules)
        start = game.state.copy()
        rng = random.Random(seed)
        while True:
            for player in (0, 1):
                history = History(game.observation(player))
                assert history.usable
                assert history.events == expected_events(start, list(game.state.history), 1 - player)
            if game.state.phase == OVER:
                break
            legal = game.legal_actions()
            passes = [action for action in legal if action.id >= PASS]
            game.apply(rng.choice(passes if passes and rng.random() < 0.6 else legal))
