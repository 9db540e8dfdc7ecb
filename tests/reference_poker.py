"""A slow, plain reference for five-card poker, written straight from docs/rules.md section 2.

It exists only to check the C evaluator (``pycards.poker``): it shares no code
and no tables with it, and it favours obviousness over speed. Each hand is
reduced to a *comparison key*, a tuple whose first element is the category
(``NO_PAIR`` = 0 ... ``SEQUENCE_FLUSH`` = 8, law 65) followed by the
tie-breakers the laws name, so that for two hands ``a`` and ``b`` under the same
profile::

    reference_key(a, p) >  reference_key(b, p)   <=>  a beats b
    reference_key(a, p) == reference_key(b, p)   <=>  a and b tie (law 76: share the pool)

Cards are ids ``4 * rank + suit``: rank 0..12 for 2..A, suit 0..3 for clubs,
diamonds, hearts, spades (docs/rules.md section 1).

Profiles (docs/rules.md section 2):

* ``"english"`` (seed 000, laws 65-76): the ace only begins a sequence (law 71);
  hearts outrank other suits between flushes (law 69) and between sequences of
  equal value (law 70, with the docs/rules.md 2.1 decision).
* ``"american"`` (seed 004, footnote to law 71): standard modern ranking, the
  ace begins or ends a sequence, no suit precedence.
* ``"no_straight_flush"`` (seed 004, Straight Poker and Stud Poker: "no such
  combination as a straight flush is recognized"): as american, but a suited
  sequence is only a flush, ranked by its cards with the ace high.
"""

from __future__ import annotations

from collections import Counter

NO_PAIR, PAIR, TWO_PAIRS, THREES, SEQUENCE, FLUSH, FULL, FOURS, SEQUENCE_FLUSH = range(9)
CATEGORY_NAMES = (
    "NO_PAIR",
    "PAIR",
    "TWO_PAIRS",
    "THREES",
    "SEQUENCE",
    "FLUSH",
    "FULL",
    "FOURS",
    "SEQUENCE_FLUSH",
)

PROFILES = ("english", "american", "no_straight_flush")

TWO, THREE, FOUR, FIVE = 0, 1, 2, 3
ACE = 12
HEARTS = 2


def sequence_cards(cards: tuple[int, ...], rules: str) -> list[int] | None:
    """The five cards ordered from the top of their sequence down, or None.

    Five distinct ranks form a sequence when they are consecutive.

    * The ace may *begin* a sequence in every profile: A-2-3-4-5 is a sequence
      whose top card is the five and whose bottom card is the ace.
    * Law 71 ("The ace shall only begin a sequence; it shall not end a sequence
      after a king, nor shall it be an intermediate card between a king and a
      two"): under ``"english"`` 10-J-Q-K-A is no sequence, so 9-10-J-Q-K is the
      highest. Under ``"american"`` and ``"no_straight_flush"`` (the "American
      writers" of the footnote to law 71) 10-J-Q-K-A is the highest sequence.
    * No profile lets the ace turn the corner (K-A-2-3-4 is never a sequence).
    """
    ranks = sorted({card // 4 for card in cards})
    if len(ranks) != 5:
        return None
    if ranks == [TWO, THREE, FOUR, FIVE, ACE]:
        # Ace begins the sequence: it is the bottom card, the five the top one.
        order_low_to_high = [TWO, THREE, FOUR, FIVE]
        by_rank = {card // 4: card for card in cards}
        return [by_rank[r] for r in reversed(order_low_to_high)] + [by_rank[ACE]]
    if ranks[4] - ranks[0] != 4:
        return None
    if ranks[4] == ACE and rules == "english":
        return None  # law 71: the ace may not end a sequence after a king
    return sorted(cards, reverse=True)  # distinct ranks: card order = rank order


def sequence_top(seq: list[int]) -> int:
    """Rank of the top card of a sequence given top-first (5 for A-2-3-4-5)."""
    return seq[0] // 4


def reference_key(cards: tuple[int, ...], rules: str = "english") -> tuple[int, ...]:
    """Comparison key of a five-card hand under ``rules`` (see the module docstring).

    Categories, high to low (law 65, docs/rules.md section 2): sequence flush, fours,
    full, flush, sequence, threes, two pairs, a pair, no pair. Tie-breakers:

    * Sequence flush (law 66): the higher top card wins, the ace counting low in
      A-2-3-4-5; equal tops tie, suits do not matter. Key ``(8, top)``.
    * Fours (law 67): the rank of the four, then the fifth card. ``(7, four, kicker)``.
    * Full (law 68): the rank of the three, then of the pair. ``(6, three, pair)``.
    * Flush (law 69): ``"english"``: a flush in hearts beats any flush in
      another suit; within the same class, cards from the highest down, ace
      high; equal: tie (different non-heart suits tie). Key
      ``(5, is_hearts, r1, ..., r5)``. Other profiles: ``(5, r1, ..., r5)``.
    * Sequence not flush (law 70): the higher top card wins (ace low in
      A-2-3-4-5). ``"english"``: at equal tops "a sequence in hearts, ceteris
      paribus, shall be the best hand"; docs/rules.md 2.1 decision: compare the
      cards position by position from the top (the ace is the bottom card of
      A-2-3-4-5), the first position where exactly one hand holds a heart
      decides. Key ``(4, top, h1, ..., h5)`` with ``h = 1`` for a heart at that
      position from the top; the tuple comparison finds that first position.
      Other profiles: ``(4, top)``.
    * Threes (law 72), two pairs (law 73), a pair (law 74), no pair (law 75):
      the sets by rank (higher set first), then the odd cards from the highest
      down, ace high (the ace is the highest card outside sequences).
      ``(3, three, k1, k2)``, ``(2, high pair, low pair, kicker)``,
      ``(1, pair, k1, k2, k3)``, ``(0, r1, ..., r5)``.
    """
    if rules not in PROFILES:
        raise ValueError(f"unknown rules {rules!r}")
    if len(cards) != 5 or len(set(cards)) != 5:
        raise ValueError(f"need five different cards, got {cards!r}")

    ranks = [card // 4 for card in cards]
    suits = [card % 4 for card in cards]
    counts = Counter(ranks)
    # Ranks grouped "biggest set first, then higher rank first":
    # e.g. K K 7 7 2 -> [(2, K), (2, 7), (1, 2)].
    groups = sorted(((n, r) for r, n in counts.items()), reverse=True)
    shape = [n for n, _ in groups]
    set_ranks = tuple(r for _, r in groups)
    high_to_low = tuple(sorted(ranks, reverse=True))  # ace high

    one_suit = len(set(suits)) == 1
    seq = sequence_cards(cards, rules)

    if one_suit and seq is not None and rules != "no_straight_flush":
        return (SEQUENCE_FLUSH, sequence_top(seq))
    if shape == [4, 1]:
        return (FOURS,) + set_ranks
    if shape == [3, 2]:
        return (FULL,) + set_ranks
    if one_suit:
        # Includes, under "no_straight_flush", the suited sequences (ranked by
        # their cards, ace high) and, under "english", suited 10-J-Q-K-A.
        if rules == "english":
            return (FLUSH, int(suits[0] == HEARTS)) + high_to_low
        return (FLUSH,) + high_to_low
    if seq is not None:
        if rules == "english":
            hearts_from_top = tuple(int(card % 4 == HEARTS) for card in seq)
            return (SEQUENCE, sequence_top(seq)) + hearts_from_top
        return (SEQUENCE, sequence_top(seq))
    if shape == [3, 1, 1]:
        return (THREES,) + set_ranks
    if shape == [2, 2, 1]:
        return (TWO_PAIRS,) + set_ranks
    if shape == [2, 1, 1, 1]:
        return (PAIR,) + set_ranks
    # Five different ranks, no flush, no sequence (e.g. english 10-J-Q-K-A offsuit).
    return (NO_PAIR,) + high_to_low


def reference_category(cards: tuple[int, ...], rules: str = "english") -> int:
    """Category number (0 = no pair ... 8 = sequence flush) of a hand."""
    return reference_key(cards, rules)[0]


RANK_TEXT = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUIT_TEXT = ("C", "D", "H", "S")


def hand_text(cards) -> str:
    """Cards as text, e.g. "AH KH 10H 9C 2D" (for assertion messages)."""
    return " ".join(RANK_TEXT[int(c) // 4] + SUIT_TEXT[int(c) % 4] for c in cards)


def card_ids(text: str) -> tuple[int, ...]:
    """Parse "AH 10h 2c" into ids, independently of pycards (for tests' literals)."""
    ids = []
    for token in text.split():
        rank, suit = token[:-1].upper(), token[-1].upper()
        ids.append(4 * RANK_TEXT.index("10" if rank == "T" else rank) + SUIT_TEXT.index(suit))
    return tuple(ids)
