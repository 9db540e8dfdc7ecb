"""A slow, plain reference for three-card hands, written straight from docs/rules.md section 3.

It exists only to check the compiled evaluators (``pycards.commerce`` and
``pycards.brag``): it shares no code and no tables with pycards (in particular
not ``pycards._three_keys``), and it favours obviousness over speed. Each hand
is reduced to a *comparison key*, a tuple whose first element is the category
followed by the tie-breakers the rules name, so that under one profile::

    key(a) >  key(b)   <=>  a beats b
    key(a) == key(b)   <=>  a and b are equal in value (ties by seat are the driver's)

Cards are ids ``4 * rank + suit``: rank 0..12 for 2..A, suit 0..3 for clubs,
diamonds, hearts, spades (docs/rules.md section 1). Pips: ace 11, K Q J 10 count 10,
the others their face value (docs/rules.md section 1; seed ``002_93c3d51ac699f33f.txt``
COMMERCE: "the ace counts for eleven, and the court cards for ten each").

Seeds cited below live in ``shared/seeds/``:

* 000 = ``000_090407a6d9d4a9ee.txt`` (Commerce, modern and old game)
* 001 = ``001_363e88ee28ca9c86.txt`` (old game, Pool Commerce, LIMITED COMMERCE)
* 002 = ``002_93c3d51ac699f33f.txt`` (COMMERCE, all English variants)
* 004 = ``004_7d6a6396833e304f.txt`` (THIRTY-ONE, BRAG, American Brag, COMMERCE
  without/with a widow, My Ship Sails)
"""

from __future__ import annotations

import itertools
from collections import Counter

# --- Categories (the numbering pycards uses too; see each key function). ---------
# Commerce family (docs/rules.md 3.1-3.5)
POINT, PAIR, FLUSH, SEQUENCE, TRICON, THIRTY_ONE = range(6)
COMMERCE_CATEGORY_NAMES = ("POINT", "PAIR", "FLUSH", "SEQUENCE", "TRICON", "THIRTY_ONE")
# Brag (docs/rules.md 3.6-3.7)
HIGH_CARD, BRAG_PAIR, TRIPLETS = range(3)
BRAG_CATEGORY_NAMES = ("HIGH_CARD", "PAIR", "TRIPLETS")

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

TWO, THREE, NINE, TEN, KNAVE, QUEEN, KING, ACE = 0, 1, 7, 8, 9, 10, 11, 12
CLUBS, DIAMONDS, HEARTS, SPADES = range(4)

RANK_TEXT = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUIT_TEXT = ("C", "D", "H", "S")


def rank(card: int) -> int:
    return card // 4


def suit(card: int) -> int:
    return card % 4


def pip_value(r: int) -> int:
    """Pips of a rank: "the ace counts for eleven, and the court cards for ten each"
    (seed 002, COMMERCE, "The cards count in the usual way ..."); the ten is ten."""
    if r == ACE:
        return 11
    if r >= TEN:
        return 10
    return r + 2


def _check(cards, n: int = 3) -> tuple[int, ...]:
    cards = tuple(int(c) for c in cards)
    if len(cards) != n or len(set(cards)) != n or not all(0 <= c < 52 for c in cards):
        raise ValueError(f"need {n} different card ids, got {cards!r}")
    return cards


# ======================================================================================
# Commerce family
# ======================================================================================


def is_tricon(cards) -> bool:
    """Seed 002, COMMERCE (a): "Tricon.--Three cards of the same denominations"."""
    return len({rank(c) for c in cards}) == 1


def is_flush(cards) -> bool:
    """Seed 002, COMMERCE (c): "Flush.--Three cards of the same suit, irrespective of value"."""
    return len({suit(c) for c in cards}) == 1


def sequence_top(cards) -> int | None:
    """Rank of the top card of a Commerce sequence, or None.

    Seed 002, COMMERCE (b): "Sequence.--Three following cards of the same suit, as,
    for instance, ace, two, three; ten, knave, queen; queen, king, ace, etc.
    Although the ace may be used at either end to form a sequence, it must not be
    so used between a king and a two. King, ace, two, is not, therefore,
    permissible as a sequence." Tie rule (b): "the ace, king, queen sequence
    reckoning as the best, and the three, two, ace sequence as the lowest."
    Seed 004 (American COMMERCE): "Sequence Flushes; the ace being allowed to
    rank as the top or the bottom; Q K A, or A 2 3."

    A-2-3 has top THREE (rank 1); Q-K-A has top ACE (rank 12). Suit does not
    count (seed 002: "There is no particular suit or trumps recognised").
    """
    if not is_flush(cards):
        return None
    ranks = sorted(rank(c) for c in cards)
    if ranks == [TWO, THREE, ACE]:
        return THREE  # the ace begins A-2-3
    if ranks[1] == ranks[0] + 1 and ranks[2] == ranks[1] + 1:
        return ranks[2]  # includes Q-K-A (ace at the top end)
    return None  # K-A-2 and everything else


def total_pips(cards) -> int:
    """Seed 002, COMMERCE (e): "Point.--The total number of pips on the three cards,
    ace reckoning for eleven, and either of the court cards for ten"."""
    return sum(pip_value(rank(c)) for c in cards)


def point_tiebreak(cards) -> tuple[int, ...]:
    """Seed 002, COMMERCE, ties (e): "With Point a tie is very rare; but if equality
    does occur, then the holder of the first highest card different from the
    opponent's wins." docs/rules.md 3.1: compare ranks from the highest down
    (A K Q J 10 9 ... 2), so a king beats a ten though both count 10."""
    return tuple(sorted((rank(c) for c in cards), reverse=True))


def suit_pips(cards) -> dict[int, tuple[int, int]]:
    """Per suit present: (pips of the cards of that suit, how many cards)."""
    out: dict[int, tuple[int, int]] = {}
    for c in cards:
        p, n = out.get(suit(c), (0, 0))
        out[suit(c)] = (p + pip_value(rank(c)), n + 1)
    return out


def american_point(cards) -> tuple[int, int]:
    """Seed 004, COMMERCE (Without a Widow): "The Point; the greatest number of pips on
    two or three cards of the same suit in one hand, counting the ace for eleven,
    and the other court-cards for ten each. A single card of a suit does not count
    for the point. In case of ties, a point made with three cards will beat one
    made with two cards."

    Returns ``(pips, cards)`` compared as a tuple; a hand of three suits is
    ``(0, 0)`` (docs/rules.md 3.3). Three cards of one suit always out-pip any two of
    them, so the point of a one-suit hand is made with all three cards.
    """
    best = (0, 0)
    for p, n in suit_pips(cards).values():
        if n >= 2:
            best = max(best, (p, n))
    return best


def commerce_key(cards, rules: str = "english") -> tuple[int, ...]:
    """Comparison key of a three-card hand under a Commerce-family profile.

    ``"english"`` (seed 002 COMMERCE; docs/rules.md 3.1): "(a) Tricon, (b) Sequence,
    (c) Flush, (d) Pair, (e) Point, which range in value in the order given".
      * Tricon ``(4, rank)``: "aces being first in this respect; then kings,
        queens, etc., down to twos" (ties (a)).
      * Sequence ``(3, top)``: see :func:`sequence_top` (ties (b)).
      * Flush ``(2, pips, ranks high to low)``: "With Flushes, the one making the
        best 'point'--as already described--wins" (ties (c)); equal point: as
        Point ties (docs/rules.md 3.1).
      * Pair ``(1, pair rank, third rank)``: "With Pairs, the highest wins. If two
        players are alike, then the holder of the highest third card has the
        preference" (ties (d)).
      * Point ``(0, pips, ranks high to low)``: see :func:`point_tiebreak` (ties (e)).
    ``"limited"`` (seed 001/002 LIMITED COMMERCE: "only the Tricon, Sequence,
      Flush, and Point shall be recognised"): a pair is a Point hand.
    ``"limited_strict"`` (same paragraph: "or even Tricon, Sequence, and Point
      only"): a flush or a pair is a Point hand.
    ``"american"`` (seed 004 COMMERCE; docs/rules.md 3.3): "Triplets. Three aces being
      the highest, and three deuces the lowest. Pairs have no value." ``(4, rank)``;
      "Sequence Flushes" ``(3, top)``; "The Point" ``(0, pips, ncards)``, see
      :func:`american_point`. "If no triplet is shown, the best straight flush
      wins. If there is no straight flush, the best point wins."
    ``"american_extended"`` (seed 004: "Two other combinations are sometimes
      introduced in either form of Commerce: A flush, three cards of one suit,
      ranking next below the straight flush; and a single pair outranking the
      point"): Flush ``(2, pips)`` (by its point, docs/rules.md 3.3), Pair
      ``(1, pair rank, third rank)``.
    ``"ship"`` (seed 004, My Ship Sails; docs/rules.md 3.4): "Should there be more than
      one flush, the pips win" ``(2, pips)``; "If no player has secured a flush
      ... the highest number of pips in the two-card flushes wins" ``(0, pips of
      the best two-card flush, or 0)``.
    ``"thirty_one"`` (seed 004, THIRTY-ONE; docs/rules.md 3.5): "a flush of three cards
      of some suit having a pip value of thirty-one" ``(5,)``; "If no one can get
      a flush worth thirty-one, three of a kind wins the pool" ``(4, rank)``; "If
      no one has three of a kind, the highest pip value shown in one suit wins"
      ``(0, pips)`` (a single card counts).
    """
    cards = _check(cards)
    if rules not in COMMERCE_PROFILES:
        raise ValueError(f"unknown Commerce rules {rules!r}")
    ranks = [rank(c) for c in cards]
    counts = Counter(ranks)
    pips = total_pips(cards)
    flush = is_flush(cards)
    top = sequence_top(cards)

    if rules == "thirty_one":
        if flush and pips == 31:
            return (THIRTY_ONE,)
        if is_tricon(cards):
            return (TRICON, ranks[0])
        return (POINT, max(p for p, _ in suit_pips(cards).values()))

    if rules == "ship":
        if flush:
            return (FLUSH, pips)
        two_card = [p for p, n in suit_pips(cards).values() if n == 2]
        return (POINT, max(two_card, default=0))

    if is_tricon(cards):
        return (TRICON, ranks[0])
    if top is not None:
        return (SEQUENCE, top)

    if rules in ("american", "american_extended"):
        if rules == "american_extended":
            if flush:
                return (FLUSH, pips)
            if len(counts) == 2:
                pair_rank = next(r for r, n in counts.items() if n == 2)
                odd = next(r for r, n in counts.items() if n == 1)
                return (PAIR, pair_rank, odd)
        return (POINT,) + american_point(cards)

    # English family
    if flush and rules in ("english", "limited"):
        return (FLUSH, pips) + point_tiebreak(cards)
    if len(counts) == 2 and rules == "english":
        pair_rank = next(r for r, n in counts.items() if n == 2)
        odd = next(r for r, n in counts.items() if n == 1)
        return (PAIR, pair_rank, odd)
    return (POINT, pips) + point_tiebreak(cards)


def commerce_category(cards, rules: str = "english") -> int:
    return commerce_key(cards, rules)[0]


# ======================================================================================
# Brag
# ======================================================================================

# Seed 004, BRAG: "the best being the ace of diamonds; then the Jack of clubs, and
# then the nine of diamonds". Value = the bragger's own rank among braggers.
ENGLISH_BRAGGERS = {
    4 * ACE + DIAMONDS: 3,
    4 * KNAVE + CLUBS: 2,
    4 * NINE + DIAMONDS: 1,
}
# Seed 004, American Brag: "there are eight braggers; the Jacks and nines of each
# suit, and they are all of equal rank when used as braggers".
AMERICAN_BRAGGERS = {4 * r + s: 1 for r in (KNAVE, NINE) for s in range(4)}


def brag_callings(cards, rules: str):
    """Every way of calling the hand's braggers.

    Seed 004, BRAG: "A player to whom any one of these braggers is dealt may call
    it anything he pleases." docs/rules.md 3.6: "A bragger standing as its own card is
    a natural card of its rank". Yields a list, per card, of
    ``(called rank, bragger value or 0 when the card is natural)``.
    """
    table = ENGLISH_BRAGGERS if rules == "english" else AMERICAN_BRAGGERS
    options = []
    for c in cards:
        if c in table:
            opts = [(rank(c), 0)]  # standing as itself: a natural card of its rank
            opts += [(r, table[c]) for r in range(13)]  # called anything
            options.append(opts)
        else:
            options.append([(rank(c), 0)])
    return itertools.product(*options)


def _brag_key_of_calling(calling, rules: str) -> tuple[int, ...]:
    """Key of one calling of the cards (see :func:`brag_key`)."""
    ranks = [r for r, _ in calling]
    counts = Counter(ranks)
    if len(counts) == 3:
        # No pair: "the highest card wins, the ace ranking above the King"; docs/rules.md
        # 3.6: "then the next, and so on".
        return (HIGH_CARD,) + tuple(sorted(ranks, reverse=True))
    set_rank = max(counts, key=lambda r: counts[r])
    used = sorted((b for r, b in calling if r == set_rank and b), reverse=True)
    n = len(used)
    category = TRIPLETS if counts[set_rank] == 3 else BRAG_PAIR
    odd = tuple(r for r in ranks if r != set_rank)  # () for triplets
    if rules == "english":
        # Higher rank; at equal rank natural (n == 0) beats made; fewer braggers;
        # braggers compared from the highest down; then the odd card.
        return (category, set_rank, -n) + tuple(used) + odd
    # American: made sets outrank natural ones whatever the ranks; then called
    # rank; then more braggers; then (pairs) the odd card.
    return (category, int(n > 0), set_rank, n) + odd


def brag_key(cards, rules: str = "english") -> tuple[int, ...]:
    """Comparison key of a Brag hand, braggers called for the best hand.

    The key is the maximum over every calling (:func:`brag_callings`).

    ``"english"`` (seed 004, BRAG; docs/rules.md 3.6):
      * "Pairs and triplets are the only combinations of any value": triplets
        ``(2, ...)`` > pairs ``(1, ...)`` > neither ``(0, r1, r2, r3)``.
      * "a natural pair or triplet outranks one made with the aid of a bragger.
        Three eights will beat an eight and two braggers." "three aces is the best
        hand; two aces and the club Jack being the next best." Sets:
        ``(category, rank, -braggers used, bragger values high to low..., odd)``.
      * "In case of equal natural pairs, the highest card outside the pair wins."
      * "Should the pairs tied both be made with a bragger, the highest bragger
        wins. Two odd cards, seven high, with the club Jack, would beat two cards
        seven high with the diamond nine." (docs/rules.md 3.6: fewer braggers, then the
        braggers from the highest down, then the odd card.)
      * "If none of the hands shown contains either a natural pair or a bragger,
        the highest card wins, the ace ranking above the King."
    ``"american"`` (seed 004, American Brag; docs/rules.md 3.7):
      * "Pairs or triplets formed with the aid of braggers outrank naturals, so
        that three Jacks is an invincible hand, beating three aces. Two braggers
        and an ace outrank two aces and a bragger; but ... three Jacks and three
        nines are a tie." Sets: ``(category, made, called rank, braggers used,
        odd)``; natural sets ``(category, 0, rank, 0, odd)``.
    """
    cards = _check(cards)
    if rules not in BRAG_PROFILES:
        raise ValueError(f"unknown Brag rules {rules!r}")
    return max(_brag_key_of_calling(calling, rules) for calling in brag_callings(cards, rules))


def brag_category(cards, rules: str = "english") -> int:
    return brag_key(cards, rules)[0]


def upcard_key(card: int) -> tuple[int, int]:
    """Three-stake Brag, first pool (seed 004): "The highest card turned up in this
    manner wins one of the pools, the ace being the highest and the deuce the
    lowest. The diamond ace, being a bragger, outranks any other ace; the club
    Jack any other Jack; and the diamond nine any other nine."""
    return (rank(card), int(card in ENGLISH_BRAGGERS))


def distance_to_31(cards) -> int:
    """Three-stake Brag, third pool (seed 004): "Each player counts up the pip value of
    his three cards, reckoning the aces for eleven, and court-cards as ten each.
    The player coming nearest to thirty-one takes the third pool." docs/rules.md 3.6:
    the absolute distance."""
    return abs(total_pips(cards) - 31)


# ======================================================================================
# Text helpers for the tests (independent of pycards.cards)
# ======================================================================================


def hand_text(cards) -> str:
    """Cards as text, e.g. "AH KH 10H" (for assertion messages)."""
    return " ".join(RANK_TEXT[int(c) // 4] + SUIT_TEXT[int(c) % 4] for c in cards)


def card_ids(text: str) -> tuple[int, ...]:
    """Parse "AH 10h 2c" into ids, independently of pycards."""
    ids = []
    for token in text.replace(",", " ").split():
        r, s = token[:-1].upper(), token[-1].upper()
        ids.append(4 * RANK_TEXT.index("10" if r == "T" else r) + SUIT_TEXT.index(s))
    return tuple(ids)
