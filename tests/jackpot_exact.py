"""Exact chance that nobody can open a jack-pot (English Draw Poker, laws 30-32).

A jack-pot opens with "two knaves or better" (the next unopened one needs two
queens, then two kings, and the series repeats), judged with the ``english``
profile (docs/rules.md sections 2.1 and 2.4). Under that profile the ace only
*begins* a sequence: A-2-3-4-5 is the lowest and 9-10-J-Q-K the highest of the
nine sequences, and 10-J-Q-K-A is an ace-high hand of no pair, which does not
open. A flush always opens.

What this module computes, exactly:

* :func:`single_hand_openers` - how many of the C(52, 5) = 2,598,960 hands open,
  by classifying every hand with :func:`opens_many`, a classification written
  here from the rules (it does not call pycards; the tests compare the two).
* :func:`p_no_opener` - the chance, a :class:`fractions.Fraction`, that none of
  ``players`` hands dealt from one pack opens. The hands share a pack, so they
  are dependent and the product of single-hand chances is only an
  approximation (:func:`p_independent`).

The method of :func:`count_no_opener_deals`, and why it is exact
----------------------------------------------------------------
A hand that does not open is exactly one of

* five different ranks that are not a sequence, not all one suit;
* one pair below the minimum and three other, different ranks (a pair holds
  two suits, so it is never a flush).

Let ``T`` be the hands whose *ranks* are as above, whatever the suits, and
``F`` the one-suit hands of ``T`` (flushes that are no sequence flush). The
non-openers are ``T`` less ``F``, ``F`` inside ``T``, so for n hands
``prod(1_T - 1_F)`` expands into a sum over the sets S of hands of
``(-1)^|S|`` [the hands in S are in F, the others in T]: inclusion-exclusion on
the flushes. All the terms are counted together by one dynamic program that
deals the pack rank by rank, the ace first (it only begins a sequence, so the
nine sequences are the runs of five consecutive ranks in the order
A, 2, 3, ..., K). At each rank it chooses how many of that rank's cards each
hand gets, and keeps per hand only what decides its fate: its cards so far,
whether it holds its pair, and whether its ranks so far are a run that ends at
the rank just dealt (five in a run: a sequence, which is no T hand). A hand
takes its role (T, or F with a suit, sign -1) when it gets its first card. An
F hand takes its suit's card at each of its ranks, so F hands of one suit never
share a rank; the T hands take their cards of the rank from the ``a`` suits
the F hands leave, in ``a! / ((a - t)! 2^d)`` ways for ``t`` cards of which
``d`` pairs. Hands are labelled (a deal is an ordered tuple of hands): the
program keeps the number of hands in each state and counts which hands do
what with multinomial coefficients, and treats states that differ only by a
renaming of the suits as one (what follows cannot tell them apart).

The signed counts are carried modulo a few primes near 2**31, so numpy can
handle millions of states at once, and rebuilt exactly by the Chinese remainder
theorem: the result lies between 0 and the number of deals, which is below
the product of the primes used.

The program is generic in the pack (:class:`Pack`: any number of ranks, the
top one the ace, and of suits), so the tests check it against brute-force
enumeration (:func:`brute_force_no_opener_deals`) of two and three hands on
small packs, with the same classification code; and the classification itself
against ``pycards.poker.opens`` over every hand of the full pack.

Runtimes (one core of an AMD EPYC server): up to 4 hands a second or two; 5 hands
~6 s; 6 hands ~30 s (0.9 GB); 7 hands ~4 min (2.2 GB); 8 hands ~40 min (6.5 GB).
So the full-pack figures are kept in :data:`CACHED_COUNTS`, made by
:func:`generate_counts` (``python3 tests/jackpot_exact.py``), and the tests
recompute the cheaper ones (up to 4 hands).
"""

from __future__ import annotations

import itertools
import sys
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb, factorial, perm, prod

import numpy as np

__all__ = [
    "CACHED_COUNTS",
    "FULL",
    "MINIMA",
    "Pack",
    "all_hands",
    "brute_force_no_opener_deals",
    "count_no_opener_deals",
    "deals",
    "generate_counts",
    "minimum_index",
    "opens_many",
    "p_independent",
    "p_no_opener",
    "single_hand_openers",
]

MINIMA = ("J", "Q", "K")  # the jack-pot series: knaves, queens, kings (laws 30-32)


@dataclass(frozen=True)
class Pack:
    """A pack of ``ranks`` x ``suits`` cards; card id = ``suits * rank + suit``.

    Rank indices run low to high, 0 being the two; the top index ``ranks - 1``
    is the ace. With the default 13 x 4 the ids are pycards' own (docs/rules.md
    section 1). Smaller packs exist to check the method by brute force.
    """

    ranks: int = 13
    suits: int = 4

    @property
    def size(self) -> int:
        return self.ranks * self.suits

    @property
    def ace(self) -> int:
        return self.ranks - 1

    def sequences(self) -> frozenset[frozenset[int]]:
        """The rank sets that are a sequence (law 71: the ace only begins one).

        A-2-3-4-5, then every five consecutive ranks without the ace. For the
        full pack: 9 sets, 5-high to K-high.
        """
        low = {frozenset({self.ace, 0, 1, 2, 3})}
        return frozenset(low | {frozenset(range(lo, lo + 5)) for lo in range(self.ace - 4)})


FULL = Pack()

_FULL_MINIMA = {"J": 9, "Q": 10, "K": 11, "A": 12}


def minimum_index(minimum: str | int, pack: Pack = FULL) -> int:
    """The rank index of the least opening pair: 'J', 'Q', 'K' (full pack) or an index."""
    if isinstance(minimum, str):
        if pack != FULL:
            raise ValueError("name the minimum of a small pack by its rank index")
        return _FULL_MINIMA[minimum.upper()]
    if not 0 <= minimum <= pack.ace:
        raise ValueError(f"minimum rank index {minimum} outside the pack")
    return minimum


# --- classification ----------------------------------------------------------------


def opens_many(hands: np.ndarray, minimum: str | int = "J", pack: Pack = FULL) -> np.ndarray:
    """Whether each five-card hand (rows of card ids) holds the minimum pair or better.

    Written straight from the categories (docs/rules.md 2.1, 2.4): threes, fours
    and full (a rank held three times or more), two pairs, a pair of the minimum
    rank or higher, a flush, or a sequence (only the rank sets of
    :meth:`Pack.sequences`) open; a lower pair and a hand of no pair that is
    neither flush nor sequence do not.
    """
    hands = np.asarray(hands, dtype=np.int64).reshape(-1, 5)
    low_pair_limit = minimum_index(minimum, pack)
    ranks, suits = hands // pack.suits, hands % pack.suits
    cells = (np.arange(len(hands))[:, None] * pack.ranks + ranks).ravel()
    counts = np.bincount(cells, minlength=len(hands) * pack.ranks).reshape(len(hands), pack.ranks)
    threes_or_more = (counts >= 3).any(axis=1)
    pairs = counts == 2
    number_of_pairs = pairs.sum(axis=1)
    highest_pair = pack.ranks - 1 - np.argmax(pairs[:, ::-1], axis=1)
    no_pair = counts.max(axis=1) == 1
    flush = (suits == suits[:, :1]).all(axis=1)
    rank_bits = (np.int64(1) << ranks).sum(axis=1)  # a set of ranks, for no-pair hands
    sequence_bits = [sum(1 << r for r in s) for s in pack.sequences()]
    sequence = no_pair & np.isin(rank_bits, sequence_bits)
    good_pair = (number_of_pairs == 1) & (highest_pair >= low_pair_limit)
    return threes_or_more | (number_of_pairs >= 2) | good_pair | flush | sequence


@lru_cache(maxsize=4)
def all_hands(pack: Pack = FULL) -> np.ndarray:
    """Every five-card hand of ``pack``, as a read-only (N, 5) array of card ids.

    In ``itertools.combinations(range(pack.size), 5)`` order (rows ascending).
    """
    n = comb(pack.size, 5)
    flat = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(pack.size), 5)),
        dtype=np.int64,
        count=5 * n,
    )
    hands = flat.reshape(n, 5)
    hands.setflags(write=False)
    return hands


def single_hand_openers(minimum: str | int = "J", pack: Pack = FULL) -> int:
    """How many five-card hands of ``pack`` open with ``minimum`` (every hand classified)."""
    return _openers(minimum_index(minimum, pack), pack)


@lru_cache(maxsize=None)
def _openers(low_pair_limit: int, pack: Pack) -> int:
    return int(opens_many(all_hands(pack), low_pair_limit, pack).sum())


# --- the exact count ---------------------------------------------------------------
#
# A hand's state while the ranks are dealt: (cards, paired, run), "run" meaning
# unpaired with its ranks so far consecutive, ending at the rank just dealt.
# _DONE: five cards and no sequence (the hand leaves the program); None: not
# allowed (a sequence, a second pair, a pair that opens, a pair of a one-suit hand).

_EMPTY = (0, False, False)
_DONE = "done"


def _step(state, take: int, pair_allowed: bool):
    """The state of a hand after it takes ``take`` (0, 1 or 2) cards of the next rank."""
    cards, paired, run = state
    if take == 0:
        return state if cards == 0 or paired else (cards, False, False)
    if take == 1:
        if cards == 4:
            return None if run else _DONE  # five in a run: a sequence
        return (cards + 1, paired, not paired and (cards == 0 or run))
    if take == 2 and pair_allowed and not paired and cards <= 3:
        return _DONE if cards == 3 else (cards + 2, True, False)
    return None


def _can_finish(state, ranks_left: int, pair_left: bool) -> bool:
    """Whether a hand can still reach five cards (one card a rank, plus one pair)."""
    cards, paired, _ = state
    return 5 - cards <= ranks_left + (pair_left and not paired)


# The T hands are kept as numbers of hands per state, in this order. A hand's
# next state is never later in it, so the states can be updated one after
# another in place.
_T_STATES = (
    (4, True, False), (4, False, False), (4, False, True),
    (3, True, False), (3, False, False), (3, False, True),
    (2, True, False), (2, False, False), (2, False, True),
    (1, False, False), (1, False, True),
    _EMPTY,
)  # fmt: skip
_E = _T_STATES.index(_EMPTY)  # hands without a card (and so without a role) yet
# The states of an F hand: never paired, never empty (it has a card of its suit).
_F_STATES = tuple(s for s in _T_STATES if s[0] and not s[1])
_FIRST = (1, False, True)  # a hand just given its first card
_TAKES = ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (0, 1), (1, 1), (2, 1), (0, 2))  # (ones, twos)
_PRIMES = (2147483647, 2147483629, 2147483587, 2147483579, 2147483563, 2147483549, 2147483543)
_CHUNK = 3_000_000  # rows expanded at a time: memory about _CHUNK x (primes + 5) x 8 bytes

assert all(
    _step(s, take, True) in (None, _DONE) or _T_STATES.index(_step(s, take, True)) <= i
    for i, s in enumerate(_T_STATES)
    for take in (0, 1, 2)
)


def _index(state) -> int:
    """Index of a T state; -1 for _DONE, -2 for not allowed."""
    return -1 if state == _DONE else -2 if state is None else _T_STATES.index(state)


class _Suits:
    """The F hands, as a number: per suit a *group*, the sorted states of its F hands.

    A suit holds at most ``ranks // 5`` F hands in play (they share no rank).
    The F part of a program state is the sorted tuple of the suits' groups
    (renaming the suits changes nothing that follows); ``parts`` lists them
    all and ``canon`` numbers them from their sorted group codes.
    """

    def __init__(self, pack: Pack) -> None:
        self.cap = pack.ranks // 5
        states = range(len(_F_STATES))
        self.groups = [
            g for size in range(self.cap + 1) for g in itertools.combinations_with_replacement(states, size)
        ]
        self.code = {g: i for i, g in enumerate(self.groups)}  # the empty group is 0
        count = len(self.groups)
        parts = list(itertools.combinations_with_replacement(range(count), pack.suits))
        self.parts = np.array(parts, dtype=np.int64)
        self.radix = count ** np.arange(pack.suits, dtype=np.int64)
        self.canon = np.full(count**pack.suits, -1, dtype=np.int64)
        self.canon[self.parts @ self.radix] = np.arange(len(parts))
        self.empty = 0  # every suit without F hands: the first part
        self.first = self.code[(_F_STATES.index(_FIRST),)]  # a suit with one new F hand
        self._options: dict = {}

    def options(self, ranks_left: int) -> np.ndarray:
        """What the F hands of each group can do at a rank, as padded tables.

        They all wait; or one takes its suit's card of the rank; or, in a suit
        that has F hands and room for one more, a hand without a role starts
        there as a new F hand. (Starting in a suit without F hands is done by
        :meth:`_Program.deal_rank`, for all such suits at once.) Returns an
        array (valid, takes, starts, ways, new code) x group code x option.
        """
        if ranks_left not in self._options:
            rows = []
            for group in self.groups:
                states = [_F_STATES[i] for i in group]
                found = []
                waiting = [_step(s, 0, False) for s in states]
                if all(_can_finish(s, ranks_left, False) for s in waiting):
                    found.append((0, 0, 1, waiting))
                    if 0 < len(states) < self.cap and _can_finish(_FIRST, ranks_left, False):
                        found.append((1, 1, 1, [*waiting, _FIRST]))
                for taker in sorted(set(states)):
                    others = list(states)
                    others.remove(taker)
                    after = [_step(s, 0, False) for s in others]
                    nxt = _step(taker, 1, False)
                    if nxt is None:
                        continue
                    if nxt != _DONE:
                        after.append(nxt)
                    if all(_can_finish(s, ranks_left, False) for s in after):
                        found.append((1, 0, states.count(taker), after))
                rows.append(found)
            table = np.zeros((5, len(rows), max(map(len, rows))), dtype=np.int64)
            for code, found in enumerate(rows):
                for j, (takes, starts, ways, after) in enumerate(found):
                    new_code = self.code[tuple(sorted(_F_STATES.index(s) for s in after))]
                    table[:, code, j] = (1, takes, starts, ways, new_code)
            self._options[ranks_left] = table
        return self._options[ranks_left]


class _Weights:
    """Signed counts as residues modulo enough primes (exact via the CRT)."""

    def __init__(self, bound: int) -> None:
        count, product = 0, 1
        while product <= bound:
            product *= _PRIMES[count]
            count += 1
        primes = _PRIMES[:count]
        self.primes = np.array(primes, dtype=np.int64)[:, None]
        self.halves = np.array([[pow(2, -k, p) for k in range(3)] for p in primes], dtype=np.int64)

    def scale(self, w: np.ndarray, factor: np.ndarray, pairs: np.ndarray | None = None) -> np.ndarray:
        """``w * factor / 2**pairs`` modulo each prime (factor: small integers, any sign)."""
        if pairs is None:  # often all 1: leave those columns alone
            change = np.flatnonzero(factor != 1)
            w[:, change] = w[:, change] * (factor[change] % self.primes) % self.primes
            return w
        factor = factor % self.primes * self.halves[:, pairs] % self.primes
        return w * factor % self.primes

    def value(self, residues: list[int]) -> int:
        """The integer in [0, product of the primes) with these residues."""
        x, m = 0, 1
        for r, p in zip(residues, self.primes[:, 0].tolist()):
            x += m * ((r - x) * pow(m, -1, p) % p)
            m *= p
        return x


def _sum_equal(columns: list, values: np.ndarray):
    """Sort rows by the key ``columns`` and add up the ``values`` (last axis) of equal keys."""
    order = np.lexsort(columns[::-1]) if len(columns) > 1 else np.argsort(columns[0])
    columns = [c[order] for c in columns]
    change = np.zeros(len(order), dtype=bool)
    change[:1] = True
    for c in columns:
        change[1:] |= c[1:] != c[:-1]
    first = np.flatnonzero(change)
    if len(first) == 0:
        return columns, values[..., :0]
    return [c[first] for c in columns], np.add.reduceat(values[..., order], first, axis=-1)


def _merge(keys: np.ndarray, w: np.ndarray, primes: np.ndarray):
    """Add up the weights of equal keys; drop keys whose weight is 0 modulo every prime."""
    (keys,), w = _sum_equal([keys], w)
    w %= primes
    keep = w.any(axis=0)
    return keys[keep], w[:, keep]


def _merge_stream(pieces, primes: np.ndarray):
    """:func:`_merge` of a stream of (keys, weights) pieces, holding memory down."""
    keys, weights, held = [], [], 0
    for k, w in pieces:
        k, w = _merge(k, w, primes)
        keys.append(k)
        weights.append(w)
        held += len(k)
        if held > 2 * _CHUNK and len(keys) > 1:
            k, w = _merge(np.concatenate(keys), np.concatenate(weights, axis=1), primes)
            keys, weights, held = [k], [w], len(k)
    if len(keys) == 1:
        return keys[0], weights[0]
    return _merge(np.concatenate(keys), np.concatenate(weights, axis=1), primes)


def _blocks(sizes: np.ndarray):
    """Slices of consecutive rows whose expansions add up to about _CHUNK rows (at least one)."""
    ends = np.cumsum(sizes)
    start = 0
    while start < len(sizes):
        done = ends[start - 1] if start else 0
        stop = max(int(np.searchsorted(ends, done + _CHUNK, side="right")), start + 1)
        yield slice(start, stop)
        start = stop


def _expand(counts: np.ndarray):
    """For rows repeated ``counts`` times: (row of each copy, number of the copy in its row)."""
    rows = np.repeat(np.arange(len(counts)), counts)
    firsts = np.cumsum(counts) - counts
    return rows, np.arange(len(rows)) - firsts[rows]


class _Program:
    """The tables of one run of :func:`count_no_opener_deals`.

    A program state is a pair (t, f): ``t`` the numbers of T hands (and hands
    without a role) in each of the _T_STATES, as the digits of a number in base
    ``players + 1``, and ``f`` the number of the F part (:class:`_Suits`).
    """

    def __init__(self, players: int, pack: Pack) -> None:
        self.suits = pack.suits
        self.base = players + 1
        self.power = self.base ** np.arange(len(_T_STATES), dtype=np.int64)
        self.hands = _Suits(pack)
        self.n_parts = len(self.hands.parts)
        if float(self.base) ** len(_T_STATES) * self.n_parts * (self.suits + 1) >= 2**62:
            raise ValueError("too many players for the state encoding")
        self.weights = _Weights(deals(players, pack))
        small = range(max(9, self.base))
        self.falling = np.array([[perm(a, b) for b in small] for a in small], dtype=np.int64)
        self.binomial = np.array([[comb(a, b) for b in small] for a in small], dtype=np.int64)
        self.multinomial = np.zeros((self.base, 5, 3), dtype=np.int64)
        for n, ones, twos in itertools.product(range(self.base), range(5), range(3)):
            if ones + twos <= n:
                zeros = n - ones - twos
                self.multinomial[n, ones, twos] = factorial(n) // (factorial(zeros) * factorial(ones) * factorial(twos))

    def t_moves(self, codes: np.ndarray, pair_allowed: bool, ranks_left: int, pair_left: bool):
        """Every way the T hands of each ``codes[i]`` can take cards of one rank.

        The states are done one after another (see _T_STATES): so many of its
        hands take one card, so many two, the others none; ``labellings``
        counts which of the labelled hands do what. Returns arrays (source i,
        new code, cards, pairs, labellings), sorted by source then cards,
        without the results in which a hand can no longer finish.
        """
        source = np.arange(len(codes))
        t, cards, pairs = codes.copy(), np.zeros_like(codes), np.zeros_like(codes)
        labellings = np.ones_like(codes)
        for i, state in enumerate(_T_STATES):
            n = t // self.power[i] % self.base
            moving = np.flatnonzero(n > 0)
            if len(moving) == 0:
                continue
            still = np.flatnonzero(n == 0)
            parts = [(source[still], t[still], cards[still], pairs[still], labellings[still])]
            dest = [_index(_step(state, take, pair_allowed)) for take in (0, 1, 2)]
            for ones, twos in _TAKES:
                if (ones and dest[1] == -2) or (twos and dest[2] == -2):
                    continue
                zeros = n[moving] - ones - twos
                ok = (zeros >= 0) & (cards[moving] + ones + 2 * twos <= self.suits)
                if dest[0] == -2:
                    ok &= zeros == 0
                sel = moving[ok]
                new_t = t[sel] - n[sel] * self.power[i]
                for count, d in ((zeros[ok], dest[0]), (ones, dest[1]), (twos, dest[2])):
                    if d >= 0:
                        new_t = new_t + count * self.power[d]
                parts.append((
                    source[sel], new_t, cards[sel] + ones + 2 * twos, pairs[sel] + twos,
                    labellings[sel] * self.multinomial[n[sel], ones, twos],
                ))  # fmt: skip
            source, t, cards, pairs, labellings = (np.concatenate(c) for c in zip(*parts))
            (source, cards, t, pairs), labellings = _sum_equal([source, cards, t, pairs], labellings)
        alive = np.ones(len(t), dtype=bool)
        for i, state in enumerate(_T_STATES):
            if not _can_finish(state, ranks_left, pair_left):
                alive &= t // self.power[i] % self.base == 0
        return source[alive], t[alive], cards[alive], pairs[alive], labellings[alive]

    def deal_rank(self, t, f, w, pair_allowed: bool, ranks_left: int, pair_left: bool):
        """The program states (t, f, weights) after one more rank is dealt."""
        primes, s, n_parts = self.weights.primes, self.suits, self.n_parts

        # 1. F hands. In each suit: all wait, one takes its card, or a new one
        # starts (a hand without a role; sign -1). The suits without F hands are
        # alike: j new F hands in j of those e suits count C(e, j) times.
        valid, takes, starts, ways, new_code = self.hands.options(ranks_left)
        groups = self.hands.parts[f]
        empty_suits = (groups == 0).sum(axis=1)
        unassigned = t // self.power[_E] % self.base
        can_start = _can_finish(_FIRST, ranks_left, False)
        sizes = np.prod(valid.sum(axis=1)[groups], axis=1) * (1 + can_start * np.minimum(empty_suits, unassigned))

        def f_pieces():
            for block in _blocks(sizes):
                row = np.arange(block.start, block.stop)
                new_groups = groups[row]
                taken = np.zeros(len(row), dtype=np.int64)
                started, factor = taken.copy(), np.ones(len(row), dtype=np.int64)
                for g in range(s):
                    code = groups[row, g]
                    r, j = np.nonzero(valid[code])
                    code, row, new_groups = code[r], row[r], new_groups[r]
                    new_groups[:, g] = new_code[code, j]
                    taken, started = taken[r] + takes[code, j], started[r] + starts[code, j]
                    factor = factor[r] * ways[code, j]
                if can_start:
                    room = np.minimum(empty_suits[row], unassigned[row] - started)
                    r, j = _expand(np.maximum(room, -1) + 1)
                    row, new_groups, taken, started = row[r], new_groups[r], taken[r] + j, started[r] + j
                    factor = factor[r] * self.binomial[empty_suits[row], j]
                    for k in range(s):  # the empty groups come first; j of them get a hand
                        new_groups[:, k] = np.where(k < j, self.hands.first, new_groups[:, k])
                ok = started <= unassigned[row]
                row, new_groups, taken, started, factor = row[ok], new_groups[ok], taken[ok], started[ok], factor[ok]
                # which hands start, in suit order; each new F hand counts -1
                factor = factor * self.falling[unassigned[row], started] * (-1) ** started
                new_f = self.hands.canon[np.sort(new_groups, axis=1) @ self.hands.radix]
                keys = ((t[row] - started * self.power[_E]) * n_parts + new_f) * (s + 1) + taken
                yield keys, self.weights.scale(w[:, row], factor)

        keys, w = _merge_stream(f_pieces(), primes)
        t, rest = np.divmod(keys, n_parts * (s + 1))
        f, taken = np.divmod(rest, s + 1)

        # 2. T hands: every way to take cards from the suits the F hands leave.
        codes, which = np.unique(t, return_inverse=True)
        source, new_t, cards, pairs, labellings = self.t_moves(codes, pair_allowed, ranks_left, pair_left)
        first = np.searchsorted(source, np.arange(len(codes)))  # moves of a code, by cards
        at_most = np.stack([np.bincount(source[cards <= c], minlength=len(codes)) for c in range(s + 1)], axis=1)
        sizes = at_most[which, s - taken]

        def t_pieces():
            for block in _blocks(sizes):
                entry, k = _expand(sizes[block])
                entry += block.start
                m = first[which[entry]] + k
                factor = labellings[m] * self.falling[s - taken[entry], cards[m]]
                keys = new_t[m] * n_parts + f[entry]
                yield keys, self.weights.scale(w[:, entry], factor, pairs[m])

        keys, w = _merge_stream(t_pieces(), primes)
        t, f = np.divmod(keys, n_parts)
        return t, f, w


def count_no_opener_deals(players: int, minimum: str | int = "J", pack: Pack = FULL) -> int:
    """Ordered deals of ``players`` disjoint hands from ``pack`` in which no hand opens.

    The inclusion-exclusion dynamic program of the module docstring, exact.
    """
    if players < 0:
        raise ValueError("players must be >= 0")
    if players == 0:
        return 1
    low_pair_limit = minimum_index(minimum, pack)
    program = _Program(players, pack)
    t = np.array([players * program.power[_E]], dtype=np.int64)  # no hand has a card
    f = np.array([program.hands.empty], dtype=np.int64)
    w = np.ones((len(program.weights.primes), 1), dtype=np.int64)
    order = [pack.ace, *range(pack.ace)]  # the ace first: it only begins a sequence
    for position, rank in enumerate(order):
        later = order[position + 1 :]
        pair_left = any(r < low_pair_limit for r in later)
        t, f, w = program.deal_rank(t, f, w, rank < low_pair_limit, len(later), pair_left)
    done = (t == 0) & (f == program.hands.empty)  # every hand has five cards
    return program.weights.value(w[:, done].sum(axis=1).tolist()) if done.any() else 0


def deals(players: int, pack: Pack = FULL) -> int:
    """Ordered deals of ``players`` five-card hands from one pack: C(N,5) C(N-5,5) ..."""
    return prod(comb(pack.size - 5 * i, 5) for i in range(players))


# Exact counts for the full pack: CACHED_COUNTS[minimum][players] is
# count_no_opener_deals(players, minimum), as printed by generate_counts().
CACHED_COUNTS: dict[str, dict[int, int]] = {
    "J": {
        1: 2063880,
        2: 2507019171408,
        3: 1683809901910560672,
        4: 577684764211046078251008,
        5: 91259635387671965451856206240,
        6: 5759528494449721983333334735631040,
        7: 118140136389346365485138852846723799360,
        8: 567270913482988889002482529313487573189120,
    },
    "Q": {
        1: 2148360,
        2: 2718306607248,
        3: 1903068294049823688,
        4: 681051634844677778517408,
        5: 112306660188381336529122680160,
        6: 7403905109563363177122684907661760,
        7: 158753754461072290344378328763646860160,
        8: 797382718999819045836791492263621398912000,
    },
    "K": {
        1: 2232840,
        2: 2938528402128,
        3: 2141467887485594304,
        4: 798402551824105860884256,
        5: 137279116695260011820182093440,
        6: 9444995042518888355219261147153280,
        7: 211544911954677518320006420564303468800,
        8: 1110932394517920938349435919922962646231040,
    },
}


def generate_counts(players=range(1, 9), minima=MINIMA, out=sys.stdout) -> dict[str, dict[int, int]]:
    """Compute the full-pack counts of :data:`CACHED_COUNTS` and print them as Python.

    ``python3 tests/jackpot_exact.py [max players]`` runs it; with 8 players
    it takes about three quarters of an hour per minimum (module docstring).
    """
    counts: dict[str, dict[int, int]] = {m: {} for m in minima}
    for minimum in minima:
        for n in players:
            counts[minimum][n] = count_no_opener_deals(n, minimum)
            print(f"# {minimum} {n}: {counts[minimum][n]}", file=out, flush=True)
    print("CACHED_COUNTS: dict[str, dict[int, int]] = {", file=out)
    for minimum in minima:
        print(f'    "{minimum}": {{', file=out)
        for n, c in counts[minimum].items():
            print(f"        {n}: {c},", file=out)
        print("    },", file=out)
    print("}", file=out)
    return counts


def p_no_opener(players: int, minimum: str | int = "J", pack: Pack = FULL, cached: bool = True) -> Fraction:
    """Exact chance that none of ``players`` hands dealt from one pack opens.

    Full-pack figures come from :data:`CACHED_COUNTS` when ``cached`` and present.
    """
    table = CACHED_COUNTS.get(minimum, {}) if cached and pack == FULL else {}
    count = table[players] if players in table else count_no_opener_deals(players, minimum, pack)
    return Fraction(count, deals(players, pack))


def p_independent(players: int, minimum: str | int = "J", pack: Pack = FULL) -> Fraction:
    """The independence approximation: (single-hand chance of not opening) ** players."""
    n = comb(pack.size, 5)
    return Fraction(n - single_hand_openers(minimum, pack), n) ** players


# --- brute force, for small packs ----------------------------------------------------


def brute_force_no_opener_deals(players: int, minimum: int, pack: Pack) -> int:
    """The count of :func:`count_no_opener_deals` by exhaustive enumeration (1-3 hands).

    Every hand of the pack is classified with :func:`opens_many`; the
    non-openers become bit masks. One hand: their number. Two: every ordered
    pair of disjoint non-openers. Three: every such pair, times the number of
    non-openers inside the cards left, read from a table ``inside[mask]`` (a
    subset-sum over all masks of the pack). Feasible for packs of up to ~24 cards.
    """
    hands = all_hands(pack)
    closed = hands[~opens_many(hands, minimum, pack)]
    masks = (np.int64(1) << closed).sum(axis=1)
    if players == 1:
        return len(masks)
    if players == 2:
        return int(sum(np.count_nonzero(masks & m == 0) for m in masks))
    if players != 3:
        raise ValueError("brute force is for 1 to 3 hands")
    inside = np.zeros(1 << pack.size, dtype=np.int64)
    inside[masks] = 1
    for bit in range(pack.size):  # inside[m] = number of non-openers within mask m
        view = inside.reshape(-1, 2, 1 << bit)
        view[:, 1, :] += view[:, 0, :]
    full = (1 << pack.size) - 1
    total = 0
    for m in masks:
        second = masks[masks & m == 0]
        total += int(inside[full ^ m ^ second].sum())
    return total


if __name__ == "__main__":
    generate_counts(range(1, int(sys.argv[1]) + 1) if len(sys.argv) > 1 else range(1, 9))
