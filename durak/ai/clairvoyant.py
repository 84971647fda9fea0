"""A reference player that CHEATS: it is told the opponent's whole hand.

:class:`ClairvoyantPlayer` is the search of ``hard-v1`` (the hard level before issue 18), at
the same budget and with the same seeds, but its observations show it every card of the
opponent's hand (the stock order stays hidden). It measures the ceiling of a fair player: what
seeing the hidden hand is worth. It is a level the arena can pit (``python -m durak.arena
clairvoyant greedy``) and is never offered to a learner (:data:`durak.ai.levels.LEARNER_LEVELS`),
and nothing but the arena gives it a game.

It gets its observation from :meth:`ClairvoyantPlayer.observe`, which reads the game; a fair
player has no such method, and the arena asks only a player that has one.
"""

from __future__ import annotations

from dataclasses import replace

from durak.ai.search import SearchPlayer
from durak.game import Game, Observation

__all__ = ["ClairvoyantPlayer"]


class ClairvoyantPlayer(SearchPlayer):
    """The hard-v1 search, told the opponent's hand: a cheating reference, never a learner's opponent."""

    def observe(self, game: Game, player: int) -> Observation:
        """``player``'s observation with the opponent's whole hand marked as known."""
        return replace(game.observation(player), opponent_known_mask=game.state.hands[1 - player])
