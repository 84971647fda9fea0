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

from durak.actions import ACTIONS, STOP, TAKE, Action, ActionKind
from durak.ai.policy import DEFAULT, RuleParams, rule_move
from durak.ai.position import NONTRUMPS, move_to_engine, to_value
from durak.ai.sampling import Sampler
from durak.game import Observation

__all__ = ["GreedyPlayer", "Player", "RandomPlayer", "RulePlayer", "card_value"]


@runtime_checkable
class Player(Protocol):
    """Anything that picks one of the legal actions from an observation."""

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action: ...


def card_value(action: Action, trump: int) -> int:
    """The value order of the action's card: by rank, every trump above every non-trump
    (ties between suits broken by a fixed suit order)."""
    assert action.card is not None
    return to_value(action.card.index, trump)


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
    """The usual baseline of published Durak AI work.

    A card's value is its rank, every trump above every non-trump. It attacks with its
    lowest-value card; throws in (also after a take) its lowest-value matching non-trump if it
    has one, else stops; defends with the lowest-value card that beats; takes only when nothing
    beats.
    """

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        _require(legal_actions)
        trump = observation.trump_index
        cards = [a for a in legal_actions if a.kind in (ActionKind.ATTACK, ActionKind.DEFEND)]
        if observation.to_move == observation.attacker and observation.attacks:
            cards = [a for a in cards if (1 << card_value(a, trump)) & NONTRUMPS]
        if cards:
            return min(cards, key=lambda a: card_value(a, trump))
        return TAKE if TAKE in legal_actions else STOP

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
        trump = observation.trump_index
        action = ACTIONS[move_to_engine(rule_move(position, self.params), trump)]
        return action if action in legal_actions else legal_actions[0]

    def __repr__(self) -> str:
        return f"RulePlayer(noise={self.params.noise})"
