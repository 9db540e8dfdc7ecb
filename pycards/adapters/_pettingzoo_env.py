"""Any registered game as a PettingZoo AEC environment (``pycards.adapters.pettingzoo_env``).

One episode is one session. The agents are the seats, ``seat_0`` .. ``seat_{n-1}``;
the agent selected is the seat to act (``game.to_act``). Each agent observes
``{"observation": game.encode(seat), "action_mask": ...}``: its own view only, the
mask the game's ``legal_mask()`` while it is to act and all zeros otherwise.

Rewards come per deal: in the step in which a deal ends (a ``DealEnded`` entry in
that step's record) every agent's reward is its result in the deal, and PettingZoo's
cumulative rewards carry it to each agent's next ``last()``. The session's end
(``to_act is None``) terminates every agent. A deal cut short by the game's bound on
decisions (``game.truncated``) does not end the episode: it is reported in the
agents' ``infos`` and the session goes on, so ``truncations`` stay false.

An illegal action id raises IllegalActionError and changes nothing (``raw_env``); with an
``illegal_penalty`` (``env``) it ends the episode instead, as PettingZoo's
``TerminateIllegalWrapper`` does for its classic games: the offending agent's reward is
``-illegal_penalty``, every agent is terminated and truncated, and each takes its dead step.

The hot path (``last()``, ``step()``) makes only what it returns: the encoding, the
mask (a view of the game's fresh ``legal_mask()``) and, when a deal ends, the rewards.
"""

from __future__ import annotations

import random
import warnings
from typing import Any, Optional

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv

from pycards.adapters._common import (
    RENDER_MODES, SEED_BITS, Table, agent_names, check_env_seed, check_index, check_penalty, check_render_mode,
    deal_results, fresh_seed, last_records, plain_str,
)  # fmt: skip
from pycards.errors import IllegalActionError
from pycards.games import Game
from pycards.games.engine.document import shown
from pycards.games.engine.events import DealEnded

__all__ = ["PycardsAECEnv", "RENDER_MODES"]


class PycardsAECEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """A PettingZoo AEC environment playing sessions of ``game`` (see the module docstring).

    ``seed`` is the seed of the first session when ``reset()`` is given none;
    ``options`` are the game's (``new_game``'s keywords); ``illegal_penalty``: ``None``, an
    illegal id raises, or a finite number, an illegal id ends the episode costing it;
    ``render_mode`` as the Gymnasium environment's (:func:`check_render_mode`). Every
    bad argument raises :class:`~pycards.errors.GameOptionError` naming it, here rather than
    at ``reset``.
    """

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "name": "pycards_v0",
                                "is_parallelizable": False}  # fmt: skip

    def __init__(self, game: str, players: Optional[int] = None, seed: Optional[int] = None,
                 render_mode: Optional[str] = None, illegal_penalty: Optional[float] = None,
                 **options: Any) -> None:  # fmt: skip
        super().__init__()
        first = check_env_seed(seed)
        self.illegal_penalty = None if illegal_penalty is None else check_penalty(illegal_penalty)
        mode = check_render_mode(render_mode)
        self._table = table = Table(game, players, options, seed=0 if first is None else first)
        self._first_seed = first
        self._seeds: Optional[random.Random] = None
        self.render_mode = mode
        self.metadata = {**self.metadata, "name": f"pycards_{table.name}_v0"}
        self.possible_agents: list[str] = agent_names(table.players)
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {agent: observation_space(table) for agent in self.possible_agents}
        self.action_spaces = {agent: gymnasium.spaces.Discrete(table.num_actions)
                              for agent in self.possible_agents}  # fmt: skip
        self._game: Optional[Game] = None
        self._rewarded = False
        self._over = False
        self._deals = 0
        self.agents: list[str] = []
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}

    # -- what the framework reads -----------------------------------------------------------

    @property
    def game(self) -> Game:
        """The session in play (omniscient: for a server or a test, never for an agent's eyes)."""
        if self._game is None:
            raise IllegalActionError("the environment has not been reset: call reset() first")
        return self._game

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[self._agent(agent)]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[self._agent(agent)]

    def _agent(self, agent: object) -> str:
        """``agent`` as a plain str if it names an agent (a str's own ``__hash__`` never runs)."""
        name = plain_str(agent)
        if name is None or name not in self._seat_of:
            raise self._unknown(agent)
        return name

    def _unknown(self, agent: object) -> IllegalActionError:
        agents = ", ".join(self.possible_agents)
        return IllegalActionError(f"no agent {shown(agent)}; the agents are {agents}")

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """``agent``'s own view: ``encode(seat)``, and its legal mask if it is to act in an episode
        not over (else zeros)."""
        seat = self._seat_of.get(agent if type(agent) is str else self._agent(agent))
        if seat is None:
            raise self._unknown(agent)
        game = self._game
        if game is None:
            raise IllegalActionError("the environment has not been reset: call reset() first")
        if game.to_act == seat and not self._over:
            mask = game.legal_mask().view(np.int8)
        else:
            mask = np.zeros(self._table.num_actions, np.int8)
        return {"observation": game.encode(seat), "action_mask": mask}

    # -- the episode -----------------------------------------------------------------------

    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> None:
        """Start a new session: seeded by ``seed``; without one, by the constructor's seed the
        first time, then by a stream seeded from the last seed given (or from fresh entropy if
        none was ever given). ``options`` is accepted for the API and not used."""
        session = check_env_seed(seed)
        if session is None:
            if self._seeds is None and self._first_seed is not None:
                session = self._first_seed
                self._seeds = random.Random(session)
            else:
                if self._seeds is None:
                    self._seeds = random.Random(fresh_seed())
                session = self._seeds.getrandbits(SEED_BITS)
        else:
            self._seeds = random.Random(session)
        self._game = game = self._table.new(session)
        agents = self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(agents, 0.0)
        self.terminations = dict.fromkeys(agents, False)
        self.truncations = dict.fromkeys(agents, False)
        self.infos = {agent: {} for agent in agents}
        self._rewarded = False
        self._deals = 0
        self._skip_agent_selection = None  # what an episode ended by an illegal action may leave
        for record in game.history():  # the start of the session (a deal may end there: a flush dealt)
            self._take(record.entries)
        if self._rewarded:
            self._accumulate_rewards()
        self._over = False
        seat = game.to_act
        if seat is None:
            self._end()
        else:
            self.agent_selection = self.possible_agents[seat]

    def step(self, action: Any) -> None:
        """Play ``action`` (an id; ``None`` for an agent already terminated). An id that is not
        legal now raises IllegalActionError naming it, and changes nothing; with an
        ``illegal_penalty`` it ends the episode (:meth:`_end_illegal`). A value that is no id
        at all always raises."""
        game, table = self._game, self._table
        if game is None:
            raise IllegalActionError("the environment has not been reset: call reset() first")
        agent = self.agent_selection
        if self._over:  # the session is over: every agent is terminated
            if not self.agents:
                raise IllegalActionError(f"every agent is done: call reset() to play again, not step({shown(action)})")
            if action is not None:
                raise IllegalActionError(f"{agent} is done: its only action is None, not {shown(action)}")
            self._was_dead_step(None)
            return
        if type(action) is not int or not 0 <= action < table.num_actions:
            action = check_index(action, table.num_actions)
        try:
            record = game.apply(table.actions[action])
        except IllegalActionError as error:
            if self.illegal_penalty is None:
                raise IllegalActionError(f"action id {action} is not legal for {agent} now: {error}") from None
            self._end_illegal(agent, action)
            return
        if self._rewarded:
            self._clear_rewards()
            self._rewarded = False
        for entry in record.entries:
            if type(entry) is DealEnded:
                self._take(record.entries)
                break
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:
            self._accumulate_rewards()
        seat = game.to_act
        if seat is None:
            self._end()
        else:
            self.agent_selection = self.possible_agents[seat]
        if self.render_mode == "human":
            self.render()

    def _take(self, entries: Any) -> None:
        """The deals ended in a record's ``entries``: rewards and infos for every agent."""
        results, ended, truncated = deal_results(entries, self._table.players)
        if results is None:
            return
        self._rewarded = True
        self._deals += ended
        rewards, infos = self.rewards, self.infos
        for agent, amount in zip(self.possible_agents, results):
            rewards[agent] += amount
            infos[agent] = {"deals_completed": self._deals, "deal_truncated": truncated}

    def _end(self) -> None:
        """The session is over: every agent is terminated (each then takes its dead step)."""
        self._over = True
        for agent in self.agents:
            self.terminations[agent] = True
        if getattr(self, "agent_selection", None) not in self.agents:
            self.agent_selection = self.agents[0]

    def _end_illegal(self, agent: str, action: int) -> None:
        """``agent`` chose ``action``, an id that is not legal now: the episode ends as PettingZoo's
        ``TerminateIllegalWrapper`` ends it. Its reward is ``-illegal_penalty`` and every other
        agent's 0 (what an agent has not yet collected is kept); every agent is terminated and
        truncated, and takes its dead step, the dead agents first in order. The session is
        left as it was (``game``); the agent's infos say ``illegal_action``. A UserWarning says
        so (where the wrapper prints PettingZoo's ``EnvLogger`` warning)."""
        assert self.illegal_penalty is not None
        warnings.warn(f"{agent} chose action id {action}, which is not legal now: the episode ends, costing "
                      f"{agent} {self.illegal_penalty}", UserWarning, stacklevel=3)  # fmt: skip
        self._over = True
        self._cumulative_rewards[agent] = 0.0
        self.terminations = dict.fromkeys(self.agents, True)
        self.truncations = dict.fromkeys(self.agents, True)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards[agent] = -self.illegal_penalty
        self.infos[agent] = {**self.infos[agent], "illegal_action": True}
        self._accumulate_rewards()
        self._deads_step_first()

    # -- rendering -------------------------------------------------------------------------

    def render(self) -> Optional[str]:
        """The table as a spectator sees it: the deal, whose turn, the results so far and the
        last record's public view (``"ansi"`` returns it, ``"human"`` prints it)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode (None)")
            return None
        text = describe(self.game)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release: the session is plain Python."""


def observation_space(table: Table) -> gymnasium.spaces.Dict:
    """An agent's observation space: its encoding (unbounded: the protocol states no range) and
    the action mask."""
    return gymnasium.spaces.Dict({
        "observation": gymnasium.spaces.Box(-np.inf, np.inf, (table.observation_size,), np.float32),
        "action_mask": gymnasium.spaces.Box(0, 1, (table.num_actions,), np.int8),
    })  # fmt: skip


def describe(game: Game) -> str:
    """A spectator's text of ``game``: no card a seat holds face down."""
    seat = game.to_act
    turn = "the session is over" if seat is None else f"seat_{seat} to act"
    results = ", ".join(f"seat_{s} {amount:+d}" for s, amount in game.payoffs().items())
    lines = [f"{game.name}: deal {game.deal_number}, {turn}; results {results}"]
    lines += [f"  {record}" for record in last_records(game, None)]
    return "\n".join(lines)
