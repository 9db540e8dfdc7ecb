"""Game drivers: every game follows one protocol (:mod:`pycards.games.base`, docs/protocol.md).

The registry names each game once (``vingt_un``; the command line also
accepts ``vingt-un``) and loads its module on first use.

>>> from pycards.games import GAMES, new_game
>>> sorted(GAMES)
['draw_poker', 'jack_pots', 'progressive_poker', 'straight_poker', 'stud_poker', 'vingt_un']
>>> game = new_game("vingt_un", players=4, seed=1, min_stake=1, max_stake=5)
>>> game.legal_actions()[:2]
[Stake(amount=1), Stake(amount=2)]
"""

from __future__ import annotations

import importlib
from typing import Any

from pycards.errors import GameOptionError, IllegalActionError, StateError
from pycards.games.base import Action, ConcurrentUseError, Game, GameInfo
from pycards.games.engine.document import shown
from pycards.games.engine.events import Record

__all__ = [
    "GAMES",
    "Action",
    "ConcurrentUseError",
    "Game",
    "GameInfo",
    "GameOptionError",
    "IllegalActionError",
    "Record",
    "StateError",
    "canonical_name",
    "default_players",
    "game_class",
    "new_game",
]

GAMES: dict[str, str] = {
    "draw_poker": "pycards.games.draw_poker:DrawPoker",
    "jack_pots": "pycards.games.jack_pots:JackPots",
    "progressive_poker": "pycards.games.progressive_poker:ProgressivePoker",
    "straight_poker": "pycards.games.straight_poker:StraightPoker",
    "stud_poker": "pycards.games.stud_poker:StudPoker",
    "vingt_un": "pycards.games.vingt_un:VingtUn",
}
"""Every game by its one name: ``"module:Class"`` of its driver (loaded on first use)."""

_LOADED: dict[str, type[Game]] = {}


def canonical_name(name: object) -> str:
    """The registered name of a game, from itself or its spelling with hyphens (``vingt-un``)."""
    key = name.replace("-", "_").lower() if isinstance(name, str) else None
    if key not in GAMES:
        raise GameOptionError(f"unknown game {shown(name)}; expected one of {', '.join(map(repr, GAMES))}")
    return key


def game_class(name: str) -> type[Game]:
    """The driver class of game ``name``."""
    key = canonical_name(name)
    cls = _LOADED.get(key)
    if cls is None:
        module, _, attribute = GAMES[key].partition(":")
        cls = _LOADED[key] = getattr(importlib.import_module(module), attribute)
    return cls


def default_players(name: str) -> int:
    """The players a game is set for when none are given: four, or the nearest number the
    game allows (Progressive Poker: eight).

    >>> default_players("vingt_un"), default_players("progressive_poker")
    (4, 8)
    """
    cls = game_class(name)
    return min(max(4, cls.MIN_PLAYERS), cls.MAX_PLAYERS)


def new_game(name: str, players: int | None = None, seed: int = 0, **options: Any) -> Game:
    """A new session of game ``name`` for ``players`` seats (by default
    :func:`default_players`), its chance seeded by ``seed``.

    ``options`` are the game's agreed terms (its ``Options`` dataclass, plus
    any set-up arguments of its constructor); an unknown name or a bad value
    raises :class:`GameOptionError` naming it.
    """
    return game_class(name)(players=default_players(name) if players is None else players, seed=seed, **options)
