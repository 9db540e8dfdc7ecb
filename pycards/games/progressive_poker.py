"""The old home of :mod:`pycards.games.poker.progressive`, kept so that imports of it still work.

The poker games live in :mod:`pycards.games.poker` since the engine became family-neutral;
this module holds exactly the public names of its new home.
"""

from pycards.games.poker.progressive import *  # noqa: F403
from pycards.games.poker.progressive import __all__ as __all__
