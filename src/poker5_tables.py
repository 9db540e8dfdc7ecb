"""The C lookup tables of the five-card poker evaluators (``pycards_tables.h``).

Written by ``src/gen_tables.py`` at build time.

How a hand is looked up (see ``src/poker5.h``):

* A hand whose five cards share a suit is looked up by the 13-bit mask of its
  ranks in a per-profile *flush table* (the English profile has a second half
  for hearts, law 69).
* Any other hand depends only on the multiset of its ranks (for the English
  profile, sequences also depend on where the hearts are, law 70). Each rank has
  a key chosen so that the sums of the keys of any five ranks (no rank more than
  four times) are all different; the sum indexes ``rank_class``, which gives the
  multiset's index 0..6174, and a small per-profile table gives its strength.
* English sequences are stored as a flag plus their lowest position; the C code
  adds the heart pattern, which is read from the hearts' ranks.

Strengths are dense: 1 for the worst class of hands of a profile, N for the best,
equal for hands the rules call equal in value (law 76). The generator derives
them by sorting the comparison keys written below from docs/rules.md section 2, and
asserts its own invariants on the way.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

from tablegen import c_array, header

RANKS = 13
ACE = 12
HEARTS = 2
SUM_KEYS = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415)
"""Rank keys (two .. ace) whose sums over five ranks are unique (greedy search)."""

NO_PAIR, PAIR, TWO_PAIRS, THREES, SEQUENCE, FLUSH, FULL, FOURS, SEQUENCE_FLUSH = range(9)
PROFILES = ("english", "american", "no_straight_flush")
STRAIGHT_FLAG = 0x8000
HEART_PATTERNS = 31
"""Heart patterns of a non-flush English sequence: five bits, all-hearts excluded."""


def sequence_top(ranks: Sequence[int], ace_ends: bool) -> int | None:
    """Top rank of five distinct ranks in sequence, or None.

    The ace always begins a sequence (A-2-3-4-5, top card the five); it ends one
    (10-J-Q-K-A) only when ``ace_ends`` (American rules; law 71 forbids it).
    """
    distinct = sorted(set(ranks))
    if len(distinct) != 5:
        return None
    if distinct == [0, 1, 2, 3, ACE]:
        return 3
    if distinct[4] - distinct[0] == 4 and (ace_ends or distinct[4] != ACE):
        return distinct[4]
    return None


def grouped(ranks: Iterable[int]) -> tuple[int, ...]:
    """Ranks ordered by how many times they occur, then by rank, highest first."""
    counts = _counts(ranks)
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    return tuple(order)


def _counts(ranks: Iterable[int]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    return counts


def sets_category(ranks: Sequence[int]) -> int:
    """Category of a hand from its pairs, threes and fours alone."""
    shape = sorted(_counts(ranks).values(), reverse=True)
    return {
        (4, 1): FOURS,
        (3, 2): FULL,
        (3, 1, 1): THREES,
        (2, 2, 1): TWO_PAIRS,
        (2, 1, 1, 1): PAIR,
        (1, 1, 1, 1, 1): NO_PAIR,
    }[tuple(shape)]


def nonflush_key(ranks: Sequence[int], profile: str, hearts_from_top: int = 0) -> tuple:
    """Comparison key of a hand that is not five of one suit."""
    top = sequence_top(ranks, ace_ends=profile != "english")
    if top is not None:
        if profile == "english":
            return (SEQUENCE, top, hearts_from_top)
        return (SEQUENCE, top)
    return (sets_category(ranks), grouped(ranks))


def flush_key(ranks: Sequence[int], profile: str, in_hearts: bool) -> tuple:
    """Comparison key of five cards of one suit."""
    if profile != "no_straight_flush":
        top = sequence_top(ranks, ace_ends=profile == "american")
        if top is not None:
            return (SEQUENCE_FLUSH, top)
    heart_class = int(in_hearts) if profile == "english" else 0
    return (FLUSH, heart_class, tuple(sorted(ranks, reverse=True)))


def rank_multisets() -> list[tuple[int, ...]]:
    """All multisets of five ranks with no rank more than four times (6,175)."""
    out = [
        m
        for m in itertools.combinations_with_replacement(range(RANKS), 5)
        if max(_counts(m).values()) <= 4
    ]
    assert len(out) == 6175
    return out


def sequence_low_position(ranks: Sequence[int]) -> int:
    """Position of the bottom card of a sequence when the ace counts as position 0."""
    distinct = sorted(set(ranks))
    return 0 if distinct[-1] == ACE else distinct[0] + 1


class ProfileTables:
    """Dense strengths of one profile, and the C tables that encode them."""

    def __init__(self, profile: str, multisets: list[tuple[int, ...]]) -> None:
        self.profile = profile
        flush_sets = list(itertools.combinations(range(RANKS), 5))
        heart_halves = (False, True) if profile == "english" else (False,)

        keys: set[tuple] = set()
        for m in multisets:
            if profile == "english" and sequence_top(m, ace_ends=False) is not None:
                keys.update(nonflush_key(m, profile, p) for p in range(HEART_PATTERNS))
            else:
                keys.add(nonflush_key(m, profile))
        for s in flush_sets:
            keys.update(flush_key(s, profile, h) for h in heart_halves)
        ordered = sorted(keys)
        self.strength = {k: i + 1 for i, k in enumerate(ordered)}
        self.classes = len(ordered)

        self.floors = []
        for cat in range(9):
            members = [v for k, v in self.strength.items() if k[0] == cat]
            self.floors.append(min(members) if members else self.classes + 1)

        self.sequence_base = 0
        self.nonflush = []
        for m in multisets:
            if profile == "english" and sequence_top(m, ace_ends=False) is not None:
                low = sequence_low_position(m)
                self.nonflush.append(STRAIGHT_FLAG | low)
                self._check_sequence_layout(m, low)
            else:
                self.nonflush.append(self.strength[nonflush_key(m, profile)])

        self.flush = []
        for h in heart_halves:
            half = [0] * (1 << RANKS)
            for s in flush_sets:
                half[sum(1 << r for r in s)] = self.strength[flush_key(s, profile, h)]
            self.flush.append(half)

    def _check_sequence_layout(self, ranks: Sequence[int], low: int) -> None:
        """English sequences must be ``base + low * 31 + pattern`` for the C code."""
        base = self.strength[nonflush_key(ranks, self.profile, 0)] - low * HEART_PATTERNS
        if self.sequence_base == 0:
            self.sequence_base = base
        assert base == self.sequence_base, "English sequence strengths are not contiguous"
        for p in range(HEART_PATTERNS):
            assert self.strength[nonflush_key(ranks, self.profile, p)] == base + low * 31 + p


def rank_class_table(multisets: list[tuple[int, ...]]) -> list[int]:
    """Index of each multiset by the sum of its rank keys (unused sums: 0)."""
    size = max(sum(SUM_KEYS[r] for r in m) for m in multisets) + 1
    table = [0] * size
    seen = set()
    for index, m in enumerate(multisets):
        total = sum(SUM_KEYS[r] for r in m)
        assert total not in seen, "rank keys are not a perfect hash"
        seen.add(total)
        table[total] = index
    return table


SUIT_SHIFT = 19
"""Bit where the suit counters start in a card key: above every sum of five rank keys."""
assert 5 * SUM_KEYS[-1] < 1 << SUIT_SHIFT


def card_tables() -> tuple[list[int], list[int], list[int], list[int]]:
    """Per value 0..255 (so a byte indexes them directly; 52..255 count nothing):

    * the card key: its rank key, plus a 4-bit counter for its suit at bit
      ``19 + 4 * suit``, so that one sum gives both the rank-multiset key and
      the number of cards of each suit;
    * the rank bit ``1 << rank`` (the mask of a flush's ranks);
    * the heart bit: the card's position in a sequence when hearts are tracked,
      bit ``rank + 1``, and for the ace of hearts also bit 0 (the ace begins
      A-2-3-4-5);
    * (ids 0..63 only) the card bit ``1 << id`` for validation, bit 63 for
      ids 52..63, so that validation needs no variable shift.
    """
    keys = [0] * 256
    rank_bits = [0] * 256
    heart_bits = [0] * 256
    card_bits = [1 << 63] * 64
    for card in range(52):
        rank, suit = divmod(card, 4)
        keys[card] = SUM_KEYS[rank] | (1 << (SUIT_SHIFT + 4 * suit))
        rank_bits[card] = 1 << rank
        card_bits[card] = 1 << card
        if suit == HEARTS:
            heart_bits[card] = (1 << (rank + 1)) | (1 if rank == ACE else 0)
    return keys, rank_bits, heart_bits, card_bits


def render() -> str:
    """The text of ``pycards_tables.h``."""
    multisets = rank_multisets()
    rank_class = rank_class_table(multisets)
    keys, rank_bits, heart_bits, card_bits = card_tables()
    profiles = [ProfileTables(p, multisets) for p in PROFILES]
    english = profiles[0]

    expected_classes = {"english": 9010, "american": 7462, "no_straight_flush": 7462}
    for t in profiles:
        assert t.classes == expected_classes[t.profile], (t.profile, t.classes)
        assert t.classes < STRAIGHT_FLAG
        # The bounds poker5.h relies on when it indexes these tables.
        assert len(t.nonflush) == len(multisets) > max(rank_class)
        assert all(len(half) == 1 << 13 > max(rank_bits) for half in t.flush)

    body = [
        f"#define PC5_RANK_SUM_SIZE {len(rank_class)}\n",
        f"#define PC5_STRAIGHT_FLAG 0x{STRAIGHT_FLAG:x}\n",
        f"#define PC5_ENGLISH_SEQUENCE_BASE {english.sequence_base}\n",
        f"#define PC5_HEART_PATTERNS {HEART_PATTERNS}\n",
        f"#define PC5_SUIT_SHIFT {SUIT_SHIFT}\n\n",
        c_array("uint64_t", "pc5_card_key", [f"{k}ull" for k in keys], per_line=8),
        c_array("uint16_t", "pc5_rank_bit", rank_bits),
        c_array("uint16_t", "pc5_heart_bit", heart_bits),
        c_array("uint64_t", "pc5_card_bit", [f"{b}ull" for b in card_bits], per_line=8),
        c_array("uint16_t", "pc5_rank_class", rank_class),
    ]
    for t in profiles:
        name = t.profile
        body.append(f"#define PC5_{name.upper()}_CLASSES {t.classes}\n")
        body.append(c_array("uint16_t", f"pc5_{name}_floors", t.floors))
        body.append(c_array("uint16_t", f"pc5_{name}_nonflush", t.nonflush))
        for i, half in enumerate(t.flush):
            suffix = "_hearts" if i else ""
            body.append(c_array("uint16_t", f"pc5_{name}_flush{suffix}", half))
    return header("PYCARDS_TABLES_H", "poker5_tables.py", body)
