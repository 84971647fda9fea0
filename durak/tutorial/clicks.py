"""What a learner's click means, in the lessons and in the game alike: one mapping.

A click on a card of your hand plays it: it beats the open attack card when you defend, and
attacks with it otherwise (a lead, a throw-in, a card added after a take). "take" and "stop"
are the two buttons. A card that may not be played is an action all the same: the rules then
say why not (:func:`durak.messages.illegal_action_message`), which is how a wrong click teaches.

>>> from durak import Card, Game
>>> game = Game.from_deal(["7♠", "9♥"], ["6♠"], trump="♥", attacker=1)
>>> _ = game.apply("attack 6♠")
>>> action_for(game, Card.parse("7♠")), action_for(game, "take")
(Action.parse('defend 7♠'), Action.parse('take'))
>>> click_for(action_for(game, "take"))
'take'
"""

from __future__ import annotations

from durak.actions import STOP, TAKE, Action
from durak.cards import Card
from durak.game import Game

__all__ = ["action_for", "click_for"]

_BUTTONS = {TAKE.kind.value: TAKE, STOP.kind.value: STOP}


def action_for(game: Game, click: Card | str) -> Action:
    """The action a click on a card of your hand, or on "take" or "stop", stands for in
    ``game``'s current phase."""
    if isinstance(click, Card):
        return Action.defend(click) if game.to_move == game.defender else Action.attack(click)
    if click in _BUTTONS:
        return _BUTTONS[click]
    raise ValueError(f"not a move: {click!r}")


def click_for(action: Action) -> Card | str:
    """The click that stands for ``action``: its card, or "take" / "stop"."""
    return action.card if action.card is not None else action.kind.value
