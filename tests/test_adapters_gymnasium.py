"""The Gymnasium adapter (``pycards.adapters.gymnasium_env``) for every registered game.

Gymnasium's ``check_env`` runs on every game in ``pycards.games.GAMES`` (two player
counts, the first and the last seat); the tests of our own check the registered ids,
that the agent observes ``encode`` of its own seat only, that an episode's rewards add
up to the seat's ``payoffs()``, that seeds reproduce episodes (the opponents' random
streams included), that an illegal id is the documented no-op, and that bad arguments
raise ``ValueError`` subclasses naming them.
"""

from __future__ import annotations

import random
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import pycards.adapters  # noqa: F401  (registers the ids)
from driver_checks import REWARD_EXTRAS, player_counts, session
from pycards.adapters import env_id, gymnasium_env, register_gymnasium
from pycards.errors import GameOptionError, IllegalActionError
from pycards.games import GAMES, new_game
from pycards.games.policies import RandomLegal, first_legal

CASES = [(name, players, seat)
         for name in GAMES for players in player_counts(name) for seat in (0, players - 1)]  # fmt: skip
IDS = [f"{name}-{players}p-seat{seat}" for name, players, seat in CASES]


def episode(env: Any, rng: random.Random, seed: Any = "none", masked: bool = True) -> list[Any]:
    """One episode with random ids (among the legal ones if ``masked``); its steps."""
    observation, _ = env.reset() if seed == "none" else env.reset(seed=seed)
    steps = [observation.tolist()]
    while True:
        legal = np.flatnonzero(env.action_masks())
        action = int(rng.choice(legal)) if masked else rng.randrange(env.action_space.n)
        observation, reward, terminated, truncated, info = env.step(action)
        steps.append((action, observation.tolist(), reward, terminated, truncated, info))
        if terminated or truncated:
            return steps


# -- Gymnasium's checker and the registry -------------------------------------------------------


@pytest.mark.filterwarnings("ignore::UserWarning")  # the unbounded Box: the protocol states no range
@pytest.mark.parametrize(("name", "players", "seat"), CASES, ids=IDS)
def test_check_env(name: str, players: int, seat: int) -> None:
    env = gymnasium_env(name, seat=seat, players=players, **session(name, 3))
    check_env(env.unwrapped, skip_render_check=True)


def test_every_game_has_a_registered_id() -> None:
    for name in GAMES:
        assert env_id(name) in gymnasium.registry
    assert register_gymnasium() == [env_id(name) for name in GAMES]  # again: no duplicate registration
    assert env_id("vingt_un") == "pycards/VingtUn-v0" == env_id("Vingt-Un")


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_gymnasium_make_builds_the_env_with_its_arguments() -> None:
    env = gymnasium.make("pycards/VingtUn-v0", players=3, seat=2, deals=2, max_stake=5)
    observation, info = env.reset(seed=3)
    unwrapped = env.unwrapped
    assert isinstance(unwrapped, pycards.adapters._gymnasium_env.PycardsEnv)
    assert unwrapped.seat == 2 and unwrapped.game.players == 3 and unwrapped.game.options.max_stake == 5
    np.testing.assert_array_equal(observation, unwrapped.game.encode(2))
    assert env.action_space.n == unwrapped.game.num_actions


def test_the_module_prefix_form_imports_the_adapters_itself(tmp_path: Path) -> None:
    """``gymnasium.make("pycards.adapters:pycards/VingtUn-v0")`` works in a fresh process that
    never imported pycards: Gymnasium imports the module before the colon, which registers."""
    code = ("import warnings; warnings.simplefilter('ignore'); import sys, gymnasium;"
            " assert 'pycards.adapters' not in sys.modules;"
            " env = gymnasium.make('pycards.adapters:pycards/VingtUn-v0', players=2);"
            " obs, info = env.reset(seed=1); print(env.spec.id, obs.shape, env.action_space.n)")  # fmt: skip
    # outside the source tree, so that the installed package is imported
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    game = new_game("vingt_un", players=2)
    expected = ["pycards/VingtUn-v0", f"({game.info.observation_size},)", str(game.num_actions)]
    assert result.stdout.split() == expected


# -- what other libraries ask: render_mode="rgb_array", vector environments ---------------------


def test_an_unsupported_render_mode_warns_and_renders_nothing() -> None:
    """``gymnasium.make(..., render_mode="rgb_array")``, as Stable-Baselines3's ``make_vec_env``
    calls it: a warning (Gymnasium's, then the env's), no render mode, and the episode plays;
    ``render()`` warns and returns None, as with no render mode (the passive checker agrees)."""
    with pytest.warns(UserWarning, match="rgb_array") as caught:
        env = gymnasium.make("pycards/VingtUn-v0", render_mode="rgb_array", players=2, deals=2)
    assert any("nothing will be rendered" in str(w.message) for w in caught)
    assert env.render_mode is None and env.unwrapped.render_mode is None
    env.reset(seed=1)
    with pytest.warns(UserWarning, match="without a render_mode"):
        assert env.render() is None
    masks, terminated = env.unwrapped.action_masks, False
    while not terminated:
        _, _, terminated, truncated, info = env.step(int(np.flatnonzero(masks())[0]))
        assert not truncated and not info["illegal_action"]
    with pytest.warns(UserWarning, match="nothing will be rendered"):
        assert gymnasium_env("vingt_un", render_mode="rgb_array").render_mode is None


@pytest.mark.filterwarnings("ignore::UserWarning")  # the render mode, and the unbounded Box
@pytest.mark.parametrize("vector", ["make_vec", "SyncVectorEnv"])
def test_gymnasiums_vector_envs_step(vector: str) -> None:
    """Three environments in Gymnasium's own vector env (``make_vec``, or a ``SyncVectorEnv``
    of makers as Stable-Baselines3 builds its ``DummyVecEnv``), made with
    ``render_mode="rgb_array"``: they step with masked ids, and episodes end and reset."""
    arguments = {"render_mode": "rgb_array", "players": 3, "deals": 2}
    if vector == "make_vec":
        envs = gymnasium.make_vec("pycards/VingtUn-v0", num_envs=3, vectorization_mode="sync", **arguments)
    else:
        envs = gymnasium.vector.SyncVectorEnv([lambda: gymnasium.make("pycards/VingtUn-v0", **arguments)] * 3)
    size = new_game("vingt_un", players=3).info.observation_size
    observations, _ = envs.reset(seed=1)
    assert observations.shape == (3, size) and observations.dtype == np.float32
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(60):
        masks = envs.call("action_masks")
        actions = np.array([rng.choice(np.flatnonzero(mask)) if mask.any() else 0 for mask in masks])
        observations, rewards, terminated, truncated, infos = envs.step(actions)
        assert observations.shape == (3, size) and rewards.shape == (3,) and not truncated.any()
        assert not infos.get("illegal_action", np.zeros(3, bool)).any()
        ended += int(terminated.sum())
    assert ended >= 3
    envs.close()


# -- observations, masks, rewards ---------------------------------------------------------------


@pytest.mark.parametrize(("name", "players", "seat"), CASES, ids=IDS)
def test_the_agent_observes_its_own_encoding(name: str, players: int, seat: int) -> None:
    """Every observation is ``encode(seat)`` of the session at that moment, the seat is to act
    whenever the episode is not over, and ``action_masks()`` is its legal mask."""
    env = gymnasium_env(name, seat=seat, players=players, seed=1, **session(name, 4))
    observation, _ = env.reset()
    rng = random.Random(2)
    game = env.game
    while True:
        np.testing.assert_array_equal(observation, game.encode(seat))
        assert game.to_act == seat
        np.testing.assert_array_equal(env.action_masks(), game.legal_mask())
        observation, _, terminated, _, _ = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        if terminated:
            np.testing.assert_array_equal(observation, game.encode(seat))
            assert not env.action_masks().any() and game.to_act is None
            return


def test_another_seats_face_down_card_does_not_show() -> None:
    """Vingt-un, the pack stacked so that two sessions differ only in seat 2's first card,
    face down: the agent at seat 1 observes the same in both until that card is shown."""
    envs = []
    for card in ("2C", "AH"):
        env = gymnasium_env("vingt_un", seat=1, players=3, opponents=first_legal, dealer=0,
                            top=["KS", card, "9D", "5H", "3C", "4D"])  # fmt: skip
        envs.append(env)
    (a, _), (b, _) = (env.reset(seed=1) for env in envs)
    np.testing.assert_array_equal(a, b)
    stake = int(np.flatnonzero(envs[0].action_masks())[-1])
    a, *_ = envs[0].step(stake)  # seat 2 stakes, the dealer does not double: seat 1 to play
    b, *_ = envs[1].step(stake)
    np.testing.assert_array_equal(a, b)
    assert envs[0].game.encode(2).tolist() != envs[1].game.encode(2).tolist()  # seat 2 sees its own card


REWARD_CASES = [(name, players, {}) for name in GAMES for players in player_counts(name)] + REWARD_EXTRAS


@pytest.mark.parametrize(("name", "players", "options"), REWARD_CASES)
def test_rewards_add_up_to_the_seats_payoff(name: str, players: int, options: dict[str, Any]) -> None:
    for seat in range(players):
        env = gymnasium_env(name, seat=seat, players=players, seed=seat, **session(name, 6), **options)
        steps = episode(env, random.Random(seat))
        assert sum(step[2] for step in steps[1:]) == env.game.payoffs()[seat]
        assert sum(step[5]["deals_ended"] for step in steps[1:]) == env.game.deal_number
        assert all(not step[4] for step in steps[1:])  # never truncated


def test_a_truncated_deal_is_reported_and_does_not_end_the_episode() -> None:
    env = gymnasium_env("vingt_un", seat=0, players=4, seed=2, deals=8, max_decisions=7)
    steps = episode(env, random.Random(3))
    assert any(step[5]["deal_truncated"] for step in steps[1:])
    assert env.game.deal_number == 8 and steps[-1][3] and not any(step[3] for step in steps[1:-1])


# -- seeds and opponents ---------------------------------------------------------------------


def test_seeds_reproduce_episodes() -> None:
    """The same seed gives the same episode (the opponents' choices too); the constructor's seed
    is the first episode's; later episodes follow from the last seed; no seed is fresh entropy."""
    make = lambda **kw: gymnasium_env("vingt_un", seat=1, players=4, deals=3, **kw)  # noqa: E731
    env = make()
    first = episode(env, random.Random(0), seed=8)
    assert episode(make(), random.Random(0), seed=8) == first
    assert episode(env, random.Random(0), seed=9) != first
    seeded, twin = make(seed=8), make(seed=8)
    assert episode(seeded, random.Random(0)) == first == episode(twin, random.Random(0))
    assert episode(seeded, random.Random(0)) == episode(twin, random.Random(0)) != first
    env.reset(seed=8)
    assert env.game.to_dict() == new_game("vingt_un", players=4, seed=8, deals=3).to_dict()
    fresh = make()
    fresh.reset()
    one = fresh.game.to_dict()["seed"]
    fresh.reset()
    assert fresh.game.to_dict()["seed"] != one


def test_the_opponents_are_the_policies_given() -> None:
    """One policy for all, a sequence by seat, a mapping: the moves made are theirs."""
    seen: list[int] = []

    def spy(observation: dict[str, Any], legal: Any) -> Any:
        seen.append(observation["seat"])
        return legal[0]

    for opponents in (spy, [None, spy, spy], {1: spy, 2: spy}):
        seen.clear()
        env = gymnasium_env("vingt_un", seat=0, players=3, opponents=opponents, deals=2)
        episode(env, random.Random(1), seed=4)
        assert seen and set(seen) <= {1, 2}
    partial = gymnasium_env("vingt_un", seat=0, players=3, opponents={2: spy}, deals=2)  # seat 1: RandomLegal
    seen.clear()
    episode(partial, random.Random(1), seed=4)
    assert set(seen) == {2}
    # the default: RandomLegal(0), its stream per session and seat
    default = episode(gymnasium_env("vingt_un", seat=0, players=3, deals=2), random.Random(1), seed=4)
    given = episode(gymnasium_env("vingt_un", seat=0, players=3, opponents=RandomLegal(0), deals=2),
                    random.Random(1), seed=4)  # fmt: skip
    assert default == given


def test_an_opponent_choosing_an_illegal_action_is_named() -> None:
    env = gymnasium_env("vingt_un", seat=0, players=2, opponents=lambda o, legal: "fold", deals=1)
    with pytest.raises(IllegalActionError, match="policy of seat 1.*'fold'"):
        episode(env, random.Random(0), seed=1)


class Failing:
    """A policy that plays legally ``good`` times, then once raises (or chooses an illegal
    action), then plays legally again."""

    def __init__(self, good: int, error: bool) -> None:
        self.good, self.error = good, error

    def __call__(self, observation: Any, legal: list[Any]) -> Any:
        self.good -= 1
        if self.good != -1:
            return legal[0]
        if self.error:
            raise ZeroDivisionError("the opponent's own bug")
        return "fold"


@pytest.mark.parametrize("error", [True, False])
@pytest.mark.parametrize("good", [0, 1, 3])
def test_an_opponent_that_fails_ends_the_episode_until_reset(good: int, error: bool) -> None:
    env = gymnasium_env("vingt_un", seat=0, players=3, opponents=Failing(good, error), deals=5)
    failed = ZeroDivisionError if error else IllegalActionError
    with pytest.raises(failed):
        _, info = env.reset(seed=2)
        while True:
            observation, _, terminated, _, _ = env.step(int(np.flatnonzero(env.action_masks())[0]))
            assert not terminated
    with pytest.raises(IllegalActionError, match="call reset"):
        env.step(0)
    _, info = env.reset(seed=2)
    assert info == {"session_over": False} and env.action_masks().any()


def test_a_session_over_at_reset_says_so_and_its_first_step_reports_it() -> None:
    env = gymnasium_env("draw_poker", seat=0, players=3, counters=1)
    _, info = env.reset(seed=301)
    assert info == {"session_over": True} and not env.action_masks().any()
    _, reward, terminated, truncated, info = env.step(0)
    assert terminated and not truncated and reward == env.unwrapped.game.payoffs()[0] != 0
    assert info["deals_ended"] >= 1


# -- illegal actions and bad arguments ---------------------------------------------------------


@pytest.mark.parametrize("penalty", [0.0, 0.5, 3])
def test_an_illegal_id_is_a_no_op_with_its_penalty(penalty: float) -> None:
    env = gymnasium_env("vingt_un", seat=0, players=3, seed=5, deals=2, illegal_penalty=penalty)
    env.reset()
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    before = env.game.to_dict(history=True)
    observation, reward, terminated, truncated, info = env.step(illegal)
    assert env.game.to_dict(history=True) == before
    assert reward == -penalty and not terminated and not truncated and info["illegal_action"] is True
    np.testing.assert_array_equal(observation, env.game.encode(0))
    _, reward, _, _, info = env.step(np.int64(np.flatnonzero(env.action_masks())[0]))
    assert info["illegal_action"] is False and env.game.to_dict(history=True) != before


def test_unmasked_random_episodes_still_add_up() -> None:
    """With unmasked ids (as check_env and a plain learner sample them) the no-ops cost only the
    penalty: the other rewards still add up to the payoff."""
    env = gymnasium_env("vingt_un", seat=2, players=3, seed=6, deals=3, illegal_penalty=1.0)
    steps = episode(env, random.Random(6), masked=False)
    illegal = sum(step[5]["illegal_action"] for step in steps[1:])
    assert illegal > 0
    assert sum(step[2] for step in steps[1:]) == env.game.payoffs()[2] - illegal


def test_values_that_are_no_action_id_raise_naming_them() -> None:
    env = gymnasium_env("vingt_un", players=2)
    with pytest.raises(IllegalActionError, match="reset"):
        env.step(0)
    env.reset(seed=0)
    before = env.game.to_dict()
    for bad, named in ((-1, "-1"), (env.action_space.n, str(env.action_space.n)), (0.5, "0.5"), ("1", "'1'"),
                       (None, "None"), (True, "True")):  # fmt: skip
        with pytest.raises(IllegalActionError, match=named):
            env.step(bad)  # type: ignore[arg-type]
    assert env.game.to_dict() == before
    episode(env, random.Random(0), seed=0)
    with pytest.raises(IllegalActionError, match="episode is over"):
        env.step(0)


@pytest.mark.parametrize(("arguments", "named"), [
    ({"players": 0}, "0"),
    ({"players": "4"}, "'4'"),
    ({"seat": 99}, "99"),
    ({"seat": -1}, "-1"),
    ({"seat": True}, "True"),
    ({"seat": "0"}, "'0'"),
    ({"seed": 1.5}, "1.5"),
    ({"seed": -3}, "-3"),
    ({"illegal_penalty": "1"}, "'1'"),
    ({"illegal_penalty": float("nan")}, "nan"),
    ({"opponents": 7}, "7"),
    ({"opponents": [first_legal]}, r"\[<function first_legal"),
    ({"opponents": {0: first_legal}}, "0"),
    ({"opponents": {5: first_legal}}, "5"),
    ({"opponents": [None, "x", first_legal, first_legal]}, "'x'"),
    ({"render_mode": b"ansi"}, "b'ansi'"),
    ({"colour": "red"}, "'colour'"),
    ({"game": "blackjack"}, "'blackjack'"),
])  # fmt: skip
def test_bad_arguments_raise_naming_the_value(arguments: dict[str, Any], named: str) -> None:
    arguments = {"game": "vingt_un", **arguments}
    with pytest.raises(GameOptionError, match=named):
        gymnasium_env(**arguments)


def test_reset_checks_its_seed() -> None:
    env = gymnasium_env("vingt_un", players=2)
    for bad in (1.5, -1, "3"):
        with pytest.raises(GameOptionError, match=repr(bad).replace(".", r"\.")):
            env.reset(seed=bad)  # type: ignore[arg-type]


def test_render_shows_the_seats_own_view() -> None:
    env = gymnasium_env("vingt_un", seat=1, players=3, render_mode="ansi", opponents=first_legal, dealer=0,
                        top=["KS", "2C", "9D", "5H", "3C", "4D"])  # fmt: skip
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and "seat 1" in text
    assert "cards=(47,)" in text and "cards=(0,)" not in text  # its own KS; seat 2's 2C face down
    quiet = gymnasium_env("vingt_un", players=2)
    quiet.reset(seed=0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert quiet.render() is None
    quiet.close()
