"""Policies: callables ``policy(observation, legal_actions) -> action`` that play a seat.

A policy plays every decision of a game, so a simulation can seat one at every
place. The generic ones here play any game: :func:`first_legal` (a fast
baseline) and :class:`RandomLegal` (a seeded random choice). Each game may
register its own built-in policies (:data:`DEFAULT_POLICIES`, loaded on first
use): :func:`default_policy` gives the one the command line seats. Vingt-un's
:class:`~pycards.games.policies.vingt_un.DrawBelow` is re-exported here.

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
"""

from __future__ import annotations

import hashlib
import importlib
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from pycards._messages import shown
from pycards.errors import GameOptionError
from pycards.games.base import Action, check_seed

if TYPE_CHECKING:
    from pycards.games.policies.vingt_un import DrawBelow

__all__ = ["DEFAULT_POLICIES", "DrawBelow", "Policy", "RandomLegal", "default_policy", "first_legal",
           "for_session"]  # fmt: skip

Policy = Callable[[dict[str, Any], Sequence[Action]], Action]
"""``policy(observation, legal_actions) -> action``: one of ``legal_actions``."""

DEFAULT_POLICIES: dict[str, str] = {
    "vingt_un": "pycards.games.policies.vingt_un:default_policy",
    "draw_poker": "pycards.games.policies.poker:default_policy",
    "jack_pots": "pycards.games.policies.poker:jack_pots_policy",
    "straight_poker": "pycards.games.policies.poker:straight_poker_policy",
    "stud_poker": "pycards.games.policies.poker:stud_poker_policy",
    "progressive_poker": "pycards.games.policies.poker:progressive_poker_policy",
}
"""Per game (its registered name): ``"module:function"`` making its built-in policy from
keyword options (``draw_below=`` for Vingt-un). A game not named here gets :class:`RandomLegal`."""


def first_legal(observation: dict[str, Any], legal: Sequence[Action]) -> Action:
    """The first legal action, whatever it is (a baseline, and a fast one)."""
    return legal[0]


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


def for_session(policy: Policy, seed: int) -> Policy:
    """The policy that plays the session of ``seed``: ``policy.for_session(seed)`` when the
    policy offers it (it keeps state), else ``policy`` itself."""
    fresh = getattr(policy, "for_session", None)
    return fresh(seed) if callable(fresh) else policy


def default_policy(game: str, **options: Any) -> Policy:
    """The built-in policy of ``game`` (see :data:`DEFAULT_POLICIES`), made from ``options``.

    A game with no built-in policy gets ``RandomLegal(seed)`` (its only option
    is ``seed=``). An unknown game or option raises
    :class:`~pycards.errors.GameOptionError` naming it.
    """
    from pycards.games import canonical_name

    name = canonical_name(game)
    where = DEFAULT_POLICIES.get(name)
    if where is None:
        unknown = [key for key in options if key != "seed"]
        if unknown:
            raise GameOptionError(f"unknown policy option {shown(unknown[0])} for {name}, whose policy is "
                                  "RandomLegal(seed)")  # fmt: skip
        return RandomLegal(options.get("seed", 0))
    module, _, attribute = where.partition(":")
    factory: Callable[..., Policy] = getattr(importlib.import_module(module), attribute)
    return factory(**options)


def __getattr__(name: str) -> Any:
    """The games' policies, loaded on first use (``from pycards.games.policies import DrawBelow``)."""
    if name == "DrawBelow":
        from pycards.games.policies.vingt_un import DrawBelow

        return DrawBelow
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
