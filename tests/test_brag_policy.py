"""The Brag games' built-in policy (:class:`pycards.games.policies.brag.BragStrength`).

``BragStrength`` is seated against random players over many random sessions of each Brag
game (3 to 8 players, several seeds and options, Three-stake Brag with and without its
draws) and must answer every decision legally, the same way each time it is asked, and as
its rules say (the ante it names, raising only with a raise hand and within its cap,
never folding where it may pass, drawing only below its threshold and never at 30). It
must beat ``RandomLegal`` over a few hundred deals of each game, by a margin. Stacked deals
check its single decisions (raising with three aces, folding a weak hand facing a large
raise, standing at 30, hitting at 12 against 25); its factories must take exactly the
options they declare, refusing a bad value by naming it.
"""

from __future__ import annotations

import copy
import doctest
import pickle
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pytest

from pycards.brag import Category, category, evaluate
from pycards.cards import parse
from pycards.errors import GameOptionError
from pycards.games import new_game
from pycards.games.base import Action
from pycards.games.brag.single import Ante
from pycards.games.brag.three_stake import Hit, Stand
from pycards.games.engine.betting import Call, Check, Fold, Raise
from pycards.games.engine.options import Field
from pycards.games.policies import RandomLegal, check_plays
from pycards.games.policies import brag as brag_policies
from pycards.games.policies.brag import (
    BRAG_POLICY_OPTIONS, HIGH_PAIR, THREE_STAKE_BRAG_POLICY_OPTIONS, BragStrength, american_brag_policy,
    default_policy, three_stake_brag_policy,
)  # fmt: skip
from pycards.games.simulate import simulate

GAMES = ("brag", "american_brag", "three_stake_brag")
FACTORIES: dict[str, tuple[Callable[..., BragStrength], tuple[Field, ...]]] = {
    "brag": (default_policy, BRAG_POLICY_OPTIONS),
    "american_brag": (american_brag_policy, BRAG_POLICY_OPTIONS),
    "three_stake_brag": (three_stake_brag_policy, THREE_STAKE_BRAG_POLICY_OPTIONS),
}
OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "brag": [{}, {"limit": 1}, {"limit": 25, "counters": 30}, {"counters": 5, "until": "freeze_out"},
             {"max_decisions": 6}],
    "american_brag": [{}, {"limit": 1}, {"limit": 25, "counters": 30}, {"until": "rotations"},
                      {"max_decisions": 6}],
    "three_stake_brag": [{}, {"draw": True}, {"draw": True, "stake": 3, "limit": 2},
                         {"draw": True, "counters": 12, "stake": 2}, {"draw": True, "max_decisions": 9},
                         {"limit": 30, "counters": 40}],
}  # fmt: skip
POLICIES = [BragStrength(), BragStrength(cap=1, ante_percent=100, hit_below=31), BragStrength(cap=1000, hit_below=0),
            BragStrength("american", ante_percent=1, hit_below=20)]  # fmt: skip


def pips(card: int) -> int:
    rank = card >> 2
    return 11 if rank == 12 else min(rank + 2, 10)


def raise_hand(hand: Sequence[int], profile: str) -> bool:
    """Triplets, or at English Brag a pair at least the weakest pair of queens."""
    kind = category(hand, profile)
    return kind == Category.TRIPLETS or (profile == "english" and evaluate(hand, profile) >= evaluate(HIGH_PAIR))


# --------------------------------------------------------------------------------------
# every decision, legally and by the rules
# --------------------------------------------------------------------------------------


def check_choice(policy: BragStrength, observation: dict[str, Any], legal: list[Action], action: Action) -> None:
    """``action`` is legal, the same when asked again, and keeps the policy's rules, checked
    from the observation alone."""
    assert action in legal, (action, legal)
    assert policy(observation, legal) == action and copy.deepcopy(policy)(observation, legal) == action
    if type(action) is Ante:
        most = max(a.amount for a in legal if type(a) is Ante)  # type: ignore[attr-defined]
        assert action.amount == min(most, max(1, observation["limit"] * policy.ante_percent // 100))
    elif type(legal[0]) in (Hit, Stand):
        total = sum(pips(c) for c in observation["hand"])
        assert total == observation["totals"][observation["seat"]]
        if total >= 30 or total >= policy.hit_below:
            assert action == Stand(), (total, observation["totals"])
        if type(action) is Hit:
            assert total < min(30, policy.hit_below)
            me, order = observation["seat"], [(observation["dealer"] + k) % len(observation["totals"])
                                              for k in range(1, len(observation["totals"]) + 1)]
            behind = any(0 <= t <= 31 and (t > total or (t == total and order.index(s) < order.index(me)))
                         for s, t in enumerate(observation["totals"]) if s != me)
            assert behind or (len(observation["drawers"]) > 1 and total < policy.hit_below - 3)
    else:
        hand, owed, pool = observation["hand"], observation["owed"], observation["pool"]
        strong = raise_hand(hand, observation["braggers"])
        if type(action) is Raise:
            assert strong, hand
            assert max(observation["stakes"]) + action.by <= policy.cap * observation["limit"]
        if type(action) is Fold:
            assert Check() not in legal and not strong, (hand, legal)
        others = len(observation["live"]) - 1
        if owed >= pool and others >= 2 and category(hand, observation["braggers"]) == Category.HIGH_CARD:
            assert action == Fold(), (hand, owed, pool)  # no pair beats two others one time in two


def play_session(name: str, players: int, seed: int, policy: BragStrength, options: dict[str, Any],
                 kinds: set[str]) -> None:  # fmt: skip
    """A session with ``policy`` at every seat, or at even seats and random players at odd ones;
    each answer of ``policy`` checked (:func:`check_choice`)."""
    terms = {"deals": 6, **options} if options.get("until", "deals") == "deals" else options
    game = new_game(name, players=players, seed=seed, **terms)
    others = RandomLegal(seed)
    everyone = seed % 3 == 0
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        legal = game.legal_actions()
        observation = game.observation(seat)
        if seat % 2 and not everyone:
            game.apply(others(observation, legal))
            continue
        action = policy(observation, legal)
        assert game.is_legal(action), (action, legal)
        check_choice(policy, observation, legal, action)
        kinds.add(type(action).__name__)
        game.apply(action)
    assert sum(game.payoffs().values()) + sum(game.ledger.balances.get(p, 0) for p in
                                              ("pool", "first pool", "second pool", "third pool")) == 0  # fmt: skip


@pytest.mark.parametrize("name", GAMES)
def test_it_plays_only_legal_actions(name: str) -> None:
    kinds: set[str] = set()
    for (i, options), players in zip(enumerate(OPTION_SETS[name] * 6), [3, 4, 5, 6, 7, 8] * 6):
        for seed in range(5):
            play_session(name, players, 1000 * i + 10 * players + seed, POLICIES[(i + seed) % len(POLICIES)],
                         options, kinds)  # fmt: skip
    expected = {"Raise", "Call", "Fold"} | ({"Check", "Hit", "Stand"} if name == "three_stake_brag" else {"Ante"})
    assert expected <= kinds, kinds


def test_the_rules_checked_above_can_fail() -> None:
    """:func:`check_choice` refuses an illegal action, a raise on a weak hand, a fold where a
    pass is free and a hit at 30."""
    seen = {"hand": tuple(parse("7S 5H 2C")), "owed": 1, "pool": 1, "stakes": (1, 0, 0), "limit": 10,
            "braggers": "english", "live": (1, 2, 0), "seat": 1, "dealer": 0}  # fmt: skip
    legal: list[Action] = [Fold(), Call(), *[Raise(n) for n in range(1, 11)]]
    for wrong in (Raise(3), Raise(11), Call()):
        with pytest.raises(AssertionError):
            check_choice(BragStrength(), seen, legal, wrong)
    with pytest.raises(AssertionError):
        check_choice(BragStrength(), {**seen, "owed": 0}, [Fold(), Check(), Raise(1)], Fold())
    drawing = {"hand": tuple(parse("10C 10D QH")), "totals": (25, 30, 12), "seat": 1, "dealer": 0, "drawers": (1,)}
    with pytest.raises(AssertionError):
        check_choice(BragStrength(hit_below=31), drawing, [Hit(), Stand()], Hit())


# --------------------------------------------------------------------------------------
# against random players
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "options"), [("brag", {}), ("american_brag", {}), ("three_stake_brag", {}),
                                               ("three_stake_brag", {"draw": True})])  # fmt: skip
def test_it_beats_random_legal(name: str, options: dict[str, Any]) -> None:
    """Four seats, the policy at seats 0 and 2, random players at 1 and 3, 300 independent
    deals: per deal, the policy's seats win on average more than the random ones by at
    least 2 counters a seat, and by more than three standard errors."""
    factory, _ = FACTORIES[name]
    policy = factory()
    seats = [policy, RandomLegal(1), policy, RandomLegal(2)]
    result = simulate(name, seats, deals=300, seed=11, session_deals=1, **options)
    assert result.deals == 300
    difference = result.per_deal[:, 0::2].mean(axis=1) - result.per_deal[:, 1::2].mean(axis=1)
    mean, error = float(difference.mean()), float(difference.std(ddof=1) / np.sqrt(len(difference)))
    assert mean > 2 and mean > 3 * error, (mean, error)
    assert result.seats[0].mean > 0 and result.seats[2].mean > 0
    assert result.seats[1].mean < 0 and result.seats[3].mean < 0


# --------------------------------------------------------------------------------------
# single decisions, stacked
# --------------------------------------------------------------------------------------


def stack(hands: Sequence[str], dealer: int = 0) -> list[int]:
    """The ``top=`` list dealing ``hands[seat]`` (three cards) one at a time from the dealer's left."""
    players = len(hands)
    order = [(dealer + k) % players for k in range(1, players + 1)]
    return [parse(hands[seat])[r] for r in range(3) for seat in order]


def decide(game: Any, policy: BragStrength) -> tuple[int, Action]:
    """The seat to act and what ``policy`` chooses there, applied."""
    seat = game.to_act
    action = policy(game.observation(seat), game.legal_actions())
    assert game.is_legal(action), (action, game.legal_actions())
    game.apply(action)
    return seat, action


def test_it_antes_raises_with_three_aces_and_folds_a_weak_hand_facing_a_large_raise() -> None:
    hands = ["8S 6D 4C", "AS AH AC", "7S 5H 2C", "JH 8D 3S"]
    game = new_game("brag", players=4, seed=0, dealer=0, top=stack(hands), limit=10)
    policy = default_policy()
    assert decide(game, policy) == (0, Ante(1))  # a tenth of the limit
    assert decide(game, policy) == (1, Raise(10))  # three aces: the most it may, within the cap of 30
    assert game.observation(2)["owed"] == 11 and game.observation(2)["pool"] == 12
    assert decide(game, policy) == (2, Fold())  # seven high, eleven to pay for twelve
    assert decide(game, policy) == (3, Fold())
    assert decide(game, policy) == (0, Fold())  # eight high, ten to pay for twenty-two
    assert game.payoffs()[1] == 1


def test_it_raises_within_its_cap_then_calls() -> None:
    hands = ["AS AH AC", "KS KH KC", "2S 3H 5C"]
    game = new_game("brag", players=3, seed=0, dealer=2, top=stack(hands, dealer=2), limit=10)
    policy = default_policy(cap=2)
    assert decide(game, policy) == (2, Ante(1))
    assert decide(game, policy) == (0, Raise(10))  # to 11
    assert decide(game, policy) == (1, Raise(9))  # to 20, the cap
    assert decide(game, policy) == (2, Fold())
    assert decide(game, policy) == (0, Call())  # no room left under the cap
    assert game.payoffs()[0] > 0


def test_a_middling_hand_meets_a_small_stake_but_not_a_large_one() -> None:
    seen = {"hand": tuple(parse("9S 9H 2C")), "live": (1, 2, 0), "seat": 1, "dealer": 0, "stakes": (1, 0, 0),
            "limit": 10, "braggers": "english", "dealer_ante": 1}  # fmt: skip
    legal: list[Action] = [Fold(), Call(), *[Raise(n) for n in range(1, 11)]]
    assert BragStrength()({**seen, "owed": 2, "pool": 20}, legal) == Call()
    assert BragStrength()({**seen, "owed": 20, "pool": 20}, legal) == Call()  # wins 0.69 of the time
    assert BragStrength()({**seen, "owed": 60, "pool": 20}, legal) == Fold()
    assert BragStrength()({**seen, "owed": 0, "pool": 20}, [Fold(), Check(), Raise(1)]) == Check()


def test_it_is_more_careful_calling_a_raise_at_american_brag() -> None:
    """The same hand, stake and pool: called when only the ante stands, folded when a raise
    stands (calling it is a private comparison with the raiser)."""
    seen = {"hand": tuple(parse("KS KH 3C")), "live": (1, 2, 3, 0), "seat": 3, "dealer": 0, "limit": 10,
            "braggers": "american", "owed": 4, "pool": 20}  # fmt: skip
    legal: list[Action] = [Fold(), Call(), *[Raise(n) for n in range(1, 11)]]
    policy = american_brag_policy()
    assert policy({**seen, "stakes": (4, 4, 4, 0), "dealer_ante": 4}, legal) == Call()
    assert policy({**seen, "stakes": (2, 6, 6, 0), "dealer_ante": 2, "bragger": 2}, legal) == Fold()
    # no bragger to compare with (the dealer's raise is called at the show), or the dealer calls
    assert policy({**seen, "stakes": (8, 6, 6, 4), "dealer_ante": 2, "owed": 4}, legal) == Call()
    assert policy({**seen, "seat": 0, "stakes": (2, 6, 6, 0), "dealer_ante": 2, "bragger": 2}, legal) == Call()
    assert policy({**seen, "hand": tuple(parse("JS JH JC")), "stakes": (2, 6, 6, 0), "dealer_ante": 2},
                  legal) == Raise(10)  # a made set raises  # fmt: skip


def test_the_draws_stand_at_30_and_hit_at_12_against_25() -> None:
    hands = ["10S 10H 5C", "2C 3D 7H", "10C 10D QH"]  # 25 (dealer), 12 (eldest), 30
    game = new_game("three_stake_brag", players=3, seed=0, dealer=0, top=stack(hands), draw=True, deals=1)
    policy = three_stake_brag_policy()
    for _ in range(3):
        assert decide(game, policy)[1] == Check()  # no pair, pair of tens, pair of tens: no bet
    observation = game.observation(1)
    assert observation["phase"] == "draw" and observation["totals"] == (25, 12, 30)
    assert decide(game, policy) == (1, Hit())
    game.apply(Stand())
    assert decide(game, policy) == (2, Stand())
    assert BragStrength()({"seat": 1, "totals": (25, 12, 30), "drawers": (1, 2, 0), "dealer": 0},
                          [Hit(), Stand()]) == Hit()  # fmt: skip
    for mine, choice in ((26, Hit()), (27, Hit()), (28, Stand()), (29, Stand()), (30, Stand())):
        # behind 31: a draw below its threshold, 28
        assert BragStrength()({"seat": 1, "totals": (31, mine, 20), "drawers": (1, 2, 0), "dealer": 0},
                              [Hit(), Stand()]) == choice, mine  # fmt: skip
    ahead = {"seat": 1, "totals": (19, 22, 20), "drawers": (1,), "dealer": 0}
    assert BragStrength()(ahead, [Hit(), Stand()]) == Stand()  # ahead of every hand: nothing to draw for
    # ahead, but p2 and p0 are to draw after it: it draws below 25
    assert BragStrength()({**ahead, "drawers": (1, 2, 0)}, [Hit(), Stand()]) == Hit()
    assert BragStrength()({**ahead, "totals": (19, 25, 20), "drawers": (1, 2, 0)}, [Hit(), Stand()]) == Stand()
    tie = {"seat": 1, "totals": (22, 22, 20), "drawers": (1,), "dealer": 0}
    assert BragStrength()(tie, [Hit(), Stand()]) == Stand()  # p1 is elder than p0: the tie is his
    assert BragStrength()({**tie, "dealer": 1}, [Hit(), Stand()]) == Hit()  # p0 the elder now


def test_any_other_decision_and_odd_observations() -> None:
    """Whatever it is given, it answers with a legal action and raises nothing."""
    policy = BragStrength()
    assert policy({}, [Stand()]) == Stand()
    assert policy({}, [Hit(), Stand()]) == Stand()  # no total known: 0, nobody ahead
    assert policy({"hand": (1, 1, 1), "owed": 1}, [Fold(), Call()]) == Fold()
    assert policy({"hand": "AS AH AC", "stakes": None, "live": None}, [Fold(), Check()]) == Check()
    assert policy({"limit": None}, [Ante(1), Ante(2)]) == Ante(1)

    class Other(Action):
        pass

    assert policy({}, [Other()]) == Other()


# --------------------------------------------------------------------------------------
# the policy as a value, its factories and their options
# --------------------------------------------------------------------------------------


def test_bragstrength_is_a_value() -> None:
    policy = BragStrength("american", cap=2, ante_percent=20, hit_below=25)
    assert repr(policy) == "BragStrength(profile='american', cap=2, ante_percent=20, hit_below=25)"
    assert pickle.loads(pickle.dumps(policy)) == policy == copy.deepcopy(policy)
    assert hash(policy) == hash(BragStrength("american", 2, 20, 25)) and policy != BragStrength("american")
    assert policy != "BragStrength" and policy.games == frozenset(GAMES)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"profile": "scottish"}, "'scottish'"), ({"profile": None}, "None"), ({"cap": 0}, "cap .* not 0"),
    ({"cap": 1001}, "1001"), ({"cap": True}, "True"), ({"cap": 2.5}, "2.5"), ({"ante_percent": 0}, "not 0"),
    ({"ante_percent": 101}, "101"), ({"ante_percent": "5"}, "'5'"), ({"hit_below": -1}, "-1"),
    ({"hit_below": 32}, "32"), ({"hit_below": None}, "None"),
])  # fmt: skip
def test_bad_settings_are_refused_naming_them(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(GameOptionError, match=message):
        BragStrength(**kwargs)


@pytest.mark.parametrize("name", GAMES)
def test_each_factory_takes_exactly_its_declared_options(name: str) -> None:
    """As the registry's check: each default makes the default policy, each bound is taken,
    the values beside them are refused naming them, and no other name is taken."""
    factory, declared = FACTORIES[name]
    base = factory()
    assert base.profile == ("american" if name == "american_brag" else "english")
    for option in declared:
        assert option.kind == "int" and not option.optional
        assert factory(**{option.name: option.default}) == base, option
        for good in (option.low, option.high):
            assert getattr(factory(**{option.name: good}), option.name) == good
        for bad in (option.low - 1, option.high + 1, str(option.low), True):  # type: ignore[operator]
            with pytest.raises(GameOptionError, match=repr(bad).replace("(", r"\(")):
                factory(**{option.name: bad})
    for unknown in ("threshold", "profile", *({"ante_percent", "hit_below"} - {o.name for o in declared})):
        with pytest.raises(GameOptionError, match=f"unknown {name} policy option '{unknown}'"):
            factory(**{unknown: 1})


def test_it_plays_the_brag_games_only() -> None:
    for name in GAMES:
        check_plays(BragStrength(), name)
    with pytest.raises(GameOptionError, match="plays american_brag, brag, three_stake_brag, not draw_poker"):
        check_plays(BragStrength(), "draw_poker")


def test_the_modules_examples_run() -> None:
    result = doctest.testmod(brag_policies, verbose=False)
    assert result.failed == 0 and result.attempted >= 10


def test_it_is_deterministic_across_a_session() -> None:
    """Two runs of one session with the policy at every seat make the same decisions."""
    def run() -> list[Action]:
        game = new_game("three_stake_brag", players=5, seed=42, deals=8, draw=True)
        policy, choices = three_stake_brag_policy(), []
        while not game.is_over:
            choices.append(decide(game, policy)[1])
        return choices

    first = run()
    assert len(first) > 20 and run() == first
