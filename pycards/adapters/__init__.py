"""Every registered game for three RL frameworks: PettingZoo, Gymnasium and OpenSpiel.

The adapters read the driver protocol only (docs/protocol.md), so a game added to
:data:`pycards.games.GAMES` gets all three; docs/adapters.md says what each one
decides (spaces, rewards, terminations, truncations, illegal actions).

* :func:`pettingzoo_env` -- a PettingZoo AEC environment, every seat an agent
  (:mod:`pycards.adapters.pettingzoo` names it ``raw_env``, and offers ``env``, which ends
  the episode on an illegal action as PettingZoo's classic games do).
* :func:`gymnasium_env` -- a Gymnasium environment for one seat, the others played by
  policies; its ids ``pycards/<GameName>-v0`` (:func:`env_id`) are registered with
  Gymnasium when this package is imported, if Gymnasium is installed.
* :func:`openspiel_game` -- a pyspiel Python game; every game is registered with pyspiel as
  ``python_pycards_<name>`` when this package is imported, if OpenSpiel is installed.

The frameworks are imported by the function that needs them, never by ``import pycards``
or ``import pycards.games``; this package imports only Gymnasium and pyspiel, each only if
it is installed and only to register the games with it. They are the ``rl`` extra
(:data:`INSTALL_HINT`: ``pip install 'pycards-laws[rl]'``): a function whose framework is
missing raises an ImportError naming the module and saying how to install it.

>>> env_id("vingt_un")
'pycards/VingtUn-v0'
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Optional, Union

from pycards import _install_hint
from pycards.adapters._common import camel_name
from pycards.games import canonical_name

if TYPE_CHECKING:
    from pycards.adapters._gymnasium_env import PycardsEnv
    from pycards.adapters._openspiel_game import PycardsGame
    from pycards.adapters._pettingzoo_env import PycardsAECEnv
    from pycards.games.policies import Policy

__all__ = [
    "env_id", "gymnasium_env", "openspiel_game", "pettingzoo_env", "register_gymnasium", "register_openspiel",
]  # fmt: skip

# INSTALL_HINT and require() say how to install the rl extra: helpers, not the adapters' API (__all__).
INSTALL_HINT = _install_hint("rl")
"""How to install the frameworks (the ``rl`` extra): ``pip install 'pycards-laws[rl]'``, or
``pip install '.[rl]'`` in a clone."""


def require(*modules: str, needed_by: str = "pycards.adapters") -> None:
    """Import the frameworks ``modules`` (``"gymnasium"``, ``"pettingzoo"``, ``"pyspiel"``); an
    ImportError naming the first one missing and saying how to install the ``rl`` extra
    otherwise, as ``pycards serve`` does for the server extra."""
    for name in modules:
        try:
            importlib.import_module(name)
        except ImportError as error:
            raise ImportError(f"{needed_by} needs the rl extra (missing module {name!r}): {INSTALL_HINT}",
                              name=name) from error  # fmt: skip


def pettingzoo_env(game: str, players: Optional[int] = None, seed: Optional[int] = None, render_mode: Optional[str] = None,
                   illegal_penalty: Optional[float] = None, **options: Any) -> PycardsAECEnv:  # fmt: skip
    """A PettingZoo AEC environment of ``game`` for ``players`` seats (agents ``seat_0`` ..;
    by default :func:`pycards.games.default_players`).

    ``seed`` seeds the first session when ``reset()`` is given no seed (``None``: fresh
    entropy); ``options`` are the game's own (``new_game``'s keywords); ``render_mode``
    is ``None``, ``"ansi"`` or ``"human"`` (another str: a warning, and no rendering). An
    illegal action id raises IllegalActionError, or, given an ``illegal_penalty``, ends the
    episode costing the agent that much. A bad argument raises
    :class:`~pycards.errors.GameOptionError` naming it.
    """
    require("gymnasium", "pettingzoo", needed_by="pettingzoo_env")
    from pycards.adapters._pettingzoo_env import PycardsAECEnv

    return PycardsAECEnv(game, players, seed, render_mode, illegal_penalty, **options)


def gymnasium_env(game: str, seat: int = 0, opponents: Union[None, Policy, Sequence[Optional[Policy]],
                                                              Mapping[int, Policy]] = None,
                  players: Optional[int] = None, seed: Optional[int] = None, illegal_penalty: float = 0.0,
                  render_mode: Optional[str] = None, **options: Any) -> PycardsEnv:  # fmt: skip
    """A Gymnasium environment of ``game`` in which the agent plays ``seat``.

    ``opponents`` play the other seats: one policy for all, a sequence by seat (the
    agent's own entry ignored) or a mapping of seats to policies (a seat left out
    plays :class:`~pycards.games.policies.RandomLegal`); by default ``RandomLegal``,
    given a stream per session and seat from the session's seed so episodes
    reproduce. An illegal action id is a no-op costing ``illegal_penalty``.
    """
    require("gymnasium", needed_by="gymnasium_env")
    from pycards.adapters._gymnasium_env import PycardsEnv

    return PycardsEnv(game, seat, opponents, players, seed, illegal_penalty, render_mode, **options)


def openspiel_game(game: str, players: Optional[int] = None, **options: Any) -> PycardsGame:
    """``game`` as a pyspiel game, registered as ``python_pycards_<name>`` (its parameters:
    ``players`` (by default two, or the fewest the game allows), ``seed`` and the game's
    options; ``deals`` defaults to 1)."""
    require("pyspiel", needed_by="openspiel_game")
    from pycards.adapters._openspiel_game import load, player_default

    return load(game, player_default(game) if players is None else players, options)


def env_id(game: str) -> str:
    """The Gymnasium id of ``game``: ``pycards/<GameName>-v0``."""
    return f"pycards/{camel_name(canonical_name(game))}-v0"


def register_gymnasium() -> list[str]:
    """Register every game's Gymnasium id (once; this package does it when imported)."""
    require("gymnasium", needed_by="register_gymnasium")
    from pycards.adapters._gymnasium_env import register

    return register()


def register_openspiel() -> list[str]:
    """Register every game with pyspiel as ``python_pycards_<name>`` (once; this package does
    it when imported), so that ``pyspiel.load_game`` loads it from its name."""
    require("pyspiel", needed_by="register_openspiel")
    from pycards.adapters._openspiel_game import register
    from pycards.games import GAMES

    return [register(name) for name in GAMES]


def _installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # a broken or blocked install counts as none
        return False


if _installed("gymnasium"):
    register_gymnasium()
if _installed("pyspiel"):
    register_openspiel()
