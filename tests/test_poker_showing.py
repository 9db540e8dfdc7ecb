"""``poker.showing``: Stud Poker's "best hand showing", exhaustively against a slow reference.

docs/rules.md section 6.3 (seed ``004_7d6a6396833e304f.txt``, STUD POKER): one to four
face-up cards rank by fours, threes, two pairs and a pair, in that order, then by their
high cards; no sequence or flush counts, suits never matter. The reference below says
that as plainly as it can; the test orders every showing of 1 to 4 cards from the pack
(294,203 of them) by both and asserts the same order, ties included.
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from pycards.errors import CardError, DuplicateCardError, HandSizeError, UnknownCardError
from pycards.poker import SHOWING_NAMES, showing

KINDS = {  # the groups of equal ranks, largest first -> the kind (an index of SHOWING_NAMES)
    (4,): "fours",
    (3,): "threes", (3, 1): "threes",
    (2, 2): "two pairs",
    (2,): "a pair", (2, 1): "a pair", (2, 1, 1): "a pair",
    (1,): "high cards", (1, 1): "high cards", (1, 1, 1): "high cards", (1, 1, 1, 1): "high cards",
}  # fmt: skip
ORDER = ["high cards", "a pair", "two pairs", "threes", "fours"]


def reference_key(cards: tuple[int, ...]) -> tuple[int, list[int]]:
    """The kind's place in ORDER, then the ranks (2 = 0 .. ace = 12), the larger groups first
    and the higher rank first within a size; a list, so a showing of fewer cards that agrees
    as far as it goes compares lower."""
    counts = Counter(card // 4 for card in cards)
    pattern = tuple(sorted(counts.values(), reverse=True))
    ranks = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    return ORDER.index(KINDS[pattern]), ranks


def dense(values: list) -> list[int]:
    """Each value's place among the distinct values, lowest 0."""
    place = {value: i for i, value in enumerate(sorted(set(values)))}
    return [place[value] for value in values]


def test_every_showing_of_one_to_four_cards_ranks_as_the_reference_says() -> None:
    hands = [h for n in (1, 2, 3, 4) for h in itertools.combinations(range(52), n)]
    assert len(hands) == 52 + 1_326 + 22_100 + 270_725
    keys = [reference_key(h) for h in hands]
    strengths = [showing(h) for h in hands]
    assert dense(strengths) == dense([(kind, tuple(ranks)) for kind, ranks in keys])
    assert [SHOWING_NAMES[s >> 16] for s in strengths] == [ORDER[kind] for kind, _ in keys]


@pytest.mark.parametrize(("better", "worse"), [
    ("2C 2D", "AS KH"),          # a pair beats high cards
    ("3C 3D 2H 2S", "AC AD KH QS"),  # two pairs beat a pair
    ("2C 2D 2H", "AC AD KH KS"),  # threes beat two pairs
    ("2C 2D 2H 2S", "AC AD AH KS"),  # fours beat threes
    ("AS", "KS"),                # the high card
    ("KC KD 3H", "KH KS 2C"),    # equal pairs: the odd card
    ("9S 9H 4D", "9S 9H"),       # a card more showing, the rest equal
])  # fmt: skip
def test_named_orders_of_the_text(better: str, worse: str) -> None:
    assert showing(better) > showing(worse)


def test_suits_and_sequences_count_for_nothing() -> None:
    assert showing("9H 10H JH QH") == showing("9C 10D JS QH")  # four to a flush and a sequence
    assert showing("9S 9H 4D") == showing("9C 9D 4S")


@pytest.mark.parametrize(("cards", "error"), [
    ("", HandSizeError), ([], HandSizeError), ("AS KS QS JS 10S", HandSizeError),
    ("AS AS", DuplicateCardError), ([51, 51], DuplicateCardError), ("1X", UnknownCardError),
    ([52], CardError), ([-1], CardError), ([2.5], CardError), (None, CardError), (7, CardError),
    (["AS", True], CardError), (list(range(52)), HandSizeError),
])  # fmt: skip
def test_hostile_cards_raise_a_value_error_naming_them(cards: object, error: type[Exception]) -> None:
    with pytest.raises(error) as raised:
        showing(cards)  # type: ignore[arg-type]
    assert isinstance(raised.value, ValueError) and str(raised.value)
