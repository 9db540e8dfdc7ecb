"""PettingZoo's ``env()`` and ``raw_env()`` of any registered game, named as PettingZoo's
classic games name theirs (``leduc_holdem_v4.env()``, ``.raw_env()``).

* :func:`raw_env` is :func:`pycards.adapters.pettingzoo_env`: an illegal action id raises
  IllegalActionError and changes nothing, so a learner's mistake is never hidden.
* :func:`env` ends the episode on an illegal action id instead, as the classic games'
  ``env()`` do (their ``TerminateIllegalWrapper``): the offending agent's reward is
  ``-illegal_penalty`` (by default -1, their ``illegal_reward``), every agent is terminated
  and truncated, and each takes its dead step. Wrappers that change the agents' actions
  need this, SuperSuit's ``sticky_actions_v0`` for one (a repeated action is often no
  longer legal).

Both take ``game`` (by default ``"vingt_un"``, so ``env()`` alone works) and the arguments of
:func:`~pycards.adapters.pettingzoo_env`. A value that is no action id at all (a float, a
value outside the action space) raises IllegalActionError from either.

>>> import numpy as np
>>> from pycards.adapters.pettingzoo import env
>>> table = env(players=2, seed=1)
>>> table.reset()
>>> illegal = int(np.flatnonzero(table.observe(table.agent_selection)["action_mask"] == 0)[0])
>>> agent = table.agent_selection
>>> table.step(illegal)
>>> table.rewards[agent], all(table.terminations.values()), all(table.truncations.values())
(-1.0, True, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from pycards.adapters import pettingzoo_env

if TYPE_CHECKING:
    from pycards.adapters._pettingzoo_env import PycardsAECEnv

__all__ = ["env", "raw_env"]

ILLEGAL_PENALTY = 1.0
"""What an illegal action costs in :func:`env`: PettingZoo's classic games' ``illegal_reward=-1``."""


def raw_env(game: str = "vingt_un", players: Optional[int] = None, seed: Optional[int] = None,
            render_mode: Optional[str] = None, **options: Any) -> PycardsAECEnv:  # fmt: skip
    """The AEC environment of ``game``; an illegal action id raises IllegalActionError."""
    return pettingzoo_env(game, players, seed, render_mode, **options)


def env(game: str = "vingt_un", players: Optional[int] = None, seed: Optional[int] = None,
        render_mode: Optional[str] = None, illegal_penalty: float = ILLEGAL_PENALTY,
        **options: Any) -> PycardsAECEnv:  # fmt: skip
    """The AEC environment of ``game``; an illegal action id ends the episode, costing the agent
    ``illegal_penalty`` (see the module docstring)."""
    return pettingzoo_env(game, players, seed, render_mode, illegal_penalty, **options)
