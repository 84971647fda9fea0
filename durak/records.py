"""The JSON record of a game: :func:`dump_game` writes it, :func:`load_game` reads it.

The record holds the rules, the deal, the moves and the resulting state. Loading re-deals, replays every
move through the rules and checks that the stored state is exactly the one the moves lead to,
so an edited or corrupted record is rejected rather than loaded into an impossible game. Every
rejection is a :class:`~durak.CorruptRecord` (a ``ValueError``) that says what is wrong.
:meth:`Game.to_json <durak.Game.to_json>` and :meth:`Game.from_json <durak.Game.from_json>`
call these.

Version 2 added the game's :class:`~durak.Rules` (``"rules"``); a version 1 record was
written before house rules existed and is read as today's game (the default rules).

>>> from durak import Game
>>> game = Game.new(seed=3)
>>> done = game.apply(game.legal_actions()[0])
>>> load_game(dump_game(game)).history == game.history
True
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from durak.actions import Action
from durak.cards import Card
from durak.errors import CorruptRecord
from durak.game import Deal, Game, check_seed
from durak.rules import DEFAULT_RULES, Rules

__all__ = ["FORMAT", "VERSION", "dump_game", "load_game", "parse_json"]

FORMAT = "durak-game"
VERSION = 2
READABLE_VERSIONS = (1, 2)  # 1: before the rules were recorded, read as DEFAULT_RULES


def dump_game(game: Game) -> str:
    """The versioned, JSON-only record of ``game``: the deal, the moves and the resulting state."""
    return json.dumps(
        {
            "format": FORMAT,
            "version": VERSION,
            "seed": game.seed,
            "rules": game.rules.to_record(),
            "start": _start_record(game.deal),
            "moves": [str(action) for action in game.history],
            "state": _state_record(game),
        },
        ensure_ascii=False,
    )


def _start_record(deal: Deal) -> dict[str, Any]:
    return {
        "hands": [[str(card) for card in hand] for hand in deal.hands],
        "stock": [str(card) for card in deal.stock],
        "trump": deal.trump.value,
        "attacker": deal.attacker,
    }


def _state_record(game: Game) -> dict[str, Any]:
    return {
        "hands": [[str(c) for c in hand] for hand in game.hands],
        "stock": [str(c) for c in game.stock],
        "table": [[str(a), str(d) if d else None] for a, d in game.table],
        "discard": [str(c) for c in game.discard],
        "attacker": game.attacker,
        "phase": game.phase.name.lower(),
        "bout_limit": game.bout_limit,
        "known": [[str(c) for c in game.known_cards(p)] for p in (0, 1)],
        "loser": game.loser,
    }


def parse_json(text: object, what: str) -> Any:
    """``json.loads`` whose every failure, deep nesting included, is a :class:`CorruptRecord`."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise CorruptRecord(f"not {what}: expected JSON text, not {type(text).__name__}")
    try:
        return json.loads(text)
    except RecursionError:
        raise CorruptRecord(f"not {what}: the JSON is nested too deeply") from None
    except ValueError as error:  # JSONDecodeError, and UnicodeDecodeError for bytes
        raise CorruptRecord(f"not {what}: {error}") from None


def load_game(text: str) -> Game:
    record = parse_json(text, "a saved game")
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise CorruptRecord(f"not a saved game: expected format {FORMAT!r}")
    version = record.get("version")
    if type(version) is not int or version not in READABLE_VERSIONS:
        newer = type(version) is int and version > VERSION
        raise CorruptRecord(
            f"unsupported saved-game version {version!r} (this version of durak reads versions "
            f"{' and '.join(map(str, READABLE_VERSIONS))}"
            + ("; the record was written by a newer durak)" if newer else ")")
        )
    rules = _rules(record) if version >= 2 else DEFAULT_RULES
    start = _field(record, "start", dict)
    moves = _field(record, "moves", list)
    state = _field(record, "state", dict)
    seed = record.get("seed")
    if seed is not None:
        try:
            check_seed(seed)
        except (TypeError, ValueError):
            message = "saved game: 'seed' must be an integer from 0 to 2**64 - 1, or null"
            raise CorruptRecord(message) from None
    _check_cards_accounted(state)

    hands = _field(start, "hands", list)
    if len(hands) != 2:
        raise CorruptRecord("saved game: the deal must have exactly two hands")
    try:
        game = Game.from_deal(
            _cards(hands[0], "start hand 0"),
            _cards(hands[1], "start hand 1"),
            _cards(_field(start, "stock", list), "start stock"),
            attacker=_field(start, "attacker", int),
            trump=_field(start, "trump", str),
            rules=rules,
        )
    except (TypeError, ValueError) as error:
        raise CorruptRecord(f"saved game: the deal is not valid: {error}") from None
    if _start_record(game.deal) != start:
        raise CorruptRecord("saved game: the deal is not in its normal form")
    for number, move in enumerate(moves, 1):
        if not isinstance(move, str):
            raise CorruptRecord(f"saved game: move {number} is not text")
        try:
            game.apply(Action.parse(move))
        except ValueError as error:  # IllegalAction or InvalidNotation
            raise CorruptRecord(f"saved game: move {number} ({move[:40]!r}) is not legal: {error}") from None
    if _state_record(game) != state:
        raise CorruptRecord("saved game: the stored state does not follow from the deal and the moves")
    game.seed = seed
    return game


def _rules(record: dict[str, Any]) -> Rules:
    try:
        return Rules.from_record(record.get("rules"))
    except ValueError as error:
        raise CorruptRecord(f"saved game: the rules are not valid: {error}") from None


def _field(record: dict[str, Any], name: str, kind: type) -> Any:
    value = record.get(name)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise CorruptRecord(f"saved game: {name!r} is missing or not a {kind.__name__}")
    return value


def _cards(values: Any, where: str) -> list[Card]:
    if not isinstance(values, list):
        raise CorruptRecord(f"saved game: {where} is not a list of cards")
    try:
        return [Card.parse(v) for v in values]
    except (TypeError, ValueError) as error:
        raise CorruptRecord(f"saved game: {where}: {error}") from None


def _check_cards_accounted(state: dict[str, Any]) -> None:
    """All 36 cards exactly once across hands, stock, table and discard pile."""
    places: list[Any] = [*_field(state, "hands", list), state.get("stock"), state.get("discard")]
    table = _field(state, "table", list)
    places.append([card for pair in table if isinstance(pair, list) for card in pair if card])
    # Counted before any card is read: a crafted record may list a card thousands of times.
    # Up to twice a deck, the doubled cards are worth naming; beyond, the count says enough.
    listed = sum(len(place) for place in places if isinstance(place, list))
    if listed > 2 * 36:
        raise CorruptRecord(f"saved game: {listed} cards in its state, but a deck has 36")
    cards: list[Card] = []
    for place in places:
        cards += _cards(place, "state")
    missing = 36 - len(set(cards))
    doubled = sorted(card for card, times in Counter(cards).items() if times > 1)
    if doubled:
        raise CorruptRecord(f"saved game: cards in two places: {' '.join(map(str, doubled))}")
    if missing:
        raise CorruptRecord(f"saved game: {missing} cards are missing")
