"""Game drivers: every game follows one protocol (:mod:`pycards.games.base`).

>>> from pycards.games import GAMES, new_game
>>> sorted(GAMES)
['vingt_un']
>>> game = new_game("vingt_un", players=4, seed=1, min_stake=1, max_stake=5)
>>> game.legal_actions()[:2]
[Stake(amount=1), Stake(amount=2)]
"""

from __future__ import annotations

from typing import Any

from pycards.errors import GameOptionError, IllegalActionError
from pycards.games.base import Action, Game, Record
from pycards.games.simulate import Estimate, SimulationResult, simulate
from pycards.games.vingt_un import VingtUn

__all__ = [
    "GAMES",
    "Action",
    "Estimate",
    "Game",
    "GameOptionError",
    "IllegalActionError",
    "Record",
    "SimulationResult",
    "new_game",
    "simulate",
]

GAMES: dict[str, type[Game]] = {VingtUn.name: VingtUn}
"""The game drivers by name."""


def new_game(name: str, players: int = 4, seed: int = 0, **options: Any) -> Game:
    """A new game ``name`` for ``players`` seats, its chance seeded by ``seed``.

    ``options`` are the game's agreed terms (its ``Options`` dataclass); an
    unknown name or a bad value raises :class:`GameOptionError` naming it.
    """
    try:
        cls = GAMES[name]
    except KeyError:
        raise GameOptionError(f"unknown game {name!r}; expected one of {', '.join(map(repr, GAMES))}") from None
    return cls(players=players, seed=seed, **options)
