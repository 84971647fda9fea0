"""Properties over random games (hypothesis): a seed deals, a list of choice indices plays.

Choice ``k`` picks ``legal[k % len(legal)]``; once the list runs out, a generator seeded
with the same seed picks (preferring to attack and defend over stopping and taking, for
long bouts), so that every game is played to its end and shrinks towards "always the
first legal action". Deals are ``Game.new`` games, random :meth:`Game.from_deal`
positions (short or big hands, short or empty stock) and small end games, so that the
end-of-deal edge cases come up often.

The engine is checked against :class:`Model`, a plain re-statement of RULES.md written
for these tests only (sets of cards, no bit masks).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from durak import DECK, STOP, TAKE, Action, ActionKind, Card, Game, IllegalAction, Phase, Reason, Suit
from durak.actions import ACTIONS

# A deal: (seed, kind of deal, choice indices).
Deal = tuple[int, str, list[int]]
KINDS = ("new", "deal", "endgame")
deals = st.tuples(
    st.integers(0, 2**32 - 1), st.sampled_from(KINDS), st.lists(st.integers(0, 73), max_size=60)
)

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

MAX_ACTIONS = 2000  # far beyond any real game: a game still running here never ends


def new_game(seed: int, kind: str) -> Game:
    if kind == "new":
        return Game.new(seed=seed)
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    if kind == "endgame":
        stock_size = rng.choice([0, 0, 1, 2])
        size0, size1 = rng.randrange(1, 4), rng.randrange(1, 4)
    else:
        stock_size = rng.choice([0, 1, 2, 3, rng.randrange(25)])
        size0, size1 = rng.randrange(1, 10), rng.randrange(1, 10)
    hand0, hand1 = deck[:size0], deck[size0 : size0 + size1]
    stock = deck[size0 + size1 : size0 + size1 + stock_size]
    trump = None if stock else rng.choice(list(Suit))
    return Game.from_deal(hand0, hand1, stock, trump=trump)


def playout(seed: int, kind: str, choices: list[int]) -> Iterator[tuple[Game, Action]]:
    """Yield (game, the action about to be applied) until the game is over; then stop."""
    game = new_game(seed, kind)
    rng = random.Random(seed)
    for step in range(MAX_ACTIONS):
        if game.is_over:
            return
        legal = game.legal_actions()
        if step < len(choices):
            action = legal[choices[step] % len(legal)]
        else:
            active = [action for action in legal if action not in (TAKE, STOP)]
            action = rng.choice(active if active and rng.random() < 0.75 else legal)
        yield game, action
        game.apply(action)
    raise AssertionError(f"the game did not end within {MAX_ACTIONS} actions")


def finished(seed: int, kind: str, choices: list[int]) -> Game:
    game = new_game(seed, kind)
    for game, _ in playout(seed, kind, choices):  # noqa: B007 - the generator plays on `game`
        pass
    return game


# --- a reference model of RULES.md ------------------------------------------------------


def beats(card: Card, target: Card, trump: Suit) -> bool:
    """R6."""
    if card.suit is target.suit:
        return card.rank > target.rank
    return card.suit is trump


@dataclass
class Model:
    hands: list[set[Card]]
    stock: list[Card]  # top first
    trump: Suit
    discard: set[Card]
    attacker: int
    table: list[list[Card | None]] = field(default_factory=list)
    taking: bool = False
    limit: int = 0
    over: bool = False
    loser: int | None = None

    @classmethod
    def of(cls, game: Game) -> Model:
        hands = [set(game.hands[0]), set(game.hands[1])]
        model = cls(hands, list(game.stock), game.trump, set(game.discard), first_attacker(hands, game.trump))
        model.begin_bout()
        return model

    @property
    def defender(self) -> int:
        return 1 - self.attacker

    def table_cards(self) -> set[Card]:
        return {card for pair in self.table for card in pair if card is not None}

    def unbeaten(self) -> list[Card]:
        return [attack for attack, defence in self.table if attack is not None and defence is None]

    def phase(self) -> Phase:
        if self.over:
            return Phase.OVER
        if not self.table:
            return Phase.LEAD
        if self.taking:
            return Phase.ADDING
        return Phase.DEFEND if self.unbeaten() else Phase.THROW_IN

    def legal(self) -> set[Action]:
        phase = self.phase()
        if phase is Phase.OVER:
            return set()
        if phase is Phase.LEAD:  # R5
            return {Action.attack(card) for card in self.hands[self.attacker]}
        if phase is Phase.DEFEND:  # R6, R9
            (target,) = self.unbeaten()
            defences = {card for card in self.hands[self.defender] if beats(card, target, self.trump)}
            return {Action.defend(card) for card in defences} | {TAKE}
        ranks = {card.rank for card in self.table_cards()}  # R7, R9
        adds = {card for card in self.hands[self.attacker] if card.rank in ranks}
        return {Action.attack(card) for card in adds if len(self.table) < self.limit} | {STOP}  # R8

    def apply(self, action: Action) -> None:
        if action.kind is ActionKind.ATTACK:
            assert action.card is not None
            self.hands[self.attacker].remove(action.card)
            self.table.append([action.card, None])
        elif action.kind is ActionKind.DEFEND:
            assert action.card is not None
            self.hands[self.defender].remove(action.card)
            self.table[-1][1] = action.card
        elif action.kind is ActionKind.TAKE:
            self.taking = True
        else:
            self.end_bout()

    def end_bout(self) -> None:
        attacker, defender = self.attacker, self.defender
        if self.taking:  # R9: pick up everything, skip the next attack
            self.hands[defender] |= self.table_cards()
        else:  # R10: discard, the defender attacks next
            self.discard |= self.table_cards()
            self.attacker = defender
        self.table, self.taking = [], False
        for player in (attacker, defender):  # R11: the bout's attacker first
            while len(self.hands[player]) < 6 and self.stock:
                self.hands[player].add(self.stock.pop(0))
        self.begin_bout()

    def begin_bout(self) -> None:
        if not self.stock and not (self.hands[0] and self.hands[1]):  # R12
            self.over = True
            self.loser = None if not (self.hands[0] or self.hands[1]) else (0 if self.hands[0] else 1)
        else:
            self.limit = min(6, len(self.hands[self.defender]))


def first_attacker(hands: list[set[Card]], trump: Suit) -> int:
    """R4."""
    lowest = [min((card.rank for card in hand if card.suit is trump), default=None) for hand in hands]
    if lowest[1] is not None and (lowest[0] is None or lowest[1] < lowest[0]):
        return 1
    return 0


def assert_matches(game: Game, model: Model) -> None:
    assert [set(hand) for hand in game.hands] == model.hands
    assert list(game.stock) == model.stock
    assert [list(pair) for pair in game.table] == model.table
    assert set(game.discard) == model.discard
    assert game.phase is model.phase()
    assert game.is_over == model.over and game.loser == model.loser
    if not model.over:
        assert game.attacker == model.attacker and game.bout_limit == model.limit


def all_cards(game: Game) -> list[Card]:
    table = [card for pair in game.table for card in pair if card is not None]
    return [*game.hands[0], *game.hands[1], *table, *game.stock, *game.discard]


# --- properties -------------------------------------------------------------------------


@FAST
@given(deals)
def test_36_cards_always_accounted_for_and_the_engine_follows_the_rules(deal: Deal) -> None:
    model: Model | None = None
    for game, action in playout(*deal):
        if model is None:
            model = Model.of(game)
            assert game.attacker == model.attacker  # R4
        assert sorted(all_cards(game)) == list(DECK)
        assert_matches(game, model)
        assert set(game.legal_actions()) == model.legal()
        assert [a.id for a in game.legal_actions()] == game.legal_ids()
        model.apply(action)
    assert model is not None
    final = finished(*deal)
    assert sorted(all_cards(final)) == list(DECK)
    assert_matches(final, model)
    assert final.legal_actions() == [] and final.legal_ids() == []


@FAST
@given(deals)
def test_consequences_of_the_rules_hold_at_every_step(deal: Deal) -> None:
    for game, _ in playout(*deal):
        unbeaten = [attack for attack, defence in game.table if defence is None]
        if game.phase is Phase.DEFEND:
            assert len(unbeaten) == 1  # R7: one at a time
            assert game.hands[game.defender]  # R8: never an open card against an empty hand
        if game.phase is Phase.THROW_IN:
            assert not unbeaten
        assert len(game.table) <= game.bout_limit <= 6  # R8
        assert game.legal_actions()  # the player to move always has a move
        if game.phase is Phase.LEAD and game.stock:  # R12: nobody is out while there is a stock
            assert game.hands[0] and game.hands[1]


@FAST
@given(deals)
def test_every_game_ends(deal: Deal) -> None:
    """After the stock is empty, each bout discards cards or shrinks the attacker's hand."""
    bout_start: tuple[int, int, int] | None = None
    for game, action in playout(*deal):
        if not game.table:
            bout_start = (len(game.stock), len(game.discard), len(game.hands[game.attacker]))
        if action is STOP and bout_start is not None and bout_start[0] == 0:
            attacker_before = game.attacker
            copy = game.copy()
            copy.apply(STOP)
            discarded = len(copy.discard) > bout_start[1]
            assert discarded or len(copy.hands[attacker_before]) < bout_start[2]
    assert finished(*deal).is_over


@SLOW
@given(deals)
def test_every_legal_action_is_accepted_and_every_illegal_one_rejected_unchanged(deal: Deal) -> None:
    for game, _ in playout(*deal):
        legal = set(game.legal_actions())
        mover = game.to_move
        assert mover is not None
        before = game.to_json()
        for action in ACTIONS:
            if action in legal:
                copy = game.copy()
                copy.apply(action, player=mover)
                assert copy.history[-1] is action and copy.to_json() != before
                try:
                    game.apply(action, player=1 - mover)
                except IllegalAction as error:
                    assert error.reason is Reason.NOT_YOUR_TURN
                else:
                    raise AssertionError(f"{action} accepted from the wrong player")
            else:
                assert not game.can_apply(action)
                try:
                    game.apply(action)
                except IllegalAction as error:
                    assert error.action is action
                else:
                    raise AssertionError(f"illegal {action} accepted")
            assert game.to_json() == before


@FAST
@given(deals)
def test_json_round_trip_is_identical(deal: Deal) -> None:
    for game, _ in playout(*deal):
        if len(game.history) % 9 == 0:
            text = game.to_json()
            assert Game.from_json(text).to_json() == text
    final = finished(*deal)
    text = final.to_json()
    loaded = Game.from_json(text)
    assert loaded.to_json() == text and loaded.is_over


@FAST
@given(deals)
def test_replaying_the_history_on_the_same_deal_gives_the_same_game(deal: Deal) -> None:
    final = finished(*deal)
    replay = new_game(deal[0], deal[1])
    for action in final.history:
        replay.apply(action)
    assert replay.to_json() == final.to_json()


def seen_cards(game: Game, player: int) -> set[Card]:
    """Cards ``player`` sees now: its hand, the table, the discard pile, the face-up trump."""
    seen = set(game.hands[player]) | set(game.discard)
    seen |= {card for pair in game.table for card in pair if card is not None}
    if game.stock:
        seen.add(game.stock[-1])
    return seen


def twin(game: Game, player: int, unseen: set[Card], rng: random.Random) -> Game:
    """The same deal with the cards ``player`` never saw shuffled among their places,
    replayed with the same actions: ``player`` cannot tell the two games apart."""
    start = json.loads(game.to_json())["start"]
    places = [[Card.parse(text) for text in place] for place in (*start["hands"], start["stock"])]
    hidden = [card for place in places for card in place if card in unseen]
    rng.shuffle(hidden)
    swapped = iter(hidden)
    places = [[next(swapped) if card in unseen else card for card in place] for place in places]
    other = Game.from_deal(places[0], places[1], places[2], attacker=start["attacker"], trump=start["trump"])
    for action in game.history:
        other.apply(action)
    return other


@FAST
@given(deals)
def test_the_observation_never_contains_hidden_cards(deal: Deal) -> None:
    ever_seen: list[set[Card]] | None = None
    rng = random.Random(deal[0])
    checks = 0
    for game, _ in playout(*deal):
        if ever_seen is None:
            ever_seen = [seen_cards(game, 0), seen_cards(game, 1)]
        for player in (0, 1):
            ever_seen[player] |= seen_cards(game, player)
            seen = game.observation(player)
            opponent = set(game.hands[1 - player])
            assert set(seen.hand) == set(game.hands[player])
            # known: exactly the cards of the other hand this player has ever seen
            assert set(seen.opponent_known) == opponent & ever_seen[player]
            assert seen.opponent_hand_size == len(opponent) and seen.stock_size == len(game.stock)
            assert set(seen.unseen) == set(DECK) - seen_cards(game, player) - set(seen.opponent_known)
            if len(game.history) % 17 == 5 and checks < 3:
                checks += 1
                other = twin(game, player, set(DECK) - ever_seen[player], rng)
                assert other.observation(player) == seen
    assert ever_seen is not None
    final = finished(*deal)
    for player in (0, 1):
        ever_seen[player] |= seen_cards(final, player)
        other = twin(final, player, set(DECK) - ever_seen[player], rng)
        assert other.observation(player) == final.observation(player)
