"""The house rules (HOUSE_RULES.md V1–V3) over random games (hypothesis), for every variant.

The same guarantees as today's game: 36 cards accounted for, the legality generator and the
checker with reasons in step over all 146 actions, every game ends, saves reload exactly, an
observation never shows a hidden card. The passes the engine offers are compared with V2 and V3
restated here on the readable API (cards, not masks).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from durak import DECK, STOP, TAKE, Action, ActionKind, Card, Game, IllegalAction, Phase, Reason, Rules, Suit
from durak.actions import ACTIONS
from durak.game import action_of_move

VARIANTS = {
    "today": Rules(),
    "first-bout-5": Rules(first_bout_limit=5),
    "passing": Rules(passing=True),
    "passing-showing": Rules(passing=True, passing_by_showing_trump=True),
    "small-hands": Rules(
        hand_size=4, attack_limit=4, first_bout_limit=3, passing=True, passing_by_showing_trump=True
    ),
}
KINDS = ("new", "deal", "endgame")
Deal = tuple[str, int, str, list[int]]
deals = st.tuples(
    st.sampled_from(sorted(VARIANTS)),
    st.integers(0, 2**32 - 1),
    st.sampled_from(KINDS),
    st.lists(st.integers(0, 145), max_size=60),
)
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MAX_ACTIONS = 2000


def new_game(variant: str, seed: int, kind: str) -> Game:
    rules = VARIANTS[variant]
    if kind == "new":
        return Game.new(seed=seed, rules=rules)
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    if kind == "endgame":
        stock_size = rng.choice([0, 0, 1, 2])
        size0, size1 = rng.randrange(1, 5), rng.randrange(1, 5)
    else:
        stock_size = rng.choice([0, 1, 2, 3, rng.randrange(25)])
        size0, size1 = rng.randrange(1, 10), rng.randrange(1, 10)
    hand0, hand1 = deck[:size0], deck[size0 : size0 + size1]
    stock = deck[size0 + size1 : size0 + size1 + stock_size]
    trump = None if stock else rng.choice(list(Suit))
    return Game.from_deal(hand0, hand1, stock, trump=trump, rules=rules)


def playout(variant: str, seed: int, kind: str, choices: list[int]) -> Iterator[tuple[Game, Action]]:
    """Yield (game, the action about to be applied) until the game is over. After the choices
    run out, a pass is made whenever one is offered, half the time: passes come up often."""
    game = new_game(variant, seed, kind)
    rng = random.Random(seed)
    for step in range(MAX_ACTIONS):
        if game.is_over:
            return
        legal = game.legal_actions()
        passes = [a for a in legal if a.kind in (ActionKind.PASS, ActionKind.SHOW)]
        if step < len(choices):
            action = legal[choices[step] % len(legal)]
        elif passes and rng.random() < 0.5:
            action = rng.choice(passes)
        else:
            active = [action for action in legal if action not in (TAKE, STOP)]
            action = rng.choice(active if active and rng.random() < 0.75 else legal)
        yield game, action
        game.apply(action)
    raise AssertionError(f"the game did not end within {MAX_ACTIONS} actions")


def all_cards(game: Game) -> list[Card]:
    table = [card for pair in game.table for card in pair if card is not None]
    return [*game.hands[0], *game.hands[1], *table, *game.stock, *game.discard]


def expected_passes(game: Game) -> set[Action]:
    """V2 and V3 on the readable API: before anything is beaten, a card of the attack's rank,
    if the other player holds at least as many cards as the attack would then have and the
    bout has room; a trump of that rank may be shown instead, once a bout."""
    rules = game.rules
    if not rules.passing or game.phase is not Phase.DEFEND or any(d is not None for _, d in game.table):
        return set()
    rank = game.table[0][0].rank
    attacks = len(game.table)
    other = len(game.hands[game.attacker])
    bout_limit = rules.attack_limit if game.discard else rules.first_bout_limit
    matching = [card for card in game.hands[game.defender] if card.rank == rank]
    out = {Action.pass_(card) for card in matching if attacks + 1 <= min(other, bout_limit)}
    if rules.passing_by_showing_trump and game.state.shown < 0 and attacks <= min(other, bout_limit):
        out |= {Action.show(card) for card in matching if card.suit == game.trump}
    return out


@FAST
@given(deals)
def test_cards_are_accounted_for_and_the_bout_keeps_its_limits(deal: Deal) -> None:
    for game, action in playout(*deal):
        rules = game.rules
        assert sorted(all_cards(game)) == list(DECK)
        legal = game.legal_actions()
        assert legal and [a.id for a in legal] == game.legal_ids()
        trump = game.trump.ordinal
        assert [action_of_move(m, trump) for m in game.state.legal_moves()] != [] or not legal
        assert {action_of_move(m, trump) for m in game.state.legal_moves()} == set(legal)
        assert {a for a in legal if a.kind in (ActionKind.PASS, ActionKind.SHOW)} == expected_passes(game)
        assert len(game.table) <= game.bout_limit <= rules.attack_limit  # R8
        if not game.discard:
            assert game.bout_limit <= rules.first_bout_limit  # V1
        if game.phase is Phase.DEFEND:  # never more open cards than the defender holds
            unbeaten = [a for a, d in game.table if d is None]
            assert 1 <= len(unbeaten) <= len(game.hands[game.defender])
            assert [d is None for _, d in game.table] == sorted(d is None for _, d in game.table)
        if game.phase is Phase.LEAD and game.stock:
            assert game.hands[0] and game.hands[1]
        if action.kind in (ActionKind.PASS, ActionKind.SHOW):
            passer, table = game.defender, len(game.table)
            done = game.copy().apply(action)
            assert done.player == passer and done.beaten is None
            copy = game.copy()
            copy.apply(action)
            assert copy.attacker == passer and copy.phase is Phase.DEFEND  # the roles change
            if action.kind is ActionKind.PASS:
                assert done.played == action.card and len(copy.table) == table + 1
            else:
                assert done.played is None and action.card in copy.hands[passer]
                assert action.card in copy.known_cards(passer)
    final = game
    assert final.is_over and sorted(all_cards(final)) == list(DECK)


@SLOW
@given(deals)
def test_every_legal_action_is_accepted_and_every_illegal_one_refused_with_a_reason(deal: Deal) -> None:
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
                with pytest.raises(IllegalAction) as caught:
                    game.apply(action, player=1 - mover)
                assert caught.value.reason is Reason.NOT_YOUR_TURN
            else:
                assert not game.can_apply(action)
                with pytest.raises(IllegalAction) as caught:
                    game.apply(action)
                assert caught.value.action is action and caught.value.reason in Reason
            assert game.to_json() == before


@FAST
@given(deals)
def test_every_game_ends_and_reloads_exactly(deal: Deal) -> None:
    for game, _ in playout(*deal):
        if len(game.history) % 7 == 0:
            text = game.to_json()
            loaded = Game.from_json(text)
            assert loaded.to_json() == text and loaded.rules == game.rules
            assert (
                loaded.observation(0) == game.observation(0)
                and loaded.legal_actions() == game.legal_actions()
            )
    final = game
    assert final.is_over
    replay = Game.replay(final.deal, final.history)
    replay.seed = final.seed
    assert replay.to_json() == final.to_json()


def seen_cards(game: Game, player: int) -> set[Card]:
    seen = set(game.hands[player]) | set(game.discard)
    seen |= {card for pair in game.table for card in pair if card is not None}
    if game.stock:
        seen.add(game.stock[-1])
    return seen


def twin(game: Game, player: int, unseen: set[Card], rng: random.Random) -> Game:
    """The same deal and rules with the cards ``player`` never saw shuffled among their places."""
    start = json.loads(game.to_json())["start"]
    places = [[Card.parse(text) for text in place] for place in (*start["hands"], start["stock"])]
    hidden = [card for place in places for card in place if card in unseen]
    rng.shuffle(hidden)
    swapped = iter(hidden)
    places = [[next(swapped) if card in unseen else card for card in place] for place in places]
    other = Game.from_deal(
        places[0], places[1], places[2], attacker=start["attacker"], trump=start["trump"], rules=game.rules
    )
    for action in game.history:
        other.apply(action)
    return other


@FAST
@given(deals)
def test_the_observation_never_contains_hidden_cards(deal: Deal) -> None:
    ever_seen: list[set[Card]] | None = None
    rng = random.Random(deal[1])
    checks = 0
    game: Game | None = None
    for game, action in playout(*deal):
        if ever_seen is None:
            ever_seen = [seen_cards(game, 0), seen_cards(game, 1)]
        for player in (0, 1):
            ever_seen[player] |= seen_cards(game, player)
            seen = game.observation(player)
            assert seen.rules == game.rules
            assert set(seen.opponent_known) == set(game.hands[1 - player]) & ever_seen[player]
            if len(game.history) % 13 == 5 and checks < 4:
                checks += 1
                other = twin(game, player, set(DECK) - ever_seen[player], rng)
                assert other.observation(player) == seen
        if action.kind is ActionKind.SHOW:  # a shown trump is seen by both
            assert action.card is not None
            ever_seen[1 - game.to_move] |= {action.card}  # type: ignore[index]
    assert game is not None and ever_seen is not None


# --- a few exact cases of the written rules ------------------------------------------------


def passing_game(you: list[str], ai: list[str], showing: bool = False, **more: int) -> Game:
    rules = Rules(passing=True, passing_by_showing_trump=showing, **more)
    return Game.from_deal(you, ai, [], attacker=0, trump="♦", rules=rules)


def test_a_pass_after_a_pass_and_the_attack_is_beaten_in_the_order_played() -> None:
    game = passing_game(["6♠", "6♣", "7♥", "8♥"], ["6♥", "9♠", "10♣", "Т♦"])
    game.apply("attack 6♠")
    game.apply("pass 6♥")  # the AI passes: you defend 6♠ 6♥
    assert game.attacker == 1 and game.to_move == 0 and game.bout_limit == 3
    game.apply("pass 6♣")  # and you pass it back: the AI defends all three
    assert game.attacker == 0 and [a for a, _ in game.table] == [Card.parse(c) for c in ("6♠", "6♥", "6♣")]
    assert Action.parse("defend 10♣") not in game.legal_actions()  # 10♣ does not beat 6♠, the open card
    for move in ("defend 9♠", "defend Т♦"):
        game.apply(move)
        assert game.phase is Phase.DEFEND
    assert game.legal_actions() == [Action.parse("defend 10♣"), TAKE]
    game.apply("defend 10♣")
    assert game.phase is Phase.THROW_IN and game.legal_actions() == [STOP]


def test_a_pass_onto_a_smaller_hand_is_refused_and_showing_keeps_the_count() -> None:
    game = passing_game(["6♠", "7♣"], ["6♥", "6♦", "9♠"], showing=True)
    game.apply("attack 6♠")  # you hold one card: a pass would make two attack cards
    with pytest.raises(IllegalAction) as caught:
        game.apply("pass 6♥")
    assert caught.value.reason is Reason.PASS_HAND_TOO_SMALL and caught.value.params == {
        "held": 1,
        "attacks": 2,
    }
    done = game.apply("show 6♦")  # one attack card against your one card: allowed
    assert done.played is None and game.attacker == 1 and game.table == ((Card.parse("6♠"), None),)
    assert Card.parse("6♦") in game.hands[1] and Card.parse("6♦") in game.observation(0).opponent_known


def test_the_first_bout_holds_five_until_the_first_discard() -> None:
    game = Game.new(seed=3, rules=Rules(first_bout_limit=5))
    assert game.bout_limit == 5
    while not game.discard:
        assert game.bout_limit <= 5
        legal = game.legal_actions()
        game.apply(STOP if STOP in legal else legal[0])
    assert game.phase is Phase.LEAD and game.bout_limit == min(6, len(game.hands[game.defender]))


def test_every_refusal_of_the_variants_is_worded_for_the_learner() -> None:
    from durak.messages import illegal_action_message
    from tests.test_actions import CASES

    texts: dict[Reason, str] = {}
    for position, move, kwargs, reason, _ in CASES:
        game = position()
        with pytest.raises(IllegalAction) as caught:
            game.apply(move, **kwargs)
        text = illegal_action_message(caught.value, trump=game.trump)
        assert text and "{" not in text, (reason, text)
        for value in caught.value.params.values():
            if isinstance(value, Card):
                assert str(value) in text, (reason, text)
        texts.setdefault(reason, text)
    assert len(set(texts.values())) == len(texts) == len(Reason)  # one distinct message per reason
    limits = [IllegalAction(reason, limit=5) for reason in (Reason.ATTACK_LIMIT, Reason.FIRST_BOUT_LIMIT)]
    assert [illegal_action_message(error) for error in limits] == [
        "A bout holds at most 5 attack cards, and there are 5 already.",
        "Until the first discard a bout holds at most 5 attack cards, and there are 5 already.",
    ]


def test_the_first_bouts_limit_with_a_smaller_hand_is_the_hand() -> None:
    game = Game.new(seed=3, rules=Rules(hand_size=4, first_bout_limit=5))
    assert len(game.hands[game.defender]) == 4 and game.bout_limit == 4


def test_a_pass_beyond_the_bouts_own_limit_is_refused_by_that_limit() -> None:
    game = passing_game(["6♠", "6♣", "7♣"], ["6♥", "6♦", "9♥"], attack_limit=1, first_bout_limit=1)
    game.apply("attack 6♠")
    with pytest.raises(IllegalAction) as caught:
        game.apply("pass 6♥")
    assert caught.value.reason is Reason.ATTACK_LIMIT and caught.value.params == {"limit": 1}
    first = Game.new(seed=3, rules=Rules(first_bout_limit=1, passing=True))
    first.apply(first.legal_actions()[0])
    for action in (a for a in ACTIONS if a.kind is ActionKind.PASS):
        if first.hands[first.defender] and action.card in first.hands[first.defender]:
            with pytest.raises(IllegalAction) as caught:
                first.apply(action)
            assert caught.value.reason in (Reason.FIRST_BOUT_LIMIT, Reason.PASS_RANK)


@pytest.mark.parametrize(
    ("fields", "error"),
    [
        ({"hand_size": 0}, ValueError),
        ({"hand_size": 18}, ValueError),
        ({"attack_limit": 0}, ValueError),
        ({"first_bout_limit": 7}, ValueError),
        ({"passing_by_showing_trump": True}, ValueError),
        ({"hand_size": 6.0}, TypeError),
        ({"passing": 1}, TypeError),
    ],
    ids=repr,
)
def test_impossible_rules_are_refused(fields: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error):
        Rules(**fields)  # type: ignore[arg-type]
    largest = Rules(hand_size=17, attack_limit=9)
    assert Rules.from_record(largest.to_record()) == largest
