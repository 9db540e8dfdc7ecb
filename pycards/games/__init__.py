"""Game drivers: every game follows one protocol (:mod:`pycards.games.base`, docs/protocol.md).

The registry, :data:`GAMES`, names each game once (``vingt_un``; the command
line also accepts ``vingt-un``) with one :class:`GameEntry`: where its driver,
its built-in policy and its text renderer are (each loaded on first use) and
the options its policy takes. The tools above the games (the text, the
simulator, the terminal game, the policies, the command line) know the games
only through this registry (tests/test_imports.py checks that they name none):
adding a game is one entry here.

>>> from pycards.games import GAMES, new_game
>>> print(", ".join(sorted(GAMES)))
american_brag, american_commerce, brag, commerce, draw_poker, jack_pots, my_ship_sails, old_commerce, progressive_poker, straight_poker, stud_poker, thirty_one, three_stake_brag, vingt_un, whiskey_poker
>>> GAMES["vingt_un"].driver
'pycards.games.vingt_un:VingtUn'
>>> [option.name for option in GAMES["vingt_un"].policy_options]
['draw_below']
>>> game = new_game("vingt_un", players=4, seed=1, min_stake=1, max_stake=5)
>>> game.legal_actions()[:2]
[Stake(amount=1), Stake(amount=2)]
"""

from __future__ import annotations

import importlib
from typing import Any, NamedTuple, Optional

from pycards.errors import GameOptionError, IllegalActionError, StateError
from pycards.games.base import Action, ConcurrentUseError, Game, GameInfo
from pycards.games.engine.document import shown
from pycards.games.engine.events import Record
from pycards.games.engine.options import Field

__all__ = [
    "GAMES",
    "Action",
    "ConcurrentUseError",
    "Game",
    "GameEntry",
    "GameInfo",
    "GameOptionError",
    "IllegalActionError",
    "Record",
    "StateError",
    "canonical_name",
    "default_players",
    "game_class",
    "load",
    "new_game",
]


class GameEntry(NamedTuple):
    """One game of the registry. Each part is named ``"module:attribute"`` and imported
    only when a tool first asks for it (:func:`load`), so that knowing the games costs
    no import of theirs.

    >>> GameEntry("mygames.whist:Whist")
    GameEntry(driver='mygames.whist:Whist', policy=None, policy_options=(), text=None)
    """

    driver: str
    """Its driver class, a :class:`~pycards.games.base.Game`."""
    policy: Optional[str] = None
    """The factory of its built-in policy: ``factory(**options)`` returns the policy
    (:func:`pycards.games.policies.default_policy` calls it). ``None``: the game has
    none, and is played by :class:`~pycards.games.policies.RandomLegal`."""
    policy_options: tuple[Field, ...] = ()
    """The options the policy's factory takes, as :meth:`Options.describe
    <pycards.games.engine.options.Options.describe>` gives a game's: declared here so
    that the command line can list and check them (``--policy-option``) without
    loading the policy. The factory checks them again."""
    text: Optional[str] = None
    """Its :class:`~pycards.games.text.Renderer`: its observations as lines, and what
    to call seats by their part. ``None``: one ``key: value`` line per key."""


_POKER_POLICY = (
    Field("profile", None, "choice", choices=(None, "english", "american", "no_straight_flush"), optional=True),
    Field("cap", 3, "int", 1, 1000),
)
"""The poker policy's options (:class:`~pycards.games.policies.poker.Strength`): the
ranking where an observation names none (``none``: the game's own), and the cap on its
raising, in limits."""


def _poker(driver: str, policy: str, text: str = "pycards.games.poker.text:TABLE") -> GameEntry:
    """A poker game: its built-in policy is a :class:`~pycards.games.policies.poker.Strength`
    and its table is drawn by :mod:`pycards.games.poker.text`."""
    return GameEntry(driver, f"pycards.games.policies.poker:{policy}", _POKER_POLICY, text)


_BRAG_POLICY = (Field("cap", 3, "int", 1, 1000), Field("ante_percent", 10, "int", 1, 100))
"""The Brag policy's options (:class:`~pycards.games.policies.brag.BragStrength`): the cap on
its raising, in limits, and the dealer's ante as a percentage of the limit."""
_THREE_STAKE_POLICY = (Field("cap", 3, "int", 1, 1000), Field("hit_below", 28, "int", 0, 31))
"""Three-stake Brag's: the cap, and the total below which it draws for the third pool."""


def _brag(driver: str, policy: str, text: str, options: tuple[Field, ...] = _BRAG_POLICY) -> GameEntry:
    """A Brag game: its driver in :mod:`pycards.games.brag`, its policy a
    :class:`~pycards.games.policies.brag.BragStrength`, its table drawn by
    :mod:`pycards.games.brag.text`."""
    return GameEntry(f"pycards.games.brag.{driver}", f"pycards.games.policies.brag:{policy}", options,
                     f"pycards.games.brag.text:{text}")  # fmt: skip


_EXCHANGE_POLICY = (Field("stand_at", 70, "int", 0, 100),)
"""The exchange games' policy's option (:class:`~pycards.games.policies.exchange.TowardBest`):
the percentile of hands at which it stands (knocks)."""


def _exchange(driver: str, policy: str, text: str) -> GameEntry:
    """An exchange game: its driver in :mod:`pycards.games.exchange`, its policy a
    :class:`~pycards.games.policies.exchange.TowardBest`, its table drawn by
    :mod:`pycards.games.exchange.text`."""
    return GameEntry(f"pycards.games.exchange.{driver}", f"pycards.games.policies.exchange:{policy}",
                     _EXCHANGE_POLICY, f"pycards.games.exchange.text:{text}")  # fmt: skip


GAMES: dict[str, GameEntry] = {
    "american_brag": _brag("american:AmericanBrag", "american_brag_policy", "AMERICAN_BRAG"),
    "american_commerce": _exchange("american_commerce:AmericanCommerce", "american_commerce_policy",
                                   "AMERICAN_COMMERCE"),  # fmt: skip
    "brag": _brag("single:Brag", "default_policy", "BRAG"),
    "commerce": _exchange("commerce:Commerce", "commerce_policy", "COMMERCE"),
    "draw_poker": _poker("pycards.games.poker.draw:DrawPoker", "default_policy",
                         "pycards.games.poker.text:ENGLISH_TABLE"),  # fmt: skip
    "jack_pots": _poker("pycards.games.poker.jack_pots:JackPots", "jack_pots_policy"),
    "my_ship_sails": _exchange("my_ship_sails:MyShipSails", "my_ship_sails_policy", "MY_SHIP_SAILS"),
    "old_commerce": _exchange("old_commerce:OldCommerce", "old_commerce_policy", "OLD_COMMERCE"),
    "progressive_poker": _poker("pycards.games.poker.progressive:ProgressivePoker", "progressive_poker_policy",
                                "pycards.games.poker.text:ENGLISH_TABLE"),  # fmt: skip
    "straight_poker": _poker("pycards.games.poker.straight:StraightPoker", "straight_poker_policy"),
    "stud_poker": _poker("pycards.games.poker.stud:StudPoker", "stud_poker_policy"),
    "thirty_one": _exchange("thirty_one:ThirtyOne", "thirty_one_policy", "THIRTY_ONE"),
    "three_stake_brag": _brag("three_stake:ThreeStakeBrag", "three_stake_brag_policy", "THREE_STAKE_BRAG",
                              _THREE_STAKE_POLICY),  # fmt: skip
    "vingt_un": GameEntry(
        "pycards.games.vingt_un:VingtUn",
        "pycards.games.policies.vingt_un:default_policy",
        (Field("draw_below", 16, "int", 0, 22),),  # DrawBelow's threshold: 22 already draws to 21
        "pycards.games._vingt_un_text:RENDERER",
    ),
    "whiskey_poker": _exchange("whiskey_poker:WhiskeyPoker", "whiskey_poker_policy", "WHISKEY_POKER"),
}
"""Every game by its one name, and its :class:`GameEntry`."""

_LOADED: dict[str, type[Game]] = {}


def load(where: str) -> Any:
    """The object ``where`` names, ``"module:attribute"`` (a :class:`GameEntry` part),
    importing its module if need be.

    >>> load("pycards.games.base:Game").__name__
    'Game'
    """
    module, _, attribute = where.partition(":")
    return getattr(importlib.import_module(module), attribute)


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
        cls = _LOADED[key] = load(GAMES[key].driver)
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
