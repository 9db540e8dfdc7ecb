"""The driver protocol (``pycards.games.base``), checked on random games of Vingt-un.

A Hypothesis state machine plays random legal games over random option
combinations (2-6 players, a few rounds, every option) and checks at every step:
the ledger's total never changes; an action that is not legal raises
``IllegalActionError`` and leaves ``to_dict()`` as it was; ``copy()`` and
``from_dict(json(to_dict()))`` go on exactly like the original; a second game
built with the same seed and fed the same actions stays identical;
``observation(seat)`` hides the other seats' face-down cards, the dealer's cards
before his turn, and the stock; ``legal_actions()`` are hashable and distinct;
``to_act`` is ``None`` exactly when the game is over. Then ``simulate``: the
result does not depend on the executor or on how many games each task plays, the
totals add up to zero, and each seat's payoff is the ledger's.
"""

from __future__ import annotations

import json
import pickle
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from driver_checks import pack_accounting
from pycards.errors import IllegalActionError
from pycards.games import new_game, simulate
from pycards.games.policies import DrawBelow, first_legal
from pycards.games.simulate import play_game
from pycards.games.vingt_un import (
    AcceptSale,
    Content,
    DeclineSale,
    Divide,
    Double,
    Draw,
    HandView,
    KeepDeal,
    SellDeal,
    Stake,
    VingtUn,
)

# --------------------------------------------------------------------------------------
# Random terms of play
# --------------------------------------------------------------------------------------


@st.composite
def terms(draw):
    """(players, seed, dealer, options): every option, small games."""
    players = draw(st.integers(2, 6))
    seed = draw(st.integers(0, 2**32))
    dealer = draw(st.none() | st.integers(0, players - 1))
    low = draw(st.integers(1, 3))
    options = {
        "min_stake": low,
        "max_stake": draw(st.integers(low, low + 3)),
        "counters": draw(st.sampled_from([0, 5, 100])),
        "rounds": draw(st.integers(1, 4)),
        "deal_passes": draw(st.sampled_from(["natural", "hands", "twice", "two_packs"])),
        "deal_hands": draw(st.integers(1, 3)),
        "deal_to": draw(st.sampled_from(["next", "holder"])),
        "natural_puts_out": draw(st.booleans()),
        "natural_privilege": draw(st.sampled_from([None, "stake", "double"])),
        "selling": draw(st.booleans()),
        "max_price": draw(st.integers(0, 3)),
        "pool_contribution": draw(st.integers(0, 2)),
        "pool_overdraw_penalty": draw(st.integers(0, 2)),
        "pool_tie_share": draw(st.sampled_from([0, 2, 3, 4])),
        "pool_to_natural": draw(st.booleans()),
    }
    # some games on the defaults of the options not drawn
    keep = draw(st.sets(st.sampled_from(sorted(options))))
    return players, seed, dealer, {k: v for k, v in options.items() if k in keep}


def every_action(players: int) -> list:
    """All action kinds with whole amounts in and around every legal range."""
    amounts = [-1, 0, 1, 2, 3, 4, 6, 7, 11]
    return [
        *(Stake(a) for a in amounts),
        *(Divide(a) for a in amounts),
        Double(True), Double(False), Draw(), Content(), KeepDeal(), AcceptSale(), DeclineSale(),
        *(SellDeal(b, p) for b in range(-1, players + 1) for p in (-1, 0, 1, 3, 4)),
    ]  # fmt: skip


def image(game: VingtUn) -> str:
    return json.dumps(game.to_dict(), sort_keys=True)


def restored(game: VingtUn) -> VingtUn:
    return VingtUn.from_dict(json.loads(json.dumps(game.to_dict())))



# --------------------------------------------------------------------------------------
# What must hold at every step
# --------------------------------------------------------------------------------------


def check_game(game: VingtUn, total: int) -> None:
    counters_neither_made_nor_lost(game, total)
    over_exactly_when_nobody_acts(game)
    pack_accounting(game)
    observations_hide_what_they_should(game)


def counters_neither_made_nor_lost(game: VingtUn, total: int) -> None:
    assert sum(game.ledger.balances.values()) == total
    assert game.ledger.total == total
    payoffs = game.payoffs()
    assert sum(payoffs.values()) == -game.ledger.balances.get("pool", 0)


def over_exactly_when_nobody_acts(game: VingtUn) -> None:
    assert (game.to_act is None) == game.is_over
    legal = game.legal_actions()
    assert len(set(legal)) == len(legal)  # hashable and distinct
    for action in legal:  # values: rebuilt from their dict form, equal with equal hash
        again = VingtUn.action_from_dict(json.loads(json.dumps(action.to_dict())))
        assert again == action and hash(again) == hash(action)
    if game.is_over:
        assert legal == []
    else:
        assert legal and 0 <= game.to_act < game.players


def observations_hide_what_they_should(game: VingtUn) -> None:
    """No seat sees another's face-down cards (the first two of each hand), the dealer's
    cards before he turns them up, or any card of the stock."""
    stock = set(game.stock)
    dealer_turn = game.phase in ("dealer", "over")
    for seat in range(game.players):
        obs = game.observation(seat)
        assert obs["seat"] == seat and obs["to_act"] == game.to_act
        assert obs["stock"] == len(game.stock) and obs["used"] == len(game.used)
        seen: list[int] = []
        for other, views in obs["hands"].items():
            actual = game.hands[other]
            assert len(views) == len(actual)
            for view, hand in zip(views, actual):
                assert isinstance(view, HandView)
                if hand.collected:  # thrown up to the pone (over-drawn): off the table
                    assert view.cards == ()
                elif other == seat:
                    assert view.cards == hand.cards
                else:  # the first two cards are dealt face down
                    assert view.cards[:2] == (None,) * min(2, len(hand.cards))
                    assert view.cards[2:] == hand.cards[2:]
                seen += [c for c in view.cards if c is not None]
        for view, hand in zip(obs["dealer_hands"], game.dealer_hands):
            if seat == game.dealer or dealer_turn:
                assert view.cards == hand.cards
            else:  # not turned up before his turn
                assert view.cards[:2] == (None,) * min(2, len(hand.cards))
            seen += [c for c in view.cards if c is not None]
        assert not stock.intersection(seen)
        json.dumps(obs, default=list)  # plain data


# --------------------------------------------------------------------------------------
# The state machine
# --------------------------------------------------------------------------------------


class VingtUnMachine(RuleBasedStateMachine):
    game: VingtUn

    @initialize(setup=terms())
    def start(self, setup):
        players, seed, dealer, options = setup
        self.game = new_game("vingt_un", players=players, seed=seed, dealer=dealer, **options)
        self.twin = new_game("vingt_un", players=players, seed=seed, dealer=dealer, **options)
        self.total = sum(self.game.ledger.balances.values())
        self.pool = every_action(players)
        self.followers: list[tuple[str, VingtUn]] = []

    # rules ---------------------------------------------------------------------------

    @precondition(lambda self: not self.game.is_over)
    @rule(data=st.data(), moves=st.integers(1, 8))
    def legal_moves(self, data, moves):
        """A few legal actions, each checked against the twin and the copies."""
        for _ in range(moves):
            if self.game.is_over:
                break
            action = data.draw(st.sampled_from(self.game.legal_actions()), label="action")
            event(f"{self.game.phase}: {type(action).__name__}")
            record = self.game.apply(action)
            assert record.seat is not None and record.action == action
            assert self.twin.apply(action) == record
            assert image(self.twin) == image(self.game)
            for how, follower in self.followers:
                assert follower.apply(action) == record, how
                assert image(follower) == image(self.game), how
            self.check_all()
        if self.game.is_over:
            event("a game played to its end")

    @rule(data=st.data())
    def illegal_move(self, data):
        legal = set(self.game.legal_actions())
        candidates = [a for a in self.pool if a not in legal]
        action = data.draw(st.sampled_from(candidates), label="illegal")
        before = image(self.game)
        with pytest.raises(IllegalActionError):
            self.game.apply(action)
        assert image(self.game) == before

    @rule()
    def fork(self):
        """Copies taken now must go on exactly like the original (checked at each move)."""
        self.followers = [("copy", self.game.copy()), ("from_dict", restored(self.game))]
        for how, follower in self.followers:
            assert image(follower) == image(self.game), how

    # invariants ----------------------------------------------------------------------

    def check_all(self):
        check_game(self.game, self.total)

    @invariant()
    def protocol_holds(self):
        check_game(self.game, self.total)


VingtUnMachine.TestCase.settings = settings(
    max_examples=300,
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestVingtUnProtocol = VingtUnMachine.TestCase


# --------------------------------------------------------------------------------------
# A seeded sweep: deeper games than the state machine reaches
# --------------------------------------------------------------------------------------


def random_terms(rng):
    players = rng.randint(2, 6)
    low = rng.randint(1, 3)
    options = dict(
        min_stake=low, max_stake=rng.randint(low, low + 3), counters=rng.choice([0, 5, 100]),
        rounds=rng.randint(1, 8),
        deal_passes=rng.choice(["natural", "hands", "twice", "two_packs"]),
        deal_hands=rng.randint(1, 3), deal_to=rng.choice(["next", "holder"]),
        natural_puts_out=rng.random() < 0.7, natural_privilege=rng.choice([None, "stake", "double"]),
        selling=rng.random() < 0.4, max_price=rng.randint(0, 3),
        pool_contribution=rng.randint(0, 2), pool_overdraw_penalty=rng.randint(0, 2),
        pool_tie_share=rng.choice([0, 2, 3, 4]), pool_to_natural=rng.random() < 0.5,
    )  # fmt: skip
    dealer = rng.choice([None, rng.randrange(players)])
    return players, rng.randrange(2**32), dealer, options


def choose(rng, legal):
    """A legal action, dividing whenever it may and keeping the deal mostly."""
    divides = [a for a in legal if isinstance(a, Divide)]
    if divides and rng.random() < 0.8:
        return rng.choice(divides)
    if isinstance(legal[0], KeepDeal) and rng.random() < 0.6:
        return legal[0]
    return rng.choice(legal)


@pytest.mark.parametrize("chunk", range(4))
def test_random_games_sweep(chunk):
    import random

    for n in range(60):
        rng = random.Random(f"sweep:{chunk}:{n}")
        players, seed, dealer, options = random_terms(rng)
        game = new_game("vingt_un", players=players, seed=seed, dealer=dealer, **options)
        twin = new_game("vingt_un", players=players, seed=seed, dealer=dealer, **options)
        total = sum(game.ledger.balances.values())
        pool = every_action(players)
        followers: list[VingtUn] = []
        while not game.is_over:
            check_game(game, total)
            if rng.random() < 0.1:
                followers = [game.copy(), restored(game)]
            if rng.random() < 0.2:
                legal = set(game.legal_actions())
                bad = rng.choice([a for a in pool if a not in legal])
                before = image(game)
                with pytest.raises(IllegalActionError):
                    game.apply(bad)
                assert image(game) == before
            action = choose(rng, game.legal_actions())
            record = game.apply(action)
            assert twin.apply(action) == record
            for follower in followers:
                assert follower.apply(action) == record
            if rng.random() < 0.3 or game.is_over:
                assert image(twin) == image(game)
                for follower in followers:
                    assert image(follower) == image(game)
        check_game(game, total)
        assert game.rounds_played == options["rounds"]


# --------------------------------------------------------------------------------------
# Whole games: determinism and JSON at every point
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_replaying_the_history_gives_the_same_game(seed):
    """The same seed and the same actions give the same game, whoever replays them."""
    options = dict(rounds=6, selling=True, pool_contribution=1, pool_to_natural=True)
    game = new_game("vingt_un", players=4, seed=seed, **options)
    policy = DrawBelow(15, stake="max", double_on=(8, 9, 10, 11, 12), divide=True)
    while not game.is_over:
        game.apply(policy(game.observation(game.to_act), game.legal_actions()))
    replay = new_game("vingt_un", players=4, seed=seed, **options)
    for record in json.loads(json.dumps(game.to_dict()))["history"]:
        if record["action"] is not None:
            replay.apply(VingtUn.action_from_dict(record["action"]))
    assert image(replay) == image(game)
    assert replay.payoffs() == game.payoffs()


def test_a_pickled_game_goes_on_identically():
    """``pickle`` (and so ``copy.deepcopy`` and process pools) goes through ``to_dict``."""
    game = new_game("vingt_un", players=3, seed=11, rounds=8)
    policy = DrawBelow(15, divide=True)
    for _ in range(7):
        game.apply(policy(game.observation(game.to_act), game.legal_actions()))
    twin = pickle.loads(pickle.dumps(game))
    assert type(twin) is VingtUn and image(twin) == image(game)
    while not game.is_over:
        action = policy(game.observation(game.to_act), game.legal_actions())
        assert twin.apply(action) == game.apply(action)
    assert image(twin) == image(game)


def test_the_state_changes_only_through_apply():
    """The table's state is read-only from outside; the views it hands out are copies."""
    game = new_game("vingt_un", players=3, seed=4, dealer=0)
    for name, value in [("dealer", 1), ("phase", "over"), ("options", None), ("history", []),
                        ("turn", 2), ("stock", []), ("rounds_played", 5)]:  # fmt: skip
        with pytest.raises(AttributeError):
            setattr(game, name, value)
    before = image(game)
    game.stock.clear()
    game.hands[1].clear()
    game.order.append(0)
    assert image(game) == before


# --------------------------------------------------------------------------------------
# Chance: the shuffles
# --------------------------------------------------------------------------------------


def test_every_seed_shuffles_its_own_pack():
    """Distinct seeds (small, huge, negative) give distinct packs, each a permutation."""
    seeds = list(range(300)) + [2**64 - 1, 2**64, 2**200 + 3, -1, -(2**70)]
    packs = set()
    for seed in seeds:
        game = new_game("vingt_un", players=2, seed=seed, dealer=0, rounds=1)
        pack = game.stock + [c for hand in game.hands for h in hand for c in h.cards] + \
            [c for h in game.dealer_hands for c in h.cards]  # fmt: skip
        assert sorted(pack) == list(range(52))
        packs.add(tuple(pack))
    assert len(packs) == len(seeds)


def test_shuffles_are_uniform():
    """Chi-square of where cards fall over 5,200 fixed seeds: the top card of the first
    pack and the first card of the second shuffle (the first-ace draw being the first)
    are each spread evenly over the 52 cards (the 0.0001 critical value of chi-square
    with 51 degrees of freedom is about 98)."""
    counts = [[0] * 52, [0] * 52]
    for seed in range(5200):
        game = new_game("vingt_un", players=2, seed=seed, rounds=1)
        counts[0][game.first_dealer_draw[0][0]] += 1
        counts[1][game.hands[game.order[0]][0].cards[0]] += 1
    for row in counts:
        chi2 = sum((n - 100) ** 2 / 100 for n in row)
        assert chi2 < 98, (chi2, row)


# --------------------------------------------------------------------------------------
# simulate
# --------------------------------------------------------------------------------------

POLICIES = [
    DrawBelow(16),
    DrawBelow(14, stake="max", divide=True),
    DrawBelow(17, double_on=(12,)),
    first_legal,
]


def test_draw_below_answers_every_decision_legally():
    """The built-in policy keeps its own deal, declines a deal offered to it, stakes,
    doubles by its rule and plays its hand, always with a legal action."""
    policy = DrawBelow(16, stake="max", double_on=(12,))
    game = new_game("vingt_un", players=3, seed=2, dealer=0, selling=True, rounds=3, max_stake=4)
    assert policy(game.observation(0), game.legal_actions()) == KeepDeal()
    game.apply(SellDeal(1, 2))  # seat 0 offers the deal to seat 1, who plays DrawBelow
    assert policy(game.observation(1), game.legal_actions()) == DeclineSale()
    game.apply(DeclineSale())
    assert policy(game.observation(game.to_act), game.legal_actions()) == Stake(4)
    while not game.is_over:
        seat = game.to_act
        action = policy(game.observation(seat), game.legal_actions())
        assert action in game.legal_actions()
        if isinstance(action, Double):
            assert action.call == (game.observation(seat)["dealer_hands"][0].cards[0] >> 2 == 12)
        game.apply(action)


def test_simulate_independent_of_the_executor_and_of_block_placement():
    kwargs = dict(rounds=300, seed=9, game_rounds=50, block=2, min_stake=1, max_stake=4)
    alone = simulate("vingt_un", POLICIES, **kwargs)
    with ThreadPoolExecutor(1) as one, ThreadPoolExecutor(4) as four:
        assert simulate("vingt_un", POLICIES, executor=one, **kwargs) == alone
        assert simulate("vingt_un", POLICIES, executor=four, **kwargs) == alone
        assert simulate("vingt_un", POLICIES, executor=four, **{**kwargs, "block": 5}) == alone
    with ProcessPoolExecutor(2) as pool:
        assert simulate("vingt_un", POLICIES, executor=pool, **kwargs) == alone
    assert alone.rounds == 300 and len(alone.seats) == 4
    assert sum(alone.totals) == 0


def test_simulate_totals_are_the_ledgers_payoffs():
    """Each game of ``game_rounds`` rounds is a game of its own: replaying the games by
    hand gives the same per-seat payoffs, and those are the ledger's balances less the
    starting counters."""
    options = dict(min_stake=1, max_stake=3, pool_contribution=1, pool_to_natural=True)
    rounds, game_rounds, seed = 130, 40, 4
    result = simulate("vingt_un", POLICIES[:3], rounds=rounds, seed=seed, game_rounds=game_rounds,
                      block=3, **options)  # fmt: skip
    sizes = [40, 40, 40, 10]
    totals = [0, 0, 0]
    pools = 0
    for i, size in enumerate(sizes):
        game = new_game("vingt_un", players=3, seed=seed * 1_000_003 + i, rounds=size, **options)
        while not game.is_over:
            seat = game.to_act
            game.apply(POLICIES[seat](game.observation(seat), game.legal_actions()))
        payoffs = game.payoffs()
        balances = game.ledger.balances
        assert payoffs == {s: balances[f"p{s}"] - game.options.counters for s in range(3)}
        assert game.rounds_played == size
        per_round, dealers = play_game("vingt_un", POLICIES[:3], size, seed * 1_000_003 + i, options)
        assert per_round.sum(axis=0).tolist() == list(payoffs.values())
        assert (result.per_round[result.games == i] == per_round).all()
        assert (result.dealers[result.games == i] == dealers).all()
        totals = [t + payoffs[s] for s, t in enumerate(totals)]
        pools += balances["pool"]
    assert list(result.totals) == totals
    assert sum(result.totals) == -pools  # the pool's counters are nobody's yet
    # without a pool the totals add up to zero
    plain = simulate("vingt_un", DrawBelow(16), rounds=90, seed=1, game_rounds=30, players=5)
    assert sum(plain.totals) == 0 and plain.rounds == 90
