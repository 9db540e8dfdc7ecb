"""The built-in policies: legal answers to every decision, reproducible and picklable.

``DrawBelow`` (Vingt-un) is seated with random sellers over many random sessions
under every option of the game, and must answer each kind of decision legally
(and as it says: draw below its threshold, stand at or above it); ``RandomLegal``
must give the same choices from the same seed, survive pickling mid-stream,
and play a stream of its own in each session.
"""

from __future__ import annotations

import copy
import itertools
import pickle
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import pycards
import pycards.games as games
from pycards.errors import GameOptionError
from pycards.games import new_game
from pycards.games.policies import DrawBelow, RandomLegal, default_policy, first_legal, for_session
from pycards.games.policies import vingt_un as vingt_un_policies
from pycards.games.vingt_un import (
    AcceptSale, Content, DeclineSale, Divide, Double, Draw, KeepDeal, SellDeal, Stake, VingtUn,
)  # fmt: skip
from pycards.vingtun import pack_total

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"min_stake": 3, "max_stake": 3},
    {"min_stake": 1, "max_stake": 100},
    {"selling": True, "max_price": 0},
    {"selling": True, "max_price": 5, "deal_passes": "hands", "deal_hands": 1},
    {"deal_passes": "twice", "natural_puts_out": False},
    {"deal_passes": "two_packs", "deal_to": "holder"},
    {"deal_passes": "hands", "deal_hands": 3, "natural_privilege": "stake"},
    {"natural_privilege": "double", "pool_contribution": 2, "pool_overdraw_penalty": 1,
     "pool_tie_share": 2, "pool_to_natural": True},
    {"until": "rotations", "rotations": 1},
    {"until": "freeze_out", "counters": 8, "max_stake": 8},
    {"counters": 0, "max_decisions": 20},
    {"max_decisions": 15, "deal_passes": "two_packs", "selling": True},
]  # fmt: skip

POLICIES = [DrawBelow(16), DrawBelow(0), DrawBelow(22, stake="max", divide=True),
            DrawBelow(14, double_on=tuple(range(13)), divide=True),
            DrawBelow(17, double_on=(8, 12))]  # fmt: skip


def play(policy: DrawBelow, players: int, seed: int, options: dict[str, Any],
         kinds: set[str]) -> None:  # fmt: skip
    """A session with ``policy`` at even seats and random sellers at odd ones; each answer
    of ``policy`` checked legal, and its draws and stands checked against its threshold."""
    terms = {"deals": 25, **options} if options.get("until", "deals") == "deals" else options
    game = new_game("vingt_un", players=players, seed=seed, **terms)
    others = RandomLegal(seed)
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        legal = game.legal_actions()
        observation = game.observation(seat)
        if seat % 2:
            game.apply(others(observation, legal))
            continue
        action = policy(observation, legal)
        assert game.is_legal(action), (action, legal)
        assert type(action) is not SellDeal and type(action) is not AcceptSale  # never sells, never buys
        kinds.add(type(legal[0]).__name__ if len(legal) > 1 else "forced " + type(legal[0]).__name__)
        if type(action) is Divide:
            kinds.add("Divide")
            divides = [a for a in legal if type(a) is Divide]
            assert policy.divide and action == min(divides, key=lambda a: getattr(a, "stake"))
        elif type(legal[0]) is Draw:
            dealing = observation["phase"] == "dealer"
            hands = observation["dealer_hands"] if dealing else observation["hands"][seat]
            total = pack_total([c for c in next(h for h in hands if not h.done).cards])
            assert (type(action) is Draw) == (total < policy.n), (total, policy.n, action)
        elif type(action) is Stake:
            stakes = [a.amount for a in legal]  # type: ignore[attr-defined]
            assert action.amount == (min(stakes) if policy.stake == "min" else max(stakes))
        elif type(action) is Double:
            card = observation["dealer_hands"][0].cards[0]
            assert action.call == (card >> 2 in policy.double_on)
        game.apply(action)
    assert sum(game.payoffs().values()) + game.ledger.balances.get("pool", 0) == 0  # none made or lost


def test_draw_below_answers_every_decision_legally_under_every_option() -> None:
    kinds: set[str] = set()
    for (i, options), policy in itertools.product(enumerate(OPTION_SETS), POLICIES):
        for players in (2, 3, 5, 12):
            play(policy, players, seed=1000 * i + players, options=options, kinds=kinds)
    expected = {"Stake", "Double", "Draw", "Divide", "KeepDeal", "AcceptSale"}
    assert expected <= kinds, kinds


def test_draw_below_when_the_pack_is_spent() -> None:
    """Content is the only answer once no card can be dealt; it is what DrawBelow gives."""
    legal = [Content()]
    assert DrawBelow(22)({"phase": "draw", "seat": 0, "hands": {0: []}}, legal) == Content()
    assert DrawBelow()({}, [KeepDeal(), SellDeal(1, 0)]) == KeepDeal()
    assert DrawBelow()({}, [AcceptSale(), DeclineSale()]) == DeclineSale()


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [({"n": 16.5}, "16.5"), ({"n": True}, "True"), ({"stake": "most"}, "'most'"),
     ({"double_on": (13,)}, "13"), ({"double_on": ("A",)}, "'A'"), ({"divide": 1}, "1")],
)  # fmt: skip
def test_draw_below_refuses_bad_settings(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(GameOptionError, match=message):
        DrawBelow(**kwargs)


def test_draw_below_is_a_value() -> None:
    policy = DrawBelow(15, stake="max", double_on=[12], divide=True)
    assert repr(policy) == "DrawBelow(15, stake='max', double_on=(12,), divide=True)"
    assert pickle.loads(pickle.dumps(policy)) == policy == copy.deepcopy(policy)
    assert hash(policy) == hash(DrawBelow(15, "max", (12,), True)) and policy != DrawBelow(15)
    assert for_session(policy, 3) is policy  # no state: the same policy in every session


def _session(policy: RandomLegal) -> list[Any]:
    game = new_game("vingt_un", players=4, seed=3, deals=40, selling=True)
    choices = []
    while not game.is_over:
        legal = game.legal_actions()
        choice = policy(game.observation(game.to_act), legal)  # type: ignore[arg-type]
        assert choice in legal
        choices.append(choice)
        game.apply(choice)
    return choices


def test_random_legal_is_reproducible_and_picklable() -> None:
    played = _session(RandomLegal(11))
    assert len(played) > 300 and _session(RandomLegal(11)) == played
    assert _session(RandomLegal(12)) != played
    assert _session(pickle.loads(pickle.dumps(RandomLegal(11)))) == played
    legal = [Stake(n) for n in range(1, 101)]
    policy = RandomLegal(11)
    for _ in range(37):  # mid-stream, a copy goes on as the original
        policy({}, legal)
    twins = [pickle.loads(pickle.dumps(policy)), copy.deepcopy(policy)]
    ahead = [policy({}, legal) for _ in range(50)]
    for twin in twins:
        assert [twin({}, legal) for _ in range(50)] == ahead
    assert repr(RandomLegal(11)) == "RandomLegal(11)"


def _stream(policy: Any, n: int = 20) -> list[Any]:
    legal = [Stake(k) for k in range(1, 101)]
    return [policy({}, legal) for _ in range(n)]


def test_random_legal_streams_depend_on_the_seeds() -> None:
    assert len({tuple(_stream(RandomLegal(seed))) for seed in range(5)}) == 5
    # each session a stream of its own, from both seeds, whatever the policy played before
    policy = RandomLegal(4)
    assert _stream(policy.for_session(9)) == _stream(RandomLegal(4).for_session(9))
    assert _stream(for_session(policy, 1)) != _stream(for_session(policy, 2))
    assert _stream(for_session(policy, 1)) != _stream(for_session(RandomLegal(5), 1))
    _stream(policy, 7)
    assert _stream(policy.for_session(1)) == _stream(RandomLegal(4).for_session(1))
    for bad in (1.5, "3", None, True):
        with pytest.raises(GameOptionError, match=repr(bad)):
            RandomLegal(bad)  # type: ignore[arg-type]


def test_random_legal_plays_every_kind_of_decision() -> None:
    rng = random.Random(0)
    for options in OPTION_SETS:
        terms = {"deals": 10, **options} if options.get("until", "deals") == "deals" else options
        game = new_game("vingt_un", players=rng.randint(2, 6), seed=rng.randrange(10**6), **terms)
        policy = RandomLegal(rng.randrange(10**6))
        while not game.is_over:
            action = policy(game.observation(game.to_act), game.legal_actions())  # type: ignore[arg-type]
            assert game.is_legal(action)
            game.apply(action)


def test_default_policy_per_game(monkeypatch: pytest.MonkeyPatch) -> None:
    assert default_policy("vingt_un") == DrawBelow(16)
    assert default_policy("Vingt-Un", draw_below=19) == DrawBelow(19)
    assert vingt_un_policies.default_policy() == DrawBelow(16)
    with pytest.raises(GameOptionError, match="'stake'"):
        default_policy("vingt_un", stake="max")
    with pytest.raises(GameOptionError, match="'whist'"):
        default_policy("whist")

    class Other(VingtUn):
        pass

    monkeypatch.setitem(games.GAMES, "other", games.GameEntry("nowhere:Other"))
    monkeypatch.setitem(games._LOADED, "other", Other)
    assert repr(default_policy("other")) == "RandomLegal(0)"
    assert repr(default_policy("other", seed=5)) == "RandomLegal(5)"
    with pytest.raises(GameOptionError, match="'draw_below'"):
        default_policy("other", draw_below=3)
    assert first_legal({}, [Draw(), Content()]) == Draw()


def test_the_package_loads_the_games_policies_lazily(tmp_path: Path) -> None:
    """``pycards.games.policies`` does not load Vingt-un until DrawBelow is asked for, and
    neither order of import makes a cycle."""
    package = str(Path(pycards.__file__).resolve().parent.parent)
    code = ("import sys; sys.path.insert(0, %r); import pycards.games.policies as p; "
            "print('pycards.games.vingt_un' in sys.modules); "
            "from pycards.games.policies import DrawBelow; import pycards.games.policies.vingt_un as v; "
            "print(DrawBelow is v.DrawBelow)") % package  # fmt: skip
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path)
    assert result.stdout.split() == ["False", "True"], result.stderr
    for first in ("pycards.games.policies.vingt_un", "pycards.games.simulate", "pycards.games.interactive",
                  "pycards.cli"):  # fmt: skip
        code = f"import sys; sys.path.insert(0, {package!r}); import {first}"
        result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path)
        assert result.returncode == 0, result.stderr
    with pytest.raises(AttributeError, match="Nothing"):
        from pycards.games import policies

        policies.Nothing  # noqa: B018


# --------------------------------------------------------------------------------------
# the registry's policies and their declared options
# --------------------------------------------------------------------------------------


def _values(option: Any) -> tuple[list[Any], list[Any]]:
    """Values a declared option allows (its bounds, each choice) and values next to them it
    does not (one past each bound, a choice of another type)."""
    if option.kind == "int":
        return [option.low, option.high], [option.low - 1, option.high + 1, str(option.low), True]
    if option.kind == "bool":
        return [True, False], [0, "true"]
    return list(option.choices), ["no such choice", 1]


@pytest.mark.parametrize("name", sorted(games.GAMES))
def test_each_declared_policy_option_is_what_the_factory_takes(name: str) -> None:
    """The options an entry declares (the command line's ``--policy-option``) are those its
    factory takes: each default makes the default policy, each allowed value is taken, the
    values beside them are refused naming them, and no other name is taken."""
    from pycards.games.policies import policy_options

    declared = policy_options(name)
    assert declared == games.GAMES[name].policy_options and declared
    base = default_policy(name)
    for option in declared:
        assert default_policy(name, **{option.name: option.default}) == base, option
        good, bad = _values(option)
        for value in good:
            default_policy(name, **{option.name: value})
        for value in bad:
            with pytest.raises(GameOptionError):
                default_policy(name, **{option.name: value})
    with pytest.raises(GameOptionError, match=f"unknown policy option 'threshold' for {name}; its policy's "
                                              f"options are: {', '.join(o.name for o in declared)}"):  # fmt: skip
        default_policy(name, threshold=1)


def test_the_poker_policys_profiles_are_the_rankings() -> None:
    from pycards.poker import PROFILES

    (profile,) = [o for o in games.GAMES["draw_poker"].policy_options if o.name == "profile"]
    assert profile.choices == (None, *PROFILES)


def test_a_game_without_a_policy_is_played_by_random_legal(monkeypatch: pytest.MonkeyPatch) -> None:
    from pycards.games.policies import RANDOM_OPTIONS, policy_options

    monkeypatch.setitem(games.GAMES, "other", games.GameEntry("nowhere:Other"))
    assert policy_options("Other") == RANDOM_OPTIONS and [o.name for o in RANDOM_OPTIONS] == ["seed"]
    assert repr(default_policy("other", seed=-(2**63))) == f"RandomLegal({-(2**63)})"
    with pytest.raises(GameOptionError, match="'whist'"):
        policy_options("whist")


def test_the_games_policies_are_found_by_name() -> None:
    """Any public name of a registered policy module, the same object; nothing else."""
    from pycards.games import policies
    from pycards.games.policies import poker

    assert policies.Strength is poker.Strength and policies.DrawBelow is vingt_un_policies.DrawBelow
    for missing in ("_MISSING", "KNAVE", "__wrapped__", "Nothing"):  # private, not in __all__, dunder
        with pytest.raises(AttributeError, match=missing):
            getattr(policies, missing)


def test_a_policy_written_for_another_game_is_refused_naming_its_game() -> None:
    """DrawBelow reads Vingt-un's observation: seated at Draw Poker it would play nonsense
    silently, so the simulator and the terminal game refuse it, naming the games it plays;
    a policy naming no games (RandomLegal, any callable) plays every game."""
    import io

    from pycards.games.interactive import play_interactive
    from pycards.games.policies import DrawBelow, RandomLegal, check_plays
    from pycards.games.policies.poker import Strength
    from pycards.games.simulate import simulate

    with pytest.raises(GameOptionError, match=r"DrawBelow\(16.*plays vingt_un, not draw_poker"):
        simulate("draw_poker", DrawBelow(16), deals=1, players=3)
    with pytest.raises(GameOptionError, match=r"strategies\[1\] .* plays vingt_un, not stud_poker"):
        simulate("stud_poker", [RandomLegal(1), DrawBelow(16)], deals=1)
    with pytest.raises(GameOptionError, match="plays draw_poker, jack_pots, progressive_poker, .*not vingt_un"):
        play_interactive("vingt_un", 3, 0, 1, Strength(), {}, lambda prompt: "q", io.StringIO())
    check_plays(RandomLegal(3), "draw_poker")
    check_plays(lambda observation, legal: legal[0], "vingt_un")
    assert simulate("vingt_un", DrawBelow(16), deals=1, players=3) is not None
