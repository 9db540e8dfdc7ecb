"""The PettingZoo adapter (``pycards.adapters.pettingzoo_env``) for every registered game.

PettingZoo's own conformance tests (``api_test``, ``seed_test``) run on every game in
``pycards.games.GAMES`` with two player counts; the tests of our own check what those
do not: an agent observes its own ``encode(seat)`` and nothing of another seat's hidden
cards, rewards add up to ``payoffs()``, seeds reproduce sessions, an illegal id raises
and changes nothing, and bad arguments raise ``ValueError`` subclasses naming them.
This file also checks that the frameworks are imported lazily, and runs
docs/adapters.md (its examples are doctests, the RL user's smoke test among them).
"""

from __future__ import annotations

import doctest
import random
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pettingzoo.test as pettingzoo_test
import pytest

from driver_checks import REWARD_EXTRAS, player_counts, session
from pycards.adapters import pettingzoo_env
from pycards.adapters._common import deal_results
from pycards.adapters.pettingzoo import env as penalised_env
from pycards.adapters.pettingzoo import raw_env
from pycards.errors import GameOptionError, IllegalActionError
from pycards.games import GAMES, new_game


ROOT = Path(__file__).resolve().parent.parent


CASES = [(name, players) for name in GAMES for players in player_counts(name)]
IDS = [f"{name}-{players}p" for name, players in CASES]


def play(env: Any, rng: random.Random, each: Any = None) -> None:
    """One episode of the standard AEC loop with masked random ids; ``each(env)`` before every step."""
    for agent in env.agent_iter():
        if each is not None:
            each(env)
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))


# -- PettingZoo's conformance tests --------------------------------------------------------


@pytest.mark.filterwarnings("ignore::UserWarning")  # the Dict space and the zero masks of others
@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_api_test(name: str, players: int) -> None:
    env = pettingzoo_env(name, players=players, seed=11, **session(name, 100))
    pettingzoo_test.api_test(env, num_cycles=1000)


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_seed_test(name: str, players: int) -> None:
    options = session(name, 5)
    pettingzoo_test.seed_test(lambda: pettingzoo_env(name, players=players, **options), num_cycles=200)


# -- what an agent observes ----------------------------------------------------------------


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_each_agent_observes_its_own_encoding_only(name: str, players: int) -> None:
    """At every step, every agent's observation is ``encode`` of its own seat, and its mask
    the legal mask while it is to act, zeros otherwise; views differ between seats, so a
    mix-up would show."""
    env = pettingzoo_env(name, players=players, seed=3, **session(name, 3))
    env.reset()
    differed = []

    def check(env: Any) -> None:
        game = env.game
        for seat, agent in enumerate(env.possible_agents):
            seen = env.observe(agent)
            own = game.encode(seat)
            assert seen["observation"].dtype == np.float32 and seen["action_mask"].dtype == np.int8
            np.testing.assert_array_equal(seen["observation"], own)
            expected = game.legal_mask() if game.to_act == seat else np.zeros(game.num_actions, bool)
            np.testing.assert_array_equal(seen["action_mask"].astype(bool), expected)
            differed.extend(not np.array_equal(own, game.encode(other)) for other in range(players)
                            if other != seat)  # fmt: skip

    play(env, random.Random(5), check)
    assert any(differed)


def test_another_seats_face_down_card_does_not_show() -> None:
    """Vingt-un, the pack stacked (``top``) so that two sessions differ only in seat 2's first
    card, face down: seats 0 and 1 observe the same in both, seat 2 does not; the same holds
    after both sessions take the same actions, while that card stays face down."""
    first, other = "2C", "AH"  # neither makes a natural with seat 2's second card, the 3C
    envs = []
    for card in (first, other):
        env = pettingzoo_env("vingt_un", players=3, dealer=0, top=["KS", card, "9D", "5H", "3C", "4D"])
        env.reset(seed=1)
        envs.append(env)
    a, b = envs

    def same(agent: str) -> bool:
        seen_a, seen_b = a.observe(agent), b.observe(agent)
        return all(np.array_equal(seen_a[key], seen_b[key]) for key in ("observation", "action_mask"))

    for step in range(4):  # seat 1 stakes, seat 2 stakes, the dealer does not double, seat 1 stands
        assert same("seat_0") and same("seat_1"), step
        assert not same("seat_2"), step
        assert a.agent_selection == b.agent_selection
        legal = np.flatnonzero(a.observe(a.agent_selection)["action_mask"])
        choice = int(legal[-1]) if step < 3 else int(legal[1])  # the last stake / no double; Content
        a.step(choice)
        b.step(choice)
    assert a.game.observation(1)["hands"][2][0].cards[0] is None  # still face down to seat 1


# -- rewards, terminations, truncations ----------------------------------------------------


REWARD_CASES = [(name, players, {}) for name, players in CASES] + REWARD_EXTRAS


@pytest.mark.parametrize(("name", "players", "options"), REWARD_CASES)
def test_rewards_add_up_to_the_payoffs(name: str, players: int, options: dict[str, Any]) -> None:
    """Summed over an episode, each agent's rewards (as ``env.rewards`` after each step and as
    ``last()`` reports them) are its ``payoffs()``; every agent ends terminated, none truncated."""
    for seed in range(4):
        env = pettingzoo_env(name, players=players, seed=seed, **session(name, 6), **options)
        env.reset()
        stepped = dict(env.rewards)  # a deal may end at the session's start (My Ship Sails: a flush dealt)
        collected = dict.fromkeys(env.possible_agents, 0.0)
        rng = random.Random(seed)
        game = env.game
        deals_seen = 0
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, info = env.last()
            collected[agent] += reward
            assert not truncated
            if terminated:
                assert game.to_act is None
                env.step(None)
            else:
                env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            for other, amount in env.rewards.items():
                stepped[other] += amount
            if env.agents:
                deals_seen = max(deals_seen, env.infos[env.agents[0]].get("deals_completed", 0))
        payoffs = {f"seat_{seat}": float(amount) for seat, amount in game.payoffs().items()}
        assert stepped == payoffs == collected
        assert deals_seen == game.deal_number
        if game.deal_number != session(name, 6).get("deals", deals_seen):
            # a poker session ends early in a freeze-out, or plays on while a jack-pot is unwon
            holders = sum(game.ledger.balance(party) > 0 for party in game.names)
            assert holders < 2 or game.deal_number > 6


def test_a_truncated_deal_is_reported_and_does_not_end_the_episode() -> None:
    """A deal cut short by ``max_decisions`` shows in the infos (``deal_truncated``); the session
    goes on to its last deal, and nobody's ``truncations`` entry is ever true."""
    env = pettingzoo_env("vingt_un", players=4, seed=2, deals=8, max_decisions=7)
    env.reset()
    rng = random.Random(2)
    flags = []

    def look(env: Any) -> None:
        assert not any(env.truncations.values())
        flags.extend(info.get("deal_truncated", False) for info in env.infos.values())

    play(env, rng, look)
    assert any(flags) and env.game.deal_number == 8


# -- seeds -------------------------------------------------------------------------------------


def trajectory(env: Any, rng_seed: int, seed: Any = "none") -> list[Any]:
    if seed == "none":
        env.reset()
    else:
        env.reset(seed=seed)
    steps: list[Any] = []
    play(env, random.Random(rng_seed),
         lambda e: steps.append((e.agent_selection, e.observe(e.agent_selection)["observation"].tolist(),
                                 dict(e.rewards))))  # fmt: skip
    return steps


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_seeds_reproduce_sessions(name: str, players: int) -> None:
    options = session(name, 3)
    env = pettingzoo_env(name, players=players, **options)
    env.reset(seed=21)
    assert env.game.to_dict() == new_game(name, players=players, seed=21, **options).to_dict()
    other = pettingzoo_env(name, players=players, **options)
    assert trajectory(env, 1, seed=21) == trajectory(other, 1, seed=21)
    assert trajectory(env, 1, seed=21) != trajectory(env, 1, seed=22)
    # the constructor's seed is the first session's; the later sessions follow from it
    seeded, twin = (pettingzoo_env(name, players=players, seed=21, **options) for _ in range(2))
    assert trajectory(seeded, 1) == trajectory(env, 1, seed=21) == trajectory(twin, 1)
    trajectory(env, 1, seed=21)
    assert trajectory(seeded, 1) == trajectory(twin, 1) == trajectory(env, 1)  # each one's second session
    # no seed anywhere: fresh entropy each session
    fresh = pettingzoo_env(name, players=players, **options)
    fresh.reset()
    one = fresh.game.to_dict()["seed"]
    fresh.reset()
    assert fresh.game.to_dict()["seed"] != one


# -- illegal actions and bad arguments ---------------------------------------------------------


def test_an_illegal_id_raises_naming_it_and_changes_nothing() -> None:
    env = pettingzoo_env("vingt_un", players=3, seed=4, deals=3)
    env.reset()
    env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = (env.game.to_dict(history=True), env.agent_selection, dict(env._cumulative_rewards),
              dict(env.rewards), {a: dict(i) for a, i in env.infos.items()})  # fmt: skip
    for bad, named in ((illegal, str(illegal)), (np.int64(illegal), str(illegal)), (-1, "-1"),
                       (env.game.num_actions, str(env.game.num_actions)), (1.0, "1.0"), ("0", "'0'"),
                       (True, "True")):  # fmt: skip
        with pytest.raises(IllegalActionError, match=named):
            env.step(bad)
        after = (env.game.to_dict(history=True), env.agent_selection, dict(env._cumulative_rewards),
                 dict(env.rewards), {a: dict(i) for a, i in env.infos.items()})  # fmt: skip
        assert after == before
    env.step(np.int32(np.flatnonzero(mask)[0]))  # a NumPy integer id is an id
    assert env.game.to_dict() != before[0]


def test_dead_steps_take_none_only() -> None:
    env = pettingzoo_env("vingt_un", players=2, seed=5)
    env.reset()
    rng = random.Random(0)
    while env.game.to_act is not None:
        env.step(int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))))
    assert all(env.terminations.values()) and not any(env.truncations.values())
    with pytest.raises(IllegalActionError, match="only action is None, not 0"):
        env.step(0)
    done = []
    while env.agents:
        done.append(env.agent_selection)
        env.step(None)
    assert sorted(done) == env.possible_agents
    for action in (None, 0):  # every agent is gone: nothing to step until reset()
        with pytest.raises(IllegalActionError, match=rf"every agent is done.*step\({action}\)"):
            env.step(action)


# -- env(): an illegal id ends the episode, as PettingZoo's classic games' env() does ------------


def mostly_legal(env: Any, rng: random.Random, illegal: float, sticky: float = 0.0) -> list[Any]:
    """One episode of the AEC loop: each live agent chooses an illegal id with probability
    ``illegal``, repeats its own previous action with probability ``sticky`` (SuperSuit's
    ``sticky_actions_v0``, whether still legal or not), else a legal id; what ``last()`` gave."""
    seen, previous = [], {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        seen.append((agent, reward, terminated, truncated, bool(info.get("illegal_action"))))
        if terminated or truncated:
            env.step(None)
            continue
        mask = observation["action_mask"]
        if agent in previous and rng.random() < sticky:
            action = previous[agent]
        else:
            action = int(rng.choice(np.flatnonzero(mask == (rng.random() >= illegal))))
        previous[agent] = action
        env.step(action)
    return seen


def completed_deals(game: Any) -> list[float]:
    """Each seat's results in the session's completed deals."""
    results, _, _ = deal_results((e for record in game.history() for e in record.entries), game.players)
    return [0.0] * game.players if results is None else results


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_env_ends_an_episode_on_an_illegal_id_as_pettingzoos_wrapper_does() -> None:
    """``env()`` against PettingZoo's own ``TerminateIllegalWrapper`` around ``raw_env()``: the
    same agents, rewards, terminations and truncations at every ``last()``, episodes ended by
    an illegal id among them."""
    from pettingzoo.utils.wrappers import TerminateIllegalWrapper

    ended = 0
    for seed in range(12):
        ours = penalised_env("vingt_un", players=3, seed=seed, deals=3, illegal_penalty=2.5)
        theirs = TerminateIllegalWrapper(raw_env("vingt_un", players=3, seed=seed, deals=3), illegal_reward=-2.5)
        for again in range(2):  # a second episode after reset, too
            ours.reset(seed=seed + again)
            theirs.reset(seed=seed + again)
            mine = mostly_legal(ours, random.Random(seed), illegal=0.04)
            wrapped = mostly_legal(theirs, random.Random(seed), illegal=0.04)
            assert [step[:4] for step in mine] == [step[:4] for step in wrapped]
            ended += any(step[4] for step in mine)
    assert ended >= 5


def test_env_after_an_illegal_id() -> None:
    """The offender's reward is -illegal_penalty, the others' what they have not yet collected;
    the session is left as it was; the masks are zeros; dead steps take None only; reset()
    plays again."""
    env = penalised_env(players=3, seed=2, deals=2)
    env.reset()
    agent = env.agent_selection
    illegal = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    before = env.game.to_dict(history=True)
    with pytest.warns(UserWarning, match=f"{agent} chose action id {illegal}.*costing {agent} 1.0"):
        env.step(illegal)
    assert env.game.to_dict(history=True) == before
    assert env.rewards == {a: (-1.0 if a == agent else 0.0) for a in env.possible_agents}
    assert all(env.terminations.values()) and all(env.truncations.values())
    assert env.infos[agent]["illegal_action"] is True
    assert all(not env.observe(a)["action_mask"].any() for a in env.possible_agents)
    with pytest.raises(IllegalActionError, match="only action is None"):
        env.step(0)
    rewards = {}
    for dead in env.agent_iter():
        rewards[dead] = env.last()[1]
        env.step(None)
    assert rewards == {a: (-1.0 if a == agent else 0.0) for a in env.possible_agents}
    env.reset(seed=3)
    seen = mostly_legal(env, random.Random(0), illegal=0.0)
    assert not any(step[4] for step in seen) and env.game.to_act is None


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_env_passes_the_api_test_and_raw_env_raises() -> None:
    pettingzoo_test.api_test(penalised_env(players=3, seed=1, deals=3), num_cycles=300)
    env = raw_env(players=2, seed=1)
    env.reset()
    with pytest.raises(IllegalActionError, match="not legal"):
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"] == 0)[0]))
    assert env.illegal_penalty is None and penalised_env().illegal_penalty == 1.0


def check_sticky_episode(env: Any, seen: list[Any]) -> bool:
    """The episode's rewards add up: each agent's to its completed deals' results, less the
    penalty of the agent whose repeated action was illegal (if one was); whether one was."""
    totals: dict[str, float] = dict.fromkeys(env.possible_agents, 0.0)
    offender = None
    for agent, reward, _, _, illegal in seen:
        totals[agent] += reward
        offender = agent if illegal else offender
    game = env.unwrapped.game
    results = completed_deals(game)
    assert totals == {a: results[s] - (1.0 if a == offender else 0.0) for s, a in enumerate(env.possible_agents)}
    if offender is None:
        assert game.to_act is None and results == [float(game.payoffs()[s]) for s in range(game.players)]
    return offender is not None


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_supersuit_sticky_actions_run_on_env() -> None:
    """SuperSuit's ``sticky_actions_v0`` repeats an agent's previous action, which is often no
    longer legal: on ``env()`` that ends the episode with the penalty (``raw_env()`` raises)."""
    supersuit = pytest.importorskip("supersuit")
    illegal = 0
    for seed in range(8):
        env = supersuit.sticky_actions_v0(penalised_env(players=3, seed=seed, deals=3), 0.25)
        env.reset(seed=seed)
        illegal += check_sticky_episode(env, mostly_legal(env, random.Random(seed), illegal=0.0))
    assert 0 < illegal < 8
    raw = supersuit.sticky_actions_v0(raw_env(players=3, deals=3), 0.25)
    with pytest.raises(IllegalActionError, match="not legal"):
        for seed in range(8):
            raw.reset(seed=seed)
            mostly_legal(raw, random.Random(seed), illegal=0.0)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_sticky_actions_without_supersuit() -> None:
    """The same as SuperSuit's ``sticky_actions_v0`` does, played by hand (where SuperSuit is not
    installed: it needs tinyscaler, which has no wheels for every Python)."""
    illegal = 0
    for seed in range(8):
        env = penalised_env(players=3, seed=seed, deals=3)
        env.reset()
        illegal += check_sticky_episode(env, mostly_legal(env, random.Random(seed), illegal=0.0, sticky=0.25))
    assert 0 < illegal < 8


@pytest.mark.parametrize(("arguments", "named"), [
    ({"players": 0}, "0"),
    ({"players": "4"}, "'4'"),
    ({"players": 13}, "13"),
    ({"players": True}, "True"),
    ({"seed": 1.5}, "1.5"),
    ({"seed": "7"}, "'7'"),
    ({"seed": 2**300}, "bits"),
    ({"render_mode": b"ansi"}, "b'ansi'"),
    ({"illegal_penalty": float("inf")}, "inf"),
    ({"colour": "red"}, "'colour'"),
    ({"max_stake": 0}, "0"),
    ({"game": "blackjack"}, "'blackjack'"),
])  # fmt: skip
def test_bad_arguments_raise_naming_the_value(arguments: dict[str, Any], named: str) -> None:
    arguments = {"game": "vingt_un", **arguments}
    with pytest.raises(GameOptionError, match=named.replace("(", r"\(")):
        pettingzoo_env(**arguments)


def test_bad_calls_raise_value_errors() -> None:
    env = pettingzoo_env("vingt_un", players=2)
    with pytest.raises(IllegalActionError, match="reset"):
        env.game
    for early in (lambda: env.step(0), lambda: env.observe("seat_0")):  # before reset()
        with pytest.raises(IllegalActionError, match="reset"):
            early()
    env.reset(seed=1)
    calls = (lambda: env.observe("seat_9"), lambda: env.observation_space("p0"), lambda: env.action_space(0),
             lambda: env.observe([]), lambda: env.observe({}), lambda: env.observe(np.array(1)))  # fmt: skip
    for call in calls:
        with pytest.raises(IllegalActionError, match="no agent"):
            call()
    with pytest.raises(GameOptionError, match="1.5"):
        env.reset(seed=1.5)  # type: ignore[arg-type]


def test_spaces_are_the_same_objects_and_fit_the_codec() -> None:
    env = pettingzoo_env("vingt_un", players=3)
    env.reset(seed=0, options={"anything": 1})  # reset's options are accepted and not used
    assert env.metadata["name"] == "pycards_vingt_un_v0" and env.metadata["is_parallelizable"] is False
    game = env.game
    for agent in env.possible_agents:
        assert env.observation_space(agent) is env.observation_space(agent)
        assert env.action_space(agent) is env.action_space(agent)
        assert env.action_space(agent).n == game.num_actions
        assert env.observation_space(agent)["observation"].shape == (game.info.observation_size,)
        assert env.observation_space(agent)["action_mask"].shape == (game.num_actions,)
    assert env.observation_space("seat_0") is not env.observation_space("seat_1")


def test_render_shows_the_public_table() -> None:
    env = pettingzoo_env("vingt_un", players=3, render_mode="ansi", dealer=0,
                         top=["KS", "2C", "9D", "5H", "3C", "4D"])  # fmt: skip
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and "deal 1, seat_1 to act" in text
    assert "card=47" not in text and "card=0," not in text  # KS and 2C are dealt face down
    quiet = pettingzoo_env("vingt_un", players=2)
    quiet.reset(seed=0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert quiet.render() is None
    quiet.close()


# -- imports and the document --------------------------------------------------------------


def run_python(code: str, cwd: Path) -> str:
    """Run ``code`` in a fresh interpreter outside the source tree (so the installed package is
    imported, not the uncompiled sources)."""
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=cwd)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


FRAMEWORKS = ("pettingzoo", "gymnasium", "pyspiel", "open_spiel")


def test_pycards_and_its_games_do_not_import_the_frameworks(tmp_path: Path) -> None:
    code = ("import sys, pycards, pycards.games; from pycards.games import new_game; new_game('vingt_un');"
            f" print([m for m in {FRAMEWORKS!r} if m in sys.modules])")  # fmt: skip
    assert run_python(code, tmp_path) == "[]"


def test_the_adapters_package_imports_without_the_frameworks(tmp_path: Path) -> None:
    """With every framework hidden, ``import pycards.adapters`` works and names its API; an
    adapter then raises ImportError naming the missing framework."""
    code = f"""
import sys
for name in {FRAMEWORKS!r}:
    sys.modules[name] = None  # what Python does for a module that must not be imported
import pycards.adapters as a
print(sorted(a.__all__), a.env_id("vingt-un"))
try:
    a.pettingzoo_env("vingt_un")
except ImportError as error:
    print("ImportError", error.name)
"""
    lines = run_python(code, tmp_path).splitlines()
    names = ("['env_id', 'gymnasium_env', 'openspiel_game', 'pettingzoo_env', 'register_gymnasium', "
             "'register_openspiel']")
    assert lines[0] == f"{names} pycards/VingtUn-v0"
    assert lines[1] == "ImportError gymnasium"


@pytest.mark.filterwarnings("ignore::UserWarning")  # the illegal id of pycards.adapters.pettingzoo's example
def test_the_adapters_module_docstrings_run() -> None:
    import pycards.adapters
    import pycards.adapters.pettingzoo

    for module in (pycards.adapters, pycards.adapters.pettingzoo):
        result = doctest.testmod(module, verbose=False)
        assert result.failed == 0 and result.attempted >= 1, module.__name__


@pytest.mark.filterwarnings("ignore::UserWarning")  # the document's illegal id, ending an episode of env()
def test_the_adapters_document_runs() -> None:
    """docs/adapters.md: every example, the smoke test among them, is a doctest that passes."""
    path = ROOT / "docs" / "adapters.md"
    text = path.read_text(encoding="utf-8")
    assert "smoke test" in text
    result = doctest.testfile(str(path), module_relative=False, verbose=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)  # fmt: skip
    assert result.failed == 0 and result.attempted >= 10
