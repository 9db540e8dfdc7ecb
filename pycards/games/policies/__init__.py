"""Policies: callables ``policy(observation, legal_actions) -> action`` that play a seat.

A policy plays every decision of a game, so a simulation can seat one at every
place. The generic ones here play any game: :func:`first_legal` (a fast
baseline) and :class:`RandomLegal` (a seeded random choice). A game may
register its own built-in policy (its :class:`~pycards.games.GameEntry`'s
``policy``, loaded on first use, and the ``policy_options`` it takes):
:func:`default_policy` gives the one the command line seats, a game without
one getting :class:`RandomLegal`. The games' own policies are also found here
by name, their modules loaded on first use (``from pycards.games.policies
import DrawBelow``): any public name of a registered policy module.

A policy that keeps state between calls (as :class:`RandomLegal` keeps its
random stream) offers ``for_session(seed)``, returning the policy to play the
session of that seed: :func:`for_session` calls it, so that a session plays the
same whichever process, and after whichever other sessions, it runs in.

>>> from pycards.games import new_game
>>> game = new_game("vingt_un", players=3, seed=2)
>>> first_legal(game.observation(0), game.legal_actions())
Stake(amount=1)
>>> policy = default_policy("vingt_un", draw_below=15)
>>> policy
DrawBelow(15, stake='min', double_on=(), divide=False)
>>> [(option.name, option.low, option.high) for option in policy_options("vingt-un")]
[('draw_below', 0, 22)]
"""

from __future__ import annotations

import hashlib
import importlib
import random
from collections.abc import Callable, Sequence
from typing import Any, Optional

from pycards._messages import shown
from pycards.errors import GameOptionError
from pycards.games import GAMES, canonical_name, load
from pycards.games.base import Action, check_seed
from pycards.games.engine.options import Field

__all__ = ["RANDOM_OPTIONS", "Policy", "RandomLegal", "check_plays", "default_policy", "first_legal",
           "for_session", "policy_options", "preferred"]  # fmt: skip

Policy = Callable[[dict[str, Any], Sequence[Action]], Action]
"""``policy(observation, legal_actions) -> action``: one of ``legal_actions``."""


def first_legal(observation: dict[str, Any], legal: Sequence[Action]) -> Action:
    """The first legal action, whatever it is (a baseline, and a fast one)."""
    return legal[0]


def preferred(legal: Sequence[Action], *choices: Optional[Action], default: Optional[Action] = None) -> Action:
    """The first of ``choices`` (``None`` passed over) that is in ``legal``; else ``default``;
    else the first legal action: how a built-in policy falls back when its first choice is
    not allowed.

    >>> from pycards.games.engine.betting import Call, Check, Fold
    >>> preferred([Fold(), Call()], None, Check(), Call()), preferred([Fold()], Check(), default=Fold())
    (Call(), Fold())
    """
    for choice in choices:
        if choice is not None and choice in legal:
            return choice
    return legal[0] if default is None else default


def _mixed_seed(*parts: int) -> int:
    """A 64-bit seed from several ints, the same in every process (no ``hash()``)."""
    text = "/".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "little")


class RandomLegal:
    """A legal action chosen uniformly at random, from a stream seeded by ``seed``.

    Reproducible (the same seed and the same decisions give the same choices)
    and picklable (so simulations can run it in other processes). In a
    simulation each session plays ``for_session(session_seed)``: a stream of its
    own, so the result does not depend on how sessions are spread over workers.

    >>> from pycards.games.vingt_un import CONTENT, DRAW
    >>> a, b = RandomLegal(7), RandomLegal(7)
    >>> [a({}, [DRAW, CONTENT]) for _ in range(8)] == [b({}, [DRAW, CONTENT]) for _ in range(8)]
    True
    >>> import pickle
    >>> pickle.loads(pickle.dumps(a))({}, [DRAW, CONTENT]) == a({}, [DRAW, CONTENT])
    True
    """

    def __init__(self, seed: int = 0) -> None:
        self.seed = check_seed(seed, "the seed of RandomLegal")
        self._random = random.Random(_mixed_seed(seed))

    def __repr__(self) -> str:
        return f"RandomLegal({self.seed})"

    def __call__(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        return legal[self._random.randrange(len(legal))]

    def for_session(self, seed: int) -> RandomLegal:
        """A fresh policy for the session seeded by ``seed``: its stream mixes both seeds."""
        twin = RandomLegal(self.seed)
        twin._random = random.Random(_mixed_seed(self.seed, check_seed(seed, "a session seed")))
        return twin


def check_plays(policy: object, game: str, what: str = "the policy") -> None:
    """GameOptionError if ``policy`` is a game's own policy (it names the games it plays in a
    ``games`` attribute, as :class:`~pycards.games.policies.vingt_un.DrawBelow` does) and
    ``game`` (a canonical name) is none of them: a Vingt-un policy would read a poker
    observation wrongly, not fail. A game whose driver derives from one of them (a variant
    registered under another name) is one of them. A policy naming no games
    (:class:`RandomLegal`, any callable) plays every game.

    >>> from pycards.games.policies import DrawBelow
    >>> check_plays(DrawBelow(16), "draw_poker")
    Traceback (most recent call last):
    ...
    pycards.errors.GameOptionError: the policy DrawBelow(16, stake='min', double_on=(), divide=False) plays vingt_un, not draw_poker
    """
    try:
        games = getattr(policy, "games", None)
    except Exception:  # an object whose attributes raise names no games
        return
    if not isinstance(games, (frozenset, set, tuple)) or not games or game in games:
        return
    from pycards.games import game_class

    driver = game_class(game)  # a registered variant of one of its games (a subclass of its driver) is one
    if not any(issubclass(driver, game_class(name)) for name in games if isinstance(name, str) and name in GAMES):
        raise GameOptionError(f"{what} {shown(policy)} plays {', '.join(sorted(map(str, games)))}, not {game}")


def for_session(policy: Policy, seed: int) -> Policy:
    """The policy that plays the session of ``seed``: ``policy.for_session(seed)`` when the
    policy offers it (it keeps state), else ``policy`` itself."""
    fresh = getattr(policy, "for_session", None)
    return fresh(seed) if callable(fresh) else policy


RANDOM_OPTIONS = (Field("seed", 0, "int", -(2**63), 2**63 - 1),)
"""The options of :class:`RandomLegal`, the policy of a game that registers none: its seed, a
64-bit one as the command line takes seeds (``RandomLegal`` itself takes any seed a game does)."""


def policy_options(game: str) -> tuple[Field, ...]:
    """The options :func:`default_policy` takes for ``game`` (any spelling): its registry
    entry's ``policy_options``, or :data:`RANDOM_OPTIONS` for a game without a policy of
    its own. An unknown game raises :class:`~pycards.errors.GameOptionError` naming it."""
    entry = GAMES[canonical_name(game)]
    return entry.policy_options if entry.policy is not None else RANDOM_OPTIONS


def default_policy(game: str, **options: Any) -> Policy:
    """The built-in policy of ``game`` (its registry entry's ``policy``), made from
    ``options``; ``RandomLegal(seed)`` for a game without one.

    The options are those :func:`policy_options` lists; an unknown game or option
    raises :class:`~pycards.errors.GameOptionError` naming it, and so does a bad value
    (the policy's factory checks them).
    """
    name = canonical_name(game)
    known = [option.name for option in policy_options(name)]
    for key in options:
        if key not in known:
            raise GameOptionError(f"unknown policy option {shown(key)} for {name}; its policy's options are: "
                                  f"{', '.join(known) or 'none'}")  # fmt: skip
    where = GAMES[name].policy
    factory: Callable[..., Policy] = RandomLegal if where is None else load(where)
    return factory(**options)


def __getattr__(name: str) -> Any:
    """A public name of a registered game's policy module (``DrawBelow``), the modules
    loaded in the registry's order until one has it."""
    if not name.startswith("_"):
        modules = dict.fromkeys(entry.policy.partition(":")[0] for entry in GAMES.values() if entry.policy)
        for module_name in modules:
            module = importlib.import_module(module_name)
            if name in getattr(module, "__all__", ()):
                return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
