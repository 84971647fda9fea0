"""Loading the JSON record written by :meth:`durak.Game.to_json`.

The record holds the deal, the moves and the resulting state. Loading
re-deals, replays every move through the rules and checks that the stored
state is exactly the one the moves lead to, so an edited or corrupted record
is rejected rather than loaded into an impossible game.
"""

from __future__ import annotations

import json
from typing import Any

from durak.actions import Action
from durak.cards import Card
from durak.errors import IllegalAction
from durak.game import FORMAT, VERSION, Game

__all__ = ["load_game"]


def load_game(text: str) -> Game:
    try:
        record = json.loads(text)
    except (TypeError, json.JSONDecodeError) as error:
        raise ValueError(f"not a saved game: {error}") from None
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise ValueError(f"not a saved game: expected format {FORMAT!r}")
    if record.get("version") != VERSION:
        raise ValueError(
            f"unsupported saved-game version {record.get('version')!r} (this version reads {VERSION})"
        )
    start = _field(record, "start", dict)
    moves = _field(record, "moves", list)
    state = _field(record, "state", dict)
    seed = record.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise ValueError("saved game: 'seed' must be an integer or null")
    _check_cards_accounted(state)

    hands = _field(start, "hands", list)
    if len(hands) != 2:
        raise ValueError("saved game: the deal must have exactly two hands")
    game = Game.from_deal(
        _cards(hands[0], "start hand 0"),
        _cards(hands[1], "start hand 1"),
        _cards(_field(start, "stock", list), "start stock"),
        attacker=_field(start, "attacker", int),
        trump=_field(start, "trump", str),
    )
    if game._start_record() != start:
        raise ValueError("saved game: the deal is not in its normal form")
    for number, move in enumerate(moves, 1):
        if not isinstance(move, str):
            raise ValueError(f"saved game: move {number} is not text")
        try:
            game.apply(Action.parse(move))
        except (IllegalAction, ValueError) as error:
            raise ValueError(f"saved game: move {number} ({move!r}) is not legal: {error}") from None
    if game._state_record() != state:
        raise ValueError("saved game: the stored state does not follow from the deal and the moves")
    game.seed = seed
    return game


def _field(record: dict[str, Any], name: str, kind: type) -> Any:
    value = record.get(name)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ValueError(f"saved game: {name!r} is missing or not a {kind.__name__}")
    return value


def _cards(values: Any, where: str) -> list[Card]:
    if not isinstance(values, list):
        raise ValueError(f"saved game: {where} is not a list of cards")
    try:
        return [Card.parse(v) for v in values]
    except (TypeError, ValueError) as error:
        raise ValueError(f"saved game: {where}: {error}") from None


def _check_cards_accounted(state: dict[str, Any]) -> None:
    """All 36 cards exactly once across hands, stock, table and discard pile."""
    places: list[Any] = [*_field(state, "hands", list), state.get("stock"), state.get("discard")]
    table = _field(state, "table", list)
    places.append([card for pair in table if isinstance(pair, list) for card in pair if card])
    cards: list[Card] = []
    for place in places:
        cards += _cards(place, "state")
    missing = 36 - len(set(cards))
    doubled = sorted({c for c in cards if cards.count(c) > 1})
    if doubled:
        raise ValueError(f"saved game: cards in two places: {' '.join(map(str, doubled))}")
    if missing:
        raise ValueError(f"saved game: {missing} cards are missing")
