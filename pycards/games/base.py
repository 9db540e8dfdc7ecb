"""The driver protocol, version 2 (docs/protocol.md): :mod:`pycards.games.engine.game`'s names.

Every game is a :class:`Game`; its protocol is written in the engine
(:mod:`pycards.games.engine.game`, whose docstring states it), and this module
re-exports it, the same objects, where the games and their users have always
imported it from.
"""

from pycards.games.engine.game import (
    MAX_SEED_BITS,
    OVER,
    Action,
    ConcurrentUseError,
    Game,
    GameInfo,
    IllegalActionError,
    Options,
    Record,
    StateError,
    action_key,
    check_seed,
)

__all__ = [
    "MAX_SEED_BITS", "OVER", "Action", "ConcurrentUseError", "Game", "GameInfo", "IllegalActionError", "Options",
    "Record", "StateError", "action_key", "check_seed",
]  # fmt: skip
