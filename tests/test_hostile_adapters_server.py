"""Hostile arguments of the adapters and of the server's ``create_app``/``serve``.

Every bad value raises the ``ValueError`` subclass the surrounding code raises
(GameOptionError, IllegalActionError, ServerConfigError), naming the value as
``shown`` does, in a short message; a refused action changes nothing. Objects
whose ``__repr__``, ``__eq__``, ``__hash__``, ``__index__``, ``__iter__`` or
``__getitem__`` fail, huge ints and long strings are among the values. No
network server is started.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hostile_values import HUGE, LONG, EqualsAll, EqualsRaises, IndexRaises, Unprintable, UnreadableMapping

from pycards._messages import shown
from pycards.adapters import gymnasium_env, openspiel_game, pettingzoo_env
from pycards.adapters.pettingzoo import env as penalised_env
from pycards.errors import GameOptionError, IllegalActionError
from pycards.games.base import MAX_SEED_BITS
from pycards.server import ServerConfigError, create_app

SHORT = 500
"""Every message here is shorter than this, whatever the value it names."""


class EvilReprInt(int):
    def __repr__(self) -> str:
        raise RuntimeError("repr")


class IndexFloat:
    def __index__(self) -> Any:
        return 2.5


class IndexStr:
    def __index__(self) -> Any:
        return "3"


class EvilStrHash(str):
    def __hash__(self) -> int:
        raise RuntimeError("hash")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("eq")


class EndlessMapping(Mapping[Any, Any]):
    """A mapping that yields its one key forever."""

    def __getitem__(self, key: Any) -> Any:
        return lambda observation, legal: legal[0]

    def __iter__(self) -> Iterator[Any]:
        while True:
            yield 1

    def __len__(self) -> int:
        return 1


class LyingSequence:
    """A sequence whose ``len`` is too large for an index."""

    def __len__(self) -> int:
        raise OverflowError("len")

    def __getitem__(self, index: int) -> Any:
        raise IndexError(index)


def _id(value: object) -> str:
    """A test id naming the value's type (``str`` of a huge int or a long string is no id)."""
    return type(value).__name__


def _nested(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


def _names(error: pytest.ExceptionInfo[ValueError], value: object) -> None:
    """The message names ``value`` as ``shown`` does, and is short."""
    message = str(error.value)
    assert len(message) < SHORT, message
    assert shown(value) in message, message


def _first_legal(observation: Any, legal: Any) -> Any:
    return legal[0]


# -- Gymnasium and PettingZoo: constructor arguments -----------------------------------------------

@pytest.mark.parametrize("penalty", [HUGE, -HUGE, 2**1024, float("inf"), float("-inf"), float("nan"), Unprintable(),
                                     EvilReprInt(10**400), True, np.float32(0.5), "0.5", None],
                         ids=_id)  # fmt: skip
def test_gymnasium_refuses_a_penalty_that_is_no_finite_number(penalty: object) -> None:
    with pytest.raises(GameOptionError, match="illegal_penalty") as error:
        gymnasium_env("vingt_un", illegal_penalty=penalty)  # type: ignore[arg-type]
    _names(error, penalty)


def test_gymnasium_takes_finite_penalties_as_before() -> None:
    for penalty, expected in ((0, 0.0), (3, 3.0), (-2, -2.0), (0.5, 0.5), (np.float64(1.5), 1.5),
                              (EvilReprInt(2), 2.0), (2**1023, 2.0**1023)):  # fmt: skip
        env = gymnasium_env("vingt_un", illegal_penalty=penalty)  # type: ignore[arg-type]
        assert env._penalty == -expected and type(env._penalty) is float


@pytest.mark.parametrize("penalty", [HUGE, -HUGE, 2**1024, float("inf"), float("nan"), Unprintable(), EvilReprInt(10**400),
                                     True, np.float32(0.5), "0.5"], ids=_id)  # fmt: skip
def test_pettingzoo_refuses_a_penalty_that_is_no_finite_number(penalty: object) -> None:
    for make in (pettingzoo_env, penalised_env):
        with pytest.raises(GameOptionError, match="illegal_penalty") as error:
            make("vingt_un", illegal_penalty=penalty)
        _names(error, penalty)
    assert pettingzoo_env("vingt_un", illegal_penalty=EvilReprInt(2)).illegal_penalty == 2.0


@pytest.mark.parametrize("make", [gymnasium_env, pettingzoo_env])
@pytest.mark.parametrize("mode", [EqualsAll(), EqualsRaises(), Unprintable(), 1, b"ansi", np.bytes_(b"ansi")], ids=_id)
def test_a_render_mode_that_is_no_str_raises(make: Any, mode: object) -> None:
    with pytest.raises(GameOptionError, match="render_mode") as error:
        make("vingt_un", render_mode=mode)
    _names(error, mode)


@pytest.mark.parametrize("make", [gymnasium_env, pettingzoo_env])
@pytest.mark.parametrize("mode", [EvilStrHash("ansi"), EvilStrHash("rgb_array"), "rgb_array", LONG], ids=_id)
def test_a_render_mode_is_a_str_compared_by_its_characters(make: Any, mode: str) -> None:
    """A str subclass is its characters, whatever its ``__eq__``; a str naming no mode the
    environment has is taken with a short warning naming it, and renders nothing (Gymnasium's
    convention: ``gymnasium.make`` warns too)."""
    if str.__str__(mode) == "ansi":
        env = make("vingt_un", render_mode=mode)
        assert env.render_mode == "ansi" and type(env.render_mode) is str
        return
    with pytest.warns(UserWarning, match="render_mode") as caught:
        env = make("vingt_un", render_mode=mode)
    message = str(caught[0].message)
    assert len(message) < SHORT and shown(mode) in message, message
    assert env.render_mode is None
    env.reset(seed=1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert env.render() is None


@pytest.mark.parametrize("opponents", [UnreadableMapping({1: _first_legal}), EndlessMapping(), LyingSequence()], ids=_id)
def test_gymnasium_reads_the_opponents_defensively(opponents: object) -> None:
    with pytest.raises(GameOptionError, match="opponents") as error:
        gymnasium_env("vingt_un", opponents=opponents)  # type: ignore[arg-type]
    _names(error, opponents)


class _BadLenList(list[Any]):
    def __len__(self) -> int:
        raise RuntimeError("len")


class _ShortList(list[Any]):
    """A list whose ``len`` says one more than it holds."""

    def __len__(self) -> int:
        return super().__len__() + 1


@pytest.mark.parametrize("opponents", [_BadLenList([_first_legal] * 2), _ShortList([_first_legal])], ids=_id)
def test_gymnasium_refuses_a_sequence_whose_len_fails_or_lies(opponents: object) -> None:
    with pytest.raises(GameOptionError, match="opponents") as error:
        gymnasium_env("vingt_un", players=2, opponents=opponents)  # type: ignore[arg-type]
    _names(error, opponents)


def test_gymnasium_opponents_as_before() -> None:
    for opponents in ([None, _first_legal], {1: _first_legal}, (_first_legal, _first_legal), _first_legal):
        env = gymnasium_env("vingt_un", players=2, seed=1, opponents=opponents)  # type: ignore[arg-type]
        env.reset()


# -- Gymnasium and PettingZoo: step ----------------------------------------------------------------

BAD_ACTIONS = [IndexRaises(), IndexFloat(), IndexStr(), Unprintable(), EqualsAll(), HUGE, -HUGE, True, 2.0, "1", None,
               np.bool_(True), np.float64(1.0), np.array([1])]  # fmt: skip


def _state(env: Any) -> Any:
    return env.game.to_dict(), env.game.to_act


@pytest.mark.parametrize("action", BAD_ACTIONS, ids=_id)
def test_gymnasium_step_refuses_what_is_no_action_id_and_changes_nothing(action: object) -> None:
    env = gymnasium_env("vingt_un", players=3, seed=4, deals=2)
    env.reset(seed=4)
    before = _state(env)
    with pytest.raises(IllegalActionError, match="action id") as error:
        env.step(action)  # type: ignore[arg-type]
    _names(error, action)
    assert _state(env) == before
    legal = int(np.flatnonzero(env.action_masks())[0])
    env.step(legal)  # the episode goes on


@pytest.mark.parametrize("make", [pettingzoo_env, penalised_env])  # env(): what is no id at all is no illegal move
@pytest.mark.parametrize("action", BAD_ACTIONS, ids=_id)
def test_pettingzoo_step_refuses_what_is_no_action_id_and_changes_nothing(make: Any, action: object) -> None:
    env = make("vingt_un", players=3, seed=4, deals=2)
    env.reset(seed=4)
    before, agent = _state(env), env.agent_selection
    with pytest.raises(IllegalActionError, match="action id") as error:
        env.step(action)
    _names(error, action)
    assert _state(env) == before and env.agent_selection == agent
    assert not any(env.terminations.values())
    env.step(int(np.flatnonzero(env.observe(agent)["action_mask"])[0]))


def test_an_int_subclass_or_a_numpy_integer_is_still_an_id() -> None:
    env = pettingzoo_env("vingt_un", players=3, seed=4, deals=2)
    env.reset(seed=4)
    legal = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0])
    env.step(EvilReprInt(legal))
    legal = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0])
    env.step(np.array(legal))


# -- PettingZoo: agents ------------------------------------------------------------------------------

@pytest.mark.parametrize("agent", [EvilStrHash("x"), EvilStrHash(LONG), EqualsAll(), EqualsRaises(), Unprintable(), 0, LONG],
                         ids=_id)  # fmt: skip
def test_pettingzoo_refuses_what_names_no_agent(agent: object) -> None:
    env = pettingzoo_env("vingt_un", players=2, seed=1)
    env.reset()
    for read in (env.observe, env.observation_space, env.action_space):
        with pytest.raises(IllegalActionError, match="no agent") as error:
            read(agent)
        _names(error, agent)


def test_pettingzoo_reads_a_str_subclass_by_its_characters() -> None:
    env = pettingzoo_env("vingt_un", players=2, seed=1)
    env.reset()
    seen = env.observe(EvilStrHash("seat_1"))
    assert (seen["observation"] == env.observe("seat_1")["observation"]).all()
    assert env.action_space(EvilStrHash("seat_0")) is env.action_space("seat_0")


# -- OpenSpiel -------------------------------------------------------------------------------------

@pytest.mark.parametrize("until", [EqualsRaises(), EqualsAll(), Unprintable(), EvilStrHash("deal"), LONG, HUGE], ids=_id)
def test_openspiel_refuses_an_until_that_is_not_deals(until: object) -> None:
    with pytest.raises(GameOptionError, match="until") as error:
        openspiel_game("vingt_un", until=until)
    _names(error, until)


@pytest.mark.parametrize("choice", [EqualsRaises(), EqualsAll()], ids=_id)
def test_openspiel_reads_a_choice_without_calling_its_eq(choice: object) -> None:
    with pytest.raises(GameOptionError) as error:
        openspiel_game("vingt_un", natural_privilege=choice)
    assert len(str(error.value)) < SHORT


# -- the server --------------------------------------------------------------------------------------

@pytest.mark.parametrize("fsync", [Unprintable(), EvilReprInt(1), _nested(100_000), 1, None, LONG], ids=_id)
def test_create_app_refuses_an_fsync_that_is_no_bool(tmp_path: Path, fsync: object) -> None:
    with pytest.raises(ServerConfigError, match="fsync") as error:
        create_app(tmp_path, fsync=fsync)  # type: ignore[arg-type]
    _names(error, fsync)


@pytest.mark.parametrize("seed", [HUGE, -HUGE, 2**MAX_SEED_BITS, -(2**MAX_SEED_BITS), EvilReprInt(HUGE), 1.0, True],
                         ids=_id)  # fmt: skip
def test_create_app_refuses_a_seed_out_of_range(tmp_path: Path, seed: object) -> None:
    with pytest.raises(ServerConfigError, match="seed") as error:
        create_app(tmp_path, fsync=False, seed=seed)  # type: ignore[arg-type]
    _names(error, seed)
    assert not (tmp_path / "tables").exists()


@pytest.mark.parametrize("seed", [2**MAX_SEED_BITS - 1, -(2**MAX_SEED_BITS - 1), 2**63 - 1, -(2**63), 0], ids=_id)
def test_create_app_serves_tables_with_a_seed_in_range(tmp_path: Path, seed: int) -> None:
    from test_server_views import TestClient

    with TestClient(create_app(tmp_path, fsync=False, seed=seed)) as client:
        response = client.post("/api/tables", json={"game": "vingt_un", "players": 2, "options": {"deals": 1}})
        assert response.status_code == 201, response.text


@pytest.mark.parametrize("name", ["x" * 10**7, "a\x00b", "x" * 5000 + "\x00"], ids=_id)
def test_create_app_refuses_a_data_directory_it_cannot_use(tmp_path: Path, name: str) -> None:
    for data_dir in (str(tmp_path / name), tmp_path / name):
        with pytest.raises(ServerConfigError, match="data directory") as error:
            create_app(data_dir, fsync=False)
        message = str(error.value)
        assert len(message) < SHORT and shown(str(data_dir))[:60] in message, message


class _EvilStrPath(str):
    def __str__(self) -> str:
        raise RuntimeError("str")

    def __hash__(self) -> int:
        raise RuntimeError("hash")


def test_create_app_reads_a_str_subclass_by_its_characters(tmp_path: Path) -> None:
    app = create_app(_EvilStrPath(tmp_path / "data"), fsync=False)
    assert app.state.lobby.store.folder == tmp_path / "data" / "tables"


def _no_uvicorn(*args: Any, **kwargs: Any) -> None:
    raise AssertionError("uvicorn.run was reached")


@pytest.mark.parametrize("changes", [
    {"port": HUGE}, {"port": -1}, {"port": 65536}, {"port": True}, {"port": "8000"}, {"port": Unprintable()},
    {"log_level": Unprintable()}, {"log_level": EqualsAll()}, {"log_level": "loud"}, {"log_level": LONG},
    {"log_level": HUGE}, {"host": "a\x00b"}, {"host": LONG}, {"host": Unprintable()},
], ids=_id)  # fmt: skip
def test_serve_refuses_a_bad_port_log_level_or_host_before_anything(tmp_path: Path, changes: dict[str, Any],
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    from pycards.server import serve

    monkeypatch.setattr(uvicorn, "run", _no_uvicorn)
    with pytest.raises(ServerConfigError) as error:
        serve(tmp_path / "data", **{"host": "127.0.0.1", "port": 0, **changes})
    _names(error, next(iter(changes.values())))
    assert not (tmp_path / "data").exists()


def test_serve_hands_good_arguments_to_uvicorn(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    from pycards.server import serve

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: calls.append(kwargs))
    serve(tmp_path, port=8123, log_level="warning", fsync=False)
    serve(tmp_path, port=8123, log_level=20, fsync=False)
    assert [(c["port"], c["log_level"]) for c in calls] == [(8123, "warning"), (8123, 20)]
