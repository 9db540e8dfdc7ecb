"""Any registered game as a single-seat Gymnasium environment (``pycards.adapters.gymnasium_env``).

One episode is one session, seen from one seat. ``step(action)`` plays the seat's
action, then the opponents' policies until the seat is to act again or the session
ends. The observation is ``game.encode(seat)``; ``action_masks()`` is the seat's
legal mask (what sb3-contrib's ``MaskablePPO`` reads).

The reward of a step is the seat's result in the deals that ended during it (the
``DealEnded`` entries of its records), so the rewards of an episode add up to the
seat's ``payoffs()`` in the session. ``terminated`` is the end of the session;
``truncated`` is always false: a deal cut short by the game's bound on decisions
ends as the rules say and the session goes on (``info["deal_truncated"]``). For a
limit on steps, wrap the environment (``gymnasium.make(..., max_episode_steps=n)``).

An action id of the action space that is not legal now is a no-op, because
``check_env`` and unmasked learners sample such ids: the game is unchanged, the
reward is ``-illegal_penalty`` and ``info["illegal_action"]`` is true. A value that
is not an id at all (outside ``0 .. n - 1``, a float) raises IllegalActionError.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import islice
from typing import Any, Optional, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt

from pycards.adapters._common import (
    RENDER_MODES, SEED_BITS, Table, camel_name, check_env_seed, check_index, check_penalty, check_render_mode,
    deal_results, last_records, mixed_seed,
)  # fmt: skip
from pycards.errors import GameOptionError, IllegalActionError
from pycards.games import GAMES, Game
from pycards.games.engine.document import shown
from pycards.games.policies import Policy, RandomLegal, for_session

__all__ = ["PycardsEnv", "register"]

_OPPONENT_SEED = 0
"""The seed of the default opponents, ``RandomLegal(0)``: each session mixes in its own seed."""

Observation = npt.NDArray[np.float32]


class PycardsEnv(gymnasium.Env[Observation, np.int64]):
    """A Gymnasium environment: ``seat`` of a session of ``game`` (see the module docstring).

    ``seed`` seeds the first session when ``reset()`` is given none. ``render_mode``:
    ``"ansi"``, ``"human"`` or ``None``; another str (``"rgb_array"``, which Stable-Baselines3
    asks for) is taken with a warning and renders nothing (:func:`check_render_mode`). Every
    bad argument raises :class:`~pycards.errors.GameOptionError` naming it, here rather than
    at ``reset``.
    """

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 4}

    def __init__(self, game: str = "vingt_un", seat: int = 0, opponents: Any = None, players: Optional[int] = None,
                 seed: Optional[int] = None, illegal_penalty: float = 0.0,
                 render_mode: Optional[str] = None, **options: Any) -> None:  # fmt: skip
        first = check_env_seed(seed, non_negative=True)
        self._penalty = -check_penalty(illegal_penalty)
        mode = check_render_mode(render_mode)
        self._table = table = Table(game, players, options, seed=0 if first is None else first)
        if type(seat) is not int or not 0 <= seat < table.players:
            raise GameOptionError(f"seat must be a seat 0..{table.players - 1}, not {shown(seat)}")
        self.seat = seat
        self._opponents = _opponents(opponents, seat, table.players)
        self._policies: list[Optional[Policy]] = []
        self._first_seed = first
        self.render_mode = mode
        size = (table.observation_size,)
        self.observation_space = gymnasium.spaces.Box(-np.inf, np.inf, size, np.float32)  # no range is stated
        self.action_space = gymnasium.spaces.Discrete(table.num_actions)
        self._game: Optional[Game] = None
        self._pending: tuple[float, int, bool] = (0.0, 0, False)
        self._over = False

    @property
    def game(self) -> Game:
        """The session in play (omniscient: for a server or a test, never for the agent's eyes)."""
        if self._game is None:
            raise IllegalActionError("the environment has not been reset: call reset() first")
        return self._game

    def reset(self, *, seed: Optional[int] = None,
              options: Optional[dict[str, Any]] = None) -> tuple[Observation, dict[str, Any]]:  # fmt: skip
        """A new session: seeded by ``seed``; without one, by the constructor's seed the first
        time, then by a draw from ``np_random`` (seeded by the last seed given). The opponents
        play up to the seat's first decision. ``options`` is accepted and not used."""
        session = check_env_seed(seed, non_negative=True)
        if session is None and self._first_seed is not None and self._np_random is None:
            session = self._first_seed
        super().reset(seed=session)
        if session is None:
            session = int(self.np_random.integers(0, 2**SEED_BITS))
        self._game = game = self._table.new(session)
        seat = self.seat
        self._policies = [None if s == seat else for_session(policy, mixed_seed(session, s))
                          for s, policy in enumerate(self._opponents)]  # fmt: skip
        self._over = False
        reward, ended, truncated = 0.0, 0, False
        for record in game.history():  # the start of the session
            gained, more, cut = self._result(record.entries)
            reward, ended, truncated = reward + gained, ended + more, truncated or cut
        gained, more, cut = self._opponents_play(game)
        # deals that ended before the seat's first decision (the session may even be over, if
        # the antes put every player all in): the first step reports them
        self._pending = (reward + gained, ended + more, truncated or cut)
        return game.encode(seat), {"session_over": game.to_act is None}

    def step(self, action: int | np.integer[Any]) -> tuple[Observation, SupportsFloat, bool, bool,
                                                            dict[str, Any]]:  # fmt: skip
        """Play the seat's ``action`` (an id), then the opponents up to the seat's next decision.
        An id that is not legal now is a no-op costing ``illegal_penalty``; a value that is no
        id, or a step after the episode's end, raises IllegalActionError."""
        game = self._game
        if game is None or self._over:
            raise IllegalActionError("the episode is over (or never began): call reset()")
        seat, table = self.seat, self._table
        index = check_index(action, table.num_actions)
        if game.to_act == seat:
            try:
                record = game.apply(table.actions[index])
            except IllegalActionError:
                info = {"illegal_action": True, "deals_ended": 0, "deal_truncated": False}
                return game.encode(seat), self._penalty, False, False, info
            reward, ended, truncated = self._pending
            gained, more, cut = self._result(record.entries)
            reward, ended, truncated = reward + gained, ended + more, truncated or cut
            gained, more, cut = self._opponents_play(game)
            reward, ended, truncated = reward + gained, ended + more, truncated or cut
        else:  # the session ended before the seat's first decision: this step reports it
            reward, ended, truncated = self._pending
        self._pending = (0.0, 0, False)
        self._over = terminated = game.to_act is None
        if self.render_mode == "human":
            self.render()
        info = {"illegal_action": False, "deals_ended": ended, "deal_truncated": truncated}
        return game.encode(seat), reward, terminated, False, info

    def _result(self, entries: Any) -> tuple[float, int, bool]:
        results, ended, truncated = deal_results(entries, self._table.players)
        return (0.0 if results is None else results[self.seat]), ended, truncated

    def _opponents_play(self, game: Game) -> tuple[float, int, bool]:
        """The other seats play until the seat is to act or the session is over."""
        seat, policies, result = self.seat, self._policies, self._result
        reward, ended, truncated = 0.0, 0, False
        while True:
            other = game.to_act
            if other is None or other == seat:
                return reward, ended, truncated
            policy = policies[other]
            assert policy is not None
            # An opponent that fails leaves the session short of the seat's turn: the episode
            # is over (step raises until reset()), and the error goes to the caller.
            try:
                action = policy(game.observation(other), game.legal_actions())
                try:
                    record = game.apply(action)
                except IllegalActionError as error:
                    raise IllegalActionError(f"the policy of seat {other}, {shown(policy)}, chose "
                                             f"{shown(action)}: {error}; call reset()") from None  # fmt: skip
            except BaseException:
                self._over = True
                raise
            gained, more, cut = result(record.entries)
            reward, ended, truncated = reward + gained, ended + more, truncated or cut

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The seat's legal mask over the action ids (all false when it is not to act)."""
        game = self.game
        if game.to_act == self.seat:
            return game.legal_mask()
        return np.zeros(self._table.num_actions, np.bool_)

    def render(self) -> Optional[str]:
        """The seat's own view: its observation and the last record as it saw it (``"ansi"``
        returns it, ``"human"`` prints it)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode (None)")
            return None
        game = self.game
        lines = [f"{game.name}, seat {self.seat}: {game.observation(self.seat)}"]
        lines += [f"  {record}" for record in last_records(game, self.seat)]
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release: the session is plain Python."""


def _opponents(opponents: Any, seat: int, players: int) -> list[Policy]:
    """One policy per seat (the agent's own entry a placeholder) from ``opponents``; reading
    them may run the user's code (a mapping's ``items``, a sequence's ``len``): any failure of
    it is a GameOptionError naming them."""
    try:
        return _read_opponents(opponents, seat, players)
    except GameOptionError:
        raise
    except Exception:
        raise GameOptionError(f"opponents cannot be read: {shown(opponents)}") from None


def _read_opponents(opponents: Any, seat: int, players: int) -> list[Policy]:
    default: Policy = RandomLegal(_OPPONENT_SEED)
    if opponents is None:
        return [default] * players
    if callable(opponents):
        return [opponents] * players
    if isinstance(opponents, Mapping):
        chosen = [default] * players
        read = 0
        for key, policy in islice(opponents.items(), players + 1):  # a mapping that never ends stops
            if type(key) is not int or not 0 <= key < players or key == seat:
                raise GameOptionError(f"opponents: a key is another seat 0..{players - 1} than the agent's "
                                      f"({seat}), not {shown(key)}")  # fmt: skip
            chosen[key] = _policy(policy, key)
            read += 1
        if read > players:  # only a mapping repeating its keys gets here
            raise GameOptionError(f"opponents: a mapping has at most {players} entries: {shown(opponents)}")
        return chosen
    if isinstance(opponents, Sequence) and not isinstance(opponents, (str, bytes)):
        if len(opponents) != players:
            raise GameOptionError(f"opponents: a sequence has one policy per seat ({players}), not "
                                  f"{len(opponents)}: {shown(opponents)}")  # fmt: skip
        policies = list(islice(opponents, players + 1))
        if len(policies) != players:  # a sequence whose len lies
            raise GameOptionError(f"opponents: a sequence has one policy per seat ({players}), not "
                                  f"{len(policies)}: {shown(opponents)}")  # fmt: skip
        return [default if s == seat else _policy(policy, s) for s, policy in enumerate(policies)]
    raise GameOptionError(f"opponents must be a policy, a sequence or a mapping of policies, "
                          f"not {shown(opponents)}")  # fmt: skip


def _policy(policy: object, seat: int) -> Policy:
    if not callable(policy):
        raise GameOptionError(f"opponents: the policy of seat {seat} must be callable, not {shown(policy)}")
    return policy


def register() -> list[str]:
    """Register ``pycards/<GameName>-v0`` for every registered game (the ones not yet registered)."""
    ids = []
    for name in GAMES:
        env_id = f"pycards/{camel_name(name)}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="pycards.adapters._gymnasium_env:PycardsEnv",
                               kwargs={"game": name})  # fmt: skip
        ids.append(env_id)
    return ids
