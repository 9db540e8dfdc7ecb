"""The old home of :mod:`pycards.games.poker.draw`, kept so that imports of it still work.

The poker games live in :mod:`pycards.games.poker` since the engine became family-neutral;
this module holds exactly the public names of its new home.
"""

from pycards.games.poker.draw import *  # noqa: F403
from pycards.games.poker.draw import __all__ as __all__
