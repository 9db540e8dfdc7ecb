"""Honest chance for search: the cards a seat has not seen, dealt again at random.

A search client (ISMCTS, a determinizing bot) must not plan with cards its seat
has not seen. :func:`relabelling` gives every card the seat has not been shown
since the pack was made up (``Knowledge.seen``) the name of another such card,
at random; :meth:`pycards.games.base.Game.resample` applies it to a copy of the
game, to its cards and to the records of them alike, shuffles the stock (whose
order nobody sees) and keys later shuffles afresh. So the copy is a whole,
consistent game: every seat's view of its records fits its cards, the seat it
was made for sees nothing different, and it knows neither the others' hidden
cards nor the coming ones.

What stays: every card the seat was shown keeps its name and its history, even
one it has since lost track of (a card it saw in the stock before it was dealt
face down to another). What the rules let a seat infer beyond what it was shown
(that a divided Vingt-un hand began as a pair, that a player who drew was under
21) is not kept either: a copy can hold a hand its seat's information rules
out, and a search over it treats such hands as possible. A game whose seats are
told more than that may say so (``Game._fits``): American Brag's table hears which
of two hands exchanged privately was the better, so its copies are drawn again
until they agree.

>>> import random
>>> sigma = relabelling(seen={51, 7}, cards=[51, 7, 12, 3, 4], rng=random.Random(1))
>>> sorted(sigma), sorted(sigma.values())
([3, 4, 12], [3, 4, 12])
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from pycards.games.engine.events import Place
from pycards.games.engine.knowledge import Knowledge

__all__ = ["KnowledgeError", "check_knowledge", "relabelling"]


class KnowledgeError(RuntimeError):
    """A seat's knowledge places a card where the game does not hold it: a driver's events
    and its state disagree (a bug, never a player's doing)."""


def check_knowledge(knowledge: Knowledge, places: Mapping[Place, Sequence[int]]) -> None:
    """KnowledgeError if ``knowledge`` places a card where ``places`` (every card of a game by
    where it lies) does not hold it."""
    for place, cards in knowledge.known_at().items():
        missing = Counter(cards) - Counter(places.get(place, ()))
        if missing:
            raise KnowledgeError(f"seat {knowledge.seat} knows {sorted(missing.elements())} at {place}, "
                                 f"which holds {list(places.get(place, ()))}")  # fmt: skip


def relabelling(seen: Iterable[int], cards: Iterable[int], rng: random.Random) -> dict[int, int]:
    """A uniformly random renaming of the ``cards`` not ``seen``, among themselves (a card
    absent from the result keeps its name)."""
    hidden = sorted(set(cards) - set(seen))
    names = list(hidden)
    rng.shuffle(names)
    return dict(zip(hidden, names))
