"""The player interface and the two baseline players.

A player is anything with ``choose(observation, legal_actions) -> Action``. It is given an
:class:`~durak.Observation` (what its seat may know, never the :class:`~durak.Game`) and the
legal actions, and it may keep its own memory between moves.

>>> from durak import Game
>>> game = Game.new(seed=4)
>>> player = GreedyPlayer()
>>> action = player.choose(game.observation(game.to_move), game.legal_actions())
>>> game.can_apply(action)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from durak.actions import Action
from durak.ai.policy import DEFAULT, RuleParams, greedy_move, rule_move
from durak.ai.sampling import Sampler
from durak.game import ACTION_OF_MOVE, Observation
from durak.kernel import DEFEND, table_ranks

__all__ = ["GreedyPlayer", "Player", "RandomPlayer", "RulePlayer"]


@runtime_checkable
class Player(Protocol):
    """Anything that picks one of the legal actions from an observation."""

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action: ...


def _require(legal_actions: Sequence[Action]) -> None:
    if not legal_actions:
        raise ValueError("no legal actions: the game is over")


class RandomPlayer:
    """Uniform over the legal actions."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        _require(legal_actions)
        return self._rng.choice(list(legal_actions))

    def __repr__(self) -> str:
        return "RandomPlayer()"


class GreedyPlayer:
    """The usual baseline of published Durak AI work (:func:`durak.ai.policy.greedy_move`).

    A card's value is its rank, every trump above every non-trump. It attacks with its
    lowest-value card; throws in (also after a take) its lowest-value matching non-trump if it
    has one, else stops; defends with the lowest-value card that beats; takes only when nothing
    beats.
    """

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        _require(legal_actions)
        attacks = observation.attacks
        if observation.phase == DEFEND:  # the first unbeaten attack card (several after a pass)
            attack = attacks[observation.defences.index(-1)]
            move = greedy_move(DEFEND, observation.hand_mask, attack, 0, 0)
        else:
            ranks = table_ranks(attacks, observation.defences)
            room = observation.bout_limit - len(attacks)
            move = greedy_move(int(observation.phase), observation.hand_mask, -1, ranks, room)
        return ACTION_OF_MOVE[observation.trump_index][move]

    def __repr__(self) -> str:
        return "GreedyPlayer()"


class RulePlayer:
    """The search's rule-of-thumb playout policy (:mod:`durak.ai.policy`) as a player, with an
    optional chance ``noise`` of a random legal action instead: a gentle opponent."""

    def __init__(self, params: RuleParams = DEFAULT, seed: int | None = None) -> None:
        self.params = params
        self._rng = random.Random(seed)

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        _require(legal_actions)
        if self.params.noise and self._rng.random() < self.params.noise:
            return self._rng.choice(list(legal_actions))
        # a sampled deal: the rules look at the other hand only once the stock is empty,
        # when the sample is the true position
        position = Sampler(observation).sample(self._rng)
        action = ACTION_OF_MOVE[observation.trump_index][rule_move(position, self.params)]
        return action if action in legal_actions else legal_actions[0]

    def __repr__(self) -> str:
        return f"RulePlayer(noise={self.params.noise})"
