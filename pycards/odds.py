"""Exact odds of the draw in five-card draw poker (laws 36-39).

Before the draw a player throws any of his five cards and draws as many
(docs/rules.md section 6.2). For each of the 32 ways to throw, :func:`draw_odds`
enumerates every draw the unseen cards allow and ranks each final hand with the
compiled batch evaluator (:func:`pycards.poker.evaluate_many`) under the
game's profile: the result is the exact distribution of the final category and
the expected strength (the mean of :func:`pycards.poker.evaluate`'s strengths,
higher is better). :func:`best_discard` picks the throw with the highest
expected strength.

A discard is a bit mask over the hand's five places, bit ``i`` throwing the
``i``-th card, as :class:`pycards.games.poker.table.Discard` takes it; ``0``
stands pat. The unseen cards are the 52 less the hand and the ``dead`` cards
(those known to be out); every draw of them is equally likely.

>>> odds = draw_odds("AH AS AD AC 2H")
>>> throw_two = odds[0b10000]                  # bit 4: the fifth card
>>> format(throw_two.thrown), throw_two.draws, throw_two.categories["fours"]
('2H', 47, 47)
>>> best_discard("AH AS AD AC 2H").kept == parse("AH AS AD AC")
True
>>> round(draw_odds("2H 5H 9H KH 7C")[0b10000].probability("flush"), 4)   # 9 hearts of 47
0.1915

All 32 choices rank 2,598,960 hands together (the throws of every size, from
the 47 unseen cards), in about 20-25 ms; :func:`best_discard` compares exact
expectations from per-profile tables (:func:`expected_strengths`) in under a
millisecond, and ranks only the chosen way's draws.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING

from pycards._messages import shown
from pycards.cards import Hand, format, parse
from pycards.errors import CardError, CardTypeError, DuplicateCardError, RulesError
from pycards.poker import PROFILES, Category, category_floors, evaluate, evaluate_many

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["CATEGORY_NAMES", "DrawOdds", "best_discard", "draw_odds", "expected_strengths"]

HAND = 5
CHOICES = 1 << HAND
"""The number of ways to throw from a five-card hand (masks 0..31)."""

CATEGORY_NAMES = tuple(str(Category(kind)) for kind in range(Category.SEQUENCE_FLUSH, -1, -1))
"""The categories' names, best first, as ``str(pycards.poker.category(hand))`` gives them."""


@dataclass(frozen=True, eq=True)
class DrawOdds:
    """The exact outcome of one way to draw.

    ``discard`` is the mask thrown (bit ``i``: the hand's ``i``-th card),
    ``thrown`` and ``kept`` the card ids it throws and keeps (in hand order),
    ``draws`` the number of equally likely draws (C(unseen, thrown)),
    ``categories`` how many of them end in each category (every name of
    :data:`CATEGORY_NAMES`, best first), ``total`` the sum of the final hands'
    strengths and ``expected`` their mean, ``total / draws``.
    """

    discard: int
    thrown: tuple[int, ...]
    kept: tuple[int, ...]
    draws: int
    categories: Mapping[str, int] = field(hash=False)
    total: int
    expected: float

    def probability(self, category: str | Category) -> float:
        """The chance of ending in ``category`` (a name of :data:`CATEGORY_NAMES`, a
        :class:`~pycards.poker.Category` or one of its names, such as ``"STRAIGHT"``).

        >>> draw_odds("9S 9D 9H 2C 5D")[0b11000].probability("fours")   # 1 nine in 47, then any
        0.0425531914893617
        """
        return self.categories[_category_name(category)] / self.draws

    def exact_expected(self) -> Fraction:
        """The expected strength as an exact fraction (what :func:`best_discard` compares)."""
        return Fraction(self.total, self.draws)

    def __hash__(self) -> int:
        return hash((self.discard, self.thrown, self.draws, tuple(self.categories.items()), self.total))


def _category_name(category: object) -> str:
    """The name in :data:`CATEGORY_NAMES` of a category given by name or enum member."""
    if isinstance(category, Category):
        return str(Category(int(category)))
    if isinstance(category, str):
        text = category.strip().lower().replace("_", " ")
        if text in CATEGORY_NAMES:
            return text
        member = Category.__members__.get(text.upper().replace(" ", "_"))
        if member is not None:
            return str(member)
    raise ValueError(f"unknown poker category {shown(category)}; expected one of {', '.join(map(repr, CATEGORY_NAMES))}")


def _check_rules(rules: object) -> str:
    if type(rules) is not str or rules not in PROFILES:
        raise RulesError(f"unknown poker rules {shown(rules)}; expected one of {', '.join(map(repr, PROFILES))}")
    return rules


def _check_cards(hand: Hand, dead: Hand) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The hand's five ids and the dead cards' ids, refusing a dead card that is in the
    hand, and a dead list that leaves fewer than five cards to draw."""
    ids = parse(hand, count=HAND)
    if isinstance(dead, Iterable):  # text too: parse refuses bytes, naming them
        out = parse(dead)
    else:
        raise CardTypeError(f"dead is text or an iterable of cards, not {type(dead).__name__}: {shown(dead)}")
    both = set(ids) & set(out)
    if both:
        raise DuplicateCardError(f"dead card {format([min(both)])!r} is in the hand {shown(hand)}")
    unseen = 52 - HAND - len(out)
    if unseen < HAND:
        raise CardError(f"the dead cards leave {unseen} cards to draw, fewer than {HAND}: {shown(dead)}")
    return ids, out


def _draws(unseen: npt.NDArray[np.uint8]) -> Iterator[tuple[int, npt.NDArray[np.uint8]]]:
    """For ``k`` = 0..5, ``k`` and a ``(5, C(n, k))`` array whose last ``k`` rows hold
    every draw of ``k`` of the ``n`` ``unseen`` cards (a draw a column), in the order of
    :func:`itertools.combinations`; the first rows are left for the kept cards. Its
    transpose is the ``(C(n, k), 5)`` batch of hands :func:`evaluate_many` ranks.

    Each array is built from the one before with block copies, not by indexing: the
    draws of ``k`` beginning with the ``f``-th unseen card are that card followed by
    the draws of ``k - 1`` beginning after it, a contiguous tail of the draws of ``k - 1``.
    """
    import numpy as np

    n = len(unseen)
    previous = np.empty((0, 1), dtype=np.uint8)
    for k in range(HAND + 1):
        hands = np.empty((HAND, comb(n, k)), dtype=np.uint8)
        if k:
            firsts = range(n - k + 1)
            counts = [comb(n - f - 1, k - 1) for f in firsts]  # the draws beginning with each
            size = previous.shape[1]
            hands[HAND - k] = np.repeat(unseen[: len(counts)], counts)
            hands[HAND - k + 1 :] = np.concatenate([previous[:, size - c :] for c in counts], axis=1)
        yield k, hands
        previous = hands[HAND - k :]


def _thrown_places(mask: int) -> tuple[int, ...]:
    return tuple(i for i in range(HAND) if mask >> i & 1)


def _masks_by_count() -> dict[int, list[int]]:
    """The 32 masks grouped by the number of cards they throw."""
    groups: dict[int, list[int]] = {k: [] for k in range(HAND + 1)}
    for mask in range(CHOICES):
        groups[mask.bit_count()].append(mask)
    return groups


_MASKS = _masks_by_count()


def _summary(strengths: npt.NDArray[np.int32], floors: tuple[int, ...]) -> tuple[dict[str, int], int]:
    """Counts per category (best first) and the sum of ``strengths``, from one histogram."""
    import numpy as np

    histogram = np.bincount(strengths)
    running = np.concatenate(([0], np.cumsum(histogram)))
    top = len(histogram)
    edges = [running[min(floor, top)] for floor in floors] + [running[top]]
    counts = {str(Category(kind)): int(edges[kind + 1] - edges[kind]) for kind in range(len(floors) - 1, -1, -1)}
    total = int(np.dot(histogram, np.arange(top, dtype=np.int64)))
    return counts, total


def _odds(mask: int, ids: tuple[int, ...], draws: int, counts: dict[str, int], total: int) -> DrawOdds:
    thrown = _thrown_places(mask)
    return DrawOdds(
        discard=mask,
        thrown=tuple(ids[i] for i in thrown),
        kept=tuple(c for i, c in enumerate(ids) if i not in thrown),
        draws=draws,
        categories=counts,
        total=total,
        expected=total / draws,
    )


def draw_odds(hand: Hand, rules: str = "english", dead: Hand = ()) -> tuple[DrawOdds, ...]:
    """The exact odds of each of the 32 ways to draw to ``hand``, indexed by discard mask.

    ``hand`` is five cards (text or ids, as :func:`pycards.poker.evaluate` takes
    them), ``rules`` a profile of :data:`pycards.poker.PROFILES`, ``dead`` the
    cards known to be out (never drawn; none may be in the hand, and at least five
    cards must remain to draw). Bad input raises a ``ValueError`` subclass from
    :mod:`pycards.errors` naming the offending value.

    Every final hand of every choice is ranked exactly, with one call of
    :func:`~pycards.poker.evaluate_many` per choice: the draws of ``k`` cards
    are built once, in numpy, and shared by the choices throwing ``k``.

    >>> odds = draw_odds("KH KS 7C 4D 2S")
    >>> pair = odds[0b11100]                      # keep the kings, draw three
    >>> pair.draws, pair.categories["threes"], sum(pair.categories.values())
    (16215, 1854, 16215)
    >>> odds[0].draws, odds[0].categories["pair"]   # standing pat: the hand itself
    (1, 1)
    """
    rules = _check_rules(rules)
    ids, out = _check_cards(hand, dead)
    return tuple(_enumerated(ids, out, rules, range(CHOICES)))


def _enumerated(ids: tuple[int, ...], out: tuple[int, ...], rules: str, masks: Iterable[int]) -> list[DrawOdds]:
    """The odds of throwing each of ``masks`` (in increasing order of cards thrown) from the
    checked hand ``ids``, every draw from the cards not in it nor in ``out`` ranked."""
    import numpy as np

    wanted = set(masks)
    excluded = set(ids) | set(out)
    unseen = np.array([c for c in range(52) if c not in excluded], dtype=np.uint8)
    floors = category_floors(rules)
    results: list[DrawOdds] = []
    widest = max(mask.bit_count() for mask in wanted)
    for k, hands in _draws(unseen):
        for mask in (m for m in _MASKS[k] if m in wanted):
            kept = [c for i, c in enumerate(ids) if not mask >> i & 1]
            hands[: HAND - k] = np.array(kept, dtype=np.uint8).reshape(HAND - k, 1)
            counts, total = _summary(evaluate_many(hands.T, rules, check=False), floors)
            results.append(_odds(mask, ids, hands.shape[1], counts, total))
        if k == widest:
            break
    return sorted(results, key=lambda o: o.discard)


_TERMS = 5_000
"""The most terms :func:`expected_strengths` sums before it enumerates the draws instead."""


@functools.cache
def _containing(rules: str) -> tuple[npt.NDArray[np.int64], ...]:
    """For ``j`` = 0..4, the sum of the strengths of every five-card hand holding each set of
    ``j`` cards, indexed by the set's rank in the combinatorial number system
    (``sum(C(card, place + 1))`` over its cards in increasing order).

    Built once per profile from all 2,598,960 hands (about a second; 2.5 MB).
    """
    import numpy as np

    *_, (_, hands) = _draws(np.arange(52, dtype=np.uint8))  # every hand, cards increasing down a column
    weights = evaluate_many(hands.T, rules, check=False).astype(np.float64)  # sums stay below 2**53
    binomials = np.array([[comb(c, j) for j in range(HAND)] for c in range(52)], dtype=np.int64)
    sums = []
    for j in range(HAND):
        total = np.zeros(comb(52, j), dtype=np.float64)
        for places in itertools.combinations(range(HAND), j):
            index = np.zeros(hands.shape[1], dtype=np.int64)
            for order, place in enumerate(places):
                index += binomials[hands[place], order + 1]
            total += np.bincount(index, weights=weights, minlength=len(total))
        sums.append(total.astype(np.int64))
    return tuple(sums)


def _sum_holding(cards: tuple[int, ...], rules: str, tables: tuple[npt.NDArray[np.int64], ...]) -> int:
    """The sum of the strengths of every hand holding ``cards`` (increasing, at most five)."""
    if len(cards) == HAND:
        return int(evaluate(cards, rules))
    return int(tables[len(cards)][sum(comb(c, j + 1) for j, c in enumerate(cards))])


def _expected(kept: tuple[int, ...], barred: tuple[int, ...], rules: str,
              tables: tuple[npt.NDArray[np.int64], ...]) -> int:  # fmt: skip
    """The sum of the strengths of every hand holding ``kept`` and none of ``barred``, by
    inclusion and exclusion over the barred cards it could hold."""
    total = 0
    for size in range(HAND - len(kept) + 1):
        sign = -1 if size % 2 else 1
        for extra in itertools.combinations(barred, size):
            total += sign * _sum_holding(tuple(sorted(kept + extra)), rules, tables)
    return total


def _terms(out: int) -> int:
    """How many table look-ups :func:`expected_strengths` needs with ``out`` dead cards."""
    return sum(comb(HAND, k) * sum(comb(k + out, j) for j in range(k + 1)) for k in range(HAND + 1))


def expected_strengths(hand: Hand, rules: str = "english", dead: Hand = ()) -> tuple[Fraction, ...]:
    """The exact expected strength of each of the 32 ways to draw (indexed by mask): the
    ``expected`` of :func:`draw_odds`, as fractions, without ranking every draw.

    The sum of the strengths over the draws is the sum over every hand holding the kept
    cards, less those holding a thrown or dead card (inclusion and exclusion), from
    per-profile tables of the sums over all hands holding each set of up to four cards,
    built on first use (about a second). With many dead cards (too many terms) it ranks
    every draw instead (:func:`draw_odds`). Same arguments and errors as :func:`draw_odds`.

    >>> exact = expected_strengths("KH KS 7C 4D 2S")
    >>> exact[0b11100] == draw_odds("KH KS 7C 4D 2S")[0b11100].exact_expected()
    True
    """
    rules = _check_rules(rules)
    ids, out = _check_cards(hand, dead)
    if _terms(len(out)) > _TERMS:
        return tuple(o.exact_expected() for o in _enumerated(ids, out, rules, range(CHOICES)))
    tables = _containing(rules)
    unseen = 52 - HAND - len(out)
    expected = []
    for mask in range(CHOICES):
        thrown = _thrown_places(mask)
        kept = tuple(c for i, c in enumerate(ids) if i not in thrown)
        barred = tuple(ids[i] for i in thrown) + out
        expected.append(Fraction(_expected(kept, barred, rules, tables), comb(unseen, len(thrown))))
    return tuple(expected)


def best_discard(hand: Hand, rules: str = "english", dead: Hand = ()) -> DrawOdds:
    """The way to draw with the highest expected strength (:func:`draw_odds`); between
    equal expectations (compared exactly), the one throwing fewer cards, then the lowest mask.

    The choice is made by :func:`expected_strengths` (table look-ups, not ranking every
    draw of all 32 choices), then the chosen one's draws are ranked for its odds.

    >>> best_discard("2H 5H 9H KH 7C").thrown == parse("7C")      # draw to the flush
    True
    >>> best_discard("5C 6D 7H 8S 9C").discard                    # a sequence stands pat
    0
    """
    rules = _check_rules(rules)
    ids, out = _check_cards(hand, dead)
    expected = expected_strengths(ids, rules, out)
    best = min(range(CHOICES), key=lambda mask: (-expected[mask], mask.bit_count(), mask))
    return _enumerated(ids, out, rules, (best,))[0]
