"""Comparison keys of three-card hands: the rules of docs/rules.md section 3 as code.

Pure Python with no imports from pycards, because two readers share it: the
table generator (``src/gen_tables.py`` loads this file by path at build time and
sorts the keys of all 22,100 hands into strengths) and the ``describe`` and
``category`` functions of :mod:`pycards.commerce` and :mod:`pycards.brag`.

A key is a tuple whose first item is the category number; for two hands under
one profile, the greater key wins and equal keys tie. Seat rules for ties
("the dealer, or the player nearest him on his left") belong to the drivers.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

ACE, KING, KNAVE, NINE = 12, 11, 9, 7
CLUBS, DIAMONDS, HEARTS, SPADES = range(4)

# Commerce categories, lowest first (one numbering for every profile).
POINT, PAIR, FLUSH, SEQUENCE, TRICON, THIRTY_ONE = range(6)
# Brag categories, lowest first.
HIGH_CARD, BRAG_PAIR, TRIPLETS = range(3)

COMMERCE_PROFILES = (
    "english",
    "limited",
    "limited_strict",
    "american",
    "american_extended",
    "ship",
    "thirty_one",
)
BRAG_PROFILES = ("english", "american")

ENGLISH_BRAGGERS = {4 * ACE + DIAMONDS: 3, 4 * KNAVE + CLUBS: 2, 4 * NINE + DIAMONDS: 1}
"""Seed 004, BRAG: the ace of diamonds (best), the knave of clubs, the nine of diamonds."""
AMERICAN_BRAGGERS = {4 * r + s: 1 for r in (KNAVE, NINE) for s in range(4)}
"""Seed 004, American Brag: every knave and every nine, all of equal rank as braggers."""


def pips(rank: int) -> int:
    """Pip value of a rank index: ace 11, king, queen, knave and ten 10, others their face."""
    if rank == ACE:
        return 11
    return min(rank + 2, 10)


def sequence_top(ranks: Sequence[int]) -> int | None:
    """Top rank of three consecutive ranks, or None.

    "Although the ace may be used at either end to form a sequence, it must not
    be so used between a king and a two. King, ace, two, is not, therefore,
    permissible as a sequence" (seed 002, COMMERCE): Q-K-A is the best, and
    A-2-3 the lowest, its top card being the three.
    """
    low, mid, high = sorted(ranks)
    if (low, mid, high) == (0, 1, ACE):
        return 1
    if mid == low + 1 and high == mid + 1:
        return high
    return None


def _ranks_high_first(cards: Sequence[int]) -> tuple[int, ...]:
    return tuple(sorted((c >> 2 for c in cards), reverse=True))


def suit_points(cards: Sequence[int]) -> dict[int, tuple[int, int]]:
    """For each suit held: (pips of its cards, number of its cards)."""
    out: dict[int, tuple[int, int]] = {}
    for c in cards:
        total, n = out.get(c & 3, (0, 0))
        out[c & 3] = (total + pips(c >> 2), n + 1)
    return out


def american_point(cards: Sequence[int]) -> tuple[int, int]:
    """(pips, cards) of the American point: the best two or three cards of one suit.

    Seed 004, COMMERCE: "the greatest number of pips on two or three cards of
    the same suit in one hand ... A single card of a suit does not count for the
    point. In case of ties, a point made with three cards will beat one made
    with two cards." A hand of three suits has the point (0, 0).
    """
    counted = [(total, n) for total, n in suit_points(cards).values() if n >= 2]
    return max(counted, default=(0, 0))


def commerce_key(cards: Sequence[int], profile: str) -> tuple[int, ...]:
    """Comparison key of a three-card hand under a Commerce profile."""
    ranks = [c >> 2 for c in cards]
    one_suit = len({c & 3 for c in cards}) == 1
    high_first = _ranks_high_first(cards)
    total = sum(pips(r) for r in ranks)
    distinct = len(set(ranks))
    top = sequence_top(ranks) if distinct == 3 else None
    pair_rank = max((r for r in ranks if ranks.count(r) == 2), default=None)
    odd: tuple[int, ...] = tuple(r for r in ranks if r != pair_rank)

    if profile == "ship":
        # My Ship Sails: a flush (of any value) beats any other hand; flushes by pips;
        # otherwise the best two-card flush by pips (no two-card flush: 0).
        if one_suit:
            return (FLUSH, total)
        return (POINT, american_point(cards)[0])
    if profile == "thirty_one":
        # Thirty-one (Schnautz): a flush of exactly 31, then three of a kind, then
        # the most pips shown in one suit (a single card counts).
        if one_suit and total == 31:
            return (THIRTY_ONE,)
        if distinct == 1:
            return (TRICON, ranks[0])
        return (POINT, max(t for t, _ in suit_points(cards).values()))
    if distinct == 1:
        return (TRICON, ranks[0])
    if one_suit and top is not None:
        return (SEQUENCE, top)
    if profile in ("american", "american_extended"):
        if profile == "american_extended" and one_suit:
            return (FLUSH, total)
        if profile == "american_extended" and pair_rank is not None:
            return (PAIR, pair_rank, odd[0])
        return (POINT,) + american_point(cards)
    if one_suit and profile != "limited_strict":
        return (FLUSH, total) + high_first
    if pair_rank is not None and profile == "english":
        return (PAIR, pair_rank, odd[0])
    return (POINT, total) + high_first


def _callings(cards: Sequence[int], braggers: dict[int, int]) -> Iterator[list[tuple[int, int]]]:
    """Every way of calling the braggers in a hand: lists of (rank, bragger strength).

    A bragger "called" its own rank stands as the natural card it is (strength 0).
    """
    options = []
    for c in cards:
        own = c >> 2
        if c in braggers:
            options.append([(own, 0)] + [(r, braggers[c]) for r in range(13) if r != own])
        else:
            options.append([(own, 0)])

    def product(i: int) -> Iterator[list[tuple[int, int]]]:
        if i == len(options):
            yield []
            return
        for head in options[i]:
            for tail in product(i + 1):
                yield [head] + tail

    return product(0)


def _brag_called_key(called: list[tuple[int, int]], profile: str) -> tuple[int, ...]:
    ranks = [r for r, _ in called]
    used = sorted((s for _, s in called if s), reverse=True)
    odd: tuple[int, ...] = ()
    if len(set(ranks)) == 1:
        rank = ranks[0]
        category = TRIPLETS
    elif len(set(ranks)) == 2:
        rank = max(r for r in ranks if ranks.count(r) == 2)
        odd = tuple(r for r in ranks if r != rank)
        category = BRAG_PAIR
        # The bragger that made the pair, if any, is in the pair, not the odd card.
        used = sorted((s for r, s in called if s and r == rank), reverse=True)
        if any(s for r, s in called if r != rank):
            return (-1,)  # a bragger called as the odd card: never the best calling
    else:
        return (HIGH_CARD,) + tuple(sorted(ranks, reverse=True))
    natural = not used
    if profile == "english":
        # Natural beats made at equal rank; then fewer braggers; then the braggers
        # themselves from the highest down; then the odd card.
        return (category, rank, int(natural), -len(used)) + tuple(used) + odd
    # American: every made set beats every natural set of its category; among made
    # sets the called rank, then more braggers; then the odd card.
    if natural:
        return (category, 0, rank, 0) + odd
    return (category, 1, rank, len(used)) + odd


def brag_best(
    cards: Sequence[int], profile: str
) -> tuple[tuple[int, ...], list[tuple[int, int]]]:
    """The best key of a Brag hand and the calling that makes it.

    "A player to whom any one of these braggers is dealt may call it anything he
    pleases" (seed 004, BRAG): the evaluator calls them to give the best hand.
    The calling is a list of (rank, bragger strength) per card, in hand order.
    """
    braggers = ENGLISH_BRAGGERS if profile == "english" else AMERICAN_BRAGGERS
    return max(
        ((_brag_called_key(called, profile), called) for called in _callings(cards, braggers)),
        key=lambda pair: pair[0],
    )


def brag_key(cards: Sequence[int], profile: str) -> tuple[int, ...]:
    """Comparison key of a Brag hand, its braggers called for the best hand."""
    return brag_best(cards, profile)[0]
