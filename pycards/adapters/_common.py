"""What the three adapters share: checking their arguments, seeds, and the results of deals.

Everything here reads the driver protocol only (docs/protocol.md): a game from the
registry, its ``players``, ``to_act``, codec and records, and the
:class:`~pycards.games.engine.events.DealEnded` entries that close each deal.
"""

from __future__ import annotations

import hashlib
import math
import random
import warnings
from collections.abc import Iterable, Mapping
from typing import Any, Optional, cast

from pycards.errors import GameOptionError, IllegalActionError
from pycards.games import Action, Game, Record, canonical_name, default_players, new_game
from pycards.games.base import check_seed
from pycards.games.engine.codec import action_id as check_index
from pycards.games.engine.document import plain_str, shown
from pycards.games.engine.events import DealEnded

__all__ = [
    "RENDER_MODES", "SEED_BITS", "Table", "agent_names", "camel_name", "check_env_seed", "check_index",
    "check_penalty", "check_render_mode", "deal_results", "fresh_seed", "last_records", "mixed_seed", "plain_str",
]  # fmt: skip

SEED_BITS = 63
"""Session seeds drawn by an adapter are whole numbers below ``2**63``."""

RENDER_MODES = ("ansi", "human")
"""The render modes of the PettingZoo and Gymnasium environments: text, returned or printed."""


def camel_name(name: str) -> str:
    """A registered game name in CamelCase, as the Gymnasium ids spell it (``vingt_un`` -> ``VingtUn``)."""
    return "".join(part[:1].upper() + part[1:] for part in name.split("_"))


def agent_names(players: int) -> list[str]:
    """PettingZoo's agent names of the seats: ``seat_0``, ``seat_1``, ..."""
    return [f"seat_{seat}" for seat in range(players)]


def mixed_seed(*parts: int) -> int:
    """A seed below ``2**63`` from several ints, the same in every process (no ``hash()``)."""
    text = "/".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "little") >> 1


def fresh_seed() -> int:
    """A session seed from the operating system's entropy (``seed=None``)."""
    return random.SystemRandom().getrandbits(SEED_BITS)


def check_env_seed(seed: object, non_negative: bool = False) -> Optional[int]:
    """``seed`` if it is ``None`` or a seed a game takes (an exact int: never a bool or
    a float); ``non_negative``: also at least 0 (Gymnasium's generators ask it)."""
    if seed is None:
        return None
    value = check_seed(seed)
    if non_negative and value < 0:
        raise GameOptionError(f"the seed must be an int of at least 0, not {shown(seed)}")
    return value


def check_penalty(penalty: object) -> float:
    """``illegal_penalty``: a finite real number (an int or a float, not a bool), also as a float
    (an int too large for one is refused; a subclass's own ``__float__`` is never called)."""
    kind = type(penalty)
    value = math.nan
    try:
        if issubclass(kind, int) and kind is not bool:
            value = int.__float__(cast(int, penalty))
        elif issubclass(kind, float):
            value = float.__float__(cast(float, penalty))
    except OverflowError:  # an int too large for a float
        pass
    if not math.isfinite(value):
        raise GameOptionError(f"illegal_penalty must be a finite number, not {shown(penalty)}")
    return value


def check_render_mode(render_mode: object) -> Optional[str]:
    """The render mode an environment runs: ``render_mode`` as a plain str (a subclass's own
    ``__eq__`` never runs) if it is one of :data:`RENDER_MODES`, else ``None``.

    A str naming another mode is taken with a warning and renders nothing (``render()`` then
    warns and returns ``None``, as with no mode), because that is Gymnasium's convention:
    ``gymnasium.make`` only warns for a mode the environment does not list, and
    Stable-Baselines3's ``make_vec_env`` asks every environment for ``"rgb_array"``. A value
    that is not ``None`` or a str raises GameOptionError naming it.
    """
    if render_mode is None:
        return None
    mode, modes = plain_str(render_mode), ", ".join(map(repr, RENDER_MODES))
    if mode is None:
        raise GameOptionError(f"render_mode must be None or a str ({modes}), not {shown(render_mode)}")
    if mode not in RENDER_MODES:
        warnings.warn(f"render_mode {shown(render_mode)} is not supported ({modes}): nothing will be rendered",
                      UserWarning, stacklevel=3)  # fmt: skip
        return None
    return mode


def deal_results(entries: Iterable[Any], players: int) -> tuple[Optional[list[float]], int, bool]:
    """The deals that ended in ``entries`` (a record's): each seat's result summed over
    them (``None`` if no deal ended), how many ended, and whether any was truncated."""
    total: Optional[list[float]] = None
    ended = 0
    truncated = False
    for entry in entries:
        if type(entry) is DealEnded:
            if total is None:
                total = [0.0] * players
            for seat, amount in enumerate(entry.rewards):
                total[seat] += amount
            ended += 1
            truncated = truncated or entry.truncated
    return total, ended, truncated


def last_records(game: Game, seat: Optional[int]) -> list[Record]:
    """``seat``'s view of the game's last record (``None``: a spectator's), or none."""
    since = game.records - 1
    if since < 0:
        return []
    try:
        return game.events(seat, since=since)
    except IllegalActionError:  # restored from a snapshot, with no record kept since
        return []


class Table:
    """A game's name, players and options, checked once by starting a session of them.

    ``actions`` is every action by its id (``action_from_index`` of each, made
    once); ``num_actions`` and ``observation_size`` come from the game's
    ``info``. :meth:`new` starts a session of the same terms with another seed
    (:meth:`Game.new_session` of the first).
    """

    __slots__ = ("name", "players", "options", "actions", "num_actions", "observation_size", "info", "_first")

    def __init__(self, game: object, players: object, options: Mapping[str, Any], seed: int = 0) -> None:
        self.name = canonical_name(game)
        if players is None:
            players = default_players(self.name)
        if type(players) is not int:
            raise GameOptionError(f"players must be an int, not {shown(players)}")
        self.options = dict(options)
        probe = new_game(self.name, players=players, seed=seed, **self.options)
        self.players: int = players
        self.info = probe.info
        self.num_actions: int = probe.num_actions
        self.observation_size: int = self.info.observation_size
        self.actions: tuple[Action, ...] = tuple(probe.action_from_index(i) for i in range(self.num_actions))
        self._first = probe

    def new(self, seed: int) -> Game:
        """A new session of these terms, its chance seeded by ``seed``."""
        return self._first.new_session(seed)
